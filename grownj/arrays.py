"""Array helpers shared by the rules (numeric care, not law)."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

import numpy as np

# Ratios such as 1.2 / 1 - 1 land a hair under 0.2 in binary floating point; the
# statute's "each 20 percent" must count that as one full step.
STEP_TOLERANCE = 1e-9


def whole_steps(excess: np.ndarray, step: float) -> np.ndarray:
    """Number of complete `step`s in `excess` (a fraction above a reference), never negative."""
    steps = np.divide(excess, step)
    steps += STEP_TOLERANCE  # in place: one new column where four were made
    np.floor(steps, out=steps)
    return np.maximum(steps, 0, out=steps)


def stepped_amount(excess: np.ndarray, step: float, per_step: float, maximum: float) -> np.ndarray:
    """`per_step` for each complete `step` in `excess`, at most `maximum` (bonuses c(5), c(6), c(10))."""
    with np.errstate(over="ignore"):  # an absurd ratio only hits the maximum
        return np.minimum(whole_steps(excess, step) * per_step, maximum)


def safe_ratio(numerator: np.ndarray, denominator: np.ndarray, when_zero: float = 0.0) -> np.ndarray:
    """numerator / denominator, with `when_zero` where the denominator is 0."""
    if np.size(denominator) < BRANCH_FREE_ROWS:  # a few rows: fewer calls, each costing more than its work
        with np.errstate(over="ignore", divide="ignore", invalid="ignore"):  # x/0 is replaced
            return np.where(denominator != 0, np.true_divide(numerator, denominator), when_zero)
    denominator = np.asarray(denominator, dtype=float)
    out = np.full(np.broadcast(numerator, denominator).shape, when_zero, dtype=float)
    with np.errstate(over="ignore"):  # a huge ratio is fine: every use caps it
        np.divide(numerator, denominator, out=out, where=denominator != 0)
    return out


# numpy and Arrow let go of the GIL inside their loops, so on a big table two threads work on two
# columns, or two blocks of rows, at once. A small table stays on the caller's thread, where a
# hand-over costs more.
PARALLEL_ROWS = 100_000
_POOL_NAME = "grownj"
_WORKERS = ThreadPoolExecutor(2, thread_name_prefix=_POOL_NAME)


def column_map(fn, items: list[tuple], rows: int) -> list:
    """[fn(*item) for item in items], in order; on two threads when the table has many `rows`.
    A task already on the pool maps on its own thread: two tasks each waiting for a free thread
    would wait for ever."""
    if rows >= PARALLEL_ROWS and not threading.current_thread().name.startswith(_POOL_NAME):
        return list(_WORKERS.map(fn, *zip(*items)))
    return [fn(*item) for item in items]


# Rows in a block. On a million rows, compute in blocks of 250,000 on two threads took 0.14-0.16 s,
# against 0.24-0.28 s for one pass over the whole table; blocks of 500,000 took 0.18-0.20 s.
BLOCK_ROWS = 250_000


def row_blocks(rows: int) -> list[slice]:
    """The table cut into blocks of rows: one block for a small table, else at least two of
    at most BLOCK_ROWS and of equal size give or take a row."""
    count = 1 if rows < PARALLEL_ROWS else max(2, -(-rows // BLOCK_ROWS))
    size = max(1, -(-rows // count))
    return [slice(start, min(start + size, rows)) for start in range(0, rows, size)] or [slice(0, 0)]


def block_map(fn, rows: int) -> list:
    """[fn(block) for block in row_blocks(rows)], in order; on two threads when there are many rows."""
    return column_map(fn, [(block,) for block in row_blocks(rows)], rows)


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


# From this many rows, arithmetic beats np.where's branch per row; below it, one call beats three.
BRANCH_FREE_ROWS = 1024


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


def one_of(values: "Coded", choices) -> np.ndarray:
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


@lru_cache(maxsize=64)
def _lookup(choices: tuple[str, ...]) -> dict[str, int]:
    return {c: i for i, c in enumerate(choices)}


class Coded:
    """A column of choices held as small integer codes: `tier == "gsgz"` compares one byte a row
    instead of a whole string (about 20 times faster on a million rows)."""

    __array_priority__ = 1000  # numpy defers to our == and != against arrays

    def __init__(self, codes: np.ndarray, choices: tuple[str, ...]):
        self.codes = np.asarray(codes, dtype=np.int8)
        self.choices = tuple(choices)
        self._lookup = _lookup(self.choices)
        self._equal: dict[str, np.ndarray] = {}

    @classmethod
    def from_values(cls, values, choices: tuple[str, ...]) -> "Coded":
        lookup = _lookup(tuple(choices))
        return cls(np.fromiter((lookup[v] for v in values), np.int8), choices)

    def code(self, choice: str) -> int:
        return self._lookup[choice]

    def __eq__(self, choice: str) -> np.ndarray:  # type: ignore[override]
        # Rules ask `tier == "gsgz"` about ten times a call: each answer is kept, read-only.
        found = self._equal.get(choice)
        if found is None:
            found = self._equal[choice] = self.codes == self.code(choice)
            found.flags.writeable = False
        return found

    def __ne__(self, choice: str) -> np.ndarray:  # type: ignore[override]
        return self.codes != self.code(choice)

    def where(self, condition: np.ndarray, choice: str) -> "Coded":
        """`choice` where the condition holds, this column elsewhere."""
        return Coded(np.where(condition, self.code(choice), self.codes), self.choices)

    def __getitem__(self, i: int | slice) -> str | "Coded":
        if isinstance(i, slice):
            return Coded(self.codes[i], self.choices)
        return self.choices[self.codes[i]]

    def __len__(self) -> int:
        return len(self.codes)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.codes.shape

    def to_strings(self) -> np.ndarray:
        return np.asarray(self.choices, dtype=object)[self.codes]

    __hash__ = None  # type: ignore[assignment]
