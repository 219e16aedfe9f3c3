"""User-supplied text shown on a page is plain text: never markdown, never HTML."""
from __future__ import annotations

import re

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
# A chance in a dataframe, as NumberColumn(**CHANCE): whole percents, as every chance on screen ("13%"; the
# grid's percent alone wrote "0.09%" beside "22.17%", a precision the Monte Carlo does not have).
CHANCE = {"format": "percent", "step": 0.01}
# A count of jobs or people in a dataframe: whole, with separators ("1,192").
COUNT = "%,.0f"
