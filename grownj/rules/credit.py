"""How much: base (s.5 b), bonuses (s.5 c), per-job caps (s.5 d), retained jobs (s.5 e),
the MRERA alternative (s.5 d, last paragraph) and annual caps (s.5 f). All in array form."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..law import Law, enacted
from ..machinery.arithmetic import safe_ratio, stepped_amount
from ..machinery.scenario_columns import Columns
from ..machinery.selection import (
    Choice, amount_if, amount_of, amounts_if, band_amount, choose, either, highest_met, one_of)
from .location import TIER_NAMES


@dataclass(frozen=True)
class Project:
    """What a bonus's condition reads: the scenario's columns, its tier, and what s.5 c words once for
    several bonuses (a mega project or growth zone, a targeted industry, industrial investment above
    the s.3 b minimum, the salary above the county's average, the jobs counted)."""
    c: Columns
    tier: Choice
    mega: np.ndarray
    gsgz_or_mega: np.ndarray
    targeted: np.ndarray
    industrial: np.ndarray
    above_minimum: np.ndarray
    salary_above: np.ndarray
    jobs: np.ndarray
    law: Law


@dataclass(frozen=True)
class Bonus:
    """One s.5 c bonus, whole: its key, label, the parameter whose citation it carries, its note, and
    either the condition under which that parameter's amount is paid or the amount itself (a stepped
    or banded bonus). The calculation, the explanation and the chart all read this one record."""
    key: str
    label: str  # like the note, its statutory numbers as "{parameter:number}"
    parameter: str  # the parameter whose citation the bonus carries
    note: str | None = None  # its statutory numbers as "{parameter:money}" (explain.law_words fills them)
    condition: Callable[[Project], np.ndarray] | None = None  # the parameter's amount where it holds
    amount: Callable[[Project], np.ndarray] | None = None  # or the amount per job itself


def _flat(key: str, parameter: str, condition: Callable[[Project], np.ndarray], note: str | None = None) -> Bonus:
    """A bonus of the parameter's amount where its condition holds, in the words of the parameter's
    label ("Bonus c(4): transit oriented development" is "Transit oriented development"), the same in
    every version of the law."""
    words = enacted().parameter(parameter).label.split(": ", 1)[1]
    return Bonus(key, words[:1].upper() + words[1:], parameter, note, condition=condition)


BONUSES = (
    _flat("c1", "bonus_c1_deep_poverty", lambda p: p.c.deep_poverty_pocket | p.c.choice_neighborhood),
    _flat("c2", "bonus_c2_incubator", lambda p: p.c.incubator),
    _flat("c3", "bonus_c3_moderate_income_housing", lambda p: p.c.moderate_income_housing),
    _flat("c4", "bonus_c4_transit_oriented", lambda p: p.c.transit_oriented),
    Bonus("c5", "Industrial investment above the minimum", "bonus_c5_step",
          "Register 2: c(5) is for a facility other than a mega project; in a growth zone, beside c(10) only where "
          "the law's reading pays both (the parameter \"Bonus c(5) paid in a growth zone beside c(10)\").",
          amount=lambda p: amount_if(p.industrial & ~(p.mega if p.law.bonus_c5_in_growth_zone else p.gsgz_or_mega),
                                     stepped_amount(
              p.above_minimum, p.law.bonus_c5_step_excess, p.law.bonus_c5_step, p.law.bonus_c5_max))),
    Bonus("c6", "Average salary above the county or zone's", "bonus_c6_step",
          "Register 3: {bonus_c6_step:money} for each full {bonus_c6_step_excess:percent} above the county's average "
          f"salary, or in a growth zone \"the average salary for the {TIER_NAMES['gsgz']}\", "
          "at most {bonus_c6_max:money}.",
          amount=lambda p: amount_if(p.c.county_average_salary > 0, stepped_amount(
              p.salary_above, p.law.bonus_c6_step_excess, p.law.bonus_c6_step, p.law.bonus_c6_max))),
    Bonus("c7", "Large number of new and retained jobs", "bonus_c7_amounts",
          "Register 1: the bill text skips item (c); {bonus_c7_amounts[2]:money} for {bonus_c7_lower_bounds[2]:number} "
          "to {bonus_c7_lower_bounds[3]:before} jobs fills it.",
          amount=lambda p: band_amount(p.jobs, p.law.bonus_c7_lower_bounds, p.law.bonus_c7_amounts)),
    _flat("c8", "bonus_c8_targeted_industry", lambda p: p.targeted,
          "Register 11: aviation and maritime count as transportation; startups are targeted."),
    _flat("c9", "bonus_c9_leed_remediation", lambda p: p.c.leed_silver_or_remediation),
    Bonus("c10", "Industrial investment, mega project or growth zone", "bonus_c10_step",
          "Register 2: for a mega project or growth zone project; a mega project has c(10) alone, a growth zone "
          "project that is no mega project c(5) beside it where the law's reading pays both.",
          amount=lambda p: amount_if(p.industrial & p.gsgz_or_mega, stepped_amount(
              p.above_minimum, p.law.bonus_c10_step_excess, p.law.bonus_c10_step, p.law.bonus_c10_max))),
    _flat("c11", "bonus_c11_auto_hq", lambda p: p.c.auto_manufacturer_us_hq & p.c.same_municipality
          & (p.c.retained_jobs >= p.law.bonus_c11_min_retained_jobs)),
    # An unknown index (NaN) is above nothing: the comparison is False.
    Bonus("c12", "Southern municipality with 2007 MRI above {bonus_c12_mri_threshold:number}", "bonus_c12_mri",
          condition=lambda p: p.c.south_jersey & (p.c.mri_2007 > p.law.bonus_c12_mri_threshold)),
    _flat("c13", "bonus_c13_light_rail", lambda p: p.c.new_light_rail),
    _flat("c14", "bonus_c14_marine_terminal", lambda p: p.c.marine_terminal_sjpd & (p.tier != "gsgz")),
    _flat("c15", "bonus_c15_highway", lambda p: p.c.redevelopment_area & p.c.highway_access),
    _flat("c16", "bonus_c16_solar", lambda p: p.c.solar_50),
)


def base_parameter(tier: Choice, mega: np.ndarray) -> Choice:
    """Which s.5 b paragraph sets the base amount per job."""
    return choose([(one_of(tier, ["gsgz", "uth"]) | mega, "base_gsgz_uth_mega"),
                   (tier == "distressed", "base_distressed"), (tier == "priority", "base_priority")], "base_other")


def industrial_investment(c: Columns) -> np.ndarray:
    """Register 2: unless given, all of the investment when the premises are industrial."""
    industrial = c.premises == "industrial"
    given = c.industrial_capital_investment
    # Multiplying by the flag is exact here: both amounts are finite.
    return np.where(np.isnan(given), c.capital_investment, given) * industrial


def bonuses(c: Columns, tier: Choice, mega: np.ndarray, gsgz_or_mega: np.ndarray, targeted: np.ndarray,
            min_capital: np.ndarray, jobs: np.ndarray, law: Law) -> dict[str, np.ndarray]:
    """The sixteen s.5 c bonuses per job, in the order of s.5 c. `jobs`: new + retained
    (location.total_jobs)."""
    # s.5 c(5), (10): "industrial premises for industrial use", as the law in force reads it.
    industrial_use = (c.premises == "industrial") & ~one_of(c.industry, law.bonus_industrial_nonindustrial_industries)
    p = Project(c, tier, mega, gsgz_or_mega, targeted, industrial_use & (min_capital > 0),
                safe_ratio(industrial_investment(c), min_capital) - 1,
                safe_ratio(c.average_salary, c.county_average_salary) - 1, jobs, law)
    # A fixed amount where the condition holds: all of these in one multiplication.
    found = amounts_if({b.key: (b.condition(p), getattr(law, b.parameter)) for b in BONUSES if b.condition})
    found.update({b.key: b.amount(p) for b in BONUSES if b.amount})
    return {bonus.key: found[bonus.key] for bonus in BONUSES}


def per_job_cap_parameter(c: Columns, tier: Choice, gsgz_or_mega: np.ndarray) -> Choice:
    """Which s.5 d paragraph limits the gross amount (register 5: disaster recovery first)."""
    return choose([(c.disaster_recovery_project, "cap_disaster_recovery"), (gsgz_or_mega, "cap_mega_gsgz"),
                   (tier == "uth", "cap_uth"), (tier == "distressed", "cap_distressed"),
                   (tier == "priority", "cap_priority")], "cap_other")


def retained_exception(c: Columns, tier: np.ndarray, mega: np.ndarray, law: Law) -> np.ndarray:
    """s.5 e(2): 100% for an automobile manufacturer's US headquarters mega project in a priority area
    or growth zone, for any facility in a growth zone where "or in a Garden State Growth Zone" stands
    alone (retained_full_in_growth_zone), or a facility replacing one damaged in a federally-declared
    disaster."""
    growth_zone = (tier == "gsgz") & law.retained_full_in_growth_zone
    return (c.auto_manufacturer_us_hq & mega & one_of(tier, ["priority", "gsgz"])) | growth_zone \
        | c.replaces_disaster_facility


def retained_capital_limit(c: Columns, jobs: np.ndarray, law: Law) -> np.ndarray:
    """s.5 e(2): one-tenth of the capital investment divided by the `jobs` (register 6: new +
    retained, location.total_jobs). The bill as introduced had no such limit (fraction null)."""
    if law.retained_capital_fraction is None:
        return np.full(np.shape(c.capital_investment), np.inf)
    return safe_ratio(c.capital_investment * law.retained_capital_fraction, jobs, when_zero=np.inf)


def retained_parameter(gross: np.ndarray, exception: np.ndarray, capital_limit: np.ndarray, law: Law) -> Choice:
    """Which s.5 e rule sets the amount per retained job: the exception's share, the one-tenth
    capital limit where it is lower than the usual share, or the usual share."""
    return choose([(exception, "retained_share_exception"),
                   (capital_limit < gross * law.retained_share, "retained_capital_fraction")], "retained_share")


def per_retained_job(gross: np.ndarray, rule: Choice, capital_limit: np.ndarray, law: Law) -> np.ndarray:
    """The amount per retained job under the `rule` that applies (retained_parameter)."""
    shares = {"retained_share_exception": law.retained_share_exception, "retained_share": law.retained_share,
              "retained_capital_fraction": law.retained_share}
    return np.where(rule == "retained_capital_fraction", capital_limit, gross * amount_of(rule, shares))


def jobs_new_to_municipality(c: Columns, jobs: np.ndarray, law: Law) -> np.ndarray:
    """The jobs the MRERA tiers count. Contract: when not given, new + retained, or the new jobs alone
    for a business staying put. The bill as introduced counted new or retained jobs (`jobs`,
    location.total_jobs)."""
    if law.mrera_job_basis == "new_or_retained":
        return jobs
    default = c.new_jobs + c.retained_jobs * ~c.same_municipality
    return np.where(np.isnan(c.jobs_new_to_municipality), default, c.jobs_new_to_municipality)


# s.5 d, last paragraph: the MRERA alternative is for a Garden State Growth Zone that qualifies under MRERA.
MRERA_ZONE = "gsgz"


def mrera_growth_zone(c: Columns) -> np.ndarray:
    """The MRERA alternative is open only in a Garden State Growth Zone that qualifies under MRERA."""
    return c.mrera & (c.location_tier == MRERA_ZONE)


def mrera_tiers(law: Law) -> tuple[str, ...]:
    """s.5 d's lettered MRERA tiers, lowest minimums first, as parameters.yaml keys them."""
    return law.parameter("mrera_min_jobs").keys


def mrera_tier(jobs_new: np.ndarray, capital: np.ndarray, open_: np.ndarray, law: Law) -> Choice:
    """The highest of tiers a..e whose jobs and investment minimums are both met where the
    alternative is `open_` (mrera_growth_zone); None for none."""
    return highest_met({tier: open_ & (jobs_new >= jobs_min) & (capital >= capital_min) for tier, jobs_min, capital_min
                        in zip(mrera_tiers(law), law.mrera_min_jobs, law.mrera_min_capital_investment)})


def mrera_alternative_total(capital: np.ndarray, tier: Choice, grant_years: np.ndarray, law: Law) -> np.ndarray:
    """Register 7: min(capital investment / the ten-year grant term, the tier's yearly limit). The bill
    as introduced (and prior law) gave a total "over the grant term", the eligibility period the
    applicant chose (`grant_years`, s.3 a): min(capital investment, the tier's limit) over those
    years. A version whose spread or cap years are null reads the grant term. No tier: 0."""
    caps = {None: 0.0, **{t: np.inf if cap is None else cap for t, cap in zip(mrera_tiers(law), law.mrera_annual_caps)}}
    spread, cap_years = (grant_years if years is None else years
                         for years in (law.mrera_investment_spread_years, law.mrera_cap_years))
    return np.minimum(capital / spread, amount_of(tier, caps) / cap_years)


def annual_cap_parameter(mrera_zone: np.ndarray, tier: Choice, gsgz_or_mega: np.ndarray) -> Choice:
    """Which s.5 f paragraph caps the annual credit."""
    return choose([(mrera_zone, "annual_cap_mrera"), (gsgz_or_mega, "annual_cap_mega_gsgz"),
                   (tier == "uth", "annual_cap_uth"), (tier == "distressed", "annual_cap_distressed"),
                   (tier == "priority", "annual_cap_priority")], "annual_cap_other")


def alternative_annual_cap(statutory: np.ndarray, alternative_used: np.ndarray, law: Law) -> np.ndarray:
    """s.5 d, last paragraph: the MRERA alternative applies "notwithstanding anything to the contrary"
    in subsections a. through f.; as enacted "but subject to paragraph (1) of subsection f.", its $35M
    cap. The bill as introduced had no such words, so the alternative had no annual cap (infinity)."""
    if law.mrera_alternative_subject_to_f1:
        return statutory
    return np.where(alternative_used, np.inf, statutory)


def withholdings_exempt(c: Columns, tier: Choice, mega: np.ndarray) -> np.ndarray:
    """s.5 f, the paragraph after (6): a priority or other area project (not a mega project, which
    falls under f(2)) in an area in need of redevelopment or rehabilitation has no withholdings limit."""
    return ~mega & one_of(tier, ["priority", "other"]) & (c.redevelopment_area | c.rehabilitation_area)


def withholdings_limit_applies(tier: Choice, mega: np.ndarray, exempt: np.ndarray) -> np.ndarray:
    """s.5 f(5), (6): priority and other areas, unless `exempt` (withholdings_exempt)."""
    return ~mega & one_of(tier, ["priority", "other"]) & ~exempt


def withholdings_limit(c: Columns, applies: np.ndarray, law: Law) -> np.ndarray:
    """The law's share of the withholdings; no limit where it does not apply or none are given."""
    return np.where(applies & ~np.isnan(c.withholdings), c.withholdings * law.withholdings_share, np.inf)


def necessary_review(standard: np.ndarray, limited: np.ndarray, law: Law) -> np.ndarray:
    """s.5 f last paragraph: "for each application for tax credits in excess of" the threshold a year,
    the standard amount is limited to the amount the authority finds necessary. The application is
    for the standard amount within s.5 f's cap and withholdings limit (`limited`), or, in the other
    reading, before them (amount_necessary_tests_limited). The MRERA alternative that divides the
    investment by the jobs is excepted (the caller clears the review where the alternative is used)."""
    return (limited if law.amount_necessary_tests_limited else standard) > law.amount_necessary_threshold


def standard_after_f(standard: np.ndarray, statutory: np.ndarray, withholdings: np.ndarray,
                     necessary: np.ndarray) -> np.ndarray:
    """The standard amount "as calculated pursuant to subsections a. through f." (s.5 d, last
    paragraph, item (i)): within s.5 f's annual cap, withholdings share and amount necessary. The MRERA
    alternative is compared with this, so an amount-necessary limit on the standard amount does not
    hold down a greater alternative, which s.5 f exempts from that limit."""
    return np.minimum(np.minimum(standard, statutory), np.minimum(withholdings, necessary))


def necessary_limit(c: Columns, review: np.ndarray) -> np.ndarray:
    """The amount necessary where the project is under `review` (necessary_review) and one is given."""
    return np.where(review & ~np.isnan(c.amount_necessary), c.amount_necessary, np.inf)


def annual_limit(statutory: np.ndarray, withholdings: np.ndarray, necessary: np.ndarray) -> Choice:
    """Which s.5 f limit binds, by the parameter that sets it: the amount necessary, a share of the
    withholdings, none at all (the MRERA alternative as introduced), or the statutory cap."""
    return choose([((necessary < statutory) & (necessary <= withholdings), "amount_necessary_threshold"),
                   ((withholdings < statutory) & (withholdings <= necessary), "withholdings_share"),
                   (np.isinf(statutory) & np.isinf(withholdings) & np.isinf(necessary),
                    "mrera_alternative_subject_to_f1")], "statutory")


def net_benefit_terms(mrera: np.ndarray, gsgz_or_mega: np.ndarray, law: Law) -> tuple[np.ndarray, np.ndarray]:
    """s.3 a(3): (horizon in years, required ratio of benefit to credit): register 13. `mrera`:
    the MRERA alternative is open (mrera_growth_zone)."""
    years = choose([(mrera, "net_benefit_years_mrera"), (gsgz_or_mega, "net_benefit_years_mega_gsgz")],
                   "net_benefit_years")
    return amount_of(years, law, int), either(mrera, law.net_benefit_ratio_mrera, law.net_benefit_ratio)
