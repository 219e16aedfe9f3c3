"""Words for the numbers: eligibility checks, components and notes for one row of `rules.compute`."""
from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from .credit import ANNUAL_CAP_PARAMETERS, BONUSES, CAP_PARAMETERS
from .eligibility import JOB_CATEGORIES
from .law import Law
from .result import Check, Component

TIER_NAMES = {
    "gsgz": "Garden State Growth Zone",
    "uth": "urban transit hub municipality",
    "distressed": "distressed municipality",
    "priority": "priority area",
    "other": "other eligible area",
}
JOB_CATEGORY = ("a technology startup or manufacturing company", "a targeted-industry business",
                "a business outside the targeted industries")
MIN_CAPITAL_PARAMETERS = {("industrial", "rehab"): "min_capital_industrial_rehab",
                          ("industrial", "new"): "min_capital_industrial_new",
                          ("other", "rehab"): "min_capital_other_rehab", ("other", "new"): "min_capital_other_new"}

Row = Mapping[str, Any]


def money(x: float) -> str:
    return f"${x:,.2f}".replace(".00", "") if x == x else "none"


def dollars(x: float, signed: bool = False) -> str:
    """Whole dollars, "-$2,000"; `signed` adds "+" to a gain (st.metric colours a delta by its sign)."""
    return ("-" if x < 0 else "+" if signed and x > 0 else "") + f"${abs(x):,.0f}"


def number(x: float) -> str:
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def where_reduced(row: Row) -> str:
    return "a Garden State Growth Zone" if row["location_tier"] == "gsgz" else "a southern county"


# What `checks` reads from a row, so that a table can hand over only these.
CHECK_KEYS = ("premises", "construction", "reduced_minimums", "capital_per_sq_ft", "gross_leasable_area",
              "min_capital_investment", "capital_investment", "capital_ok", "job_category", "min_new_jobs",
              "min_retained_jobs", "new_jobs", "retained_jobs", "jobs_ok", "location_tier")


def checks(row: Row, law: Law) -> list[Check]:
    """The s.3 b and c tests as sentences a person understands."""
    capital_param = MIN_CAPITAL_PARAMETERS[(row["premises"], row["construction"])]
    capital_cite = law.cite(capital_param).split(",")[0]
    reduced = bool(row["reduced_minimums"])
    capital_how = (f"${number(row['capital_per_sq_ft'])} a sq ft of {number(row['gross_leasable_area'])} sq ft"
                   + (f", reduced by one-third in {where_reduced(row)}" if reduced else ""))
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
    category = int(row["job_category"])
    jobs_cite = law.cite(JOB_CATEGORIES[category][0]).split(",")[0] + (", reduced by one-quarter" if reduced else "")
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
    tier = row["location_tier"]
    base_param = ("base_gsgz_uth_mega" if tier in ("gsgz", "uth") or row["mega_project"]
                  else f"base_{tier}")
    base_label = "mega project" if row["mega_project"] and tier not in ("gsgz", "uth") else TIER_NAMES[tier]
    out = [Component("base", "base", f"Base amount, {base_label}", float(row["base_per_job"]), law.cite(base_param),
                     parameter=base_param)]
    for bonus in BONUSES:
        amount = float(row[f"bonus_{bonus.key}"])
        if amount:
            out.append(Component(bonus.key, "bonus", f"c({bonus.key[1:]}) {bonus.label}", amount,
                                 law.cite(bonus.parameter), bonus.note, parameter=bonus.parameter))
    cap_param = CAP_PARAMETERS[int(row["per_job_cap_index"])]
    capped = row["gross_per_job_uncapped"] > row["per_job_cap"]
    if row["disaster_recovery_project"]:
        cap_note = "Register 5: a disaster recovery project's $2,000 cap overrides the others."
    elif row["mrera_alternative_used"]:
        cap_note = "Register 7: the MRERA alternative, used here, is not held to the per-job caps."
    else:
        cap_note = None
    out.append(Component("per_job_cap", "cap", f"Per-job cap {money(row['per_job_cap'])}",
                         float(row["gross_per_job"] - row["gross_per_job_uncapped"]), law.cite(cap_param),
                         cap_note, bool(capped), cap_param))
    out.append(_retained_component(row, law))
    if row["mrera_tier"] is not None:
        out.append(Component(
            "mrera", "mrera",
            f"MRERA alternative, tier {row['mrera_tier']}: {money(row['mrera_alternative_total'])} a year over "
            f"{number(row['new_jobs'] + row['retained_jobs'])} jobs"
            + (" (used: greater than the standard amount)" if row["mrera_alternative_used"] else " (not used)"),
            float(row["mrera_alternative_per_job"]), law.cite("mrera_min_jobs"),
            "Register 7: whichever annual total is greater is used; the per-job caps and the 50% retained "
            "rule do not apply to the alternative.", bool(row["mrera_alternative_used"]), "mrera_min_jobs"))
    out.append(_annual_cap_component(row, law))
    return out


def _retained_component(row: Row, law: Law) -> Component:
    if row["retained_exception"]:
        label, param = "Retained jobs at 100% of gross (exception)", "retained_share_exception"
    elif row["retained_capital_limit"] < row["gross_per_job"] * law.retained_share:
        label = f"Retained jobs limited to one-tenth of capital investment / jobs ({money(row['retained_capital_limit'])})"
        param = "retained_capital_fraction"
    else:
        label, param = "Retained jobs at 50% of gross", "retained_share"
    return Component("retained", "retained", label, float(row["standard_per_job_retained"]), law.cite(param),
                     "Register 6: the one-tenth limit divides by new + retained jobs.",
                     bool(row["standard_per_job_retained"] < row["gross_per_job"]), param)


def _annual_cap_component(row: Row, law: Law) -> Component:
    cap = row["annual_cap"]
    if cap == row["necessary_cap"] and cap < row["statutory_annual_cap"]:
        label, param = "Annual cap: amount necessary to complete the project", "amount_necessary_threshold"
    elif cap == row["withholdings_cap"] and cap < row["statutory_annual_cap"]:
        label, param = "Annual cap: 90% of withholdings", "withholdings_share"
    elif cap == math.inf:
        label, param = "No annual cap: the MRERA alternative as introduced", "mrera_alternative_subject_to_f1"
    else:
        param = ANNUAL_CAP_PARAMETERS[int(row["annual_cap_index"])]
        label = f"Annual cap {money(row['statutory_annual_cap'])}"
    binding = row["annual_credit_uncapped"] > cap
    return Component("annual_cap", "annual_cap", label, float(cap), law.cite(param),
                     "Register 8: the cap in force after all limits.", bool(binding), param)


def notes(row: Row, law: Law) -> list[str]:
    out = []
    if row["tier_changed"]:
        out.append("Given as an other eligible area, but the site is a priority area by definition (s.2 "
                   "\"Priority area\" b, c: deep poverty pocket, port district, disaster recovery project, "
                   "incubator or transit oriented development); computed as a priority area (register 14).")
    if row["withholdings_limit_applies"] and row["withholdings"] != row["withholdings"]:
        out.append("The 90% of withholdings limit (s.5 f(5), (6)) was not applied: no withholdings were given.")
    if (row["location_tier"] in ("priority", "other") and not row["mega_project"]
            and (row["redevelopment_area"] or row["rehabilitation_area"])):
        out.append("No 90% of withholdings limit: the site is in an area in need of redevelopment or "
                   "rehabilitation (s.5 f).")
    if (row["annual_credit_uncapped"] > law.amount_necessary_threshold and not row["mrera_alternative_used"]
            and row["amount_necessary"] != row["amount_necessary"]):
        out.append("Above $4,000,000 a year the credit is limited to the amount the authority finds necessary "
                   "to complete the project (s.5 f); none was given, so no such limit is applied.")
    if row["mrera"] and row["mrera_tier"] is None:
        out.append(f"The MRERA alternative needs at least {number(law.mrera_min_jobs[0])} jobs new to the "
                   f"municipality and {money(law.mrera_min_capital_investment[0])} of capital investment "
                   f"(s.5 d); this project has {number(row['jobs_new_to_municipality'])} and "
                   f"{money(row['capital_investment'])}.")
    if not row["eligible"]:
        out.append("Not eligible: the annual and total credit are $0; the per-job figures show what the project "
                   "would earn if it met the tests.")
    return out
