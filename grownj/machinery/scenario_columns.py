"""The scenario's fields as columns: what every rule reads. Below the rules and the scenario's
validation alike, so that the cross-field check in `scenario.py` can read the rules' own facts
(total jobs, where MRERA is open) without the rules importing it back."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


class Columns(Mapping):
    """Scenario fields as equal-length arrays, one row per scenario; `c.new_jobs` reads a column.
    The columns are the object's own attributes, so `c.new_jobs` costs a plain attribute lookup
    (the rules read about a hundred a call; no field is named like a Mapping method)."""

    def __init__(self, columns: Mapping[str, Any] | None = None):
        self.__dict__.update(columns or {})

    def __getitem__(self, name: str) -> Any:
        return self.__dict__[name]

    def __setitem__(self, name: str, values: Any) -> None:
        self.__dict__[name] = values

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dict__)

    def __len__(self) -> int:
        return len(self.__dict__)

    def rows(self, block: slice) -> "Columns":
        """The same fields for a block of rows (views: nothing is copied)."""
        return Columns({name: values[block] for name, values in self.items()})
