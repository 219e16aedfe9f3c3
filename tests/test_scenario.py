"""The scenario contract: defaults, and errors that name the field."""
import math

import pandas as pd
import pytest

import grownj
from grownj.rules.scenario import FIELDS, Scenario, ScenarioError
from grownj.rules.transfer import transfer_problems


def test_defaults_match_the_contract():
    s = Scenario()
    assert (s.location_tier, s.industry, s.premises, s.construction, s.eligibility_years) == \
        ("other", "other", "other", "rehab", 10)
    assert Scenario.from_dict({}) == s
    assert set(FIELDS) == set(s.to_dict())


@pytest.mark.parametrize("data, field", [
    ({"new_jobs": -1}, "new_jobs"),
    ({"new_jobs": 1.5}, "new_jobs"),
    ({"new_jobs": "10"}, "new_jobs"),
    ({"new_jobs": True}, "new_jobs"),
    ({"capital_investment": math.nan}, "capital_investment"),
    ({"capital_investment": math.inf}, "capital_investment"),
    ({"mrera": 1}, "mrera"),
    ({"location_tier": "camden"}, "location_tier"),
    ({"eligibility_years": 11}, "eligibility_years"),
    ({"eligibility_years": 0}, "eligibility_years"),
    ({"colour": "red"}, "colour"),
    ({"mrera": True, "location_tier": "uth"}, "mrera"),
    ({"new_jobs": 5, "jobs_new_to_municipality": 6}, "jobs_new_to_municipality"),
])
def test_bad_values_name_the_field(data, field):
    with pytest.raises(ScenarioError) as err:
        Scenario.from_dict(data)
    assert err.value.field == field and field in str(err.value)


def test_malformed_json_is_a_scenario_error():
    with pytest.raises(ScenarioError, match="not valid JSON"):
        Scenario.from_json("{")


def test_frame_rows_with_errors_keep_their_place():
    df = pd.DataFrame({"new_jobs": ["100", "x", "", "-3"], "location_tier": ["uth", "uth", "nowhere", "uth"]})
    out = grownj.evaluate_frame(df)
    assert list(out["error"]) == ["", "new_jobs: must be a whole number from 0 to 10,000,000, got 'x'",
                                  "location_tier: must be one of gsgz, uth, distressed, priority, other, got 'nowhere'",
                                  "new_jobs: must be a whole number from 0 to 10,000,000, got '-3'"]
    assert out["annual_credit"].iloc[0] == 500000.0  # s.5 b(1): 100 x 5,000
    assert out["annual_credit"].iloc[1:].isna().all()


def test_frame_number_columns_are_checked_like_text():
    """Float columns: a fraction of a job, infinity and values out of range are errors; a blank
    (NaN) is the default; an optional blank stays 'not given'."""
    inf = float("inf")
    df = pd.DataFrame({"new_jobs": [2.5, 100.0, float("nan"), 100.0, 100.0],
                       "capital_investment": [0.0, inf, 0.0, -1.0, 1e13],
                       "withholdings": [float("nan"), float("nan"), 1e6, float("nan"), -inf]})
    out = grownj.evaluate_frame(df)
    assert list(out["error"]) == ["new_jobs: must be a whole number from 0 to 10,000,000, got 2.5",
                                  "capital_investment: must be a number from 0 to 1,000,000,000,000, got inf",
                                  "",
                                  "capital_investment: must be a number from 0 to 1,000,000,000,000, got -1",
                                  "capital_investment: must be a number from 0 to 1,000,000,000,000, got 10,000,000,000,000"]
    assert out["annual_credit"].iloc[2] == 0.0  # no jobs: ineligible (s.3 c), but a good row
    assert out["annual_credit"].iloc[[0, 1, 3, 4]].isna().all()


def test_frame_missing_columns_and_blanks_take_defaults():
    out = grownj.evaluate_frame(pd.DataFrame({"new_jobs": [40, None], "transit_oriented": ["true", ""]}))
    # row 0: priority by definition (s.2): 3,000 + c4 2,000 = 5,000 x 40; row 1: 0 jobs, ineligible.
    assert list(out["annual_credit"]) == [200000.0, 0.0]
    assert out["error"].tolist() == ["", ""]


def test_transfer_certificate_limits_s7():
    assert transfer_problems(25000, 18750) == []  # exactly $25,000 at exactly 75 cents
    assert len(transfer_problems(24999, 18749.25)) == 1
    assert len(transfer_problems(25000, 18749.99)) == 1


def test_a_big_table_on_two_threads_equals_one_thread(monkeypatch):
    """grownj.machinery.parallel.column_map and block_map: columns read two at a time and rows computed in
    blocks on two threads give the same frame; each bad row still reports its first bad field in
    field order (new_jobs before capital_investment), and each text lands on its own row."""
    from grownj.machinery import parallel
    df = pd.DataFrame({"new_jobs": ["100", "x", "", "-3", "5", "ﬁve"] * 50,
                       "location_tier": ["uth", "uth", "nowhere", "gsgz", "uth", "uth"] * 50,
                       "capital_investment": [1e6, -1.0, 2e6, float("inf"), 1e6, 1e6] * 50,
                       "mrera": [False, True, False, False, False, False] * 50})
    monkeypatch.setattr(parallel, "PARALLEL_ROWS", 10**9)
    one_thread = grownj.evaluate_frame(df)
    monkeypatch.setattr(parallel, "PARALLEL_ROWS", 100)
    monkeypatch.setattr(parallel, "BLOCK_ROWS", 70)  # 300 rows: 5 blocks of 60
    assert [(b.start, b.stop) for b in parallel.row_blocks(300)] == [(0, 60), (60, 120), (120, 180), (180, 240),
                                                                   (240, 300)]
    two_threads = grownj.evaluate_frame(df)
    pd.testing.assert_frame_equal(one_thread, two_threads)
    assert two_threads["error"][1] == "new_jobs: must be a whole number from 0 to 10,000,000, got 'x'"
    assert two_threads["error"][299] == "new_jobs: must be a whole number from 0 to 10,000,000, got 'ﬁve'"
    assert two_threads["error"][298] == two_threads["reasons"][0] == ""
    assert two_threads["reasons"][298].startswith("Needs 35 new jobs, 50 retained jobs or a combination")  # s.3 c(3)
    assert two_threads["reasons"][298].endswith("has 5 new and 0 retained.")
    assert pd.isna(two_threads["reasons"][299])  # a bad row has no results
    assert two_threads["annual_credit"][0] == 500000.0  # s.5 b(1): 100 x 5,000


def test_a_task_on_the_pool_maps_on_its_own_thread(monkeypatch):
    """grownj.machinery.parallel.column_map called inside a block_map task runs on that task's thread: two
    tasks each waiting for a free thread of the two would wait for ever."""
    import threading

    from grownj.machinery import parallel
    monkeypatch.setattr(parallel, "PARALLEL_ROWS", 2)

    def inner(block: slice) -> list:
        return parallel.column_map(lambda x: x * 2, [(block.start,), (block.stop,)], 10)

    result = []
    worker = threading.Thread(target=lambda: result.append(parallel.block_map(inner, 10)), daemon=True)
    worker.start()
    worker.join(10)
    assert result == [[[0, 10], [10, 20]]]  # blocks 0-5 and 5-10


def test_a_table_s_columns_are_freed_when_dropped():
    """grownj.rules.scenario.Columns holds no reference to itself: a million-row table's columns are
    freed when the last reference goes, not at the garbage collector's next pass."""
    import weakref

    from grownj.engine.frame import columns_from_frame
    cols, _, _ = columns_from_frame(pd.DataFrame({"new_jobs": [10, 20], "location_tier": ["uth", "gsgz"]}))
    assert cols.new_jobs.tolist() == [10.0, 20.0] and cols["location_tier"][1] == "gsgz"
    assert cols.rows(slice(1, 2)).new_jobs.tolist() == [20.0]
    dropped = weakref.ref(cols)
    del cols
    assert dropped() is None


def test_an_error_quotes_a_whole_number_as_a_person_writes_it():
    """Errors quoted `1000000000000000.0`."""
    import pytest
    import grownj
    with pytest.raises(grownj.ScenarioError, match=r"got 1,000,000,000,000,000$"):
        grownj.evaluate({"new_jobs": 1e15})
