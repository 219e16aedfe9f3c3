"""A choice's code in words, as a reader knows it: "rehab", "s_corporation" and "nj_qsss" are the
contract's codes, not labels. The location tiers by their names (rules.location.TIER_NAMES)."""
from __future__ import annotations

from ..rules.location import TIER_NAMES

WORDS = {"rehab": "rehabilitation", "new": "new construction", "warehouse_distribution": "warehouse and distribution",
         "s_corporation": "S corporation", "nj_qsss": "NJ qualified S subsidiary"}



def choice_words(code: str) -> str:
    """The words for a choice, in lower case unless a name ("S corporation"): "life_sciences" is "life sciences"."""
    return WORDS.get(code, code.replace("_", " "))


def _first_up(words: str) -> str:
    return words[0].upper() + words[1:]


def choice_label(code: str) -> str:
    """The words for a choice as an entry of a list: "Rehabilitation", "Life sciences"."""
    return _first_up(choice_words(code))


def tier_name(tier: str) -> str:
    """A location tier as a sentence names it: "priority area", "Garden State Growth Zone"."""
    return TIER_NAMES[tier]


def tier_label(tier: str) -> str:
    """A location tier as an entry of a list or the start of a sentence: "Priority area"."""
    return _first_up(TIER_NAMES[tier])


def field_choice_label(field: str, code: str) -> str:
    """A field's choice as an entry of a list: a tier by its name, any other choice by its words."""
    return tier_label(code) if field == "location_tier" and code in TIER_NAMES else choice_label(code)
