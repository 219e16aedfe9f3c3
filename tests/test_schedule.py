"""s.6 d forfeiture, sale and growth; s.2 commitment period."""
import pytest

import grownj
from grownj.engine.reform import Reform
from grownj.rules.scenario import ScenarioError

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


MRERA_240 = {"location_tier": "gsgz", "mrera": True, "new_jobs": 40, "retained_jobs": 200,
             "jobs_new_to_municipality": 40, "capital_investment": 50_000_000, "gross_leasable_area": 100_000,
             "industry": "finance"}


@pytest.mark.parametrize("scenario", [
    MRERA_240,
    # Staying in the municipality: the 100 retained jobs are not new to it (40 counted, tier a).
    {**{k: v for k, v in MRERA_240.items() if k != "jobs_new_to_municipality"}, "retained_jobs": 100,
     "same_municipality": True},
])
def test_mrera_recalculation_needs_growth_above_the_agreement_s6d4b(scenario):
    # 40 jobs new to the municipality and $50M: tier a, min(50M / 10, 2M) = 2M a year. The
    # agreement's own jobs, retained ones included, do not reach a higher tier by themselves.
    s = grownj.schedule(scenario)
    assert s.result.mrera_tier == "a" and s.result.annual_credit == 2_000_000
    assert [y["credit"] for y in s.years] == [2_000_000.0] * 10 and s.total_credit == 20_000_000


def test_mrera_growth_counts_jobs_new_to_the_municipality_s6d4b():
    # 40 counted + 30 employees above the 240 of the agreement = 70: tier b, min(5M, 3M) = 3M. With 29
    # above, no higher tier: s.6 d(4)(a)'s base amount for each, 2M + 29 x $5,000 = $2,145,000.
    s = grownj.schedule({**MRERA_240, "facility_jobs": [240, 270, 269] + [240] * 7})
    assert [y["credit"] for y in s.years[:3]] == [2_000_000.0, 3_000_000.0, 2_145_000.0]


GROWTH_ZONE_300 = {"location_tier": "gsgz", "new_jobs": 300, "capital_investment": 5e7, "gross_leasable_area": 2e5}


def test_growth_above_the_agreement_earns_the_base_amount_s6d4a():
    # $5,500 a job (base $5,000 + c(7) $500); 100 employees above the 300: + 100 x $5,000 base (s.5 b(1)).
    s = grownj.schedule({**GROWTH_ZONE_300, "facility_jobs": [300] + [400] * 9})
    assert s.result.annual_credit == 1_650_000 and s.years[1]["credit"] == 1_650_000 + 100 * 5_000
    gross = grownj.schedule({**GROWTH_ZONE_300, "facility_jobs": [300] + [400] * 9},
                            law=Reform("gross", "enacted", {"growth_credit_per_job": "gross"}).apply())
    assert gross.years[1]["credit"] == 1_650_000 + 100 * 5_500


def test_a_sale_by_the_landlord_leaves_a_tenants_credits_unaffected_s6d3a():
    owned = grownj.schedule({**GROWTH_ZONE_300, "facility_sold_year": 4})
    leased = grownj.schedule({**GROWTH_ZONE_300, "facility_sold_year": 4, "facility_seller": "landlord"})
    assert owned.total_credit == 3 * 1_650_000 and leased.total_credit == 10 * 1_650_000


def test_a_year_uncertified_three_years_after_its_close_is_forfeited_alone_s6c1():
    lags = [None, 3, 3.5] + [None] * 7  # exactly three years is in time; later is not
    s = grownj.schedule({**GROWTH_ZONE_300, "certified_after_years": lags})
    assert [y["credit"] for y in s.years[:4]] == [1_650_000, 1_650_000, 0.0, 1_650_000]
    assert "s.6 c(1)" in s.years[2]["reason"] and s.total_credit == 9 * 1_650_000


def test_ineligible_project_earns_nothing_when_it_grows_s6d4a_register_15():
    # 5 new jobs are below the growth zone minimum (s.3 c): not eligible, so the 45 employees above
    # the agreement earn nothing either.
    s = grownj.schedule({"location_tier": "gsgz", "new_jobs": 5, "capital_investment": 1_000_000,
                         "gross_leasable_area": 10_000, "industry": "finance", "eligibility_years": 3,
                         "facility_jobs": [5, 50, 50]})
    assert not s.result.eligible and [y["credit"] for y in s.years] == [0.0, 0.0, 0.0]


def test_amount_necessary_of_nothing_caps_growth_too_s5f():
    # s.5 f: the authority found $0 necessary, so the annual cap is $0 in every year, growth or not.
    s = grownj.schedule({"location_tier": "gsgz", "new_jobs": 1000, "amount_necessary": 0, "eligibility_years": 2,
                         "facility_jobs": [1000, 1100]})
    assert s.result.annual_cap == 0 and [y["credit"] for y in s.years] == [0.0, 0.0]
