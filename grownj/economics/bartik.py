"""Bartik's published results as cases the residents' view is run on (grownj/economics/bartik_cases.yaml).

Each case gives the benefit-cost ratios Bartik published and the inputs he published; the residents'
view gives its own at its defaults (the point) and over its Monte Carlo (the 5-95% band, the model's
error). A pair of places under the same project is compared by the share of the first's ratio the second
keeps, which does not need the size of the project that Bartik's posts do not give (every benefit is
proportional to the jobs the credit causes, every cost to the credit); one ratio alone is compared as it is.
docs/bartik-cases.md is this module's table; tests/test_bartik.py holds the two to each other."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

import numpy as np
import yaml

from . import DATA, residents

CASES_FILE = DATA / "bartik_cases.yaml"
CASE_DRAWS = 2_000  # a band's ends to about a percent of the ratio, at a fifth of the calculator's draws
# Keys of a side that are the project's, not an assumption's.
PROJECT_KEYS = ("labour_market", "housing_price_response", "jobs", "credit_present_value", "credit_years")


@lru_cache(maxsize=1)
def cases_file() -> dict[str, Any]:
    return yaml.safe_load(CASES_FILE.read_text())


def side_inputs(side: Mapping[str, Any]) -> tuple[residents.Inputs, dict[str, float]]:
    """One side of a case: the project (the file's, changed by the side) and the assumptions it sets.
    The credit is sized to the file's share of value added at the defaults (the typical incentive), or
    is the present value the side gives, paid evenly over its years."""
    spec = cases_file()["project"]
    jobs = float(side.get("jobs", spec["jobs"]))
    years = int(side.get("credit_years", spec["eligibility_years"]))
    overrides = {k: float(v) for k, v in side.items() if k not in PROJECT_KEYS}
    p = residents.Inputs(jobs=np.full(spec["eligibility_years"], jobs), credit=np.ones(years),
                         salary=float(spec["salary"]), capital_investment=float(spec["capital_investment"]),
                         industry=spec["industry"], horizon=40,
                         discount_rate=residents.table().assumptions["discount_rate"].value,
                         commitment_years=1.5 * spec["eligibility_years"],
                         labour_market=side.get("labour_market", "typical"),
                         housing_price_response=side.get("housing_price_response"))
    a = residents.point(overrides)
    if "credit_present_value" in side:
        per_dollar = float(residents.credit_pv(p, a)[0])
        scale = float(side["credit_present_value"]) / per_dollar
    else:
        # The credit's size is linear in it: a credit of one a year, sized, scales to the share asked.
        value_added = float(residents.sizing_payroll(p, a)[0] / a["wage_share_of_value_added"][0, 0])
        per_dollar = float(residents.credit_pv(p, a, a["firm_discount_rate"])[0]) / value_added
        scale = spec["incentive_share_of_value_added"] / per_dollar
    return residents.Inputs(**{**p.__dict__, "credit": p.credit * scale}), overrides


def ratios(side: Mapping[str, Any], draws: int = CASE_DRAWS) -> tuple[float, np.ndarray]:
    """The residents' view's benefit-cost ratio of a side: at the point, and for each draw."""
    p, overrides = side_inputs(side)
    point = residents.run(p, residents.point(overrides))
    drawn = residents.run(p, residents.draw(draws, 0, overrides))
    return float(point.benefits[0] / point.costs[0]), drawn.benefits / drawn.costs


@dataclass(frozen=True)
class CaseResult:
    """A case beside Bartik's figure: the view's ratio (a pair's share kept too), its band, whether the
    published figure is within it, and what carries the difference."""
    name: str
    label: str
    published: tuple[float, ...]
    model: tuple[float, ...]
    compared_published: float  # the figure compared: the share of a pair's first ratio its second keeps, or the one ratio
    compared_model: float
    band: tuple[float, float]  # 5-95% of the compared figure over the Monte Carlo
    source: str
    carried_by: str
    at_most: bool = False  # Bartik's figure is a bound: the view's is to be at most it, over its range

    @property
    def within(self) -> bool:
        if self.at_most:
            return self.band[1] <= self.compared_published
        return self.band[0] <= self.compared_published <= self.band[1]


def run_case(case: Mapping[str, Any], draws: int = CASE_DRAWS) -> CaseResult:
    if "published_cost_per_job_at_most" in case:
        # The alternative buys services_jobs_per_dollar_ratio times the credit's jobs for the same money.
        a = residents.table().assumptions["services_jobs_per_dollar_ratio"]
        cost = 1 / a.value
        bound = float(case["published_cost_per_job_at_most"])
        return CaseResult(case["name"], case["label"], (bound,), (cost,), bound, cost, (1 / a.high, 1 / a.low),
                          case["source"], case["carried_by"], at_most=True)
    sides = [ratios(side, draws) for side in case["sides"]]
    model = tuple(point for point, _ in sides)
    published = tuple(float(x) for x in case["published"])
    if len(sides) == 2:
        # What the second place keeps of the first's ratio: bounded where the first's benefits are
        # positive, while a ratio of ratios is not where the second's cross zero.
        compared, model_compared = published[1] / published[0], model[1] / model[0]
        drawn = sides[1][1] / sides[0][1]
    else:
        compared, model_compared, drawn = published[0], model[0], sides[0][1]
    low, high = np.percentile(drawn, [5, 95])
    return CaseResult(case["name"], case["label"], published, model, compared, model_compared,
                      (float(low), float(high)), case["source"], case["carried_by"])


def results(draws: int = CASE_DRAWS) -> list[CaseResult]:
    return [run_case(case, draws) for case in cases_file()["cases"]]


def _figures(xs: tuple[float, ...]) -> str:
    return " / ".join(f"{x:.2f}" for x in xs)


def table_markdown(rows: list[CaseResult] | None = None) -> str:
    """The cases as docs/bartik-cases.md shows them: Bartik's figures beside the residents' view's, the
    figure compared and the view's band for it, whether his is within, and what carries the difference."""
    rows = results() if rows is None else rows
    out = ["| Case | Bartik | Residents' view | Compared: Bartik | Compared: the view (5-95%) | Within the "
           "model's error | What carries the difference |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        compared = f"{r.compared_model:.2f} ({r.band[0]:.2f} to {r.band[1]:.2f})"
        mark = "yes" if r.within else "no"
        bound = "at most " if r.at_most else ""
        out.append(f"| {r.label} | {bound}{_figures(r.published)} | {_figures(r.model)} | "
                   f"{bound}{r.compared_published:.2f} | {compared} | {mark} | {' '.join(r.carried_by.split())} |")
    return "\n".join(out)


TABLE_START, TABLE_END = "<!-- cases: start -->", "<!-- cases: end -->"


if __name__ == "__main__":
    # Writes the table into docs/bartik-cases.md between its markers (tests/test_bartik.py holds the two).
    from pathlib import Path
    doc = Path(__file__).parents[2] / "docs" / "bartik-cases.md"
    text = doc.read_text()
    head, rest = text.split(TABLE_START)
    doc.write_text(f"{head}{TABLE_START}\n{table_markdown()}\n{TABLE_END}{rest.split(TABLE_END)[1]}")
