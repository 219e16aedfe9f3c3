"""What leaves the rules, declared once as the scenario's fields are: each result key with its kind,
its label in words and the parameter it reports. `evaluate` and `evaluate_frame` shape their results
from these (`shaped`), the key lists are read from them, and a table written out takes its headers
and its formats from them. Adding an output is one declaration here and its formula in `compute`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from .location import MEGA_ITEM_WORDS, PRIORITY

# What an output is: an amount of money, a count (of jobs: a minimum may be a fraction once reduced),
# whole years, a yes or no, a choice among names (a tier, a parameter), a rate, or sentences.
KINDS = ("money", "count", "years", "flag", "choice", "rate", "text")
# Where it goes: the contract's result (evaluate's values, a table's columns) or a fact derived on the
# way that every view reads from the result instead of working it out again (Result.extra).
PARTS = ("result", "fact")

BONUS_KEYS = tuple(f"c{i}" for i in range(1, 17))


@dataclass(frozen=True)
class Output:
    """One result key. `parameter` is the parameter it reports: a parameter's name, or the output
    that names which one applied (base_parameter names the s.5 b paragraph of base_per_job). `cents`:
    money rounded to the cent as it is paid, the same way for one scenario and for a table. `each`: an
    output of several items, one column each (bonus_c1 ... bonus_c16, mega_a ...), as (key, words);
    its label says "{item}" where an item's words go."""
    name: str
    kind: str
    label: str
    parameter: str | None = None
    part: str = "result"
    cents: bool = False
    table: bool = True  # a column of evaluate_frame (a result's notes are written for one scenario only)
    each: tuple[tuple[str, str], ...] = ()
    column: str = "{name}_{key}"  # an item's column in `compute`

    def __post_init__(self):
        if self.kind not in KINDS or self.part not in PARTS:
            raise ValueError(f"output {self.name}: kind must be one of {KINDS}, part one of {PARTS}")

    @property
    def in_table(self) -> bool:
        return self.part == "result" and self.table

    @property
    def columns(self) -> dict[str, str]:
        """Its columns in `compute` and in a table, with their labels: one, or one an item."""
        if not self.each:
            return {self.name: self.label}
        return {self.column.format(name=self.name, key=key): self.label.format(item=words) for key, words in self.each}


def _money(name: str, label: str, parameter: str | None = None) -> Output:
    """An amount of the result, to the cent as paid."""
    return Output(name, "money", label, parameter, cents=True)


def _fact(name: str, kind: str, label: str, parameter: str | None = None, **more: Any) -> Output:
    """A fact derived on the way, read from the result by every view (Result.extra)."""
    return Output(name, kind, label, parameter, part="fact", **more)


def _declared(*outputs: Output) -> dict[str, Output]:
    """The outputs by name; a name declared twice is a mistake, not a replacement."""
    found: dict[str, Output] = {}
    for o in outputs:
        if o.name in found:
            raise ValueError(f"output {o.name} is declared twice")
        found[o.name] = o
    return found


# In the contract's order: a result's keys, then the facts. An output named *_parameter is the name of a parameter.
OUTPUTS: dict[str, Output] = _declared(
    Output("eligible", "flag", "Eligible"),
    Output("reasons", "text", "Why not eligible"),
    Output("mega_project", "flag", "Mega project"),
    _money("min_capital_investment", "Minimum capital investment", "min_capital_parameter"),
    Output("min_new_jobs", "count", "Minimum new jobs", "min_jobs_parameter"),
    Output("min_retained_jobs", "count", "Minimum retained jobs"),
    _money("base_per_job", "Base amount per job", "base_parameter"),
    Output("bonuses", "money", "Bonus {item} per job", each=tuple((k, f"c({k[1:]})") for k in BONUS_KEYS),
           column="bonus_{key}"),
    _money("gross_per_job_uncapped", "Gross per job before the cap"),
    _money("per_job_cap", "Per-job cap", "per_job_cap_parameter"),
    _money("gross_per_job", "Gross per job"),
    _money("per_job_new", "Per new job"),
    _money("per_job_retained", "Per retained job", "retained_parameter"),
    Output("mrera_tier", "choice", "MRERA alternative tier", "mrera_min_jobs"),
    _money("mrera_alternative_per_job", "MRERA alternative per job"),
    _money("annual_credit_uncapped", "Annual credit before the caps"),
    _money("annual_cap", "Annual cap", "annual_cap_parameter"),
    _money("annual_credit", "Annual credit"),
    Output("eligibility_years", "years", "Years the credit is allowed"),
    _money("total_credit", "Total credit"),
    Output("net_benefit_years", "years", "Net benefit test period (years)"),
    Output("net_benefit_ratio_required", "rate", "Net benefit required per dollar of credit"),
    Output("location_tier", "choice", "Location tier used"),
    Output("mrera_alternative_used", "flag", "MRERA alternative used"),
    Output("notes", "text", "Notes", table=False),
    _fact("capital_ok", "flag", "Meets the minimum capital investment"),
    _fact("jobs_ok", "flag", "Meets the minimum jobs"),
    _fact("tier_changed", "flag", f"A {PRIORITY} by definition"),
    _fact("total_jobs", "count", "New and retained jobs"),
    _fact("jobs_new_to_municipality", "count", "Jobs new to the municipality"),
    _fact("standard_annual", "money", "Annual credit by the standard amounts, before the caps"),
    _fact("mrera_alternative_total", "money", "MRERA alternative, a year"),
    _fact("statutory_annual_cap", "money", "Statutory annual cap", "annual_cap_parameter"),
    _fact("retained_exception", "flag", "Retained jobs at the exception's share", "retained_share_exception"),
    _fact("gsgz_or_mega", "flag", "In a growth zone or a mega project"),
    _fact("mrera_growth_zone", "flag", "A growth zone open to the MRERA alternative"),
    _fact("min_capital_parameter", "choice", "Which minimum capital investment applies"),
    _fact("min_jobs_parameter", "choice", "Which job minimums apply"),
    _fact("base_parameter", "choice", "Which base amount applies"),
    _fact("per_job_cap_parameter", "choice", "Which per-job cap applies"),
    _fact("per_job_cap_binding", "flag", "The per-job cap binds", "per_job_cap_parameter"),
    _fact("retained_parameter", "choice", "Which retained-jobs rule applies"),
    _fact("annual_cap_parameter", "choice", "Which statutory annual cap applies"),
    _fact("annual_limit", "choice", "Which annual limit binds"),
    _fact("annual_cap_binding", "flag", "An annual limit binds", "annual_limit"),
    _fact("mega_items", "choice", "Mega project item {item}", each=tuple((k, f"({k})") for k in MEGA_ITEM_WORDS),
          column="mega_{key}"),
)

RESULT_KEYS = tuple(name for name, o in OUTPUTS.items() if o.part == "result")  # the contract's, in order
FACT_KEYS = tuple(name for name, o in OUTPUTS.items() if o.part == "fact")
# A table's result columns, in order, with their headers in words (bonuses as bonus_c1 ... bonus_c16).
TABLE_COLUMNS: dict[str, str] = {column: label for o in OUTPUTS.values() if o.in_table
                                 for column, label in o.columns.items()}
# Every column an output is written in, to the output it belongs to.
COLUMN_OUTPUTS: dict[str, Output] = {column: o for o in OUTPUTS.values() for column in o.columns}


def shaped(out: Mapping[str, Any], outputs=None) -> dict[str, Any]:
    """The declared outputs' columns (all, or `outputs`) from `compute`'s: money to the cent where it
    is paid, no limit (infinity) as nothing (NaN, as not applicable), years as whole numbers; a choice
    as its coded column. Sentences are written apart, by the words."""
    columns = {}
    for o in OUTPUTS.values() if outputs is None else outputs:
        if o.kind == "text":
            continue
        for column in o.columns:
            values = out[column]
            if o.kind == "money":
                values = np.round(values, 2) if o.cents else values
                values = np.where(np.isinf(values), np.nan, values) if np.isinf(values).any() else values
            elif o.kind == "years":
                values = values.astype(int)
            columns[column] = values
    return columns
