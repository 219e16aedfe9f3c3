"""One answer everywhere: every view of a scenario agrees with `evaluate`, under each law
version, on thousands of random scenarios. The scenarios are drawn once per version and shared."""
import math
from functools import lru_cache

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings

import grownj
from grownj.economics.risk import RiskInputs, simulate
from grownj.cli import main
from grownj.rules.scenario import FIELDS
from grownj.ui.location_rows import DEFAULT_LOCATIONS, LOCATION_COLUMNS
from grownj.ui.locations import SITE_FIELDS, overrides
from strategies import scenarios

VERSIONS = list(grownj.VERSIONS)
KEYS = ("eligible", "mega_project", "mrera_tier", "mrera_alternative_used", "per_job_new", "per_job_retained",
        "annual_credit_uncapped", "annual_cap", "annual_credit", "total_credit", "net_benefit_years")


@lru_cache(maxsize=None)
def drawn(n: int) -> tuple[dict, ...]:
    """n random valid scenarios (tests/strategies.py), the same for every test of a run."""
    rows = []

    @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(scenarios())
    def collect(data):
        rows.append(data)

    collect()
    return tuple(rows)


def plain(value):
    """A cell or result value to compare: NaN and None alike, numpy values as Python ones."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return value.item() if hasattr(value, "item") else value


@pytest.mark.parametrize("version", VERSIONS)
def test_schedule_with_the_agreed_jobs_pays_evaluates_credit_each_year_s5a_s6d(version):
    # s.5 a: the annual credit each year of the eligibility period; with the agreed jobs every year
    # no s.6 d rule changes it.
    law = grownj.load(version)
    for data in drawn(1200):
        s = grownj.schedule(data, law=law)
        r = s.result
        assert [y["credit"] for y in s.years] == [r.annual_credit] * r.eligibility_years, data
        assert s.total_credit == r.total_credit, data


@pytest.mark.parametrize("version", VERSIONS)
def test_risk_without_volatility_cuts_or_ramp_is_the_schedule(version):
    law = grownj.load(version)
    for data in drawn(1200)[:250]:
        risk = simulate(data, RiskInputs(paths=2, forfeiture_rule=law.forfeiture_rule), law=law)
        expected = [y["credit"] for y in grownj.schedule(data, law=law).years]
        assert np.array_equal(np.round(risk.credits, 2), [expected, expected]), data


@pytest.mark.parametrize("version", VERSIONS)
def test_batch_cli_equals_evaluate_frame_equals_evaluate(version, tmp_path):
    law = grownj.load(version)
    rows = drawn(1200)[:500]
    pd.DataFrame(rows).to_csv(tmp_path / "in.csv", index=False)
    assert main(["batch", str(tmp_path / "in.csv"), str(tmp_path / "out.csv"), "--law", version]) == 0
    batch = pd.read_csv(tmp_path / "out.csv", keep_default_na=False, na_values=[""])
    frame = grownj.evaluate_frame(pd.DataFrame(rows), law)
    for i, data in enumerate(rows):
        expected = grownj.evaluate(data, law).to_dict()
        for key in KEYS:
            want = plain(expected[key])
            assert plain(frame.iloc[i][key]) == want, (key, data)
            assert plain(batch.iloc[i][key]) == want, (key, data)
        assert plain(batch.iloc[i]["error"]) is None


@pytest.mark.parametrize("location", DEFAULT_LOCATIONS, ids=[loc["name"] for loc in DEFAULT_LOCATIONS])
def test_a_compare_locations_row_is_evaluate_of_the_scenario_placed_there(location):
    # The page evaluates scenario.replace(**overrides(row)); that is the scenario with the row's
    # location columns, its other site fields at their defaults (MRERA only in a growth zone).
    for data in drawn(1200)[:250]:
        placed = {**data, **{k: FIELDS[k].default for k in SITE_FIELDS}, **{k: location[k] for k in LOCATION_COLUMNS}}
        placed["mrera"] = placed["mrera"] and placed["location_tier"] == "gsgz"
        page = grownj.evaluate(grownj.Scenario.from_dict(data).replace(**overrides(location)))
        assert page.to_dict() == grownj.evaluate(placed).to_dict(), data


def test_the_net_benefit_views_agree_from_a_result_a_schedule_and_the_risk_paths():
    """The economist's NPV of residents' incomes (and the statutory view) is one figure
    whether read from the result, from its schedule on the agreement's jobs, or from Risk's paths
    with nothing uncertain."""
    from grownj.economics.net_benefit import net_benefit
    for data in drawn(60):
        result = grownj.evaluate(data)
        from_result = net_benefit(result, draws=200)
        from_schedule = net_benefit(grownj.schedule(data), draws=200)
        assert from_schedule.economist.to_dict() == from_result.economist.to_dict(), data
        assert from_schedule.statutory.to_dict() == from_result.statutory.to_dict(), data
        paths = simulate(data, RiskInputs(paths=2))
        assert paths.npv == pytest.approx([from_result.economist.npv] * 2, rel=1e-9, abs=1e-6), data
