"""A choice's code in words, as a reader knows it: "rehab", "s_corporation" and "nj_qsss" are the
contract's codes, not labels. The tiers have their own names (explain.TIER_NAMES)."""
from __future__ import annotations

WORDS = {"rehab": "rehabilitation", "new": "new construction", "warehouse_distribution": "warehouse and distribution",
         "s_corporation": "S corporation", "nj_qsss": "NJ qualified S subsidiary"}


def choice_words(code: str) -> str:
    """The words for a choice, in lower case unless a name ("S corporation"): "life_sciences" is "life sciences"."""
    return WORDS.get(code, code.replace("_", " "))


def choice_label(code: str) -> str:
    """The words for a choice as an entry of a list: "Rehabilitation", "Life sciences"."""
    words = choice_words(code)
    return words[0].upper() + words[1:]
