"""The column type of a choice (a location tier, an industry): small integer codes standing for
the choice's text, so that a rule's `tier == "gsgz"` compares one byte a row, not a string."""
from __future__ import annotations

from functools import lru_cache

import numpy as np


@lru_cache(maxsize=64)
def _lookup(choices: tuple[str, ...]) -> dict[str, int]:
    return {c: i for i, c in enumerate(choices)}


def _code_type(n: int) -> type:
    """One byte a code for a tier or an industry; two for the 565 municipalities."""
    return np.int8 if n <= np.iinfo(np.int8).max else np.int16


class Coded:
    """A column of choices held as small integer codes."""

    __array_priority__ = 1000  # numpy defers to our == and != against arrays

    def __init__(self, codes: np.ndarray, choices: tuple[str, ...]):
        self.codes = np.asarray(codes, dtype=_code_type(len(choices)))
        self.choices = tuple(choices)
        self._lookup = _lookup(self.choices)
        self._equal: dict[str, np.ndarray] = {}

    @classmethod
    def from_values(cls, values, choices: tuple[str, ...]) -> "Coded":
        lookup = _lookup(tuple(choices))
        return cls(np.fromiter((lookup[v] for v in values), _code_type(len(lookup))), choices)

    def code(self, choice: str) -> int:
        return self._lookup[choice]

    def __eq__(self, choice: str) -> np.ndarray:  # type: ignore[override]
        # The rules ask the same question of a column several times (is the tier a growth
        # zone?): each answer is kept, read-only.
        found = self._equal.get(choice)
        if found is None:
            found = self._equal[choice] = self.codes == self.code(choice)
            found.flags.writeable = False
        return found

    def __ne__(self, choice: str) -> np.ndarray:  # type: ignore[override]
        return self.codes != self.code(choice)

    def where(self, condition: np.ndarray, choice: str) -> "Coded":
        """`choice` where the condition holds, this column elsewhere."""
        return Coded(np.where(condition, self.code(choice), self.codes), self.choices)

    def __getitem__(self, i: int | slice | np.ndarray) -> str | "Coded":
        if isinstance(i, (slice, np.ndarray)):
            return Coded(self.codes[i], self.choices)
        return self.choices[self.codes[i]]

    def __len__(self) -> int:
        return len(self.codes)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.codes.shape

    def to_strings(self) -> np.ndarray:
        return np.asarray(self.choices, dtype=object)[self.codes]

    __hash__ = None  # type: ignore[assignment]
