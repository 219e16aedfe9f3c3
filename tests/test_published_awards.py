"""Published awards (grownj/awards/published_awards.csv) reproduced where their inputs are known."""
import pandas as pd

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
