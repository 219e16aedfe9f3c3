"""s.6 d forfeiture, sale and growth; s.2 commitment period."""
import pytest

import grownj
from grownj.scenario import ScenarioError

UTH = {"location_tier": "uth", "new_jobs": 100}  # 100 x 5,000 = 500,000 a year (s.5 b(1))


def credits(**path):
    return [y["credit"] for y in grownj.schedule({**UTH, **path}).years]


def test_steady_path_earns_the_annual_credit_each_year_s5a():
    s = grownj.schedule(UTH)
    assert credits() == [500000.0] * 10 and s.total_credit == 5000000.0
    assert s.commitment_period_years == 15  # s.2 "Commitment period": 1.5 x 10


def test_facility_below_80_percent_forfeits_that_year_and_resumes_s6d2():
    # 79 < 0.8 x 100 forfeits; 80 is exactly 80% and earns the full 500,000.
    got = credits(facility_jobs=[100, 79, 80, 100, 100, 100, 100, 100, 100, 100])
    assert got[:3] == [500000.0, 0.0, 500000.0]
    year2 = grownj.schedule({**UTH, "facility_jobs": [100, 79] + [100] * 8}).years[1]
    assert year2["forfeited"] and "s.6 d(2)" in year2["reason"]


def test_pro_rata_rule_of_the_bill_as_introduced():
    # 70 of 100 jobs: 500,000 x 0.7 = 350,000.
    got = credits(facility_jobs=[70] + [100] * 9, forfeiture_rule="pro_rata")
    assert got[0] == 350000.0


def test_statewide_workforce_down_more_than_20_percent_s6d1():
    # baseline 1,000: 800 is a 20% drop (kept), 799 is more than 20% (forfeited).
    got = credits(statewide_jobs=[1000, 800, 799] + [1000] * 7, statewide_baseline=1000)
    assert got[:4] == [500000.0, 500000.0, 0.0, 500000.0]


def test_sale_forfeits_the_year_of_sale_and_after_s6d3a():
    assert credits(facility_sold_year=8) == [500000.0] * 7 + [0.0] * 3


def test_growth_zone_jobs_above_the_agreement_earn_the_per_new_job_amount_s6d4a():
    # GSGZ 100 new jobs at 5,000; 120 in year 2: 500,000 + 20 x 5,000 = 600,000.
    s = grownj.schedule({"location_tier": "gsgz", "new_jobs": 100, "facility_jobs": [100, 120] + [100] * 8})
    assert [y["credit"] for y in s.years[:2]] == [500000.0, 600000.0]


def test_growth_outside_a_growth_zone_earns_nothing_more():
    assert credits(facility_jobs=[100, 120] + [100] * 8)[1] == 500000.0


def test_mrera_higher_tier_recalculated_s6d4b():
    # tier a (35 jobs, $40M): min(4M, 2M) = 2M. 70 jobs in year 2 reach tier b: min(4M, 3M) = 3M.
    s = grownj.schedule({"location_tier": "gsgz", "mrera": True, "new_jobs": 35, "capital_investment": 40000000,
                         "facility_jobs": [35, 70] + [35] * 8})
    assert [y["credit"] for y in s.years[:3]] == [2000000.0, 3000000.0, 2000000.0]


def test_ineligible_project_earns_nothing_in_any_year():
    s = grownj.schedule({"new_jobs": 1})
    assert s.total_credit == 0 and all("not eligible" in y["reason"] for y in s.years)


def test_schedule_follows_the_eligibility_period():
    assert len(grownj.schedule({**UTH, "eligibility_years": 6}).years) == 6


@pytest.mark.parametrize("path, field", [
    ({"facility_jobs": [100] * 3}, "facility_jobs"),
    ({"statewide_jobs": [1] * 10}, "statewide_baseline"),
    ({"facility_sold_year": 11}, "facility_sold_year"),
    ({"forfeiture_rule": "maybe"}, "forfeiture_rule"),
])
def test_bad_path_names_the_field(path, field):
    with pytest.raises(ScenarioError) as err:
        grownj.schedule({**UTH, **path})
    assert err.value.field == field
