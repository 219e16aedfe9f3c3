"""Published awards (grownj/awards/published_awards.csv) reproduced where their inputs are known."""
import pandas as pd
import pytest

import grownj
from grownj.awards import DATA

AWARDS = pd.read_csv(DATA / "published_awards.csv", comment="#").set_index("company")


def test_holtec_camden_mrera_tier_e_s5d():
    a = AWARDS.loc["Holtec International"]
    r = grownj.evaluate({"location_tier": "gsgz", "mrera": True, "south_jersey": True, "new_jobs": int(a.new_jobs),
                         "retained_jobs": int(a.retained_jobs), "capital_investment": float(a.capital_investment),
                         "industry": "manufacturing", "premises": "industrial", "gross_leasable_area": 600000,
                         "construction": "new"})
    # $260M / 10 = $26M a year (tier e, no tier cap), 10 years.
    assert (r.annual_credit, r.total_credit) == (a.award_per_year, a.award_total) == (26000000, 260000000)


def test_76ers_camden_mrera_tier_e_s5d():
    a = AWARDS.loc["Philadelphia 76ers training complex"]
    r = grownj.evaluate({"location_tier": "gsgz", "mrera": True, "south_jersey": True, "new_jobs": int(a.new_jobs),
                         "capital_investment": float(a.capital_investment), "gross_leasable_area": 120000})
    # 250 jobs new to Camden and $82M: tier e, $82M / 10 = $8.2M a year; standard is 250 x 5,000 = $1.25M.
    assert (r.annual_credit, r.total_credit) == (a.award_per_year, a.award_total) == (8200000, 82000000)


def test_one_record_an_award_the_twelve_show_the_same_figures_everywhere():
    """Each award whose net benefit was published: the command line's `awards`, the Published awards page's
    twelve and the calculator opened on it (the same inputs, the same draws) show the same economist's NPV
    to the dollar, and the same chance and band."""
    from grownj.awards.approvals import EXPLAINED, approved_total, published_records
    from grownj.economics import calibration
    from grownj.economics.net_benefit import case, default_assumptions, economist
    from grownj.economics.residents import chance
    from grownj.engine.evaluation import evaluate
    from grownj.law import load
    from grownj.rules.scenario import Scenario
    a = default_assumptions()
    page = calibration.published_table(a).set_index("award")
    records = {r.award.company: r for r in published_records()}
    for w in calibration.awards():
        r = records[w.company]
        cli = r.to_dict()["economist"]
        row = page.loc[w.company]
        # The calculator: the record's project opened by its link, the award as approved.
        opened = evaluate(Scenario.from_dict(r.scenario), load(r.law))
        calc = economist(calibration.with_award_industry(case(opened, approved_total(w.company + EXPLAINED)),
                                                         w.company), a)
        assert round(cli["npv"]) == round(row["economist_npv"]) == round(calc.npv), w.company
        assert cli["draws"] == calc.residents.draws
        assert cli["probability_positive"] == chance(row["probability_positive"], cli["draws"])
        assert cli["npv_band"] == pytest.approx([row["npv_low"], row["npv_high"]], abs=0.01)
