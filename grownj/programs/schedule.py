"""The eligibility period year by year (s.3 a, s.6 d): forfeiture, sale, growth zone growth."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..engine.evaluation import evaluate
from ..law import Law, enacted
from ..machinery.arithmetic import safe_ratio
from ..machinery.fields import Field, ScenarioError, declare, fields_of
from ..machinery.selection import highest_so_far, rises_above
from ..rules import credit
from ..rules.result import Result
from ..rules.scenario import Scenario
from .year_reasons import year_reasons

FORFEITURE_RULES = ("forfeit", "pro_rata")
# s.6 d(3)(a): who sells the facility. The seller forfeits; "any credits of the business shall remain
# unaffected" where the business leases it from the owner who sells.
SELLERS = ("business", "landlord")
# A job count a year, one per year of the eligibility period (the period is the scenario's: `from_dict`).
EACH_YEAR = {"item": Field("", "number", as_float=True), "optional": True,
             "says": "a list of {high} numbers {items}, one per year"}


@dataclass(frozen=True)
class Path:
    """How the business does over the period: jobs at the facility and statewide, a sale."""
    facility_jobs: tuple[float, ...] | None = declare("list", None, **EACH_YEAR)
    statewide_jobs: tuple[float, ...] | None = declare("list", None, **EACH_YEAR)
    statewide_baseline: float | None = declare("number", None, minimum=math.nextafter(0, 1), optional=True,
                                               says="a number > 0")
    facility_sold_year: int | None = declare("whole", None, minimum=1, optional=True, says="a year {range} or null")
    facility_seller: str = declare("choice", "business", choices=SELLERS)
    forfeiture_rule: str = declare("choice", "forfeit", choices=FORFEITURE_RULES)
    # s.6 c(1): for each year, how many years after its close its documentation was certified (null: in time).
    certified_after_years: tuple[float, ...] | None = declare(
        "list", None, item=Field("", "number", as_float=True, optional=True), optional=True,
        says="a list of {high} numbers {items} or nulls, one per year")

    @classmethod
    def from_dict(cls, data: dict[str, Any], years: int, default_rule: str = "forfeit") -> "Path":
        within = {"facility_jobs": {"minimum": years, "maximum": years},
                  "statewide_jobs": {"minimum": years, "maximum": years}, "facility_sold_year": {"maximum": years},
                  "certified_after_years": {"minimum": years, "maximum": years}}
        data = {**data, "forfeiture_rule": data.get("forfeiture_rule") or default_rule}  # none given: the law's
        path = cls(**{name: replace(f, **within.get(name, {})).check(data.get(name, f.default))
                      for name, f in PATH_FIELDS.items()})
        if path.statewide_jobs is not None and path.statewide_baseline is None:
            raise ScenarioError("statewide_baseline", "is needed with statewide_jobs")
        return path


PATH_FIELDS = fields_of(Path)
SCHEDULE_FIELDS = tuple(PATH_FIELDS)


@dataclass(frozen=True)
class Schedule:
    result: Result
    path: Path
    years: list[dict[str, Any]]
    commitment_period_years: float

    @property
    def total_credit(self) -> float:
        return round(sum(y["credit"] for y in self.years), 2)

    def to_dict(self) -> dict[str, Any]:
        return {"years": self.years, "total_credit": self.total_credit,
                "eligibility_years": len(self.years), "commitment_period_years": self.commitment_period_years,
                "forfeiture_rule": self.path.forfeiture_rule, "annual_credit": self.result.annual_credit,
                "eligible": self.result.eligible}


def annual_cap(result: Result) -> float:
    """The cap in force after every s.5 f limit: null is no cap, while $0 (an amount necessary of
    nothing) is a cap like any other."""
    return np.inf if result.annual_cap is None else result.annual_cap


def mrera_recalculated(result: Result, amount: np.ndarray, growth: np.ndarray, law: Law) -> np.ndarray:
    """s.6 d(4)(b): employment that "increases above the number of full-time employees specified in
    the incentive agreement such that the business will then meet the minimum" of a higher tier
    recalculates that year's alternative. The tiers count the jobs they counted at approval
    (evaluate's jobs_new_to_municipality) plus the employees above the agreement; without growth
    no tier changes."""
    capital = result.scenario.capital_investment
    tier = credit.mrera_tier(result.extra["jobs_new_to_municipality"] + growth, capital, np.True_, law)
    if law.mrera_recalculation_holds:  # as introduced: a recalculation lasts to the period's end
        tier = highest_so_far(tier)
    higher = rises_above(tier, result.mrera_tier)
    recalculated = np.minimum(credit.mrera_alternative_total(capital, tier, result.scenario.eligibility_years, law), annual_cap(result))
    return np.where(higher, np.maximum(recalculated, amount), amount)


def credits_for_paths(result: Result, facility: np.ndarray, statewide_ratio: np.ndarray, sold: np.ndarray,
                      rule: str, law: Law, uncertified: np.ndarray | bool = False) -> dict[str, np.ndarray]:
    """Credit per year for an evaluated project, s.6 d(1)-(4), for facility job paths of any shape
    (years last): one path (years) or many (paths x years). The amounts, caps, tier and eligibility
    are the result's."""
    agreement = result.extra["total_jobs"]
    facility_ratio = safe_ratio(facility, agreement, when_zero=1.0)
    facility_low = facility_ratio < law.forfeit_facility_share
    statewide_low = statewide_ratio < 1 - law.forfeit_statewide_reduction
    growth = np.maximum(facility - agreement, 0)
    amount = np.broadcast_to(np.float64(result.annual_credit), facility.shape).copy()
    if result.location_tier == "gsgz":
        # s.6 d(4)(a): "an increased base credit amount" for each employee above the agreement, in any
        # growth zone project (no exception for the MRERA alternative), within the annual cap.
        per_employee = result.base_per_job if law.growth_credit_per_job == "base" else result.per_job_new
        amount = np.minimum(amount + growth * per_employee, annual_cap(result))
    if result.mrera_alternative_used:
        amount = mrera_recalculated(result, amount, growth, law)
    if rule == "forfeit":
        amount = np.where(facility_low | statewide_low, 0.0, amount)
    else:
        amount = amount * np.where(facility_low, facility_ratio, 1) * np.where(statewide_low, statewide_ratio, 1)
    # Register 15: an ineligible project earns nothing in any year, however it grows.
    # s.6 c(1): a year still uncertified three years after its close is forfeited, that year alone.
    amount = np.where(sold | uncertified | ~np.bool_(result.eligible), 0.0, amount)
    return {"credit": amount, "facility_low": facility_low, "statewide_low": statewide_low}


def schedule(scenario: Scenario | dict | Result, path: Path | dict | None = None, law: Law | None = None) -> Schedule:
    """Year by year over the chosen eligibility period. A dict scenario may carry the path keys
    (facility_jobs, statewide_jobs, statewide_baseline, facility_sold_year, forfeiture_rule); a
    Result, evaluated under `law` (None: the result's own), is not evaluated again."""
    law = law or (scenario.law if isinstance(scenario, Result) else None) or enacted()
    if isinstance(scenario, dict):
        path = path or {k: scenario[k] for k in SCHEDULE_FIELDS if k in scenario}
        scenario = Scenario.from_dict({k: v for k, v in scenario.items() if k not in SCHEDULE_FIELDS})
    result = scenario if isinstance(scenario, Result) else evaluate(scenario, law)
    n = result.scenario.eligibility_years
    if not isinstance(path, Path):
        path = Path.from_dict(path or {}, n, law.forfeiture_rule)
    facility = np.asarray(path.facility_jobs or [result.extra["total_jobs"]] * n, dtype=float)
    statewide_ratio = (np.asarray(path.statewide_jobs) / path.statewide_baseline
                       if path.statewide_jobs else np.ones(n))
    year = np.arange(1, n + 1)
    # s.6 d(3)(a): the seller forfeits; a business that leases the facility keeps its credits.
    sold_by_business = bool(path.facility_sold_year) and path.facility_seller == "business"
    sold = year >= path.facility_sold_year if sold_by_business else np.zeros(n, bool)
    lag = np.array([np.nan if v is None else v for v in path.certified_after_years or [None] * n], dtype=float)
    uncertified = lag > law.uncertified_forfeit_years
    out = credits_for_paths(result, facility, statewide_ratio, sold, path.forfeiture_rule, law, uncertified)
    rows, cumulative = [], 0.0
    for i in range(n):
        amount = round(float(out["credit"][i]), 2)
        cumulative += amount
        reasons = year_reasons(result.eligible, path.forfeiture_rule, bool(sold[i]), bool(out["facility_low"][i]),
                               bool(out["statewide_low"][i]), law, bool(uncertified[i]))
        rows.append({
            "year": int(year[i]), "facility_jobs": float(facility[i]),
            "statewide_jobs": path.statewide_jobs[i] if path.statewide_jobs else None,
            "credit": amount, "forfeited": result.eligible and amount == 0 and bool(reasons),
            "reduced": path.forfeiture_rule == "pro_rata" and 0 < amount < result.annual_credit,
            "reason": "; ".join(reasons), "cumulative": round(cumulative, 2),
        })
    return Schedule(result, path, rows, n * law.commitment_period_factor)

