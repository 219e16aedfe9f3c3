"""User-supplied text shown on a page is plain text: never markdown, never HTML."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

import pandas as pd

_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")


# A bare address ("http://x.org", "www.x.org", "me@x.org") is made a live link whatever the escaping;
# an invisible word joiner beside its ":", "." and "@" keeps it text (tried in Chromium). Only in
# what looks like an address: elsewhere the text stays exactly as typed.
JOINER = "\u2060"
_ADDRESS = re.compile(r"\S*(?:://|www\.|@)\S*", re.IGNORECASE)


def _unlinked(address: str) -> str:
    return address.replace(":", ":" + JOINER).replace(".", JOINER + ".").replace("@", JOINER + "@")


def plain(text: str) -> str:
    """Escape markdown (and any HTML it could carry) so that st.error/st.warning show the text as typed."""
    return _MARKDOWN.sub(r"\\\1", _ADDRESS.sub(lambda m: _unlinked(m.group()), str(text)))


def rounded(frame: pd.DataFrame, dollars: Iterable[str] = (), chances: Iterable[str] = ()) -> pd.DataFrame:
    """The frame with its `dollars` columns rounded to whole dollars and its `chances` to whole
    percents, as every figure on screen is: the grid's formats with a step cut the rest off (a walk
    read Holtec's $65,822.78 a new job as $65,822 in Compare's table beside $65,823 on the calculator;
    a chance of 12.9% would read 12%)."""
    return frame.assign(**{c: pd.to_numeric(frame[c]).round(0) for c in dollars},
                        **{c: pd.to_numeric(frame[c]).round(2) for c in chances})


def in_words(field: str, message: str) -> str:
    """A field's error as a reader says it: the field by its label, not its code ("Location tier:
    must be one of Garden State Growth Zone, ..." for "location_tier: must be one of gsgz, ..."),
    and any other field the message names by its label too. A field that is not one of the
    scenario's (a box's or a column's own name) is left as it is."""
    from ..rules.scenario import FIELDS
    from ..words.choices import field_choice_label

    f = FIELDS.get(field)
    why = message.removeprefix(f"{field}: ")
    if f is not None and f.kind == "choice":
        why = why.replace(f"one of {', '.join(f.choices)}",
                          "one of " + ", ".join(field_choice_label(field, c) for c in f.choices))
    # A tier named by code after its field ("(location_tier gsgz)").
    why = re.sub(r" \(location_tier \w+\)", "", why)  # the tier it names is in the words before it
    why = re.sub(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b",
                 lambda m: FIELDS[m.group()].label.lower() if m.group() in FIELDS else m.group(), why)
    return f"{f.label if f else field}: {why}"


def error_in_words(message: str) -> str:
    """A row's error as the engine writes it ("new_jobs: must be ..."), in words; other text as it is."""
    from ..rules.scenario import FIELDS

    field = message.partition(": ")[0]
    return in_words(field, message) if field in FIELDS else message


# A code name as a reader sees it: a field's, a result's or a parameter's label, a choice's words.
CODE_NAME = re.compile(r"`?\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`?")


# Names the register's formulas and the employment path use that no field or parameter labels.
OTHER_CODE_WORDS = {"min_new": "the minimum of new jobs", "min_retained": "the minimum of retained jobs",
                    "facility_sold_year": "the year the facility is sold", "pro_rata": "pro rata"}


@lru_cache(maxsize=1)
def _code_words() -> dict[str, str]:
    from ..law import enacted
    from ..rules.outputs import OUTPUTS
    from ..rules.scenario import FIELDS
    from ..words.choices import choice_words
    law = enacted()
    # A choice that is a code ("warehouse_distribution"), not a place's name or the empty municipality.
    choices = {c for f in FIELDS.values() if f.kind == "choice" for c in f.choices
               if isinstance(c, str) and c.isidentifier()}
    return {**OTHER_CODE_WORDS, **{c: choice_words(c) for c in choices},
            **{k: law.parameter(k).label for k in law._parameters},
            **{k: o.label for k, o in OUTPUTS.items()}, **{k: f.label for k, f in FIELDS.items()}}


def code_words(text: str) -> str:
    """`text` with each code name it quotes (a field, a result, a parameter, a choice) in its words,
    in quotation marks: the register is written for developers ("`annual_credit_uncapped`"), the
    page for a committee. A code name without words is left, and the page's test finds it."""
    words = _code_words()
    return CODE_NAME.sub(lambda m: f"\u201c{words[m.group(1)]}\u201d" if m.group(1) in words else m.group(0), text)
