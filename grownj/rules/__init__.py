"""All the rules composed, in array form: one scenario is a table of one row."""
from __future__ import annotations

import numpy as np

from . import credit, eligibility, location
from ..law import Law
from ..machinery.arithmetic import cents_up, safe_ratio
from ..machinery.scenario_columns import Columns
from ..machinery.selection import amount_of


def compute(c: Columns, law: Law) -> dict[str, np.ndarray]:
    """Every intermediate and result column, named as the contract names them where it can."""
    # Each intermediate is computed once and handed to the rules that use it.
    tier_changed = location.priority_by_definition(c)
    tier = location.tier_used(c, tier_changed)
    jobs = location.total_jobs(c)
    mega_by_item = location.mega_items(c, tier, jobs, law)
    mega = location.is_mega(mega_by_item)
    gsgz_or_mega = location.gsgz_or_mega(tier, mega)
    mrera_zone = credit.mrera_growth_zone(c)

    reduced = eligibility.reduced_minimums(c)
    min_capital_parameter = eligibility.min_capital_parameter(c, law)
    per_sq_ft = amount_of(min_capital_parameter, law)
    min_capital = eligibility.min_capital_investment(c, per_sq_ft, reduced, law)
    targeted = eligibility.targeted_industry(c, law)
    min_jobs_parameter = eligibility.min_jobs_parameter(c, targeted)
    min_new, min_retained = eligibility.min_jobs(min_jobs_parameter, reduced, law)
    capital_ok = eligibility.meets_capital(c, min_capital)
    jobs_ok = eligibility.meets_jobs(c, min_new, min_retained)

    base_parameter = credit.base_parameter(tier, mega)
    base = amount_of(base_parameter, law)
    bonus = credit.bonuses(c, tier, mega, gsgz_or_mega, targeted, min_capital, jobs, law)
    uncapped = sum(bonus.values(), base)
    cap_parameter = credit.per_job_cap_parameter(c, tier, gsgz_or_mega)
    cap = amount_of(cap_parameter, law)
    gross = np.minimum(uncapped, cap)
    exception = credit.retained_exception(c, tier, mega, law)
    capital_limit = credit.retained_capital_limit(c, jobs, law)
    retained_parameter = credit.retained_parameter(gross, exception, capital_limit, law)
    retained = credit.per_retained_job(gross, retained_parameter, capital_limit, law)
    standard_total = c.new_jobs * gross + c.retained_jobs * retained

    jobs_new_here = credit.jobs_new_to_municipality(c, jobs, law)
    mrera_tier = credit.mrera_tier(jobs_new_here, c.capital_investment, mrera_zone, law)
    mrera_applies = mrera_tier != None  # noqa: E711 (a column of tiers, compared row by row)
    alternative_total = np.where(mrera_applies, credit.mrera_alternative_total(c.capital_investment, mrera_tier, c.eligibility_years, law),
                                 np.nan)
    alternative_per_job = np.where(mrera_applies, safe_ratio(alternative_total, jobs), np.nan)

    annual_cap_parameter = credit.annual_cap_parameter(mrera_zone, tier, gsgz_or_mega)
    f_cap = amount_of(annual_cap_parameter, law)
    withholdings_exempt = credit.withholdings_exempt(c, tier, mega)
    withholdings_applies = credit.withholdings_limit_applies(tier, mega, withholdings_exempt)
    withholdings_cap = credit.withholdings_limit(c, withholdings_applies, law)
    standard_review = credit.necessary_review(standard_total, np.minimum(standard_total, np.minimum(f_cap, withholdings_cap)),
                                              law)
    standard_necessary = credit.necessary_limit(c, standard_review)
    standard_limited = credit.standard_after_f(standard_total, f_cap, withholdings_cap, standard_necessary)
    use_alternative = mrera_applies & (alternative_total > standard_limited)

    annual_uncapped = np.where(use_alternative, alternative_total, standard_total)
    statutory_cap = credit.alternative_annual_cap(f_cap, use_alternative, law)
    # s.5 f: the alternative that divides the investment by the jobs is excepted from the limit.
    necessary_review = standard_review & ~use_alternative
    necessary_cap = np.where(use_alternative, np.inf, standard_necessary)
    annual_cap = np.minimum(np.minimum(statutory_cap, withholdings_cap), necessary_cap)
    annual_limit = credit.annual_limit(statutory_cap, withholdings_cap, necessary_cap)
    eligible = capital_ok & jobs_ok
    annual = np.minimum(annual_uncapped, annual_cap) * eligible  # exact: the uncapped amount is finite
    years, ratio = credit.net_benefit_terms(mrera_zone, gsgz_or_mega, law)

    return {
        "eligible": eligible,
        "capital_ok": capital_ok,
        "jobs_ok": jobs_ok,
        "min_jobs_parameter": min_jobs_parameter,
        "job_category": min_jobs_parameter.codes,
        "reduced_minimums": reduced,
        "min_capital_parameter": min_capital_parameter,
        "capital_per_sq_ft": per_sq_ft,
        "targeted_industry": targeted,
        "mega_project": mega,
        "total_jobs": jobs,
        "gsgz_or_mega": gsgz_or_mega,
        **{f"mega_{k}": v for k, v in mega_by_item.items()},
        "location_tier": tier,
        "tier_changed": tier_changed,
        "min_capital_investment": cents_up(min_capital),  # as a person can pay it
        "min_new_jobs": min_new,
        "min_retained_jobs": min_retained,
        "base_parameter": base_parameter,
        "base_per_job": base,
        **{f"bonus_{k}": v for k, v in bonus.items()},
        "gross_per_job_uncapped": uncapped,
        "per_job_cap_parameter": cap_parameter,
        "per_job_cap": cap,
        "per_job_cap_binding": uncapped > cap,
        "gross_per_job": gross,
        "retained_exception": exception,
        "retained_capital_limit": capital_limit,
        "retained_parameter": retained_parameter,
        "standard_per_job_retained": retained,
        "retained_binding": retained < gross,
        "standard_annual": standard_total,
        "standard_annual_limited": standard_limited,
        "jobs_new_to_municipality": jobs_new_here,
        "mrera_growth_zone": mrera_zone,
        "mrera_tier": mrera_tier,
        "mrera_alternative_total": alternative_total,
        "mrera_alternative_per_job": alternative_per_job,
        "mrera_alternative_used": use_alternative,
        "per_job_new": np.where(use_alternative, alternative_per_job, gross),
        "per_job_retained": np.where(use_alternative, alternative_per_job, retained),
        "annual_credit_uncapped": annual_uncapped,
        "annual_cap_parameter": annual_cap_parameter,
        "statutory_annual_cap": statutory_cap,
        "withholdings_exempt": withholdings_exempt,
        "withholdings_limit_applies": withholdings_applies,
        "withholdings_cap": withholdings_cap,
        "necessary_review": necessary_review,
        "necessary_cap": necessary_cap,
        "annual_cap": annual_cap,
        "annual_limit": annual_limit,
        "annual_cap_binding": annual_uncapped > annual_cap,
        "annual_credit": annual,
        "eligibility_years": c.eligibility_years,
        # The sum of the yearly credits as paid, each in cents (s.5 a: the credit is allowed annually).
        "total_credit": np.round(annual, 2) * c.eligibility_years,
        "net_benefit_years": years,
        "net_benefit_ratio_required": ratio,
    }
