"""Validated inputs for the Act's other calculators (credit use, ERG residential credits, growth zone
exemption, deadlines): one spec per field, strict like the scenario, errors naming the field."""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from typing import Any

from .scenario import MAX_COUNT, MAX_MONEY, ScenarioError

MAX_LIST = 100  # years in a list; the longest horizon here is 35


@dataclass(frozen=True)
class Spec:
    kind: str  # money | fraction | rate | count | bool | date | choice | money_list | money_or_list | object
    default: Any = None
    choices: tuple = ()
    maximum: float | None = None

    def expects(self) -> str:
        return {
            "money": f"a number from 0 to {MAX_MONEY:,.0f}",
            "fraction": "a number from 0 to 1",
            "rate": "a rate from 0 to 1 (0.05 is 5%)",
            "count": f"a whole number from 0 to {self.maximum or MAX_COUNT:,.0f}",
            "bool": "true or false",
            "date": "a date as YYYY-MM-DD",
            "choice": "one of " + ", ".join(self.choices),
            "money_list": f"a list of up to {MAX_LIST} numbers from 0 to {MAX_MONEY:,.0f}",
            "money_or_list": f"a number, or a list of up to {MAX_LIST} numbers, from 0 to {MAX_MONEY:,.0f}",
            "object": "a JSON object",
        }[self.kind]


def _money(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and 0 <= value <= MAX_MONEY)


def check(name: str, spec: Spec, value: Any) -> Any:
    if value is None:
        return None
    k = spec.kind
    if k == "date":
        if isinstance(value, date):
            return value
        if isinstance(value, str):
            try:
                return date.fromisoformat(value)
            except ValueError:
                pass
    elif k == "bool" and isinstance(value, bool):
        return value
    elif k == "choice" and value in spec.choices:
        return value
    elif k == "object" and isinstance(value, dict):
        return value
    elif k == "money" and _money(value):
        return float(value)
    elif k in ("fraction", "rate") and _money(value) and value <= 1:
        return float(value)
    elif (k == "count" and _money(value) and value == int(value)
          and value <= (spec.maximum or MAX_COUNT)):
        return int(value)
    elif k in ("money_list", "money_or_list") and isinstance(value, list) and 0 < len(value) <= MAX_LIST \
            and all(_money(v) for v in value):
        return tuple(float(v) for v in value)
    elif k == "money_or_list" and _money(value):
        return float(value)
    raise ScenarioError(name, f"must be {spec.expects()}, got {value!r}")


def parse(specs: dict[str, Spec], data: Any, what: str) -> dict[str, Any]:
    """Every field of `specs`, from `data` or its default; unknown fields are errors."""
    if not isinstance(data, dict):
        raise ScenarioError(what, f"must be a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - set(specs))
    if unknown:
        raise ScenarioError(unknown[0], f"unknown field for {what}; known: {', '.join(specs)}")
    return {name: check(name, spec, data.get(name, spec.default)) for name, spec in specs.items()}


def add_months(day: date, months: int) -> date:
    """Calendar months later, on the same day or the month's last (Feb 29 + 12 months = Feb 28)."""
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    for last in (31, 30, 29, 28):
        try:
            return date(year, month, min(day.day, last))
        except ValueError:
            continue
    raise AssertionError("unreachable: every month has 28 days")
