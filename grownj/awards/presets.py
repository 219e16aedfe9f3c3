"""One-click scenarios: published awards (reported vs computed) and teaching cases."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import pandas as pd

from ..law import InForce, version_in_force
from . import DATA
from ..rules.scenario import Scenario


@dataclass(frozen=True)
class Preset:
    name: str
    kind: str  # "published" or "teaching"
    scenario: Scenario
    story: str  # what it shows, and for a published award what was assumed
    reported_per_year: float | None = None
    reported_total: float | None = None
    approved: str | None = None  # a published award's approval date, as reported

    @cached_property
    def law_in_force(self) -> InForce | None:
        """The law the award was made under (prior law before this act took effect)."""
        return None if self.approved is None else version_in_force(self.approved)


def _published() -> dict[str, dict]:
    awards = pd.read_csv(DATA / "published_awards.csv", comment="#").set_index("company")
    return {name: row for name, row in awards.to_dict("index").items()}


@lru_cache(maxsize=1)
def presets() -> tuple[Preset, ...]:
    awards = _published()
    holtec, sixers = awards["Holtec International"], awards["Philadelphia 76ers training complex"]
    chelten = awards["Chelten House Products"]
    return (
        Preset("Holtec International, Camden (published)", "published", Scenario.from_dict({
            "location_tier": "gsgz", "mrera": True, "south_jersey": True, "new_jobs": int(holtec["new_jobs"]),
            "retained_jobs": int(holtec["retained_jobs"]), "capital_investment": float(holtec["capital_investment"]),
            "industry": "manufacturing", "premises": "industrial", "gross_leasable_area": 600000,
            "construction": "new", "county_average_salary": 53352}),
            "MRERA tier e: $260M of investment over the ten-year grant term. Jobs, investment and the "
            "600,000 sq ft campus are as reported; the premises type and new construction are assumed.",
            holtec["award_per_year"], holtec["award_total"], holtec["approved"]),
        Preset("Philadelphia 76ers training complex, Camden (published)", "published", Scenario.from_dict({
            "location_tier": "gsgz", "mrera": True, "south_jersey": True, "new_jobs": int(sixers["new_jobs"]),
            "capital_investment": float(sixers["capital_investment"]), "gross_leasable_area": 120000,
            "construction": "new", "average_salary": 45000, "county_average_salary": 53352}),
            "MRERA tier e with jobs new to Camden: $82M / 10 years. A sports business is not a targeted "
            "industry; the alternative far exceeds the standard 250 x $5,000.",
            sixers["award_per_year"], sixers["award_total"], sixers["approved"]),
        Preset("Chelten House Products, Logan Township (published, inputs assumed)", "published",
               Scenario.from_dict({
                   "location_tier": "priority", "port_district": True, "south_jersey": True,
                   "new_jobs": int(chelten["new_jobs"]), "retained_jobs": int(chelten["retained_jobs"]),
                   "capital_investment": 25_000_000, "industry": "manufacturing", "premises": "industrial",
                   "construction": "new", "gross_leasable_area": 300000}),
               "The capital investment and site were not published. Assumed: a $25M new food plant of 300,000 "
               "sq ft in the South Jersey port district, so a mega project (s.2 a: over $20M and 301 jobs); "
               "then $5,000 + c(7) $500 + c(8) $500 + c(10) $5,000 = $11,000 a new job and $5,500 a retained "
               "one, the per-job amounts the press figures imply. The reported $2.34M a year is rounded.",
               chelten["award_per_year"], chelten["award_total"], chelten["approved"]),
        Preset("Growth zone manufacturer, Paterson (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "gsgz", "new_jobs": 60, "capital_investment": 12_000_000, "gross_leasable_area": 80000,
            "industry": "manufacturing", "premises": "industrial"}),
            "Garden State Growth Zone: $5,000 base, industrial investment bonuses c(10) and c(5) at their "
            "$5,000 and $3,000 maxima (c(5) excludes only a mega project)."),
        Preset("Mega project, Newark transit hub (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "uth", "site_in_transit_hub": True, "new_jobs": 500, "retained_jobs": 100,
            "capital_investment": 60_000_000,
            "gross_leasable_area": 200000, "average_salary": 90000, "county_average_salary": 64324,
            "industry": "finance", "transit_oriented": True}),
            "Mega project c (s.2): over $50M and over 250 jobs in an urban transit hub; retained jobs at 50%."),
        Preset("Distressed municipality, health care (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "distressed", "new_jobs": 120, "retained_jobs": 40, "capital_investment": 9_000_000,
            "gross_leasable_area": 60000, "industry": "health", "leed_silver_or_remediation": True}),
            "Distressed municipality: $4,000 base, per-job cap $11,000, annual cap $8M."),
        Preset("Priority area, withholdings limit (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "priority", "new_jobs": 300, "capital_investment": 12_000_000,
            "gross_leasable_area": 80000, "industry": "life_sciences", "average_salary": 120000,
            "county_average_salary": 61724, "withholdings": 1_500_000}),
            "Priority area: the credit may not exceed 90% of the business's withholdings (s.5 f(5))."),
        Preset("Other eligible area, per-job cap (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "other", "new_jobs": 40, "capital_investment": 5_000_000, "gross_leasable_area": 30000,
            "premises": "industrial", "construction": "new", "industry": "logistics",
            "leed_silver_or_remediation": True, "solar_50": True, "new_light_rail": True,
            "moderate_income_housing": True, "average_salary": 105000, "county_average_salary": 50000,
            "withholdings": 400000}),
            "Other eligible area: $500 base; seven bonuses reach $6,750, cut to the $6,000 cap (s.5 d(5))."),
        Preset("Headquarters move keeping retained jobs (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "priority", "auto_manufacturer_us_hq": True, "same_municipality": True,
            "retained_jobs": 450, "new_jobs": 50, "capital_investment": 40_000_000, "industry": "transportation",
            "gross_leasable_area": 250000}),
            "An automobile manufacturer's US headquarters mega project in a priority area: retained jobs earn "
            "100% of the gross amount (s.5 e) and bonus c(11)."),
        Preset("Fails eligibility: too few jobs (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "distressed", "new_jobs": 20, "capital_investment": 3_000_000,
            "gross_leasable_area": 20000, "industry": "health"}),
            "A targeted-industry business needs 25 new or 35 retained jobs (s.3 c(2)); 20 earns nothing."),
    )
