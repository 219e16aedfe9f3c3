"""A result that explains itself: each component with its amount, label and citation."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..law import Law
from .outputs import RESULT_KEYS
from .scenario import Scenario


@dataclass(frozen=True)
class Component:
    """One line of the explanation: `kind` is base, bonus, cap, retained, mrera or annual_cap."""
    key: str
    kind: str
    label: str
    amount: float
    citation: str
    note: str | None = None
    binding: bool = False
    parameter: str | None = None  # the parameter it comes from, for the link to its passage


@dataclass(frozen=True)
class Check:
    """One eligibility test as the checklist shows it."""
    test: str
    threshold: str
    value: str
    passed: bool
    citation: str
    sentence: str


@dataclass(frozen=True)
class Result:
    scenario: Scenario
    values: dict[str, Any]
    components: tuple[Component, ...]
    checks: tuple[Check, ...]
    extra: dict[str, Any] = field(default_factory=dict)
    # The law it was computed under: whatever reads the result further (the schedule, the net benefit,
    # the risk, the words) reads the same law from here, not a default of its own.
    law: Law | None = field(default=None, compare=False, repr=False)

    def __getattr__(self, name: str) -> Any:
        values = self.__dict__.get("values", {})
        if name in values:
            return values[name]
        raise AttributeError(name)

    @property
    def bonuses(self) -> dict[str, float]:
        return self.values["bonuses"]

    def to_dict(self) -> dict[str, Any]:
        out = {key: self.values[key] for key in RESULT_KEYS}
        out.update(self.extra)
        out["components"] = [c.__dict__ for c in self.components]
        out["checks"] = [c.__dict__ for c in self.checks]
        return out
