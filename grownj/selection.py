"""How the rules choose between amounts, row by row: the first condition that holds, one of two
amounts, an amount or nothing, the highest bound reached. On a few rows each is one numpy call;
on many rows each takes a branch-free form (a lookup in a small table of the amounts), which
runs several times faster when the conditions are unpredictable, as in a batch of mixed rows."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from .columns import Coded

# From this many rows, arithmetic beats np.where's branch per row; below it, one call beats three.
BRANCH_FREE_ROWS = 1024


def lookup(table, index: np.ndarray) -> np.ndarray:
    """table[index] for a short table and small integer codes. On many rows the codes are widened
    to numpy's index type first: take() on int8 codes ran 2-5x slower than the widening plus take()."""
    if np.size(index) < BRANCH_FREE_ROWS:
        return np.asarray(table)[index]
    return np.asarray(table).take(np.asarray(index).astype(np.intp))


def pick(conditions: list[np.ndarray], values: list, default) -> np.ndarray:
    """First value whose condition holds, row by row; `default` where none does."""
    return lookup([*values, default], first_true(conditions))


def either(condition: np.ndarray, if_true, if_false) -> np.ndarray:
    """np.where for two constants, as a lookup in a two-entry table. np.where branches on every
    row and runs about 3x slower when the condition is unpredictable, as in a batch of mixed rows."""
    if np.size(condition) < BRANCH_FREE_ROWS:
        return np.where(condition, if_true, if_false)
    return lookup([if_false, if_true], np.asarray(condition, dtype=bool).view(np.int8))


def amount_if(condition: np.ndarray, amount) -> np.ndarray:
    """`amount` where the condition holds, 0 elsewhere (amounts are finite). The flag is widened
    to 0.0/1.0 once and multiplied in place: a bool times a float casts inside the loop, 2x slower."""
    if np.size(condition) < BRANCH_FREE_ROWS:
        return np.multiply(condition, amount, dtype=float)
    out = np.asarray(condition, dtype=float)
    out *= amount
    return out


def amounts_if(conditions: list[np.ndarray], amounts: list) -> list[np.ndarray]:
    """[amount_if(condition, amount) for each pair], as one table of the flags widened to 0.0/1.0
    and multiplied by a column of the amounts: two numpy calls for any number of amounts."""
    table = np.asarray(conditions, dtype=float)
    table *= np.asarray(amounts, dtype=float)[:, np.newaxis]
    return list(table)


def bounds_passed(values: np.ndarray, bounds) -> np.ndarray:
    """How many of the ascending `bounds` each value has reached (value >= bound)."""
    if np.size(values) < BRANCH_FREE_ROWS:
        return np.searchsorted(bounds, values, side="right")  # one call; 15x slower a row on many rows
    return sum((values >= bound).view(np.int8) for bound in bounds)


def small_where(condition: np.ndarray, value: int, other: np.ndarray) -> np.ndarray:
    """np.where(condition, value, other) for small integer codes; on many rows as int8 arithmetic
    with no branch: other + condition * (value - other)."""
    condition = np.asarray(condition, dtype=bool)
    if condition.size < BRANCH_FREE_ROWS:
        return np.where(condition, np.int8(value), other)
    other = np.asarray(other, dtype=np.int8)
    return other + condition.view(np.int8) * (np.int8(value) - other)


def to_cents(amount: np.ndarray) -> np.ndarray:
    """Dollar thresholds to the cent, so that 60 x 10,000 x (1 - 1/3) is exactly $400,000."""
    return np.round(amount, 2)


def binary_code(*flags: np.ndarray) -> np.ndarray:
    """The flags read as the binary digits of a row's index into a table, the first the highest:
    one lookup in place of nested np.where."""
    code = np.asarray(flags[0], dtype=np.int8)
    for flag in flags[1:]:
        code = code * np.int8(2) + np.asarray(flag, dtype=bool).view(np.int8)
    return code


def first_true(conditions: list[np.ndarray]) -> np.ndarray:
    """Index of the first condition that holds, row by row; len(conditions) where none does."""
    if np.size(conditions[0]) < BRANCH_FREE_ROWS:
        # A few rows: one argmax down the conditions and a last row of True (one call, not five).
        return np.asarray([*conditions, np.ones(np.shape(conditions[0]), bool)]).argmax(axis=0)
    index = np.int8(len(conditions))
    for i in reversed(range(len(conditions))):
        index = small_where(conditions[i], i, index)
    return index


@lru_cache(maxsize=256)
def _member_table(all_choices: tuple[str, ...], wanted: tuple[str, ...]) -> np.ndarray:
    return np.isin(np.asarray(all_choices, dtype=object), np.asarray(wanted, dtype=object))


def one_of(values: Coded, choices) -> np.ndarray:
    """values in choices, row by row. A few rows: one lookup of each code in a table of the
    choices. Many rows: a comparison per choice, on one byte a row, 3-5x faster than indexing."""
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
