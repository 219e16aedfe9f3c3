"""User-supplied text shown on a page is plain text: never markdown, never HTML."""
from __future__ import annotations

import re
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


# A money column in a dataframe, as NumberColumn(**DOLLARS): whole dollars with separators and the
# sign first ("-$121,800,634"). The grid's "dollar" shows cents unless its step says whole dollars;
# a printf format ("$%,.0f") wrote a loss "$-121,800,634".
DOLLARS = {"format": "dollar", "step": 1}


def rounded(frame: pd.DataFrame, dollars: Iterable[str] = (), chances: Iterable[str] = ()) -> pd.DataFrame:
    """The frame with its `dollars` columns rounded to whole dollars and its `chances` to whole
    percents, as every figure on screen is: the grid's formats with a step cut the rest off (a walk
    read Holtec's $65,822.78 a new job as $65,822 in Compare's table beside $65,823 on the calculator;
    a chance of 12.9% would read 12%)."""
    return frame.assign(**{c: pd.to_numeric(frame[c]).round(0) for c in dollars},
                        **{c: pd.to_numeric(frame[c]).round(2) for c in chances})
# A chance in a dataframe, as NumberColumn(**CHANCE): whole percents, as every chance on screen ("13%"; the
# grid's percent alone wrote "0.09%" beside "22.17%", a precision the Monte Carlo does not have).
CHANCE = {"format": "percent", "step": 0.01}
# A count of jobs or people in a dataframe: whole, with separators ("1,192").
COUNT = "%,.0f"
