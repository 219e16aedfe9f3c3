"""Monte Carlo of employment paths through the s.6 d schedule rules."""
import numpy as np
import pytest

import grownj
from grownj.economics.risk import RiskInputs, simulate

UTH = {"location_tier": "uth", "new_jobs": 100, "capital_investment": 10_000_000, "average_salary": 60000}


def test_zero_volatility_equals_the_deterministic_schedule_s6d():
    r = simulate(UTH, RiskInputs(paths=50))
    s = grownj.schedule(UTH)
    assert (r.credits == np.array([y["credit"] for y in s.years])).all()  # 500,000 every year
    assert (r.total_credit == s.total_credit).all() and (r.forfeited_years == 0).all()


def test_forced_cut_below_80_percent_forfeits_the_years_s6d2():
    # A certain 30% cut in year 1 (70 of 100 jobs < 80): every year forfeited under the enacted rule.
    r = simulate(UTH, RiskInputs(paths=20, cut_probability=1.0, cut_size=0.3))
    assert (r.forfeited_years == 10).all() and r.total_credit.max() == 0
    # Under the bill as introduced: pro rata, 500,000 x 70/100 = 350,000 in year 1.
    r = simulate(UTH, RiskInputs(paths=20, cut_probability=1.0, cut_size=0.3, forfeiture_rule="pro_rata"))
    assert r.credits[0, 0] == pytest.approx(350000)


def test_ramp_up_forfeits_early_years_until_80_percent():
    # Start at 50%, reach 100% over 4 years: 50, 62, 75, 87 -> years 1-3 below 80 forfeit.
    r = simulate(UTH, RiskInputs(paths=5, ramp_start=0.5, ramp_years=4))
    assert list(r.facility_jobs[0, :5]) == [50, 62, 75, 87, 100]
    assert r.forfeited_years[0] == 3


def test_seeded_runs_repeat_and_seeds_differ():
    inputs = RiskInputs(paths=500, volatility=0.2, cut_probability=0.1, statewide_volatility=0.1, seed=7)
    a, b = simulate(UTH, inputs), simulate(UTH, inputs)
    assert (a.credits == b.credits).all() and (a.npv == b.npv).all()
    c = simulate(UTH, RiskInputs(paths=500, volatility=0.2, cut_probability=0.1, statewide_volatility=0.1, seed=8))
    assert not (a.credits == c.credits).all()


def test_percentiles_are_ordered_and_probability_is_a_probability():
    r = simulate(UTH, RiskInputs(paths=2000, volatility=0.3, cut_probability=0.1))
    for values in r.percentiles().values():
        assert values == sorted(values)
    assert 0 <= r.probability_positive <= 1
    bands = r.annual_bands()
    assert bands.shape == (5, 10) and (np.diff(bands, axis=0) >= 0).all()


def test_bad_inputs_name_the_parameter():
    with pytest.raises(ValueError, match="cut_probability"):
        RiskInputs(cut_probability=1.5)


def test_mrera_paths_at_the_agreement_keep_evaluates_tier_s6d4b():
    # 40 jobs new to the municipality, 200 retained, $50M: tier a, $2M a year on every steady path.
    scenario = {"location_tier": "gsgz", "mrera": True, "new_jobs": 40, "retained_jobs": 200,
                "jobs_new_to_municipality": 40, "capital_investment": 50_000_000, "gross_leasable_area": 100_000,
                "industry": "finance"}
    assert (simulate(scenario, RiskInputs(paths=3)).credits == 2_000_000).all()


def test_npv_without_volatility_is_the_economists_view_s3a3():
    from grownj.economics.net_benefit import net_benefit
    r = simulate(UTH, RiskInputs(paths=3))
    nb = net_benefit(grownj.evaluate(UTH))
    assert r.npv == pytest.approx([nb.economist.npv] * 3)
    cut = simulate(UTH, RiskInputs(paths=3, cut_probability=1.0, cut_size=0.3))  # every year forfeited
    assert (cut.pv_credit == 0).all() and (cut.npv > r.npv).all()
