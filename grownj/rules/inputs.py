"""Validated inputs for the Act's other calculators (credit use, ERG residential credits, growth zone
exemption, deadlines): one Field per input, strict like the scenario, errors naming the field."""
from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

from ..machinery.fields import Field, ScenarioError


def input_field(kind: str, default: Any = None, choices: tuple = (), maximum: float | None = None,
                label: str = "") -> Field:
    """A calculator's input: null is "not given", and a number is handed on as a float; `label` is
    its name on a page."""
    return Field("", kind, default, label, choices=tuple(choices), maximum=maximum, optional=True, as_float=True)


def parse(fields: dict[str, Field], data: Any, what: str) -> dict[str, Any]:
    """Every field of `fields`, from `data` or its default; unknown fields are errors."""
    if not isinstance(data, dict):
        raise ScenarioError(what, f"must be a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ScenarioError(unknown[0], f"unknown field for {what}; known: {', '.join(fields)}")
    return {name: replace(field, name=name).check(data.get(name, field.default)) for name, field in fields.items()}


MONTHS_A_YEAR = 12


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


def add_years(day: date, years: int) -> date:
    """The statute's "within N years": calendar years later, Feb 29 landing on Feb 28."""
    return add_months(day, MONTHS_A_YEAR * years)
