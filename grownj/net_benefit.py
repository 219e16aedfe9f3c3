"""An open net benefit model (s.3 a(3)): the State's tax benefit over the statutory horizon
against the required ratio times the credit, both in present value. The authority's model
is not public; every assumption here is named, editable and sourced in data/."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache
from pathlib import Path

import numpy as np
import yaml

from .result import Result

ASSUMPTIONS_FILE = Path(__file__).parents[1] / "data" / "net_benefit_assumptions.yaml"


@dataclass(frozen=True)
class Assumptions:
    effective_income_tax_rate: float
    employment_multiplier: float
    indirect_salary_ratio: float
    taxable_spending_share: float
    sales_tax_rate: float
    cbt_per_job: float
    construction_tax_rate: float
    discount_rate: float
    default_salary: float

    def replace(self, **changes: float) -> "Assumptions":
        return replace(self, **changes)


@lru_cache(maxsize=1)
def assumption_sources() -> dict[str, dict]:
    return yaml.safe_load(ASSUMPTIONS_FILE.read_text())


def default_assumptions() -> Assumptions:
    return Assumptions(**{f.name: float(assumption_sources()[f.name]["value"]) for f in fields(Assumptions)})


@dataclass(frozen=True)
class NetBenefit:
    years: int
    ratio_required: float
    benefit_by_year: dict[str, np.ndarray]  # stream -> amount per year 0..years
    credit_by_year: np.ndarray
    pv_benefit: float
    pv_credit: float

    @property
    def required(self) -> float:
        return self.ratio_required * self.pv_credit

    @property
    def passes(self) -> bool:
        return self.pv_benefit >= self.required

    @property
    def ratio(self) -> float:
        return self.pv_benefit / self.pv_credit if self.pv_credit else float("inf")


def net_benefit(result: Result, a: Assumptions | None = None) -> NetBenefit:
    """Year 0 is construction; years 1..H follow completion, H from s.3 a(3) via the result."""
    a = a or default_assumptions()
    s = result.scenario
    horizon = int(result.net_benefit_years)
    year = np.arange(horizon + 1)
    operating = year >= 1
    jobs = s.new_jobs + s.retained_jobs
    salary = s.average_salary or s.county_average_salary or a.default_salary
    wages = np.where(operating, jobs * salary, 0.0)
    indirect_wages = wages * (a.employment_multiplier - 1) * a.indirect_salary_ratio
    streams = {
        "Income tax, project jobs": wages * a.effective_income_tax_rate,
        "Income tax, indirect and induced jobs": indirect_wages * a.effective_income_tax_rate,
        "Sales tax on household spending": (wages + indirect_wages) * a.taxable_spending_share * a.sales_tax_rate,
        "Corporation business tax": np.where(operating, jobs * a.cbt_per_job, 0.0),
        "Construction-phase taxes": np.where(year == 0, s.capital_investment * a.construction_tax_rate, 0.0),
    }
    credit = np.where(operating & (year <= s.eligibility_years), result.annual_credit, 0.0)
    discount = (1 + a.discount_rate) ** -year.astype(float)
    pv_benefit = float(sum((v * discount).sum() for v in streams.values()))
    return NetBenefit(horizon, float(result.net_benefit_ratio_required), streams, credit, pv_benefit,
                      float((credit * discount).sum()))
