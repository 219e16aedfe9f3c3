"""The sentences of the s.3 b and c eligibility tests, each written once as a template. One
scenario's sentence is filled in from its row (`Sentence.text`, for `explain.checks`); a table's
failing rows get the same text a whole column at a time (`reasons_column`, for `evaluate_frame`).

A template's "{key:money}" or "{key:number}" is a result value in those words; a bare "{name}" is a
phrase of the law (a citation, where the minimums are reduced) that depends only on choices and
yes/no values, so a table works it out once for each combination of them."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from string import Formatter
from typing import Any, Callable, Mapping

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..law import Law
from ..machinery.columns import Coded
from ..machinery.formats import COLUMNS, WORDS, fraction_words
from ..machinery.text_columns import large, spread
from .choices import tier_name

Row = Mapping[str, Any]

# The kind of business each s.3 c job minimum is for, by its new-jobs parameter.
JOB_CATEGORY = {"min_new_jobs_startup_manufacturing": "a technology startup or manufacturing company",
                "min_new_jobs_targeted": "a targeted-industry business",
                "min_new_jobs_other": "a business outside the targeted industries"}


def _where_reduced(location_tier: str) -> str:
    """Where s.3 b and c reduce the minimums: a growth zone, or else one of the southern counties."""
    return f"a {tier_name('gsgz')}" if location_tier == "gsgz" else "a southern county"


@dataclass(frozen=True)
class Phrase:
    """Words that depend on a few choice or yes/no values of a row (`keys`) and on the law."""
    keys: tuple[str, ...]
    words: Callable[..., str]  # (law, *the keys' values) -> text

    def of(self, row: Row, law: Law) -> str:
        return self.words(law, *(row[key] for key in self.keys))


PHRASES = {
    "capital_cite": Phrase(("min_capital_parameter",), Law.section),
    "capital_reduced": Phrase(("reduced_minimums", "location_tier"), lambda law, reduced, tier: (
        f", reduced by {fraction_words(law.min_capital_reduction)} in {_where_reduced(tier)}" if reduced else "")),
    "jobs_cite": Phrase(("min_jobs_parameter", "reduced_minimums"), lambda law, parameter, reduced: (
        law.section(parameter) + (f", reduced by {fraction_words(law.min_jobs_reduction)}" if reduced else ""))),
    "job_category": Phrase(("min_jobs_parameter",), lambda law, parameter: JOB_CATEGORY[parameter]),
    "jobs_place": Phrase(("reduced_minimums", "location_tier"), lambda law, reduced, tier: (
        f" in {_where_reduced(tier)}" if reduced else "")),
}


def phrase(name: str, row: Row, law: Law) -> str:
    return PHRASES[name].of(row, law)


def _phrase_column(found: Phrase, values: Mapping[str, Any], law: Law) -> pa.Array:
    """The phrase of each row: worked out once for every combination of its keys' values (a
    handful), then taken by each row's combination."""
    columns = [values[key] for key in found.keys]
    domains = tuple(column.choices if isinstance(column, Coded) else (False, True) for column in columns)
    combination = np.zeros(len(columns[0]), np.intp)
    for column, domain in zip(columns, domains):
        combination = combination * len(domain) + (column.codes if isinstance(column, Coded) else column)
    return _phrase_texts(found, law, domains).take(combination)


@lru_cache(maxsize=64)
def _phrase_texts(found: Phrase, law: Law, domains: tuple[tuple, ...]) -> pa.Array:
    """The phrase for every combination of its keys' values, in the order of their product: the
    same for every block of a table, and for every table under one law."""
    return pa.array([found.words(law, *values) for values in product(*domains)], pa.string())


def _run(pieces: list) -> str | Phrase:
    """Fixed text and phrases side by side as one piece: the text itself, or one phrase of all
    their keys (a table then joins fewer pieces a row)."""
    if not any(isinstance(piece, Phrase) for piece in pieces):
        return "".join(pieces)
    keys = tuple(dict.fromkeys(key for piece in pieces if isinstance(piece, Phrase) for key in piece.keys))

    def words(law: Law, *values) -> str:
        row = dict(zip(keys, values))
        return "".join(piece if isinstance(piece, str) else piece.of(row, law) for piece in pieces)
    return Phrase(keys, words)


class Sentence:
    """A template, parsed once into pieces: fixed text and phrases run together, and the slots
    of numbers as (key, format)."""

    def __init__(self, template: str):
        # The pieces as written; a table's parts with fixed text and phrases run together.
        self.pieces: list[str | Phrase | tuple[str, str]] = []
        for text, name, spec, _ in Formatter().parse(template):
            self.pieces += [text] + ([] if name is None else [(name, spec) if spec else PHRASES[name]])
        self.parts: list[str | Phrase | tuple[str, str]] = []
        run: list[str | Phrase] = []
        for piece in self.pieces:
            if isinstance(piece, tuple):
                self.parts += [_run(run), piece]
                run = []
            else:
                run.append(piece)
        self.parts = [part for part in [*self.parts, _run(run)] if part != ""]
        # One row's: each slot filled once, then put in place by str.format.
        self.slots = list(dict.fromkeys(piece for piece in self.pieces if not isinstance(piece, str)))
        self.form = "".join(piece.replace("{", "{{").replace("}", "}}") if isinstance(piece, str)
                            else f"{{{self.slots.index(piece)}}}" for piece in self.pieces)
        self.keys = tuple(dict.fromkeys(key for part in self.parts if not isinstance(part, str)
                                        for key in (part.keys if isinstance(part, Phrase) else part[:1])))

    def text(self, row: Row, law: Law) -> str:
        return self.form.format(*[slot.of(row, law) if isinstance(slot, Phrase) else WORDS[slot[1]](row[slot[0]])
                                  for slot in self.slots])

    def column(self, values: Mapping[str, Any], law: Law) -> pa.Array:
        """The sentence of each row of `values` (columns by key, all of one length)."""
        filled: dict[tuple[str, str], pa.Array] = {}
        for part in self.parts:
            if isinstance(part, tuple) and part not in filled:
                filled[part] = COLUMNS[part[1]](values[part[0]])
        return pc.binary_join_element_wise(*(part if isinstance(part, str) else filled[part]
                                             if isinstance(part, tuple) else _phrase_column(part, values, law)
                                             for part in self.parts), "")


@dataclass(frozen=True)
class Test:
    """An eligibility test: the result key that says whether it is met, and its sentence either way."""
    passed: str
    met: Sentence
    unmet: Sentence

    def sentence(self, row: Row, law: Law) -> str:
        return (self.met if row[self.passed] else self.unmet).text(row, law)


_CAPITAL_HOW = "${capital_per_sq_ft:number} a sq ft of {gross_leasable_area:number} sq ft{capital_reduced}"
CAPITAL = Test(
    "capital_ok",
    Sentence("Capital investment {capital_investment:money} meets the minimum of "
             "{min_capital_investment:least_money} ("
             + _CAPITAL_HOW + "; {capital_cite})."),
    Sentence("Needs a capital investment of at least {min_capital_investment:least_money} (" + _CAPITAL_HOW
             + "; {capital_cite}); has {capital_investment:money}."))
JOBS = Test(
    "jobs_ok",
    Sentence("{new_jobs:number} new and {retained_jobs:number} retained jobs meet the minimum of "
             "{min_new_jobs:least_number} new or {min_retained_jobs:least_number} retained for "
             "{job_category}{jobs_place} ({jobs_cite})."),
    # Whole jobs alone, the exact reduced minimums in the combination that s.3 a(1)(c) adds up.
    Sentence("Needs {min_new_jobs:least_number} new jobs, {min_retained_jobs:least_number} retained jobs or a "
             "combination "
             "(new/{min_new_jobs:number} + retained/{min_retained_jobs:number} at least 1) for "
             "{job_category}{jobs_place} ({jobs_cite}; s.3 a(1)(c), register 10); has {new_jobs:number} new and "
             "{retained_jobs:number} retained."))
# In the order a scenario's reasons are given.
TESTS = (CAPITAL, JOBS)
# What the reasons read from a row, so that a table hands over only these.
REASON_KEYS = tuple(dict.fromkeys(key for test in TESTS for key in (test.passed, *test.unmet.keys)))


def reasons_column(values: Mapping[str, Any], law: Law) -> pa.Array:
    """The reasons of each row of `values` (all of them failing a test), as `explain.reasons` gives
    them joined by "; ". Each test's unmet sentence is written for the rows that fail it only, and
    laid into place among the others without a copy."""
    n = len(values[TESTS[0].passed])
    pieces, failed_before = [], None
    for test in TESTS:
        failing = ~np.asarray(values[test.passed], bool)
        rows = np.flatnonzero(failing)
        if failed_before is not None:  # "; " between two sentences
            pieces.append(_SEPARATOR.take((failed_before & failing).view(np.int8)))
        pieces.append(spread(test.unmet.column({key: values[key][rows] for key in test.unmet.keys}, law), rows, n))
        failed_before = failing if failed_before is None else failed_before | failing
    return pc.binary_join_element_wise(*pieces, large(""))


_SEPARATOR = pa.array(["", "; "], pa.large_string())
