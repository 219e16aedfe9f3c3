"""One template per sentence, two ways to fill it: a table's reasons, written column by column,
are the same text as each scenario's reasons from `evaluate`; the column versions of the number
formats give the scalar functions' text."""
import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grownj
from grownj.machinery import formats
from grownj.machinery.formats import money, money_column, number, number_column
from strategies import scenarios

# Values on both sides of every edge the column versions have: a half cent, a whole dollar,
# a thousands separator, the largest value they format themselves, and what they leave alone.
EDGES = [0.0, -0.0, 0.005, 0.015, 0.125, 0.5, 0.995, 1.005, 2.675, 26.25, 999.995, 999.999, 1000.0,
         999_999.5, 1_000_000.0, 9_999_999_999.99, 9_999_999_999.995, 1e10, 1e12, 123_456_789.1,
         -1.5, math.nan, math.inf, -math.inf]
VALUES = st.one_of(st.sampled_from(EDGES), st.floats(allow_nan=True, allow_infinity=True),
                   st.floats(0, 1e10), st.integers(0, 10**10).map(float),
                   st.integers(0, 10**12).map(lambda cents: cents / 100))


def assert_as_scalar(values):
    column = np.array(values, dtype=float)
    assert money_column(column).to_pylist() == [money(x) for x in column.tolist()]
    assert number_column(column).to_pylist() == [number(x) for x in column.tolist()]


@settings(max_examples=200, deadline=None)
@given(st.lists(VALUES, max_size=60))
def test_column_formats_give_the_scalar_text(values):
    assert_as_scalar(values)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.floats(0, 999.999), st.integers(0, 999).map(float)), max_size=60))
def test_column_formats_of_values_below_a_thousand(values):
    """Such a column needs no separators and takes a shorter way."""
    assert_as_scalar(values)


def test_column_formats_on_the_edges():
    assert_as_scalar(EDGES)


@settings(max_examples=60, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=6), st.lists(st.integers(0, 5), min_size=65, max_size=300))
def test_column_formats_of_few_distinct_values(pool, picks):
    """A long column of a few values (NaN, 0 and -0 among them) writes each once: the same text."""
    assert_as_scalar([pool[i % len(pool)] for i in picks])


def _failing(data: dict) -> dict:
    """The scenario made to fail one test or both, so that most rows have reasons to compare."""
    data = dict(data)
    if data["capital_investment"] % 3 == 0:
        data["capital_investment"] = data["capital_investment"] % 100_000
    if data["new_jobs"] % 2 == 0:
        data["new_jobs"], data["retained_jobs"] = data["new_jobs"] % 12, data["retained_jobs"] % 30
        if data["jobs_new_to_municipality"] is not None:
            data["jobs_new_to_municipality"] = min(data["jobs_new_to_municipality"], data["new_jobs"])
    return data


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(scenarios().map(_failing), min_size=1, max_size=120))
def test_frame_reasons_are_evaluate_reasons(rows):
    frame = grownj.evaluate_frame(pd.DataFrame(rows))
    expected = ["; ".join(grownj.evaluate(data).reasons) for data in rows]
    assert frame["reasons"].tolist() == expected


def test_both_tests_failing_join_in_order():
    data = {"location_tier": "gsgz", "new_jobs": 1, "retained_jobs": 2, "capital_investment": 1234.5,
            "gross_leasable_area": 10_000}
    reasons = grownj.evaluate(data).reasons
    assert len(reasons) == 2 and reasons[0].startswith("Needs a capital investment")
    frame = grownj.evaluate_frame(pd.DataFrame([data, {**data, "capital_investment": 1e9}, data]))
    assert frame["reasons"].tolist() == ["; ".join(reasons), reasons[1], "; ".join(reasons)]



def test_a_reduced_minimum_is_written_in_whole_jobs_and_dollars_s3b3_s3c3():
    # In a growth zone s.3 c(3) reduces 35 new jobs by one-quarter, 26.25: 27 whole jobs meet it, 26 do
    # not. The combination of s.3 a(1)(c) (register 10) divides by the exact reduced minimums, so both
    # are shown: the minimum the test reads and the whole jobs that meet it.
    r = grownj.evaluate({"location_tier": "gsgz", "new_jobs": 10, "capital_investment": 1_000_000})
    jobs = next(c for c in r.checks if c.test == "Minimum full-time jobs")
    assert jobs.threshold == "26.25 (27 whole) new or 37.5 (38 whole) retained, or a combination"
    assert "Needs 26.25 (27 whole) new jobs, 37.5 (38 whole) retained jobs" in jobs.sentence
    assert "new/26.25 + retained/37.5" in jobs.sentence
    assert grownj.evaluate({"location_tier": "gsgz", "new_jobs": 27}).eligible
    assert not grownj.evaluate({"location_tier": "gsgz", "new_jobs": 26}).eligible
    # A minimum reduced by one-third to $5,333,333.34: $5,333,334 is the least whole-dollar investment.
    assert formats.WORDS["least_money"](5_333_333.34) == "$5,333,334"
    assert str(formats.COLUMNS["least_money"]([5_333_333.34, 20.0])) == str(pa.array(["$5,333,334", "$20"]))


def test_choices_read_in_words_not_codes():
    """A walk: the sidebar listed "rehab", the credit's use "s corporation" and the reform's values
    "warehouse_distribution". Every choice of the scenario and the Act's programs reads in words."""
    from grownj.programs.credit_use import ENTITIES
    from grownj.programs.exemption import OWNERS
    from grownj.rules.scenario import FIELDS
    from grownj.words.choices import choice_label, choice_words
    codes = [c for f in FIELDS.values() if f.kind == "choice" and f.name not in ("location_tier", "municipality")
             for c in f.choices]
    for code in [*codes, *ENTITIES, *OWNERS]:
        assert "_" not in choice_label(code) and choice_label(code)[0].isupper(), code
    assert choice_words("rehab") == "rehabilitation" and choice_label("s_corporation") == "S corporation"


@pytest.mark.parametrize("unit, value", [("USD per resident", 2500.0), ("share", 0.127), ("share of wages", 0.025),
                                         ("ratio", 1.4), ("per year", 0.02), ("rate", 0.0125),
                                         ("USD per USD of credit, beyond the credit itself", 0.3)])
def test_a_value_written_in_its_unit_reads_back_as_itself(unit, value):
    """The assumptions' boxes show "$2,500" and "12.7%" (a walk found "2500" and "0.127"): what a box
    shows reads back as the value, and a bare figure in a box of shares is a percentage."""
    from grownj.machinery.formats import from_unit, in_unit
    assert from_unit(in_unit(value, unit), unit) == pytest.approx(value)
    assert from_unit("12.7", "share") == pytest.approx(0.127)
    # Income lost per dollar of credit read "$0" in its box and "$0 to $0" in the tornado's table.
    assert in_unit(0.3, "USD per USD of credit") == "0.30" and in_unit(0.15, "USD per USD") == "0.15"
    for text in ("abc", "inf", "nan", ""):
        with pytest.raises(ValueError):
            from_unit(text, unit)
