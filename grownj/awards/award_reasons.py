"""The engine run backwards, in words: what an explanation of a published award assumed, which
parameter decided its amount, and why no input reproduces an award. The search decides
(grownj/awards/award_inverse.py); these sentences read the results it found."""
from __future__ import annotations

from typing import Any

from ..law import Law
from ..machinery.formats import count, whole_dollars
from ..rules.result import Result
from ..rules.scenario import FIELDS
from ..words.choices import choice_words, tier_name

NOT_ELIGIBLE = "No input consistent with the statute makes the project eligible (s.3 b, c)."


def value_words(name: str, value: Any) -> str:
    """A field's value as a person reads it: yes or no, dollars, square feet, a count or a choice."""
    f = FIELDS[name]
    if f.kind == "bool":
        return "yes" if value else "no"
    if name == "location_tier":
        return tier_name(value)
    if f.kind == "area":
        return f"{count(value)} sq ft"
    if f.kind in ("money", "optional_money"):
        return whole_dollars(value)
    return f"{value:,}" if isinstance(value, (int, float)) else choice_words(str(value))


def fields_words(values: dict[str, Any]) -> str:
    """"New full-time jobs: 250; Capital investment: $20,000,000"."""
    return "; ".join(f"{FIELDS[k].label or k}: {value_words(k, v)}" for k, v in values.items())


def limit_words(result: Result, law: Law) -> str:
    """Which parameter decided the amount, read from the result's own facts (not worked out again)."""
    law_words = []
    extra = result.extra
    if result.mrera_alternative_used:
        law_words.append(f"the MRERA alternative, tier {result.mrera_tier} (s.5 d, last paragraph)")
    if extra["annual_cap_binding"]:
        limit = extra["annual_limit"]
        what = {"amount_necessary_threshold": "the amount the authority found necessary",
                "withholdings_share": "the share of the withholdings allowed"}.get(
            limit, f"the annual cap of {whole_dollars(result.annual_cap)} a year")
        cited = extra["annual_cap_parameter"] if limit == "statutory" else limit
        what += f" ({law.section(cited)})"
        law_words.append(what)
    elif extra["per_job_cap_binding"]:
        law_words.append(f"the per-job cap of {whole_dollars(result.per_job_cap)} "
                         f"({law.section(extra['per_job_cap_parameter'])})")
    return "; ".join(law_words)


def assumed_words(assumed: dict[str, Any], result: Result, law: Law, at_least: tuple = ()) -> str:
    """What an explanation assumed beyond what is known, and what the statute then gives. A field
    `at_least` was assumed at the least that gives the award (more gives the same)."""
    said = [f"{FIELDS[k].label or k}: " + (f"at least {value_words(k, v)} (the least that gives this "
                                           "award; more gives the same)" if k in at_least else value_words(k, v))
            for k, v in assumed.items()]
    county = result.scenario.county_average_salary
    if "average_salary" in assumed and county:
        # The c(6) band: the salary's excess over the county's, in whole steps (register 3).
        said[list(assumed).index("average_salary")] += (f" ({assumed['average_salary'] / county - 1:.0%} above the "
                                                         f"{whole_dollars(county)} compared, bonus c(6))")
    lead = "Nothing beyond what is known" if not said else "Assumed " + "; ".join(said)
    limit = limit_words(result, law)
    return (f"{lead}. The statute then gives {whole_dollars(result.annual_credit)} a year, "
            f"{whole_dollars(result.total_credit)} in all" + (f", decided by {limit}" if limit else "") + ".")


def above_the_most(award: float, most: Result, law: Law) -> str:
    """An award above the most any input tried gives, naming the limit that binds there: a cap binds
    whatever more is assumed; base plus every bonus is the most of the bonuses tried."""
    limit = limit_words(most, law) or (f"base plus every bonus, {whole_dollars(most.gross_per_job)} a job "
                                       f"(s.5 b, c), for {count(most.extra['total_jobs'])} jobs")
    return (f"The award of {whole_dollars(award)} is above the most any input tried gives under {law.name} law: "
            f"{whole_dollars(most.total_credit)} ({whole_dollars(most.annual_credit)} a year for "
            f"{most.eligibility_years} years), decided by {limit}.")


def nothing_near(award: float, tolerance: float, nearest_total: float, nearest: dict[str, Any]) -> str:
    return (f"No input tried lands within {tolerance:.0%} of {whole_dollars(award)}: the nearest is "
            f"{whole_dollars(nearest_total)} ({fields_words(nearest) or 'what is known alone'}).")
