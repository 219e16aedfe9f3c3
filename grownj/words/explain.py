"""Words for the numbers: eligibility checks, components and notes for one row of `rules.compute`."""
from __future__ import annotations

import string
from typing import Any, Mapping, Sequence

from . import sentences
from ..law import Law
from ..machinery.formats import WORDS, fraction_words, money, number, percent
from ..rules.credit import BONUSES
from ..rules.result import Check, Component
from .choices import tier_label, tier_name

Row = Mapping[str, Any]


class _LawWords(string.Formatter):
    """Fills "{bonus_c6_step:money}" from the law: a parameter's value in the statute's words."""

    SPECS = {**WORDS, "before": lambda x: number(x - 1)}  # the last count below a band's lower bound

    def __init__(self, law: Law):
        self.law = law

    def get_value(self, key, args, kwargs):
        return self.law[key]

    def format_field(self, value, format_spec):
        return self.SPECS[format_spec](value)


def law_words(template: str, law: Law) -> str:
    """A sentence whose statutory numbers are named parameters: "{bonus_c6_max:money}" is "$1,500"."""
    return _LawWords(law).format(template)


def checks(row: Row, law: Law) -> list[Check]:
    """The s.3 b and c tests as sentences a person understands."""
    capital = Check(
        test="Minimum capital investment",
        # s.3 b sets the minimum per square foot: with no floor area given there is none to meet, which a
        # bare "$0" against "$0" would pass in silence.
        threshold=WORDS["least_money"](row["min_capital_investment"])
        + (" (no floor area given)" if not row["gross_leasable_area"] else ""),
        value=money(row["capital_investment"]),
        passed=bool(row["capital_ok"]),
        citation=sentences.phrase("capital_cite", row, law),
        sentence=sentences.CAPITAL.sentence(row, law),
    )
    min_new, min_retained = (WORDS["least_number"](row[k]) for k in ("min_new_jobs", "min_retained_jobs"))
    jobs = Check(
        test="Minimum full-time jobs",
        threshold=f"{min_new} new or {min_retained} retained, or a combination",
        value=f"{number(row['new_jobs'])} new, {number(row['retained_jobs'])} retained",
        passed=bool(row["jobs_ok"]),
        citation=sentences.phrase("jobs_cite", row, law),
        sentence=sentences.JOBS.sentence(row, law),
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
    base_label = tier_name(tier) if tier in ("gsgz", "uth") or base_param != "base_gsgz_uth_mega" else "mega project"
    out = [Component("base", "base", f"Base amount, {base_label}", float(row["base_per_job"]), law.cite(base_param),
                     parameter=base_param)]
    for bonus in BONUSES:
        amount = float(row[f"bonus_{bonus.key}"])
        if amount:
            out.append(Component(bonus.key, "bonus", f"c({bonus.key[1:]}) {law_words(bonus.label, law)}", amount,
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
                     bool(row["retained_binding"]), param)


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


def _not_given(value) -> bool:
    """An optional field left empty: None in a scenario, NaN in a table's column."""
    return value is None or value != value


def notes(row: Row, law: Law) -> list[str]:
    out = []
    if row["tier_changed"]:
        out.append(f"Given as an {tier_name('other')}, but the site is a {tier_name('priority')} by definition (s.2 "
                   f"\"{tier_label('priority')}\" b, c: deep poverty pocket, port district, disaster recovery project, "
                   f"incubator or transit oriented development); computed as a {tier_name('priority')} (register 14).")
    withholdings = percent(law.withholdings_share)
    if row["withholdings_limit_applies"] and _not_given(row["withholdings"]):
        out.append(f"The {withholdings} of withholdings limit (s.5 f(5), (6)) was not applied: no withholdings "
                   "were given.")
    if row["withholdings_exempt"]:
        out.append(f"No {withholdings} of withholdings limit: the site is in an area in need of redevelopment or "
                   "rehabilitation (s.5 f).")
    if row["necessary_review"] and _not_given(row["amount_necessary"]):
        out.append(f"Above {money(law.amount_necessary_threshold)} a year the credit is limited to the amount the "
                   "authority finds necessary to complete the project (s.5 f); none was given, so no such limit "
                   "is applied.")
    if row["mrera_growth_zone"] and row["mrera_tier"] is None:
        # The least that any of s.5 d's tiers asks: below it, no tier is met.
        out.append(f"The MRERA alternative needs at least {number(min(law.mrera_min_jobs))} jobs new to the "
                   f"municipality and {money(min(law.mrera_min_capital_investment))} of capital investment "
                   f"(s.5 d); this project has {number(row['jobs_new_to_municipality'])} and "
                   f"{money(row['capital_investment'])}.")
    if not row["eligible"]:
        out.append("Not eligible: the annual and total credit are $0; the per-job figures show what the project "
                   "would earn if it met the tests.")
    return out
