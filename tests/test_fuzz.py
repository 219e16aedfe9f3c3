"""Fuzzing: every generated input either gives a result that keeps the invariants
(no negative credit, caps respected, components add up) or a validation error that names a
field; nothing else. About 10,000 inputs in all; FUZZ_SCALE=10 for a longer run."""
import io
import json
import math
import os
import sys
from contextlib import redirect_stderr, redirect_stdout

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grownj
from grownj.programs.schedule import SCHEDULE_FIELDS
from grownj.cli import main
from grownj.rules.scenario import FIELDS, ScenarioError
from strategies import scenarios

SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
COUNTS = {}


def fuzz(n):
    return settings(max_examples=n * SCALE, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                 max_size=3), max_leaves=5)
NAMES = st.sampled_from(list(FIELDS) + list(SCHEDULE_FIELDS) + ["bogus"])
# Mostly valid scenarios with a few fields replaced by anything at all.
MUTATED = st.builds(lambda base, junk: {**base, **junk}, scenarios(), st.dictionaries(NAMES, JSON, max_size=3))


def count(name):
    COUNTS[name] = COUNTS.get(name, 0) + 1


def check_invariants(r):
    values = [r.annual_credit, r.total_credit, r.gross_per_job, r.per_job_new, r.per_job_retained,
              *r.bonuses.values()]
    assert all(v >= 0 and math.isfinite(v) for v in values)
    assert r.gross_per_job <= r.per_job_cap
    assert r.annual_credit <= (r.annual_cap if r.annual_cap is not None else math.inf) + 0.005
    assert r.base_per_job + sum(r.bonuses.values()) == r.gross_per_job_uncapped


@fuzz(4000)
@given(MUTATED)
def test_fuzz_scenario_and_evaluate(data):
    count("evaluate")
    data = {k: v for k, v in data.items() if k not in SCHEDULE_FIELDS}
    try:
        result = grownj.evaluate(data)
    except ScenarioError as exc:
        assert exc.field in data or exc.field == "scenario", exc
        return
    check_invariants(result)


@fuzz(2000)
@given(MUTATED)
def test_fuzz_schedule(data):
    count("schedule")
    try:
        s = grownj.schedule(data)
    except ScenarioError as exc:
        assert exc.field in data or exc.field in SCHEDULE_FIELDS
        return
    assert all(y["credit"] >= 0 for y in s.years)
    assert all(y["credit"] <= (s.result.annual_cap or math.inf) + 0.005 for y in s.years)


CELL = st.none() | st.booleans() | st.integers(-10, 10**9) | st.floats() | st.text(max_size=6) | \
    st.sampled_from(["true", "0", "", " ", "gsgz", "uth", "other", "industrial", "new", "nan", "1e3"])


@fuzz(500)
@given(st.lists(st.dictionaries(st.sampled_from(list(FIELDS)), CELL, max_size=8), min_size=1, max_size=30))
def test_fuzz_evaluate_frame(rows):
    COUNTS["frame rows"] = COUNTS.get("frame rows", 0) + len(rows)
    frame = grownj.evaluate_frame(pd.DataFrame(rows, dtype=object))
    assert len(frame) == len(rows)
    for _, row in frame.iterrows():
        if row["error"]:
            assert row["error"].split(":")[0] in FIELDS
        else:
            assert row["annual_credit"] >= 0 and row["gross_per_job"] <= row["per_job_cap"]
            assert pd.isna(row["annual_cap"]) or row["annual_credit"] <= row["annual_cap"] + 0.005


@fuzz(1500)
@given(st.one_of(MUTATED.map(json.dumps), st.binary(max_size=64).map(lambda b: b.decode("latin-1"))))
def test_fuzz_cli(text):
    count("cli")
    stdin, out, err = io.TextIOWrapper(io.BytesIO(text.encode("utf-8", "surrogatepass"))), io.StringIO(), \
        io.StringIO()
    old = sys.stdin
    sys.stdin = stdin
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["schedule" if len(text) % 2 else "evaluate", "-"])
    finally:
        sys.stdin = old
    assert code in (0, 2), err.getvalue()
    if code == 2:
        assert len(err.getvalue().strip().splitlines()) == 1 and out.getvalue() == ""
    else:
        json.loads(out.getvalue())

