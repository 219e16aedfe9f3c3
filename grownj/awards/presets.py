"""One-click scenarios: published awards (reported vs computed) and teaching cases. Each tells its
story under a law: the statute's figures in it are read from that law, and the award's own figures
(its investment, jobs, total) from the award, so a story reads right under any version or reform."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable

import pandas as pd

from . import DATA
from ..engine.evaluation import evaluate
from ..law import InForce, Law, enacted, load, version_in_force
from ..machinery.formats import count, count_words, percent, short_dollars, whole_dollars
from ..rules.result import Result
from ..rules.scenario import Scenario
from ..words.choices import tier_label, tier_name

# A story in words from the law it is told under, the preset's scenario and its result under that law.
Told = Callable[[Law, Scenario, Result], str]


@dataclass(frozen=True)
class Preset:
    name: str
    kind: str  # "published" or "teaching"
    scenario: Scenario
    told: Told  # what it shows, and for a published award what was assumed
    reported_per_year: float | None = None
    reported_total: float | None = None
    approved: str | None = None  # a published award's approval date, as reported

    @cached_property
    def law_in_force(self) -> InForce | None:
        """The law the award was made under (prior law before this act took effect)."""
        return None if self.approved is None else version_in_force(self.approved)

    def story(self, law: Law | None = None) -> str:
        """The story under `law`: by default the law the award was made under, or for a teaching
        case the law as enacted."""
        if law is None:
            law = enacted() if self.law_in_force is None else load(self.law_in_force.version)
        return self.told(law, self.scenario, evaluate(self.scenario, law))


def _bonuses(r: Result) -> list:
    return [c for c in r.components if c.kind == "bonus"]


def _per_job_sum(r: Result) -> str:
    """The base and each bonus added up to the gross amount a job: "$5,000 + c(7) $500 = $5,500"."""
    base = next(c for c in r.components if c.kind == "base")
    parts = [whole_dollars(base.amount)] + [f"c({c.key[1:]}) {whole_dollars(c.amount)}" for c in _bonuses(r)]
    return f"{' + '.join(parts)} = {whole_dollars(r.gross_per_job)}"


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
            lambda law, s, r: f"MRERA tier e: {short_dollars(s.capital_investment)} of investment over the "
                              f"{count_words(r.eligibility_years)}-year grant term. Jobs, investment and the "
                              f"{count(s.gross_leasable_area)} sq ft campus are as reported; the premises type and new "
                              "construction are assumed.",
            holtec["award_per_year"], holtec["award_total"], holtec["approved"]),
        Preset("Philadelphia 76ers training complex, Camden (published)", "published", Scenario.from_dict({
            "location_tier": "gsgz", "mrera": True, "south_jersey": True, "new_jobs": int(sixers["new_jobs"]),
            "capital_investment": float(sixers["capital_investment"]), "gross_leasable_area": 120000,
            "construction": "new", "average_salary": 45000, "county_average_salary": 53352}),
            lambda law, s, r: f"MRERA tier e with jobs new to Camden: {short_dollars(sixers['award_total'])} / "
                              f"{count(r.eligibility_years)} years. A sports business is not a targeted industry; the "
                              f"alternative far exceeds the standard {count(s.new_jobs)} x "
                              f"{whole_dollars(law.base_gsgz_uth_mega)}.",
            sixers["award_per_year"], sixers["award_total"], sixers["approved"]),
        Preset("Chelten House Products, Logan Township (published, inputs assumed)", "published",
               Scenario.from_dict({
                   "location_tier": "priority", "port_district": True, "south_jersey": True,
                   "new_jobs": int(chelten["new_jobs"]), "retained_jobs": int(chelten["retained_jobs"]),
                   "capital_investment": 25_000_000, "industry": "manufacturing", "premises": "industrial",
                   "construction": "new", "gross_leasable_area": 300000}),
               lambda law, s, r: "The capital investment and site were not published. Assumed: a "
                                 f"{short_dollars(s.capital_investment)} new food plant of "
                                 f"{count(s.gross_leasable_area)} sq ft in the South Jersey port district, so a mega project (s.2 a: over "
                                 f"{short_dollars(law.mega_port_capital_investment)} and "
                                 f"{count(s.new_jobs + s.retained_jobs)} jobs); then {_per_job_sum(r)} a new job and "
                                 f"{whole_dollars(r.per_job_retained)} a retained one, the per-job amounts the press "
                                 f"figures imply. The reported {short_dollars(chelten['award_per_year'])} a year is "
                                 "rounded.",
               chelten["award_per_year"], chelten["award_total"], chelten["approved"]),
        Preset("Growth zone manufacturer, Paterson (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "gsgz", "new_jobs": 60, "capital_investment": 12_000_000, "gross_leasable_area": 80000,
            "industry": "manufacturing", "premises": "industrial"}),
            lambda law, s, r: f"{tier_label('gsgz')}: {whole_dollars(law.base_gsgz_uth_mega)} base, industrial "
                              f"investment bonuses c(10) and c(5) at their {whole_dollars(law.bonus_c10_max)} and "
                              f"{whole_dollars(law.bonus_c5_max)} maxima (c(5) excludes only a mega project)."),
        Preset("Mega project, Newark transit hub (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "uth", "site_in_transit_hub": True, "new_jobs": 500, "retained_jobs": 100,
            "capital_investment": 60_000_000,
            "gross_leasable_area": 200000, "average_salary": 90000, "county_average_salary": 64324,
            "industry": "finance", "transit_oriented": True}),
            lambda law, s, r: f"Mega project c (s.2): over {short_dollars(law.mega_uth_capital_investment)} and over "
                              f"{count(law.mega_uth_jobs)} jobs in an urban transit hub; retained jobs at "
                              f"{percent(law.retained_share)}."),
        Preset(f"{tier_label('distressed')}, health care (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "distressed", "new_jobs": 120, "retained_jobs": 40, "capital_investment": 9_000_000,
            "gross_leasable_area": 60000, "industry": "health", "leed_silver_or_remediation": True}),
            lambda law, s, r: f"{tier_label('distressed')}: {whole_dollars(law.base_distressed)} base, per-job "
                              f"cap {whole_dollars(law.cap_distressed)}, annual cap "
                              f"{short_dollars(law.annual_cap_distressed)}."),
        Preset(f"{tier_label('priority')}, withholdings limit (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "priority", "new_jobs": 300, "capital_investment": 12_000_000,
            "gross_leasable_area": 80000, "industry": "life_sciences", "average_salary": 120000,
            "county_average_salary": 61724, "withholdings": 1_500_000}),
            lambda law, s, r: f"{tier_label('priority')}: the credit may not exceed {percent(law.withholdings_share)} "
                              "of the business's withholdings (s.5 f(5))."),
        Preset(f"{tier_label('other')}, per-job cap (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "other", "new_jobs": 40, "capital_investment": 5_000_000, "gross_leasable_area": 30000,
            "premises": "industrial", "construction": "new", "industry": "logistics",
            "leed_silver_or_remediation": True, "solar_50": True, "new_light_rail": True,
            "moderate_income_housing": True, "average_salary": 105000, "county_average_salary": 50000,
            "withholdings": 400000}),
            lambda law, s, r: f"{tier_label('other')}: {whole_dollars(law.base_other)} base; "
                              f"{count_words(len(_bonuses(r)))} bonuses reach "
                              f"{whole_dollars(r.gross_per_job_uncapped)}, "
                              f"{'cut to' if r.gross_per_job_uncapped > law.cap_other else 'within'} the "
                              f"{whole_dollars(law.cap_other)} cap (s.5 d(5))."),
        Preset("Headquarters move keeping retained jobs (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "priority", "auto_manufacturer_us_hq": True, "same_municipality": True,
            "retained_jobs": 450, "new_jobs": 50, "capital_investment": 40_000_000, "industry": "transportation",
            "gross_leasable_area": 250000}),
            lambda law, s, r: "An automobile manufacturer's US headquarters mega project in a "
                              f"{tier_name('priority')}: retained jobs earn {percent(law.retained_share_exception)} of "
                              "the gross amount (s.5 e) and bonus c(11)."),
        Preset("Fails eligibility: too few jobs (teaching)", "teaching", Scenario.from_dict({
            "location_tier": "distressed", "new_jobs": 20, "capital_investment": 3_000_000,
            "gross_leasable_area": 20000, "industry": "health"}),
            lambda law, s, r: f"A targeted-industry business needs {count(law.min_new_jobs_targeted)} new or "
                              f"{count(law.min_retained_jobs_targeted)} retained jobs (s.3 c(2)); {count(s.new_jobs)} "
                              "earns nothing."),
    )
