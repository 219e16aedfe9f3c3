"""evaluate and evaluate_frame agree row for row on thousands of random scenarios."""
import random

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings

import grownj
from grownj.rules.outputs import RESULT_KEYS
from strategies import scenarios

pytestmark = pytest.mark.slow


def _plain(value):
    """A cell or result value to compare: NaN and None alike, numpy values as Python ones."""
    if value is None or (isinstance(value, float) and value != value):
        return None
    return value.item() if hasattr(value, "item") else value


def _expected(result: dict) -> dict:
    """evaluate's result keyed as evaluate_frame's columns (bonus_c1.., reasons joined)."""
    out = {k: result[k] for k in RESULT_KEYS if k not in ("bonuses", "notes")}
    out.update({f"bonus_{k}": v for k, v in result["bonuses"].items()})
    out["reasons"] = "; ".join(result["reasons"])
    return out


def test_thousands_of_rows_agree():
    rows = []

    @settings(max_examples=3000, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(scenarios())
    def collect(data):
        rows.append(data)

    collect()
    assert len(rows) >= 2000
    frame = grownj.evaluate_frame(pd.DataFrame(rows))
    sample = random.Random(1).sample(range(len(rows)), 2000)
    # Every result column, so that each helper's one-row path (evaluate) and its many-row path
    # (a table of thousands) are held to the same answer.
    for i in sample:
        expected = _expected(grownj.evaluate(rows[i]).to_dict())
        row = frame.iloc[i]
        got = {k: _plain(row[f"{k}_result" if k in ("location_tier", "eligibility_years") else k]) for k in expected}
        assert got == {k: _plain(v) for k, v in expected.items()}, rows[i]


def test_every_statute_case_in_a_big_table_agrees():
    """The statute cases sit on the thresholds (250/251 jobs, $20M, MRERA tier edges, 35% salary
    steps...). Repeated into a table of thousands of rows, evaluate_frame takes each helper's
    many-row path; every row must give evaluate's one-row answer in every result column."""
    from grownj.machinery.selection import BRANCH_FREE_ROWS
    from test_statute_cases import CASES, program

    enacted = [case for file, case in CASES if program(file) == "evaluate" and case.get("law", "enacted") == "enacted"
               and not case.get("reform")]
    inputs = [case["input"] for case in enacted if not case.get("error")]
    # A refusal (a flag its municipality contradicts) is refused in a table's row as evaluate refuses it.
    refused = [case for case in enacted if case.get("error")]
    table = inputs * (2 * BRANCH_FREE_ROWS // len(inputs) + 1)
    frame = grownj.evaluate_frame(pd.DataFrame(table + [case["input"] for case in refused]))
    errors = frame["error"].tolist()
    assert len(frame) > BRANCH_FREE_ROWS and not any(errors[:len(table)])
    assert all(e.startswith(case["error"]) for e, case in zip(errors[len(table):], refused, strict=True))
    for i, data in enumerate(inputs):
        expected = _expected(grownj.evaluate(data).to_dict())
        for at in (i, len(table) - len(inputs) + i):  # in the first copy and the last
            row = frame.iloc[at]
            got = {k: _plain(row[f"{k}_result" if k in ("location_tier", "eligibility_years") else k]) for k in expected}
            assert got == {k: _plain(v) for k, v in expected.items()}, data
