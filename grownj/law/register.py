"""The interpretation register (grownj/law/REGISTER.md, copied from the contract): our readings where
the statute is silent or unclear, numbered as the engine and the app cite them ("Register 7")."""
from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files

REGISTER_FILE = files(__package__) / "REGISTER.md"  # installed beside this module
ENTRY = re.compile(r"^(\d+)\. ", re.M)
CITED = re.compile(r"\bregister (\d+)\b", re.I)


@lru_cache(maxsize=1)
def entries() -> dict[int, str]:
    """Entry number -> its text, with the line breaks of the file closed up."""
    # The contract's entries come first; grownj's own notes on them follow under a heading.
    text = REGISTER_FILE.read_text(encoding="utf-8").split("\n## ", 1)[0]
    starts = list(ENTRY.finditer(text))
    ends = [m.start() for m in starts[1:]] + [len(text)]
    return {int(m.group(1)): " ".join(text[m.end():end].split()) for m, end in zip(starts, ends)}


def cited(text: str) -> list[int]:
    """The register entries a text cites, in order."""
    return [int(n) for n in CITED.findall(text)]
