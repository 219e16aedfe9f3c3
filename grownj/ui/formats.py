"""How the pages write figures and the law's words: the package's formatters and labels, read here
so that a page never reaches below the dashboard into the engine's internals."""
from ..machinery.formats import (CHANCE, COUNT, DOLLARS, PRICE, count, in_unit, long_date, number,
                                 short_dollars, whole_dollars)
from ..rules.location import MEGA_ITEM_WORDS
from ..words.choices import choice_label, tier_label, tier_name
from ..words.parameter_words import parameter_label

__all__ = ["CHANCE", "COUNT", "DOLLARS", "MEGA_ITEM_WORDS", "PRICE", "choice_label", "count", "in_unit", "long_date",
           "number", "parameter_label", "short_dollars", "tier_label", "tier_name", "whole_dollars"]
