"""The calculator's two tables in words: the eligibility tests, and where each dollar comes from,
with what adds to the credit kept apart from what limits it."""
from __future__ import annotations

import pandas as pd

from ..economics.net_benefit import Statutory
from ..machinery.formats import whole_dollars
from ..rules.result import Component, Result


def checks_frame(result: Result, net_benefit: Statutory | None = None) -> pd.DataFrame:
    """One row a test; its section in the test's name, so that four columns fit half a projector.
    With `net_benefit`, a last row for s.3 a(3)'s test: the model's estimate of a determination the
    authority makes ("and provides a net benefit to the State", s.5 f), which `eligible` (the
    statute's objective tests, s.3 b, c) leaves out."""
    rows = [{"Test": f"{c.test} ({c.citation})", "Threshold": c.threshold, "Project": c.value,
             "Result": "pass" if c.passed else "FAIL"} for c in result.checks]
    if net_benefit is not None and net_benefit.credit:
        low, high = net_benefit.benefit_band
        rows.append({"Test": "Net benefit to the State (s.3 a(3)): the model's estimate; the authority decides",
                     "Threshold": f"{net_benefit.ratio_required:.0%} of the credit over {net_benefit.years} years, "
                                  f"{whole_dollars(net_benefit.required)}",
                     "Project": f"{whole_dollars(net_benefit.benefit)} (between {whole_dollars(low)} and {whole_dollars(high)})",
                     "Result": net_benefit.verdict})
    return pd.DataFrame(rows).set_index("Test")


def effect(c: Component, result: Result) -> str:
    """What a component does to this project, read from the component (never worked out again)."""
    if c.kind in ("base", "bonus"):
        return f"adds {whole_dollars(c.amount)} a job"
    if c.kind in ("cap", "retained") and result.mrera_alternative_used:
        # The MRERA amount replaces both (s.5 d last paragraph): "a retained job earns $5,500" beside a
        # headline of $65,823 a retained job read as a second, wrong credit.
        return "does not apply: the MRERA alternative is used"
    if c.kind == "cap":
        return f"cuts {whole_dollars(-c.amount)} a job" if c.binding else "not reached"
    if c.kind == "retained":
        return f"a retained job earns {whole_dollars(c.amount)}"
    if c.kind == "mrera":
        return f"replaces the per-job amounts: {whole_dollars(c.amount)} a job" if c.binding else "not used"
    if c.amount == float("inf"):  # the MRERA alternative as introduced stood outside s.5 f: no cap at all
        return "no annual cap: the MRERA alternative stands outside s.5 f in this law"
    return f"limits the year to {whole_dollars(c.amount)}" + (": binding" if c.binding else "; not reached")


def components_frame(result: Result) -> pd.DataFrame:
    return pd.DataFrame([{"Component": c.label,
                          "Per job a year": whole_dollars(c.amount) if c.kind in ("base", "bonus", "retained", "mrera")
                          else "",
                          "What it does here": effect(c, result), "Citation": c.citation,
                          "Interpretation": c.note or ""} for c in result.components]).set_index("Component")
