"""The open net benefit model: hand-computed arithmetic; horizon and ratio from s.3 a(3)."""
import pytest

import grownj
from grownj.net_benefit import default_assumptions, net_benefit

SIMPLE = default_assumptions().replace(effective_income_tax_rate=0.02, employment_multiplier=2.0,
                                       indirect_salary_ratio=0.5, taxable_spending_share=0.1, sales_tax_rate=0.1,
                                       cbt_per_job=100, construction_tax_rate=0.01, discount_rate=0.0)


def test_hand_computed_case_s3a3():
    # 100 new jobs in a UTH at $50,000: 500,000 credit a year for 10 years (s.5 b(1)); 20-year horizon.
    r = grownj.evaluate({"location_tier": "uth", "new_jobs": 100, "average_salary": 50000,
                         "capital_investment": 10_000_000})
    nb = net_benefit(r, SIMPLE)
    # per year: wages 5,000,000; income tax 100,000; indirect wages 5M x 1 x 0.5 = 2.5M -> 50,000;
    # sales 7.5M x 0.1 x 0.1 = 75,000; CBT 100 x 100 = 10,000 -> 235,000 x 20 = 4,700,000;
    # construction 10M x 0.01 = 100,000 once -> 4,800,000.  credit 5,000,000 x 1.10 = 5,500,000.
    assert nb.years == 20 and nb.ratio_required == 1.10
    assert nb.pv_benefit == pytest.approx(4_800_000, abs=0.01)
    assert nb.pv_credit == 5_000_000 and nb.required == pytest.approx(5_500_000)
    assert not nb.passes


def test_discounting_and_mrera_horizon():
    r = grownj.evaluate({"location_tier": "gsgz", "mrera": True, "new_jobs": 35, "capital_investment": 5_000_000,
                         "average_salary": 50000})
    nb = net_benefit(r, SIMPLE.replace(discount_rate=0.1))
    assert nb.years == 35 and nb.ratio_required == 1.0  # s.3 a(3)(b)
    # credit 500,000 in years 1..10 at 10%: 500,000 x (1 - 1.1^-10) / 0.1 = 3,072,283.55.
    assert nb.pv_credit == pytest.approx(3_072_283.55, abs=0.01)
