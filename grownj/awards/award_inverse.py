"""The engine run backwards: given what is known of a project and the award the authority approved,
which inputs would the statute need to reproduce it, and if none, why not.

Every candidate is a table row: what is known, with a few unknown fields assumed away from their
defaults. All candidates of a search go through one `evaluate_frame` call. Explanations are ranked
simplest first: fewest assumptions beyond what is known, then nearest the award. The ranges of the
numeric unknowns are found the same way, on a grid and then a finer grid at each edge."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..engine.evaluation import evaluate
from ..engine.frame import evaluate_frame
from ..law import Law, enacted
from ..machinery.fields import MAX_COUNT, MAX_MONEY, ScenarioError
from ..rules.scenario import FIELDS, MAX_YEARS, Scenario
from . import award_reasons as reasons

# Relative tolerance on the award total when none is given: awards are reported rounded.
DEFAULT_TOLERANCE = 0.01
# Candidates nearest the award that one more assumption is tried on.
BEAM = 300
# The most assumptions an explanation may make beyond what is known: a tier the maps decide and three
# bonuses is the most a published award has needed (a distressed municipality's $11,000 cap).
MAX_ASSUMPTIONS = 4
MAX_EXPLANATIONS = 10
# Points of the coarse grid for a range, then of the finer grids between two points at an edge, and
# how many rounds of those: three of 101 points narrow an edge a million times.
RANGE_POINTS, EDGE_POINTS, EDGE_ROUNDS = 241, 101, 3


def _log_grid(low: float, high: float, points: int) -> np.ndarray:
    return np.unique(np.concatenate([[0.0], np.geomspace(low, high, points)]))


# Job counts tried beyond the law's own thresholds: orders of magnitude for a project whose jobs were
# not reported (a search grid, not law).
JOB_MAGNITUDES = (10, 50, 100, 400, 1000, 2000)


def _job_counts(law: Law) -> list[int]:
    """The job counts at which the law changes the credit: each minimum (s.3 c), each c(7) band
    (s.5 c(7)), each MRERA tier (s.5 d) and one more than each mega project count ("more than", s.2)."""
    mins = [law[name] for name in law.parameters if name.startswith(("min_new_jobs_", "min_retained_jobs_"))]
    mega = [law[name] + 1 for name in ("mega_port_jobs", "mega_port_jobs_alone", "mega_uth_jobs",
                                       "mega_hq_new_jobs", "mega_redevelopment_jobs")]
    return sorted({int(j) for j in (*mins, *law.bonus_c7_lower_bounds, *law.mrera_min_jobs, *mega, *JOB_MAGNITUDES)
                   if j > 0})


def _options(name: str, known: dict[str, Any], award: float, law: Law, dense: bool = False,
             allowed: tuple | None = None) -> list[Any]:
    """The values tried for an unknown field, each away from its default: a flag set, another choice,
    or the amounts at which the law changes the credit (the award itself as an investment for the
    MRERA alternative, the award a year as an amount necessary or as the withholdings whose share
    it is, each salary step above the county's). `dense`: an investment on a grid fine enough to land
    within a tolerance of 1% alone. `allowed`: the choices the facts leave open (a municipality that
    is no growth zone cannot be one)."""
    f = FIELDS[name]
    per_year = award / known.get("eligibility_years", FIELDS["eligibility_years"].default)
    if name == "auto_manufacturer_us_hq" and known.get("industry", "transportation") != "transportation":
        return []  # s.5 c(11), e(2): an automobile manufacturer's headquarters; a business of another industry is not
    if f.kind == "bool":
        return [not f.default]
    if f.kind == "choice":
        return [c for c in (allowed or f.choices) if c != f.default]
    if name == "capital_investment":
        return sorted({float(award), *_log_grid(1e5, 5e9, 1100 if dense else 23)[1:]})
    if name in ("industrial_capital_investment", "gross_leasable_area"):
        return list(_log_grid(1e4, 2e9 if name != "gross_leasable_area" else 2e6, 12)[1:])
    if name in ("new_jobs", "retained_jobs"):
        return _job_counts(law)
    if name == "jobs_new_to_municipality":
        jobs = known.get("new_jobs", 0) + known.get("retained_jobs", 0)
        return [j for j in law.mrera_min_jobs if j <= jobs]
    if name == "average_salary":
        # Register 3: c(6) pays a step for each full share above the county average, up to its most.
        county, steps = known.get("county_average_salary", 0), int(law.bonus_c6_max // law.bonus_c6_step)
        return [round(county * (1 + law.bonus_c6_step_excess * k) + 1, 0) for k in range(1, steps + 1)] if county \
            else []
    if name == "amount_necessary":
        return [per_year]
    if name == "withholdings":
        return [per_year / law.withholdings_share]
    if name == "mri_2007":
        return [law.bonus_c12_mri_threshold + 1]
    if name == "eligibility_years":
        return [y for y in range(1, MAX_YEARS) if y != f.default]
    return []


@dataclass(frozen=True)
class Explanation:
    fields: dict[str, Any]  # the unknown fields assumed, with their values
    total_credit: float
    annual_credit: float
    words: str  # what was assumed and what decided the amount, with citations

    def to_dict(self) -> dict[str, Any]:
        return {"fields": self.fields, "total_credit": self.total_credit, "annual_credit": self.annual_credit,
                "words": self.words}


@dataclass(frozen=True)
class AwardExplanation:
    award_total: float
    tolerance: float
    law: str
    known: dict[str, Any]
    free: tuple[str, ...]
    computed_from_known: float
    explanations: tuple[Explanation, ...]
    ranges: dict[str, tuple[float, float | None]] = field(default_factory=dict)  # None: no upper limit found
    bounded: tuple[str, ...] = ()  # the unknowns whose range is narrower than every valid value
    why_not: str | None = None
    above_the_most: bool = False  # the award is above the most any input tried gives
    candidates: int = 0  # rows evaluated in the search

    @property
    def reproduced(self) -> bool:
        return bool(self.explanations)

    def to_dict(self) -> dict[str, Any]:
        return {"reproduced": self.reproduced, "award_total": self.award_total, "tolerance": self.tolerance,
                "law": self.law, "computed_from_known": self.computed_from_known,
                "explanations": [e.to_dict() for e in self.explanations],
                "ranges": {k: list(v) for k, v in self.ranges.items()}, "bounded": list(self.bounded),
                "why_not": self.why_not, "above_the_most": self.above_the_most,
                "free": list(self.free), "candidates": self.candidates}


def _frame(known: dict[str, Any], assumed: list[dict[str, Any]]) -> pd.DataFrame:
    """One row per candidate: the known fields, then each candidate's assumptions."""
    names = list(dict.fromkeys([*known, *(k for a in assumed for k in a)]))
    columns = {}
    for name in names:
        default = known.get(name, FIELDS[name].default)
        columns[name] = [a.get(name, default) for a in assumed]
    return pd.DataFrame(columns, index=range(len(assumed)))


def _run(known: dict[str, Any], assumed: list[dict[str, Any]], law: Law) -> pd.DataFrame:
    out = evaluate_frame(_frame(known, assumed), law, reasons=False)
    valid = out["error"].fillna("") == ""
    return out.assign(valid=valid, ok=valid & out["eligible"].fillna(False).astype(bool))


def _near(total: pd.Series, award: float, tolerance: float) -> np.ndarray:
    return (np.abs(total.to_numpy(float) - award) <= tolerance * award)


def _search(known: dict[str, Any], free: list[str], award: float, tolerance: float, law: Law,
            choices: dict[str, tuple]):
    """Candidates of one, two, then up to MAX_ASSUMPTIONS assumptions (each further one tried on the
    candidates nearest the award of the level before)."""
    singles = [{name: v} for name in free for v in _options(name, known, award, law, False, choices.get(name))]
    pairs = [{**a, **b} for a, b in itertools.combinations(singles, 2) if not set(a) & set(b)]
    alone = [{name: v} for name in free for v in _options(name, known, award, law, True, choices.get(name))]
    levels = [[{}], alone, pairs]
    found = [(level, _run(known, level, law)) for level in levels]
    while len(found) <= MAX_ASSUMPTIONS and not any(
            _near(f["total_credit"], award, tolerance)[f["ok"].to_numpy()].any() for _, f in found):
        # The candidates nearest the award from below and from above: a limit assumed next (the amount
        # necessary, withholdings) can only bring an amount down to it; a bonus only up.
        level, frame = found[-1]
        gap = frame["total_credit"].to_numpy(float) - award
        below, above = np.where(gap < 0, -gap, np.inf), np.where(gap >= 0, gap, np.inf)
        rows = [i for order in (np.argsort(below), np.argsort(above)) for i in order[:BEAM // 2]]
        nearest = [level[i] for i in dict.fromkeys(rows)]
        wider = list({tuple(sorted({**p, **s}.items())): {**p, **s}
                      for p in nearest for s in singles if not set(p) & set(s)}.values())
        if not wider:
            break
        found.append((wider, _run(known, wider, law)))
    return found


def _ranges(known: dict[str, Any], simplest: dict[str, Any], free: list[str], award: float, tolerance: float,
            law: Law) -> tuple[dict[str, tuple[float, float]], tuple[str, ...]]:
    """For each numeric unknown, the values that reproduce the award with the simplest explanation's
    other assumptions: the span of reproducing values around the one assumed (or its default); and
    the unknowns that span bounds (for the others every valid value reproduces the award)."""
    numeric = [n for n in free if FIELDS[n].type == "number" and n != "mri_2007"]
    base = {**known, **simplest}
    grids = {}
    for name in numeric:
        f = FIELDS[name]
        top = MAX_COUNT if f.whole else MAX_MONEY
        if name == "eligibility_years":
            grids[name] = np.arange(1, MAX_YEARS + 1, dtype=float)
        elif f.whole:
            grids[name] = np.unique(np.round(_log_grid(1, min(top, 100_000), RANGE_POINTS)))
        else:
            grids[name] = _log_grid(1e3, top, RANGE_POINTS)
        # The explained value itself is a grid point: the band of values that reproduce an award can
        # be narrower than a step of the grid (the MRERA alternative's award is the investment itself,
        # within 1%, s.5 d), and the range must hold the value the explanation gives.
        seed = base.get(name, f.default)
        if seed is not None:
            grids[name] = np.unique(np.append(grids[name], float(seed)))
    rows = [{**simplest, name: (int(v) if FIELDS[name].whole else float(v))} for name, grid in grids.items()
            for v in grid]
    if not rows:
        return {}, ()
    hits, valid = _near_rows(known, rows, award, tolerance, law)
    out, edges, bounded, at = {}, [], [], 0
    for name, grid in grids.items():
        hit, ok = hits[at:at + len(grid)], valid[at:at + len(grid)]
        at += len(grid)
        value = base.get(name, FIELDS[name].default)
        value = 0.0 if value is None else float(value)
        span = _span(grid, hit, value)
        if span is None:
            continue
        out[name] = span
        if not (hit | ~ok).all():
            bounded.append(name)
        edges.append((name, grid, span))
    spans = _refined(known, simplest, edges, award, tolerance, law, out)
    # A span that reaches the top of the grid searched has no upper limit found: null in JSON.
    return {k: (_plain_number(k, low), None if high >= grids[k][-1] and k != "eligibility_years"
                else _plain_number(k, high)) for k, (low, high) in spans.items()}, tuple(bounded)


def _plain_number(name: str, value: float) -> int | float:
    return int(round(value)) if FIELDS[name].whole else round(float(value), 2)


def _near_rows(known, rows, award, tolerance, law) -> tuple[np.ndarray, np.ndarray]:
    """Which rows reproduce the award, and which are valid scenarios at all."""
    frame = _run(known, rows, law)
    return _near(frame["total_credit"], award, tolerance) & frame["ok"].to_numpy(), frame["valid"].to_numpy()


def _span(grid: np.ndarray, hit: np.ndarray, value: float) -> tuple[float, float] | None:
    """The run of reproducing grid points nearest `value`, as (low, high)."""
    if not hit.any():
        return None
    at = int(np.argmin(np.abs(grid - value)))
    if not hit[at]:
        at = int(np.flatnonzero(hit)[np.argmin(np.abs(grid[hit] - value))])
    low = high = at
    while low > 0 and hit[low - 1]:
        low -= 1
    while high < len(grid) - 1 and hit[high + 1]:
        high += 1
    return float(grid[low]), float(grid[high])


def _refined(known, simplest, edges, award, tolerance, law, out) -> dict[str, tuple[float, float]]:
    """Each edge of a span narrowed between the last grid point outside it and the first inside, on a
    finer grid each round (one evaluate_frame call a round for all the edges)."""
    brackets = {}
    for name, grid, (low, high) in edges:
        i, j = int(np.searchsorted(grid, low)), int(np.searchsorted(grid, high))
        if i > 0:
            brackets[(name, "low")] = (grid[i - 1], low)  # (outside, inside)
        if j + 1 < len(grid):
            brackets[(name, "high")] = (grid[j + 1], high)
    for _ in range(EDGE_ROUNDS):
        fines = {key: np.linspace(*pair, EDGE_POINTS) for key, pair in brackets.items()}
        rows = [{**simplest, name: (int(round(v)) if FIELDS[name].whole else float(v))}
                for (name, _), fine in fines.items() for v in fine]
        if not rows:
            break
        hits, at = _near_rows(known, rows, award, tolerance, law)[0], 0
        for key, fine in fines.items():
            hit = hits[at:at + len(fine)]
            at += len(fine)
            first = int(np.argmax(hit))  # fine runs from outside to inside: the first reproducing value
            if hit.any() and first > 0:
                brackets[key] = (fine[first - 1], fine[first])
    for (name, side), (_, inside) in brackets.items():
        value = round(inside) if FIELDS[name].whole else float(inside)
        out[name] = (value, out[name][1]) if side == "low" else (out[name][0], value)
    return out


def explain_award(known: dict[str, Any], award_total: float, tolerance: float = DEFAULT_TOLERANCE,
                  free: list[str] | None = None, law: Law | None = None,
                  choices: dict[str, tuple] | None = None) -> AwardExplanation:
    """The simplest inputs that reproduce `award_total` within `tolerance` (relative), with the ranges
    of the numeric unknowns; or why no input consistent with the statute can. `choices` narrows a
    free choice field to the values the facts leave open."""
    law = law or enacted()
    Scenario.from_dict(known)  # the known fields themselves must be valid
    # The award's place is a fact (approvals fills what it decides): no explanation moves the project.
    free = [n for n in FIELDS if n not in known and n != "municipality"] if free is None else list(free)
    for name in free:
        if name not in FIELDS:
            raise ScenarioError("free", f"unknown field {name!r}")
        if name in known:
            raise ScenarioError("free", f"{name!r} is known; a free field is one not given")
    found = _search(known, free, award_total, tolerance, law, choices or {})
    candidates = sum(len(level) for level, _ in found)
    from_known = float(found[0][1]["total_credit"].iloc[0])
    hits = []
    for level, frame in found:
        total = frame["total_credit"].to_numpy(float)
        near = _near(frame["total_credit"], award_total, tolerance) & frame["ok"].to_numpy()
        hits += [(len(level[i]), abs(total[i] - award_total), i, level[i]) for i in np.flatnonzero(near)]
    hits.sort(key=lambda h: h[:3])
    # One explanation for each set of fields assumed, the nearest: the ranges show the others' spread.
    # An assumption that changes nothing is not part of an explanation: a set of fields that holds a
    # simpler explanation's set is left out.
    kinds = {}
    for *_, assumed in hits:
        if not any(kind <= set(assumed) for kind in kinds):
            kinds[frozenset(assumed)] = assumed
    simplest = list(kinds.values())[:MAX_EXPLANATIONS]
    explanations = tuple(_explanation(known, _plain(assumed), law) for assumed in simplest)
    if explanations:
        ranges, bounded = _ranges(known, explanations[0].fields, free, award_total, tolerance, law)
        explanations = (_least_investment(known, explanations[0], ranges, award_total, tolerance, law),
                        *explanations[1:])
        return AwardExplanation(award_total, tolerance, law.name, known, tuple(free), from_known, explanations,
                                ranges, bounded, candidates=candidates)
    above, why_not = _why_not(known, found, award_total, tolerance, law)
    return AwardExplanation(award_total, tolerance, law.name, known, tuple(free), from_known, (), {}, (),
                            why_not=why_not, above_the_most=above, candidates=candidates)


def _least_investment(known: dict[str, Any], first: Explanation, ranges: dict, award: float, tolerance: float,
                      law: Law) -> Explanation:
    """An investment assumed only to meet a threshold (the s.3 b minimum, a mega project's "in excess
    of"), any amount from its range's low end up giving the same award, is assumed at that least and
    said so: not the grid's $5 billion."""
    low, high = ranges.get("capital_investment", (None, 0))
    if "capital_investment" not in first.fields or high is not None or low is None:
        return first
    least = _explanation(known, {**first.fields, "capital_investment": float(math.ceil(low))}, law,
                         at_least=("capital_investment",))
    return least if abs(least.total_credit - award) <= tolerance * award else first


def _plain(assumed: dict[str, Any]) -> dict[str, Any]:
    """Values as JSON has them: a whole number as an int, an amount as a float rounded to the cent."""
    return {k: int(v) if FIELDS[k].whole else round(float(v), 2) if isinstance(v, (float, np.floating)) else v
            for k, v in assumed.items()}


def _explanation(known: dict[str, Any], assumed: dict[str, Any], law: Law, at_least: tuple = ()) -> Explanation:
    result = evaluate({**known, **assumed}, law)
    return Explanation(dict(assumed), result.total_credit, result.annual_credit,
                       reasons.assumed_words(assumed, result, law, at_least))


def _why_not(known, found, award: float, tolerance: float, law: Law) -> tuple[bool, str]:
    """Whether the award is above the most the assumptions tried give, and why no input
    reproduces it: not eligible, above the most (at the inputs that give it), or between
    amounts (the nearest)."""
    rows = [(level[i], total) for level, frame in found
            for i, total in zip(np.flatnonzero(frame["ok"].to_numpy()),
                                frame["total_credit"].to_numpy(float)[frame["ok"].to_numpy()])]
    if not rows:
        return False, reasons.NOT_ELIGIBLE
    most, most_total = max(rows, key=lambda r: r[1])
    if award > most_total * (1 + tolerance):
        return True, reasons.above_the_most(award, evaluate({**known, **most}, law), law)
    nearest, total = min(rows, key=lambda r: abs(r[1] - award))
    return False, reasons.nothing_near(award, tolerance, total, _plain(nearest))
