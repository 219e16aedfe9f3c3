"""Numbers in words the way the statute and its notices write them: "$1,500", "26.25", "90%",
"one-third". Each format is one scalar function; money and number also come as a column version
for a table's many sentences, which gives the scalar function's text row for row."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc


def money(x: float) -> str:
    return f"${x:,.2f}".replace(".00", "") if x == x else "none"


def number(x: float) -> str:
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def percent(share: float) -> str:
    """A share of the law as the statute writes it: 0.9 is "90%"."""
    return f"{number(share * 100)}%"


_ORDINALS = {2: "half", 3: "third", 4: "quarter", 5: "fifth", 6: "sixth", 8: "eighth", 10: "tenth"}
_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 7: "seven", 9: "nine"}


def fraction_words(share: float) -> str:
    """A fraction of the law in the statute's words: 1/3 is "one-third", 1/10 "one-tenth"."""
    exact = Fraction(share).limit_denominator(100)
    plural = "s" if exact.numerator > 1 and exact.denominator != 2 else ""
    return f"{_COUNTS[exact.numerator]}-{_ORDINALS[exact.denominator]}{plural}"


# The column versions work in whole cents. Up to ten billion a value times 100 is within a ten
# thousandth of a cent of its exact value, so rounding it gives the cent that Python's "%.2f"
# gives, except within a thousandth of a cent of a half: those values, negative ones (and -0),
# NaN and larger ones are left to the scalar function.
_LARGEST = 1e10
_NEAR_HALF = 1e-3
# The whole part's characters: four groups of three digits, each after a comma (the first one's
# never shows). A place shows when the number has at least `_SHOWN_FROM` digits.
_GROUPS = 4
_GROUP_CHARS = np.frombuffer(b"".join(f",{g:03d}".encode() for g in range(1000)), np.uint32)  # 4 bytes a group
_SHOWN_FROM = np.array([3 * (_GROUPS - 1 - p // 4) + (4 - p % 4 if p % 4 else 4) for p in range(4 * _GROUPS)])
_POWERS = 10 ** np.arange(3 * _GROUPS, dtype=np.int64)
_THOUSANDS = 1000 ** np.arange(_GROUPS - 1, -1, -1, dtype=np.int64)


def _cents(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(whole part, cents, rows left to the scalar function)."""
    with np.errstate(invalid="ignore", over="ignore"):
        scaled = values * 100
        rounded = np.rint(scaled)
        hard = ~(values < _LARGEST) | np.signbit(values) | (np.abs(np.abs(scaled - rounded) - 0.5) < _NEAR_HALF)
    cents = np.where(hard, 0, rounded).astype(np.int64)
    return cents // 100, cents % 100, hard


def _whole_places(whole: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(characters, shown) of the whole part with thousands separators, one row a value."""
    chars = _GROUP_CHARS.take((whole[:, None] // _THOUSANDS) % 1000).view(np.uint8)
    count = np.maximum(np.searchsorted(_POWERS, whole, side="right"), 1)
    return chars, count[:, None] >= _SHOWN_FROM


def _strings(chars: list[np.ndarray], shown: list[np.ndarray]) -> pa.Array:
    """A string column made of the shown characters of each row, left to right."""
    chars, shown = np.hstack(chars), np.hstack(shown)
    offsets = np.zeros(len(chars) + 1, np.int32)
    np.cumsum(np.count_nonzero(shown, axis=1), out=offsets[1:])
    return pa.StringArray.from_buffers(len(chars), pa.py_buffer(offsets), pa.py_buffer(chars[shown]))


def _column(values, scalar, pieces) -> pa.Array:
    """`scalar` of each value as a string column: the easy rows from their characters in place,
    `pieces(whole-part characters, shown, cents)` giving them; the others from `scalar`."""
    values = np.asarray(values, dtype=float)
    whole, cents, hard = _cents(values)
    texts = _strings(*pieces(*_whole_places(whole), cents[:, None]))
    if not hard.any():
        return texts
    return pc.replace_with_mask(texts, pa.array(hard),
                                pa.array([scalar(x) for x in values[hard].tolist()], pa.string()))


def _fixed(text: str, rows: int) -> np.ndarray:
    return np.broadcast_to(np.frombuffer(text.encode(), np.uint8), (rows, len(text)))


def _cent_places(cents: np.ndarray) -> np.ndarray:
    """The point and the two digits of the cents, one row a value."""
    return np.hstack([_fixed(".", len(cents)), (cents // 10 + ord("0")).astype(np.uint8),
                      (cents % 10 + ord("0")).astype(np.uint8)])


def money_column(values) -> pa.Array:
    """`money` of each value, as a string column: the cents only where there are some."""
    def pieces(chars, shown, cents):
        n = len(chars)
        return ([_fixed("$", n), chars, _cent_places(cents)],
                [np.ones((n, 1), bool), shown, np.broadcast_to(cents != 0, (n, 3))])
    return _column(values, money, pieces)


def number_column(values) -> pa.Array:
    """`number` of each value, as a string column: no trailing zeros after the point."""
    def pieces(chars, shown, cents):
        some = cents != 0
        return [chars, _cent_places(cents)], [shown, some, some, cents % 10 != 0]
    return _column(values, number, pieces)
