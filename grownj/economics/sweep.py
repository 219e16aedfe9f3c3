"""One input swept over a range with the rest of the project held: the annual credit as a curve,
computed in one vectorised call, and the points where a rule switches (a minimum met, a bonus
band, a mega project, an MRERA tier), read from the results themselves."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..engine.evaluation import evaluate
from ..engine.frame import evaluate_frame
from ..law import Law
from ..rules.result import Result
from ..rules.scenario import FIELDS, Scenario
from .net_benefit import Assumptions, net_benefit

# The inputs a person sweeps, and the result columns whose change marks a threshold, in words.
SWEPT = ("new_jobs", "retained_jobs", "average_salary", "capital_investment")
SWITCHES = {"eligible": "eligibility", "mega_project": "mega project", "base_per_job": "base amount",
            "per_job_cap": "per-job cap", "mrera_tier": "MRERA tier",
            **{f"bonus_c{i}": f"bonus c({i})" for i in range(1, 17)}}
POINTS = 1001  # whole jobs up to 1,000: a threshold is found at its exact value


@dataclass(frozen=True)
class Sweep:
    field: str
    label: str
    values: np.ndarray
    annual_credit: np.ndarray
    current: float
    thresholds: dict[float, list[str]]  # first value at which rules have switched -> what switched


def _range(scenario: Scenario, field: str) -> np.ndarray:
    """From zero to twice the project's value (a sensible span when it is zero), whole numbers for counts."""
    current = float(getattr(scenario, field) or 0)
    top = 2 * current if current else {"new_jobs": 1000, "retained_jobs": 1000, "average_salary": 200_000,
                                       "capital_investment": 100_000_000}[field]
    values = np.linspace(0, top, POINTS)
    if field == "average_salary":
        # A salary of 0 is "not given": the net benefit then counts the county's salary, which drew
        # a spike at $0 at the start of the curve. The sweep starts at its first step instead.
        values = values[1:]
    return np.unique(np.round(values)) if FIELDS[field].whole else values


def _law(source: Scenario | Result, law: Law | None) -> Law | None:
    """The law asked for, else a result's own (the one it was computed under)."""
    return law or (source.law if isinstance(source, Result) else None)


def _scenario(source: Scenario | Result) -> Scenario:
    return source.scenario if isinstance(source, Result) else source


def sweep(source: Scenario | Result, field: str, law: Law | None = None) -> Sweep:
    """The annual credit over `field`'s range, the rest of the project (or of a result's) held."""
    scenario, law = _scenario(source), _law(source, law)
    if field not in SWEPT:
        raise ValueError(f"{field}: can sweep only {', '.join(SWEPT)}")
    values = _range(scenario, field)
    rows = pd.DataFrame([scenario.to_dict()] * len(values))
    rows[field] = values
    frame = evaluate_frame(rows, law, reasons=False)
    thresholds: dict[float, list[str]] = {}
    for column, words in SWITCHES.items():
        series = frame[column].astype(object).where(frame[column].notna(), None).to_numpy()
        for i in np.flatnonzero(series[1:] != series[:-1]) + 1:
            thresholds.setdefault(float(values[i]), []).append(words)
    return Sweep(field, FIELDS[field].label, values, frame["annual_credit"].to_numpy(dtype=float),
                 float(getattr(scenario, field) or 0), dict(sorted(thresholds.items())))


# Each point of the net benefit's curve is a whole schedule and both views: enough points for a
# smooth curve, few enough to draw at once (the README's speed table has the cost).
NET_BENEFIT_POINTS = 41


@dataclass(frozen=True)
class NetBenefitCurve:
    values: np.ndarray
    statutory_net_benefit: np.ndarray  # benefit less credit, as the authority publishes it
    economist_npv: np.ndarray


def net_benefit_curve(source: Scenario | Result, field: str, assumptions: Assumptions | None = None,
                      law: Law | None = None, horizon: int | None = None) -> NetBenefitCurve:
    """Both net benefit views over the same range as the credit's sweep, at fewer points, over the
    chosen horizon where a point allows it (s.3 a(3): a mega project's most may differ)."""
    scenario, law = _scenario(source), _law(source, law)
    values = _range(scenario, field)
    values = values[np.linspace(0, len(values) - 1, min(NET_BENEFIT_POINTS, len(values))).round().astype(int)]
    results = [evaluate(scenario.replace(**{field: _field_value(field, v)}), law) for v in values]
    views = [net_benefit(r, assumptions, law=law, horizon=horizon and min(horizon, int(r.net_benefit_years)))
             for r in results]
    return NetBenefitCurve(values, np.array([v.statutory.net_benefit for v in views]),
                           np.array([v.economist.npv for v in views]))


def _field_value(field: str, value: float) -> float | int:
    return int(value) if FIELDS[field].whole else float(value)
