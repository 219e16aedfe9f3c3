"""User-supplied text shown on a page is plain text: never markdown, never HTML."""
from __future__ import annotations

import re

_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")


def plain(text: str) -> str:
    """Escape markdown (and any HTML it could carry) so that st.error/st.warning show the text as typed."""
    return _MARKDOWN.sub(r"\\\1", str(text))



# A money column in a dataframe: whole dollars with separators ("dollar" would show cents).
DOLLARS = "$%,.0f"
