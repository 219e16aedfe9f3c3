"""A parameter's name in words: the reform editor's boxes and the statute behind a component show
"Bonus c(12) revitalization index", not "bonus_c12_mri"."""
from __future__ import annotations

import re

# The short forms in parameter names, as a reader knows them.
WORDS = {"gsgz": "growth zone", "uth": "transit hub", "mrera": "MRERA", "erg": "ERG", "cbt": "CBT",
         "sjpd": "South Jersey Port District", "sda": "SDA", "tal": "TAL", "pv": "present value", "min": "minimum",
         "max": "maximum", "pct": "percent", "sq": "square", "ft": "feet", "mri": "revitalization index",
         "eoa": "EOA", "tco": "occupancy certificate", "leed": "LEED", "rehab": "rehabilitation",
         "nonindustrial": "non-industrial", "hq": "headquarters"}


def parameter_label(name: str) -> str:
    """A parameter's name in words: "cap_mega_gsgz" reads "Cap mega growth zone", "bonus_c4_..." "Bonus c(4) ..."."""
    words = [WORDS.get(w, re.sub(r"^([a-f])(\d+)$", r"\1(\2)", w)) for w in name.split("_")]  # f1 is f(1)
    text = " ".join(words)
    return text[0].upper() + text[1:]
