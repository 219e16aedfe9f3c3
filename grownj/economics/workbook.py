"""The economist's workbook: the residents' view of one project laid out so that a reader
can recompute its net present value by hand. Year by year: the facility's jobs, the jobs the credit
causes and who fills them, each part of residents' real incomes, the credit and the discount factors;
then every assumption in force with its range, how the Monte Carlo draws it and its source; and a
summary whose NPV is the sum the sheet's own columns give."""
from __future__ import annotations

import numpy as np
import pandas as pd

from .residents import PARTS, Residents, point, table, yearly_streams

BENEFITS = [key for key in PARTS if key != "financing"]
RECOMPUTE = ("NPV = the sum over years of (Earnings + Property values + State budget + Local budgets) x "
             "Discount factor, plus the sum of Paying for the credit x Credit discount factor. Year 0 is "
             "construction (its taxes once, undiscounted).")


def years(r: Residents) -> pd.DataFrame:
    """One row a year (year 0: construction): jobs, who fills them, each part at the caused share, the
    credit in dollars of its year and what paying for it costs, and the two discount factors."""
    p, a = r.inputs, point(r.overrides)
    d = r.estimate
    caused = float(d.but_for[0] * d.caused_per_new[0])
    y = {key: np.asarray(v, dtype=float).reshape(-1) for key, v in yearly_streams(p, a).items()}
    inflation = float(a["inflation"][0, 0])
    drag = float(a[f"financing_drag_{r.options.financing}"][0, 0])
    paid = np.asarray(p.credit, dtype=float).reshape(-1)
    # The whole credit counts, however short the horizon (credit_pv): years past it are added as rows.
    rows = max(p.horizon, paid.size)
    credit = np.zeros(rows)
    credit[:paid.size] = paid

    def padded(x: np.ndarray) -> np.ndarray:
        return np.concatenate([x, np.zeros(rows - x.size)])
    year = np.arange(1, rows + 1)
    frame = pd.DataFrame({
        "Year": year,
        "Facility jobs": padded(y["facility_jobs"]),
        "Net new jobs were every job caused": padded(y["net_new_jobs"]),
        "Caused share": caused,
        "Net new jobs caused": padded(y["net_new_jobs"]) * caused,
        "Filled by residents who would not work": padded(y["newly_employed"]) * caused,
        "Filled by in-migrants": padded(y["in_migrants"]) * caused,
        "Filled by out-of-state commuters": padded(y["commuters"]) * caused,
        **{PARTS[key]: padded(y[key]) * caused for key in BENEFITS},
        "Discount factor": np.where(year <= p.horizon, (1 + p.discount_rate) ** -year.astype(float), 0.0),
        "Credit (dollars of its year)": credit,
        "Paying for the credit": -credit * (1 + drag),
        "Credit discount factor": ((1 + inflation) * (1 + p.discount_rate)) ** -year.astype(float),
    })
    construction = {column: 0.0 for column in frame.columns} | {
        "Year": 0, "Caused share": caused, PARTS["state_budget"]: float(y["construction"][0]) * caused,
        "Discount factor": 1.0, "Credit discount factor": 1.0}
    return pd.concat([pd.DataFrame([construction]), frame], ignore_index=True)


def npv_from(sheet: pd.DataFrame) -> float:
    """The NPV from the Years sheet's own columns, as RECOMPUTE says: what a reader does by hand."""
    benefits = sheet[[PARTS[key] for key in BENEFITS]].sum(axis=1) * sheet["Discount factor"]
    return float(benefits.sum() + (sheet["Paying for the credit"] * sheet["Credit discount factor"]).sum())


def assumptions(r: Residents) -> pd.DataFrame:
    """Every assumption of the view: the value in force (the reader's where given), its range, how the
    Monte Carlo draws it (held where the reader fixed it) and its source."""
    given = dict(r.overrides or {})
    return pd.DataFrame([{
        "Assumption": name, "Label": e.label, "Value used": given.get(name, e.value), "Default": e.value,
        "Low": e.low, "High": e.high, "Unit": e.unit,
        "Drawn": "held (fixed by the reader)" if name in r.fixed else e.distribution
        + (f" (log-sd {e.sigma:g})" if e.distribution == "lognormal" else ""),
        "Judgement": "yes" if e.judgement else "", "Source": e.source} for name, e in table().assumptions.items()])


def summary(r: Residents) -> pd.DataFrame:
    d = r.estimate
    rows = [("Discount rate (the reader's)", r.inputs.discount_rate), ("Horizon, years", r.inputs.horizon),
            ("Share of new-job decisions tipped", float(d.but_for[0])),
            ("Project jobs caused per unit of it", float(d.caused_per_new[0])),
            *((PARTS[key], r.parts[key]) for key in PARTS), ("Net present value", r.npv),
            ("Median of the Monte Carlo", r.uncertainty.p50), ("How to recompute it", RECOMPUTE)]
    return pd.DataFrame(rows, columns=["Item", "Value"])


def workbook(r: Residents) -> dict[str, pd.DataFrame]:
    """The sheets, in order, for engine.export.to_xlsx."""
    return {"Summary": summary(r), "Years": years(r), "Assumptions": assumptions(r)}
