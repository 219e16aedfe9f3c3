"""How the rules choose, row by row, by name: the first named option whose condition holds, the
highest tier met, one of two amounts, an amount or nothing, the amount of the band reached. A
choice is a column of names (`Coded`), so that the explanation can read which parameter applied.

Execution, not law: on a few rows each helper is one numpy call; on many rows each takes a
branch-free form (a lookup in a small table of the amounts), which is several times faster when
the conditions are unpredictable, as in a batch of mixed rows (README, Speed)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from .columns import Coded

# A column of names, one a row: what `choose` and `highest_met` return, and the type of a
# choice field such as the location tier. The rules read it by name (`tier == "gsgz"`).
Choice = Coded

# From this many rows, arithmetic beats np.where's branch per row; below it, one call beats three.
BRANCH_FREE_ROWS = 1024


def choose(options: Sequence[tuple[np.ndarray, Any]], otherwise: Any) -> Coded:
    """The name of the first option whose condition holds, row by row; `otherwise` where none
    does. Names are parameter names (`law[name]` is the amount) or the law's own words."""
    names = (*(name for _, name in options), otherwise)
    if len(set(names)) != len(names):
        raise ValueError(f"choose: each option needs its own name, got {names}")
    return Coded(_first_true([condition for condition, _ in options]), names)


def highest_met(conditions: Mapping[Any, np.ndarray], none: Any = None) -> Coded:
    """The name of the highest of ascending tiers whose condition holds, `none` where none does.
    The codes rise with the tier (`none` is 0), so a later tier compares greater."""
    code = np.zeros(np.shape(next(iter(conditions.values()))), np.int8)
    for rank, condition in enumerate(conditions.values(), start=1):
        code = _where_code(condition, rank, code)
    return Coded(code, (none, *conditions))


def highest_so_far(tiers: Coded, axis: int = -1) -> Coded:
    """Along `axis` (the years), the highest tier reached so far, for tiers from highest_met."""
    return Coded(np.maximum.accumulate(tiers.codes, axis=axis), tiers.choices)


def rises_above(tiers: Coded, tier: Any) -> np.ndarray:
    """Where a column of tiers from highest_met is higher than `tier`."""
    return tiers.codes > tiers.code(tier)


def amount_of(chosen: Coded, amounts: Mapping[Any, float], dtype: type = float) -> np.ndarray:
    """Each row's amount for its chosen name: `amounts` is the law (by parameter name) or a table.
    Dollars are floats; a count of years asks for int."""
    return _take(np.asarray([amounts[name] for name in chosen.choices], dtype=dtype), chosen.codes)


def either(condition: np.ndarray, if_true, if_false) -> np.ndarray:
    """One of two amounts. np.where branches on every row and is slow when the
    condition is unpredictable: on many rows, a lookup in a two-entry table."""
    if np.size(condition) < BRANCH_FREE_ROWS:
        return np.where(condition, if_true, if_false)
    return _take([if_false, if_true], np.asarray(condition, dtype=bool).view(np.int8))


def amount_if(condition: np.ndarray, amount) -> np.ndarray:
    """`amount` where the condition holds, 0 elsewhere (amounts are finite). On many rows the flag
    is widened to 0.0/1.0 once and multiplied in place: a bool times a float casts inside the loop."""
    if np.size(condition) < BRANCH_FREE_ROWS:
        return np.multiply(condition, amount, dtype=float)
    out = np.asarray(condition, dtype=float)
    out *= amount
    return out


def amounts_if(fixed: Mapping[str, tuple[np.ndarray, float]]) -> dict[str, np.ndarray]:
    """{name: amount_if(condition, amount)} for each named (condition, amount), as one table of the
    flags widened to 0.0/1.0 and multiplied by a column of the amounts: two numpy calls in all."""
    table = np.asarray([condition for condition, _ in fixed.values()], dtype=float)
    table *= np.asarray([amount for _, amount in fixed.values()], dtype=float)[:, np.newaxis]
    return dict(zip(fixed, table))


def band_amount(values: np.ndarray, lower_bounds, amounts) -> np.ndarray:
    """The amount of the highest band whose lower bound the value reaches (value >= bound), 0 below
    the first: `lower_bounds` ascending, one amount each."""
    if np.size(values) < BRANCH_FREE_ROWS:
        reached = np.searchsorted(lower_bounds, values, side="right")
    else:  # a comparison per bound, on one byte a row: searchsorted is far slower a row on many rows
        reached = sum((values >= bound).view(np.int8) for bound in lower_bounds)
    return _take(np.concatenate(([0.0], amounts)), reached)


@lru_cache(maxsize=256)
def _member_table(all_choices: tuple[str, ...], wanted: tuple[str, ...]) -> np.ndarray:
    return np.isin(np.asarray(all_choices, dtype=object), np.asarray(wanted, dtype=object))


def one_of(values: Coded, choices) -> np.ndarray:
    """values in choices, row by row. A few rows: one lookup of each code in a table of the
    choices. Many rows: a comparison per choice, on one byte a row."""
    if len(values) < BRANCH_FREE_ROWS:
        return _member_table(values.choices, tuple(choices))[values.codes]
    out = np.zeros(len(values), bool)
    for choice in choices:
        out |= values.codes == values.code(choice)
    return out


def any_of(conditions) -> np.ndarray:
    """Row-wise or of boolean columns, without stacking them into one big array first."""
    conditions = list(conditions)
    out = conditions[0].copy()
    for condition in conditions[1:]:
        out |= condition
    return out


def _take(table, index: np.ndarray) -> np.ndarray:
    """table[index] for a short table and small integer codes; on many rows the codes are widened
    to numpy's index type first, which take() runs much faster on than on int8."""
    if np.size(index) < BRANCH_FREE_ROWS:
        return np.asarray(table)[index]
    return np.asarray(table).take(np.asarray(index).astype(np.intp))


def _where_code(condition: np.ndarray, value: int, other: np.ndarray) -> np.ndarray:
    """np.where(condition, value, other) for small integer codes; on many rows as int8 arithmetic
    with no branch: other + condition * (value - other)."""
    condition = np.asarray(condition, dtype=bool)
    if condition.size < BRANCH_FREE_ROWS:
        return np.where(condition, np.int8(value), other)
    other = np.asarray(other, dtype=np.int8)
    return other + condition.view(np.int8) * (np.int8(value) - other)


def _first_true(conditions: list[np.ndarray]) -> np.ndarray:
    """Index of the first condition that holds, row by row; len(conditions) where none does."""
    if not conditions:
        return np.zeros((), np.int8)
    if np.size(conditions[0]) < BRANCH_FREE_ROWS:
        # A few rows: one argmax down the conditions and a last row of True (one call, not five).
        return np.asarray([*conditions, np.ones(np.shape(conditions[0]), bool)]).argmax(axis=0)
    index = np.int8(len(conditions))
    for i in reversed(range(len(conditions))):
        index = _where_code(conditions[i], i, index)
    return index
