"""The net benefit test two ways (s.3 a(3)): hand-computed streams, the economist's counterfactual,
and the statutory view's calibration on the published awards."""
import numpy as np
import pytest

import grownj
from grownj import calibration
from grownj.net_benefit import (Assumptions, but_for_curve, case, default_assumptions, economist, net_benefit,
                                statutory, tornado)
from grownj.scenario import ScenarioError

# Round numbers so each stream can be computed by hand.
SIMPLE = default_assumptions().replace(
    income_tax_rate=0.02, employment_multiplier=2.0, indirect_salary_ratio=0.5, taxable_spending_share=0.1,
    sales_tax_rate=0.1, household_local_tax_share=0.01, cbt_per_job=100, construction_tax_rate=0.01,
    facility_property_tax_rate=0.001, statutory_discount_rate=0.0, but_for_new=0.1, but_for_retained=0.05,
    public_service_cost_share=0.5, wage_growth=0.0, discount_rate=0.0, inflation=0.0,
    survival_after_commitment=1.0)
# 100 new jobs in a UTH at $50,000: $500,000 a year for 10 years (s.5 b(1)); 20 years at 110% (s.3 a(3)).
UTH = {"location_tier": "uth", "new_jobs": 100, "average_salary": 50000, "capital_investment": 10_000_000}
CAMDEN = {"location_tier": "gsgz", "mrera": True, "south_jersey": True, "new_jobs": 35, "retained_jobs": 20,
          "capital_investment": 5_000_000, "average_salary": 50000}


def test_each_statutory_stream_by_hand_s3a3():
    s = net_benefit(grownj.evaluate(UTH), SIMPLE).statutory
    # A year: wages 5,000,000 -> income tax 100,000; indirect wages 5M x (2 - 1) x 0.5 = 2.5M -> 50,000;
    # sales 7.5M x 0.1 x 0.1 = 75,000; household local taxes 7.5M x 0.01 = 75,000; CBT 100 x 100 = 10,000;
    # facility 10M x 0.001 = 10,000. Twenty years, undiscounted; construction 10M x 0.01 = 100,000 once.
    streams = {line.key: line.amount for line in s.lines}
    assert streams == pytest.approx({"income_direct": 2_000_000, "income_indirect": 1_000_000, "sales": 1_500_000,
                                     "household_local": 1_500_000, "cbt": 200_000, "facility_property": 200_000,
                                     "construction": 100_000})
    assert (s.years, s.ratio_required) == (20, 1.10)
    assert s.benefit == pytest.approx(6_500_000) and s.credit == 5_000_000
    assert s.net_benefit == pytest.approx(1_500_000) and s.ratio == pytest.approx(1.3)
    assert s.required == pytest.approx(5_500_000) and s.passes


def test_an_ineligible_project_has_no_credit_to_test_s3c():
    s = net_benefit(grownj.evaluate({**UTH, "new_jobs": 20})).statutory  # 20 < 35 new jobs (s.3 c(3))
    assert s.credit == 0 and s.ratio is None and s.verdict == "no credit to test"


def test_economist_counts_only_caused_jobs_net_of_public_costs():
    e = net_benefit(grownj.evaluate(UTH), SIMPLE).economist
    # Residents' taxes 300,000 a year x 20 = 6,000,000, less half in public-service costs = 3,000,000;
    # CBT and facility 20,000 x 20 = 400,000; construction 100,000: 3,500,000 were every job caused.
    assert e.full_benefit == pytest.approx(3_500_000)
    assert e.benefit == pytest.approx(350_000) and e.induced_jobs == pytest.approx(10)  # 10% of 100 new jobs
    assert e.npv == pytest.approx(350_000 - 5_000_000)
    assert e.benefit_cost_ratio == pytest.approx(0.07)
    assert e.breakeven_but_for == pytest.approx(5_000_000 / 3_500_000)  # more than every job: never
    assert e.cost_per_induced_job == pytest.approx(500_000)


def test_jobs_leave_after_the_commitment_period_s2():
    # Commitment period 1.5 x 10 = 15 years (s.2); years 16-20 keep 0.5, 0.25, ... of the jobs.
    e = net_benefit(grownj.evaluate(UTH), SIMPLE.replace(survival_after_commitment=0.5, but_for_new=1)).economist
    income = next(line.amount for line in e.lines if line.key == "income_direct")
    assert income == pytest.approx(100_000 * (15 + 0.5 + 0.25 + 0.125 + 0.0625 + 0.03125))


def test_discounting_inflation_and_wage_growth():
    a = SIMPLE.replace(discount_rate=0.1, but_for_new=1)
    e = net_benefit(grownj.evaluate(CAMDEN), a).economist
    # MRERA tier a (s.5 d): $5M / 10 = $500,000 a year for 10 years, at 10%.
    assert e.credit == pytest.approx(500_000 * (1 - 1.1 ** -10) / 0.1, abs=0.01)
    deflated = net_benefit(grownj.evaluate(CAMDEN), a.replace(inflation=0.02)).economist
    assert deflated.credit == pytest.approx(sum(500_000 / (1.1 * 1.02) ** t for t in range(1, 11)))
    grown = net_benefit(grownj.evaluate(UTH), SIMPLE.replace(wage_growth=0.03, but_for_new=1)).economist
    income = next(line.amount for line in grown.lines if line.key == "income_direct")
    assert income == pytest.approx(sum(100_000 * 1.03 ** (t - 1) for t in range(1, 21)))


def test_economist_equals_statutory_when_every_job_is_caused_and_costs_are_nil():
    for rate in (0.0, 0.05):
        a = default_assumptions().replace(but_for_new=1, but_for_retained=1, public_service_cost_share=0,
                                          wage_growth=0, inflation=0, survival_after_commitment=1,
                                          discount_rate=rate, statutory_discount_rate=rate)
        nb = net_benefit(grownj.evaluate(CAMDEN), a)
        assert nb.economist.npv == pytest.approx(nb.statutory.net_benefit, rel=1e-12)
        assert nb.statutory.years == 35 and nb.statutory.ratio_required == 1.0  # s.3 a(3)(b)


def test_npv_rises_with_the_but_for_share_and_breaks_even_where_it_says():
    c = case(grownj.evaluate(CAMDEN))
    a = default_assumptions()
    curve = but_for_curve(c, a, np.linspace(0, 1, 21))
    assert (np.diff(curve) > 0).all()
    for name in ("but_for_new", "but_for_retained"):
        values = [economist(c, a.replace(**{name: b})).npv for b in (0.0, 0.3, 0.9)]
        assert values == sorted(values)
    share = economist(c, a).breakeven_but_for
    assert 0 < share < 1
    assert economist(c, a.replace(but_for_new=share, but_for_retained=share)).npv == pytest.approx(0, abs=1e-4)


def test_forfeiture_lowers_the_economists_credit_not_the_statutory_one_s6d2():
    agreed = net_benefit(grownj.evaluate(UTH), SIMPLE)
    path = grownj.schedule({**UTH, "facility_jobs": [100, 70] + [100] * 8})  # year 2 forfeited
    forfeited = net_benefit(path, SIMPLE)
    assert forfeited.economist.credit == pytest.approx(agreed.economist.credit - 500_000)
    assert forfeited.statutory.credit == agreed.statutory.credit == 5_000_000


def test_an_award_is_spread_evenly_over_the_eligibility_period():
    nb = net_benefit(grownj.evaluate(UTH), SIMPLE, award_total=26_000_000)
    assert nb.statutory.credit == pytest.approx(26_000_000) and nb.economist.credit == pytest.approx(26_000_000)
    assert nb.statutory.net_benefit == pytest.approx(6_500_000 - 26_000_000) and not nb.statutory.passes


def test_tornado_sweeps_every_economist_assumption_within_its_range():
    c = case(grownj.evaluate(CAMDEN))
    a = default_assumptions()
    swings = tornado(c, a)
    names = {s.name for s in swings}
    assert {"but_for_new", "public_service_cost_share", "discount_rate", "survival_after_commitment"} <= names
    assert "statutory_discount_rate" not in names
    assert [s.width for s in swings] == sorted((s.width for s in swings), reverse=True)
    top = swings[0]
    assert top.npv_high == pytest.approx(economist(c, a.replace(**{top.name: top.high})).npv)


def test_bad_assumptions_name_the_field():
    a = default_assumptions()
    with pytest.raises(ScenarioError, match="assumptions.but_for_new"):
        a.updated({"but_for_new": 1.5})
    with pytest.raises(ScenarioError, match="assumptions.nonsense"):
        a.updated({"nonsense": 1})
    with pytest.raises(ScenarioError, match="assumptions.discount_rate"):
        a.updated({"discount_rate": "3%"})
    assert a.updated({"but_for_new": 0.2}).but_for_new == 0.2
    assert isinstance(a, Assumptions)


def test_calibration_fits_the_published_awards():
    a = default_assumptions()
    s = calibration.summary(a)
    assert 0.8 <= s.median <= 1.25
    assert s.passes >= 9 and s.awards == 12
    # The stored parameters are what the script's fit gives now.
    fitted = calibration.fit(a)
    for name in calibration.FITTED:
        assert getattr(fitted, name) == pytest.approx(getattr(a, name), abs=1e-3)


def test_calibration_implied_benefit_is_net_benefit_plus_award():
    table = calibration.fit_table(default_assumptions()).set_index("company")
    sixers = table.loc["Philadelphia 76ers"]
    assert sixers.implied_benefit == 76_600_000 + 82_000_000
    assert sixers.years == 35 and sixers.ratio_required == 1.0
    c = calibration.cases()[1]
    assert statutory(c, default_assumptions()).credit == pytest.approx(82_000_000)
