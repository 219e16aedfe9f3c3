"""Numbers in words the way the statute and its notices write them: "$1,500", "26.25", "90%",
"one-third". Each format is one scalar function; money and number also come as a column version
for a table's many sentences, which gives the scalar function's text row for row."""
from __future__ import annotations

import math
from datetime import date
from fractions import Fraction
from functools import partial
from typing import Callable

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc


# A number written plainly: a sign, digits with a point, an exponent. A spreadsheet reads such a
# cell ("-5") as that number, not as a formula, and Arrow and pandas read it as the same number.
PLAIN_NUMBER = r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?"


def whole_dollars(x: float, signed: bool = False) -> str:
    """A dollar figure as a person reads it, on screen and in files: whole dollars with separators,
    the sign first ("-$121,800,634"); `signed` adds "+" to a gain (st.metric colours a delta by its
    sign). Its short form is `short_dollars`, its form with cents `money`, its twins for a table
    `DOLLARS` (a grid's column), `money_column` (a column of text) and `hover_dollars` (a chart)."""
    return _dollar_figure(x, f"{abs(x):,.0f}" if x == x else "", signed)


def money(x: float) -> str:
    """An amount as the law writes it: whole dollars, and the cents where there are some
    ("$5,333,333.34"; "$1,500"), the sign first."""
    return _dollar_figure(x, f"{abs(x):,.2f}".removesuffix(".00") if x == x else "")


def to_the_cent(x: float) -> str:
    """Money where a cent decides, as a sale is checked against the credit held: every cent shown
    ("$40,000.01 is more than the $40,000.00"), the sign first."""
    return _dollar_figure(x, f"{abs(x):,.2f}" if x == x else "")


SHORT_MONEY = ((1e9, "B"), (1e6, "M"), (1e3, "K"))


def short_dollars(x: float) -> str:
    """Money where a row of figures must fit a narrow axis: "$260M", "-$1.5B", "$15K", the sign
    first; whole dollars below a thousand."""
    for size, unit in SHORT_MONEY:
        if abs(x) >= size:
            return _dollar_figure(x, f"{abs(x) / size:,.2f}".rstrip("0").rstrip(".") + unit)
    return whole_dollars(x)


def _dollar_figure(x: float, digits: str, signed: bool = False) -> str:
    """The digits of a dollar figure after its sign and "$": a minus for a loss that shows one, a
    "+" for a gain if `signed`; "none" for no figure (NaN)."""
    if not digits:
        return "none"
    shows = digits.strip("0.,") != ""
    return ("-" if x < 0 and shows else "+" if signed and x > 0 and shows else "") + "$" + digits


# The twins of whole_dollars in a table. A money column in a grid, as NumberColumn(**DOLLARS): whole
# dollars with separators and the sign first ("-$121,800,634"). The grid's "dollar" shows cents unless
# its step says whole dollars; a printf format ("$%,.0f") wrote a loss "$-121,800,634".
DOLLARS = {"format": "dollar", "step": 1}
# A count of jobs or people in a grid: whole, with separators ("1,192"), as `count` writes one.
COUNT = "%,.0f"
# A chance in a grid, as NumberColumn(**CHANCE): whole percents, as every chance on screen ("13%"; the
# grid's percent alone wrote "0.09%" beside "22.17%", a precision the Monte Carlo does not have).
CHANCE = {"format": "percent", "step": 0.01}
# A price in cents on a slider (a dollar of credit sold for "$0.90"), as printf writes it for the widget.
PRICE = "$%.2f"


def hover_dollars(name: str, cents: bool = False) -> str:
    """A chart's dollar figure in its hover text, as whole_dollars writes it ("-$2,000"; with `cents`,
    "$8,500.00"): plotly's `%{x:$,.0f}` puts the sign first, where "$%{x:,.0f}" wrote "$-2,000"."""
    return f"%{{{name}:$,.{2 if cents else 0}f}}"


def hover_count(name: str) -> str:
    """A chart's count (jobs, paths) or plain figure in its hover text, whole with separators: "1,192"."""
    return f"%{{{name}:,.0f}}"


def count(x: float) -> str:
    """A count of jobs, people or square feet as a person reads it: whole, with separators ("1,192")."""
    return f"{x:,.0f}"


_COUNT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_words(x: float) -> str:
    """A small count as a sentence writes it, in words up to ten ("seven bonuses", "a ten-year term"),
    and as `count` above."""
    return _COUNT_WORDS[int(x)] if 0 <= x < len(_COUNT_WORDS) and x == int(x) else count(x)


def long_date(day: date) -> str:
    """A date as the statute writes one: "September 18, 2014"."""
    return f"{day:%B} {day.day}, {day.year}"


def number(x: float) -> str:
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def percent(share: float) -> str:
    """A share of the law as the statute writes it: 0.9 is "90%"."""
    return f"{number(share * 100)}%"


# Units under which a value is a share, read as a percentage ("share of wages", "rate", "per year").
SHARE_UNITS = ("share", "rate", "per year", "fraction")
# Dollars per dollar (residents' income lost per dollar of credit) are a share of a dollar: in whole
# dollars 0.30 read "$0" and a range of them "$0 to $0".
PER_DOLLAR = "USD per USD"


def in_unit(x: float, unit: str) -> str:
    """A value as its unit says to read it: dollars whole ("$1,200"), dollars per dollar to the cent
    ("0.30"), a share, rate or yearly change as a percentage ("2.5%"), anything else (a ratio, jobs per
    job) as a number."""
    if unit.startswith(PER_DOLLAR):
        return f"{x:,.2f}"
    if unit.startswith("USD"):
        return whole_dollars(x)
    return percent(x) if unit.startswith(SHARE_UNITS) else number(x)


def from_unit(text: str, unit: str) -> float:
    """Text read back as in_unit writes it: "$1,200" is 1200; "2.5%" is 0.025, and so is a bare "2.5"
    in a box of shares, which shows percentages. ValueError if it is not a finite number."""
    cleaned = str(text).replace(",", "").replace("$", "").strip()
    in_percent = cleaned.endswith("%") or unit.startswith(SHARE_UNITS)
    value = float(cleaned.removesuffix("%")) / (100 if in_percent else 1)
    if not math.isfinite(value):
        raise ValueError(f"{text!r} is not a finite number")
    return value


def range_in_unit(low: float, high: float, unit: str) -> str:
    """What a box takes, in its unit: "from 0% to 100%", "$0 or more"."""
    if not math.isfinite(high):
        return f"{in_unit(low, unit)} or more"
    return f"from {in_unit(low, unit)} to {in_unit(high, unit)}"


_ORDINALS = {2: "half", 3: "third", 4: "quarter", 5: "fifth", 6: "sixth", 8: "eighth", 10: "tenth"}
_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 7: "seven", 9: "nine"}


def fraction_words(share: float) -> str:
    """A fraction of the law in the statute's words: 1/3 is "one-third", 1/10 "one-tenth"; a share
    they have no words for (a reform's 0 or 37%) as a percentage."""
    exact = Fraction(share).limit_denominator(100)
    if exact.numerator not in _COUNTS or exact.denominator not in _ORDINALS or abs(exact - share) > 1e-9:
        return percent(share)
    plural = "s" if exact.numerator > 1 and exact.denominator != 2 else ""
    return f"{_COUNTS[exact.numerator]}-{_ORDINALS[exact.denominator]}{plural}"


# The column versions work in whole cents. Up to ten billion a value times 100 is within a ten
# thousandth of a cent of its exact value, so rounding it gives the cent that Python's "%.2f"
# gives, except within a thousandth of a cent of a half: those values, negative ones (and -0),
# NaN and larger ones are left to the scalar function.
_LARGEST = 1e10
_NEAR_HALF = 1e-3
# A value's characters, right-aligned in a row of places: the whole part as four groups of three
# digits, each after a comma (",ddd,ddd,ddd,ddd", spaces before the first digit), then the point
# and two digits of the cents. Spaces stand where nothing shows; the commas and spaces before the
# first digit and the spaces at the end are trimmed off.
_DIGITS = 12
_PLACES = _DIGITS + _DIGITS // 3 + 3
_DIGIT_PLACES = np.array([p for p in range(_DIGITS + _DIGITS // 3) if p % 4])
_COMMA_PLACES = np.arange(0, _DIGITS + _DIGITS // 3, 4)
_POINT = _DIGITS + _DIGITS // 3
# The cents after the point, by their number: all of them (money) or without trailing zeros.
_CENTS = {True: pa.array([""] + [f".{c:02d}" for c in range(1, 100)]),
          False: pa.array([""] + [f".{c:02d}".rstrip("0") for c in range(1, 100)])}


def _cents(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(whole part, cents, rows left to the scalar function)."""
    with np.errstate(invalid="ignore", over="ignore"):
        scaled = values * 100
        rounded = np.rint(scaled)
        hard = ~(values < _LARGEST) | np.signbit(values) | (np.abs(np.abs(scaled - rounded) - 0.5) < _NEAR_HALF)
    cents = np.where(hard, 0, rounded).astype(np.int64)
    return cents // 100, cents % 100, hard


def _places(whole: np.ndarray, cents: np.ndarray, first: str, all_cents: bool) -> pa.Array:
    """Each value's characters in its row of places, `first` just before the first digit ("$" or
    nothing), the cents shown if any (all of them, or without trailing zeros), and trimmed."""
    n = len(whole)
    digits = pc.cast(pa.array(whole), pa.string())
    count = np.diff(np.frombuffer(digits.buffers()[1], np.int32, n + 1))
    padded = pc.ascii_lpad(digits, width=_DIGITS, padding=" ")
    chars = np.empty((n, _PLACES), np.uint8)
    chars[:, _COMMA_PLACES] = ord(",")
    chars[:, _DIGIT_PLACES] = np.frombuffer(padded.buffers()[2], np.uint8, n * _DIGITS).reshape(n, _DIGITS)
    if first:
        chars[np.arange(n), _POINT - count - (count - 1) // 3 - 1] = ord(first)
    some = cents != 0
    blank = np.uint8(ord(" "))
    chars[:, _POINT] = np.where(some, np.uint8(ord(".")), blank)
    chars[:, _POINT + 1] = np.where(some, (cents // 10 + ord("0")).astype(np.uint8), blank)
    chars[:, _POINT + 2] = np.where(some if all_cents else cents % 10 != 0, (cents % 10 + ord("0")).astype(np.uint8),
                                    blank)
    rows = pa.StringArray.from_buffers(n, pa.py_buffer(np.arange(0, (n + 1) * _PLACES, _PLACES, dtype=np.int32)),
                                       pa.py_buffer(chars))
    return pc.ascii_trim(rows, characters=" ,")


# A column whose first PROBE_ROWS values hold at most half as many distinct ones (NaN counted once)
# is taken to have few (an amount of the law, a bonus, a cap): each is then written once.
PROBE_ROWS = 64


def each_distinct(values: np.ndarray, write: Callable[[np.ndarray], pa.Array]) -> pa.Array:
    """write(values), with a column of few distinct values written once per value and taken by row."""
    if len(values) > PROBE_ROWS and 2 * len(np.unique(values[:PROBE_ROWS])) <= PROBE_ROWS:
        codes = pc.dictionary_encode(pa.array(values))
        if 2 * len(codes.dictionary) <= len(values):
            return write(codes.dictionary.to_numpy(zero_copy_only=False)).take(codes.indices)
    return write(values)


def _column(values, scalar, first: str, all_cents: bool) -> pa.Array:
    """`scalar` of each value as a string column."""
    return each_distinct(np.asarray(values, dtype=float), partial(_texts, scalar=scalar, first=first,
                                                                  all_cents=all_cents))


def _texts(values: np.ndarray, scalar, first: str, all_cents: bool) -> pa.Array:
    """`_column` one value at a time: the easy rows from their places, the others from `scalar`."""
    whole, cents, hard = _cents(values)
    if len(whole) and whole.max() < 1000:  # no thousands: the digits as they are, and the cents
        texts = pc.cast(pa.array(whole), pa.string())
        if cents.any():
            texts = pc.binary_join_element_wise(texts, _CENTS[all_cents].take(cents), "")
        if first:
            texts = pc.binary_join_element_wise(first, texts, "")
    else:
        texts = _places(whole, cents, first, all_cents)
    if not hard.any():
        return texts
    return pc.replace_with_mask(texts, pa.array(hard),
                                pa.array([scalar(x) for x in values[hard].tolist()], pa.string()))


def money_column(values) -> pa.Array:
    """`money` of each value, as a string column: the cents only where there are some."""
    return _column(values, money, "$", all_cents=True)


def number_column(values) -> pa.Array:
    """`number` of each value, as a string column: no trailing zeros after the point."""
    return _column(values, number, "", all_cents=False)


def least(x: float) -> float:
    """A minimum as whole units a person can meet: 18.75 jobs is 19, $5,333,333.34 is $5,333,334."""
    return float(np.ceil(x)) if x == x else x


def least_count(x: float) -> str:
    """A minimum count as the test reads it and as a person meets it: 18.75 jobs is "18.75 (19 whole)",
    since the combination test of s.3 a(1)(c) divides by 18.75 itself; a whole minimum is itself."""
    whole = least(x)
    return number(x) if whole == x or x != x else f"{number(x)} ({number(whole)} whole)"


# A template's format names ("{capital_investment:money}", "{bonus_c6_max:fraction}"), each with its
# words for one value; `COLUMNS` has the column versions of those that have one. A "least_" name
# writes a minimum in whole units (`least`).
WORDS = {"money": money, "number": number, "percent": percent, "fraction": fraction_words,
         "least_money": lambda x: money(least(x)), "least_number": least_count}
COLUMNS = {"money": money_column, "number": number_column,
           "least_money": lambda v: money_column(np.ceil(np.asarray(v, dtype=float))),
           "least_number": lambda v: pa.array([least_count(x) for x in np.asarray(v, dtype=float).tolist()],
                                              pa.string())}
