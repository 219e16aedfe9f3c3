"""python -m grownj awards FILE.csv: every award of a file like grownj/awards/grow_nj_awards.csv run
backwards under the law in force on its approval date (or the one asked), as a JSON array; the
Published awards page's table read from the same records; a file that cannot be read exits 2."""
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from grownj import cli
from grownj.awards.approvals import AWARDS_FILE, OUTCOMES, REPRODUCING, table
from grownj.economics.calibration import awards as published_awards
from grownj.economics.residents import chance
from grownj.law import VERSIONS, version_in_force

ROOT = Path(__file__).parents[1]
KEYS = {"company", "law", "outcome", "explanation", "fields", "ranges", "why_not", "statutory", "economist"}


def run(*args):
    return subprocess.run([sys.executable, "-m", "grownj", "awards", *map(str, args)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.fixture(scope="module")
def printed():
    out = run(AWARDS_FILE)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def rows() -> list[dict[str, str]]:
    return list(csv.DictReader(AWARDS_FILE.open(newline="", encoding="utf-8")))


def test_one_object_an_award_with_the_contracts_keys(printed):
    assert [a["company"] for a in printed] == [r["company"] for r in rows()]
    for award in printed:
        assert KEYS <= set(award), award["company"]
        assert award["outcome"] in OUTCOMES and award["law"] in VERSIONS
        assert isinstance(award["explanation"], str) and award["explanation"]
        assert isinstance(award["fields"], dict) and isinstance(award["ranges"], dict)


def test_the_law_is_the_one_in_force_on_the_approval_date_as_written(printed):
    # A day, a month, a year, or words ("2016/2017 (unconfirmed)", "2013-12 (inferred)").
    for award, row in zip(printed, rows()):
        assert award["law"] == version_in_force(row["approved"]).version, row["approved"]


PUBLISHED = {w.company for w in published_awards()}


def test_why_not_says_why_wherever_the_statute_does_not_give_the_award(printed):
    for award in printed:
        if award["outcome"] in REPRODUCING:
            assert award["why_not"] is None
            assert award["statutory"]["verdict"] and award["economist"]["npv"] is not None  # s.3 a(3)
        else:
            assert isinstance(award["why_not"], str) and award["why_not"].strip(), award["company"]
            assert award["fields"] == {}, award["company"]
            # Only an award among the twelve with a published net benefit has its views regardless: the
            # authority's assessment gives its inputs (Lockheed's award is not reproduced).
            if award["company"] not in PUBLISHED:
                assert award["statutory"] is None and award["economist"] is None, award["company"]
    kinds = {a["outcome"] for a in printed}
    assert {"reproduced", "explained", "no award figure"} <= kinds


def test_reproduced_is_what_was_reported_alone_explained_needs_assumptions(printed):
    by = {a["company"]: a for a in printed}
    holtec = by["Holtec International"]  # MRERA tier e: the award is the investment (s.5 d)
    assert holtec["outcome"] == "reproduced" and holtec["fields"] == {} and holtec["law"] == "prior"
    for award in printed:
        if award["outcome"] == "reproduced":
            assert award["fields"] == {}
            assert abs(award["computed_from_known"] - award["award_total"]) <= 0.01 * award["award_total"]
        if award["outcome"] == "explained":
            assert award["fields"]


def test_each_range_holds_the_value_the_explanation_assumed(printed):
    for award in printed:
        for name, value in award["fields"].items():
            if name in award["ranges"]:
                low, high = award["ranges"][name]
                assert low <= value <= (float("inf") if high is None else high), (award["company"], name)


def test_the_published_awards_page_s_table_agrees_award_by_award(printed):
    t = table(()).set_index("company")
    for award in printed:
        row = t.loc[award["company"]]
        assert row["outcome"] == award["outcome"] and row["law"] == award["law"]
        assert row["how"] == (award["explanation"] if award["outcome"] in REPRODUCING else award["why_not"])
        if award["statutory"] is None:
            assert pd.isna(row["statutory_verdict"]) and pd.isna(row["economist_npv"])
        else:
            assert row["statutory_verdict"] == award["statutory"]["verdict"]
            assert row["statutory_benefit"] == pytest.approx(award["statutory"]["benefit"], abs=0.01)
            assert row["economist_npv"] == pytest.approx(award["economist"]["npv"], abs=0.01)
            # The JSON's chance is to two significant figures at most, within its Monte Carlo error.
            assert chance(row["economist_probability"], award["economist"]["draws"]) == pytest.approx(
                award["economist"]["probability_positive"])


def _write(path: Path, table_rows: list[dict[str, str]], columns=None) -> Path:
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=columns or list(table_rows[0]), extrasaction="ignore")
    writer.writeheader()
    writer.writerows(table_rows)
    path.write_text(text.getvalue(), encoding="utf-8")
    return path


def test_the_law_asked_is_the_law_every_award_is_read_under(tmp_path):
    chosen = [r for r in rows() if r["company"] in ("Holtec International", "Cascades Containerboard Packaging",
                                                    "Bayada Home Health Care")]
    out = run(_write(tmp_path / "three.csv", chosen), "--law", "prior")
    assert out.returncode == 0, out.stderr
    printed = json.loads(out.stdout)
    assert len(printed) == 3 and {a["law"] for a in printed} == {"prior"}
    assert next(a for a in printed if a["company"].startswith("Cascades"))["outcome"] == "no award figure"


def _file(path: Path, data: str | bytes) -> Path:
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return path


def _bad(tmp_path, change: dict[str, str] | None = None, drop: str | None = None) -> Path:
    first = dict(rows()[0], **(change or {}))
    columns = [c for c in first if c != drop]
    return _write(tmp_path / "bad.csv", [first], columns)


@pytest.mark.parametrize("make, words", [
    (lambda p: p / "missing.csv", "cannot read"),
    (lambda p: p, "cannot read"),  # a directory
    (lambda p: _file(p / "empty.csv", ""), "empty"),
    (lambda p: _file(p / "binary.csv", b"\x89PNG\r\n\x1a\n\xff\xfe"), "not UTF-8"),
    (lambda p: _file(p / "scenario.json", '{"new_jobs": 100}'), "no column of a file of awards"),
    (lambda p: _file(p / "header.csv", ",".join(cli_columns())), "no awards"),
    (lambda p: _bad(p, drop="award_total"), "missing the column award_total"),
    (lambda p: _bad(p, {"award_total": "a lot"}), "award_total 'a lot' is not a number"),
    (lambda p: _bad(p, {"award_total": "0"}), "above 0"),
    (lambda p: _bad(p, {"new_jobs": "-5"}), "new_jobs '-5'"),
    (lambda p: _bad(p, {"retained_jobs": "12.5"}), "whole number"),
    (lambda p: _bad(p, {"capital_investment": "$260M"}), "capital_investment '$260M'"),
    (lambda p: _bad(p, {"new_jobs": "50000000"}), "new_jobs"),  # beyond any project: a typing error
    (lambda p: _bad(p, {"company": ""}), "company is empty"),
    (lambda p: _file(p / "ragged.csv", ",".join(cli_columns()) + "\nHoltec,Camden\n"),
     "cells where the header has"),
])
def test_a_file_that_cannot_be_read_exits_2_with_one_line(tmp_path, capsys, make, words):
    code = cli.main(["awards", str(make(tmp_path))])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and words in err and err.count("\n") == 1, err


def cli_columns():
    return list(rows()[0])


def test_no_traceback_from_the_command_line(tmp_path):
    out = run(tmp_path / "missing.csv")
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1
