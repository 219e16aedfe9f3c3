"""Words for the numbers: eligibility checks, components and notes for one row of `rules.compute`."""
from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

import string
from fractions import Fraction

from .credit import BONUSES
from .law import Law
from .result import Check, Component

TIER_NAMES = {
    "gsgz": "Garden State Growth Zone",
    "uth": "urban transit hub municipality",
    "distressed": "distressed municipality",
    "priority": "priority area",
    "other": "other eligible area",
}
# The kind of business each s.3 c job minimum is for, by its new-jobs parameter.
JOB_CATEGORY = {"min_new_jobs_startup_manufacturing": "a technology startup or manufacturing company",
                "min_new_jobs_targeted": "a targeted-industry business",
                "min_new_jobs_other": "a business outside the targeted industries"}

Row = Mapping[str, Any]


def money(x: float) -> str:
    return f"${x:,.2f}".replace(".00", "") if x == x else "none"


def dollars(x: float, signed: bool = False) -> str:
    """Whole dollars, "-$2,000"; `signed` adds "+" to a gain (st.metric colours a delta by its sign)."""
    return ("-" if x < 0 else "+" if signed and x > 0 else "") + f"${abs(x):,.0f}"


def number(x: float) -> str:
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def percent(share: float) -> str:
    """A share of the law as the statute writes it: 0.9 is "90%"."""
    return f"{number(share * 100)}%"


_ORDINALS = {2: "half", 3: "third", 4: "quarter", 5: "fifth", 6: "sixth", 8: "eighth", 10: "tenth"}
_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 7: "seven", 9: "nine"}


def fraction_words(share: float) -> str:
    """A fraction of the law in the statute's words: 1/3 is "one-third", 1/10 "one-tenth"."""
    exact = Fraction(share).limit_denominator(100)
    plural = "s" if exact.numerator > 1 and exact.denominator != 2 else ""
    return f"{_COUNTS[exact.numerator]}-{_ORDINALS[exact.denominator]}{plural}"


class _LawWords(string.Formatter):
    """Fills "{bonus_c6_step:money}" from the law: a parameter's value in the statute's words."""

    SPECS = {"money": money, "number": number, "percent": percent, "fraction": fraction_words,
             "before": lambda x: number(x - 1)}  # the last count below a band's lower bound

    def __init__(self, law: Law):
        self.law = law

    def get_value(self, key, args, kwargs):
        return self.law[key]

    def format_field(self, value, format_spec):
        return self.SPECS[format_spec](value)


def law_words(template: str, law: Law) -> str:
    """A sentence whose statutory numbers are named parameters: "{bonus_c6_max:money}" is "$1,500"."""
    return _LawWords(law).format(template)


def where_reduced(row: Row) -> str:
    return "a Garden State Growth Zone" if row["location_tier"] == "gsgz" else "a southern county"


# What `checks` reads from a row, so that a table can hand over only these.
CHECK_KEYS = ("min_capital_parameter", "reduced_minimums", "capital_per_sq_ft", "gross_leasable_area",
              "min_capital_investment", "capital_investment", "capital_ok", "min_jobs_parameter", "min_new_jobs",
              "min_retained_jobs", "new_jobs", "retained_jobs", "jobs_ok", "location_tier")


def checks(row: Row, law: Law) -> list[Check]:
    """The s.3 b and c tests as sentences a person understands."""
    capital_cite = law.cite(row["min_capital_parameter"]).split(",")[0]
    reduced = bool(row["reduced_minimums"])
    capital_how = (f"${number(row['capital_per_sq_ft'])} a sq ft of {number(row['gross_leasable_area'])} sq ft"
                   + (f", reduced by {fraction_words(law.min_capital_reduction)} in {where_reduced(row)}"
                      if reduced else ""))
    capital = Check(
        test="Minimum capital investment",
        threshold=money(row["min_capital_investment"]),
        value=money(row["capital_investment"]),
        passed=bool(row["capital_ok"]),
        citation=capital_cite,
        sentence=(f"Capital investment {money(row['capital_investment'])} meets the minimum of "
                  f"{money(row['min_capital_investment'])} ({capital_how}; {capital_cite})."
                  if row["capital_ok"] else
                  f"Needs a capital investment of at least {money(row['min_capital_investment'])} "
                  f"({capital_how}; {capital_cite}); has {money(row['capital_investment'])}."),
    )
    category = row["min_jobs_parameter"]
    jobs_cite = (law.cite(category).split(",")[0]
                 + (f", reduced by {fraction_words(law.min_jobs_reduction)}" if reduced else ""))
    min_new, min_retained = number(row["min_new_jobs"]), number(row["min_retained_jobs"])
    new, retained = number(row["new_jobs"]), number(row["retained_jobs"])
    place = f" in {where_reduced(row)}" if reduced else ""
    jobs = Check(
        test="Minimum full-time jobs",
        threshold=f"{min_new} new or {min_retained} retained, or a combination",
        value=f"{new} new, {retained} retained",
        passed=bool(row["jobs_ok"]),
        citation=jobs_cite,
        sentence=(f"{new} new and {retained} retained jobs meet the minimum of {min_new} new or "
                  f"{min_retained} retained for {JOB_CATEGORY[category]}{place} ({jobs_cite})."
                  if row["jobs_ok"] else
                  f"Needs {min_new} new jobs, {min_retained} retained jobs or a combination "
                  f"(new/{min_new} + retained/{min_retained} at least 1) for {JOB_CATEGORY[category]}{place} "
                  f"({jobs_cite}; s.3 a(1)(c), register 10); has {new} new and {retained} retained."),
    )
    return [capital, jobs]


def reasons(row: Row, law: Law) -> list[str]:
    """Why a project is not eligible; empty when it is."""
    return failed(checks(row, law))


def failed(found: Sequence[Check]) -> list[str]:
    """The sentences of the checks that failed."""
    return [check.sentence for check in found if not check.passed]


def components(row: Row, law: Law) -> list[Component]:
    tier, base_param = row["location_tier"], row["base_parameter"]
    # s.5 b(1) names growth zones, transit hubs and mega projects together: say which this one is.
    base_label = TIER_NAMES[tier] if tier in ("gsgz", "uth") or base_param != "base_gsgz_uth_mega" else "mega project"
    out = [Component("base", "base", f"Base amount, {base_label}", float(row["base_per_job"]), law.cite(base_param),
                     parameter=base_param)]
    for bonus in BONUSES:
        amount = float(row[f"bonus_{bonus.key}"])
        if amount:
            out.append(Component(bonus.key, "bonus", f"c({bonus.key[1:]}) {bonus.label}", amount,
                                 law.cite(bonus.parameter), bonus.note and law_words(bonus.note, law),
                                 parameter=bonus.parameter))
    cap_param = row["per_job_cap_parameter"]
    if cap_param == "cap_disaster_recovery":
        cap_note = f"Register 5: a disaster recovery project's {money(law.cap_disaster_recovery)} cap overrides the others."
    elif row["mrera_alternative_used"]:
        cap_note = "Register 7: the MRERA alternative, used here, is not held to the per-job caps."
    else:
        cap_note = None
    out.append(Component("per_job_cap", "cap", f"Per-job cap {money(row['per_job_cap'])}",
                         float(row["gross_per_job"] - row["gross_per_job_uncapped"]), law.cite(cap_param),
                         cap_note, bool(row["per_job_cap_binding"]), cap_param))
    out.append(_retained_component(row, law))
    if row["mrera_tier"] is not None:
        out.append(Component(
            "mrera", "mrera",
            f"MRERA alternative, tier {row['mrera_tier']}: {money(row['mrera_alternative_total'])} a year over "
            f"{number(row['total_jobs'])} jobs"
            + (" (used: greater than the standard amount)" if row["mrera_alternative_used"] else " (not used)"),
            float(row["mrera_alternative_per_job"]), law.cite("mrera_min_jobs"),
            f"Register 7: whichever annual total is greater is used; the per-job caps and the "
            f"{percent(law.retained_share)} retained rule do not apply to the alternative.",
            bool(row["mrera_alternative_used"]), "mrera_min_jobs"))
    out.append(_annual_cap_component(row, law))
    return out


def _retained_component(row: Row, law: Law) -> Component:
    param = row["retained_parameter"]
    if param == "retained_share_exception":
        label = f"Retained jobs at {percent(law.retained_share_exception)} of gross (exception)"
    elif param == "retained_capital_fraction":
        label = (f"Retained jobs limited to {fraction_words(law.retained_capital_fraction)} of capital investment "
                 f"/ jobs ({money(row['retained_capital_limit'])})")
    else:
        label = f"Retained jobs at {percent(law.retained_share)} of gross"
    limit = "the capital limit" if law.retained_capital_fraction is None else \
        f"the {fraction_words(law.retained_capital_fraction)} limit"
    return Component("retained", "retained", label, float(row["standard_per_job_retained"]), law.cite(param),
                     f"Register 6: {limit} divides by new + retained jobs.",
                     bool(row["standard_per_job_retained"] < row["gross_per_job"]), param)


def _annual_cap_component(row: Row, law: Law) -> Component:
    cap, limit = row["annual_cap"], row["annual_limit"]
    param = row["annual_cap_parameter"] if limit == "statutory" else limit
    label = {
        "amount_necessary_threshold": "Annual cap: amount necessary to complete the project",
        "withholdings_share": f"Annual cap: {percent(law.withholdings_share)} of withholdings",
        "mrera_alternative_subject_to_f1": "No annual cap: the MRERA alternative as introduced",
    }.get(limit, f"Annual cap {money(row['statutory_annual_cap'])}")
    return Component("annual_cap", "annual_cap", label, float(cap), law.cite(param),
                     "Register 8: the cap in force after all limits.", bool(row["annual_cap_binding"]), param)


def notes(row: Row, law: Law) -> list[str]:
    out = []
    if row["tier_changed"]:
        out.append("Given as an other eligible area, but the site is a priority area by definition (s.2 "
                   "\"Priority area\" b, c: deep poverty pocket, port district, disaster recovery project, "
                   "incubator or transit oriented development); computed as a priority area (register 14).")
    withholdings = percent(law.withholdings_share)
    if row["withholdings_limit_applies"] and row["withholdings"] != row["withholdings"]:
        out.append(f"The {withholdings} of withholdings limit (s.5 f(5), (6)) was not applied: no withholdings "
                   "were given.")
    if row["withholdings_exempt"]:
        out.append(f"No {withholdings} of withholdings limit: the site is in an area in need of redevelopment or "
                   "rehabilitation (s.5 f).")
    if row["necessary_review"] and row["amount_necessary"] != row["amount_necessary"]:
        out.append(f"Above {money(law.amount_necessary_threshold)} a year the credit is limited to the amount the "
                   "authority finds necessary to complete the project (s.5 f); none was given, so no such limit "
                   "is applied.")
    if row["mrera_growth_zone"] and row["mrera_tier"] is None:
        out.append(f"The MRERA alternative needs at least {number(law.mrera_min_jobs[0])} jobs new to the "
                   f"municipality and {money(law.mrera_min_capital_investment[0])} of capital investment "
                   f"(s.5 d); this project has {number(row['jobs_new_to_municipality'])} and "
                   f"{money(row['capital_investment'])}.")
    if not row["eligible"]:
        out.append("Not eligible: the annual and total credit are $0; the per-job figures show what the project "
                   "would earn if it met the tests.")
    return out
