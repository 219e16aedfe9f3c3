"""One way to declare an input and check it. A `Field` is a value's name, kind, default and limits;
`check` takes one JSON value strictly (no text for a number, no 0 or 1 for true or false) or raises
ScenarioError naming the field and saying what it expects. Every input model declares its fields
with it: the scenario, the other calculators' inputs, a reform's parameter values, the schedule's
employment path, the risk inputs and the net benefit assumptions."""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import Any

# Sanity bounds, not law: far above any real project, low enough that no product overflows.
MAX_MONEY = 1e12  # a trillion dollars (capital investment, salaries, withholdings)
MAX_COUNT = 10_000_000  # jobs or square feet beyond this are a typing error
MAX_LIST = 100  # years in a list; the longest horizon here is 35


class ScenarioError(ValueError):
    """A field is wrong; `field` names it, the message says what is expected."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclass(frozen=True)
class Kind:
    """What a kind of value is: its type, the words that say what it expects ({range} is its limits,
    {items} its elements' limits or choices), its limits and whether null means "not given"."""
    type: str  # choice, bool, number, date, object, list, number_or_list
    says: str
    minimum: float = 0
    maximum: float = math.inf
    whole: bool = False
    optional: bool = False
    as_float: bool = False  # a number is handed on as a float, not as typed
    item: str | None = None  # a list's elements, by kind


KINDS = {
    "choice": Kind("choice", "one of {choices}"),
    "bool": Kind("bool", "true or false"),
    "number": Kind("number", "a number {range}"),
    "whole": Kind("number", "a whole number {range}", whole=True),
    "date": Kind("date", "a date as YYYY-MM-DD"),
    "object": Kind("object", "a JSON object"),
    "list": Kind("list", "a list of {range} items"),
    # The scenario's: an optional one is empty when not given.
    "count": Kind("number", "a whole number {range}", maximum=MAX_COUNT, whole=True),
    "optional_count": Kind("number", "a whole number {range} or empty", maximum=MAX_COUNT, whole=True, optional=True),
    "money": Kind("number", "a number {range}", maximum=MAX_MONEY),
    # Square feet: the money kind's limits, but not dollars, so never shown with a "$".
    "area": Kind("number", "a number {range}", maximum=MAX_MONEY),
    "optional_money": Kind("number", "a number {range} or empty", maximum=MAX_MONEY, optional=True),
    "optional_number": Kind("number", "a number {range} or empty", -MAX_COUNT, MAX_COUNT, optional=True,
                            as_float=True),
    "years": Kind("number", "a whole number of years {range}", minimum=1, whole=True),
    # The other calculators'.
    "fraction": Kind("number", "a number {range}", maximum=1),
    "rate": Kind("number", "a rate {range} (0.05 is 5%)", maximum=1),
    "money_list": Kind("list", "a list of up to {high} numbers {items}", 1, MAX_LIST, item="money"),
    "money_or_list": Kind("number_or_list", "a number, or a list of up to {high} numbers, {items}", 1, MAX_LIST,
                          item="money"),
}


def _amount(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:g}"


def _range(low: float, high: float) -> str:
    return f"from {_amount(low)} to {_amount(high)}" if math.isfinite(high) else f">= {_amount(low)}"


@dataclass(frozen=True)
class Field:
    """One input. Limits left as None are the kind's. A list's `item` checks each element; a tuple
    of fields checks a list of exactly that many, position by position. `says` replaces the kind's
    words for what the field expects."""
    name: str
    kind: str
    default: Any = None
    label: str = ""
    choices: tuple = ()
    minimum: float | None = None
    maximum: float | None = None
    optional: bool | None = None
    as_float: bool | None = None
    item: "Field | tuple[Field, ...] | None" = None
    says: str | None = None
    group: str = ""  # a scenario field's group in the sidebar (scenario.GROUPS)
    type: str = dataclasses.field(init=False, repr=False, compare=False)
    whole: bool = dataclasses.field(init=False, repr=False, compare=False)  # a count of jobs, square feet or years

    def __post_init__(self):
        # The kind's settings are copied onto the field: `check` reads plain attributes.
        kind = KINDS[self.kind]
        for name in ("minimum", "maximum", "optional", "as_float"):
            if getattr(self, name) is None:
                object.__setattr__(self, name, getattr(kind, name))
        if self.item is None and kind.item:
            object.__setattr__(self, "item", Field("", kind.item, as_float=self.as_float))
        object.__setattr__(self, "type", kind.type)
        object.__setattr__(self, "whole", kind.whole)

    @cached_property
    def expects(self) -> str:
        item = self.item[0] if isinstance(self.item, tuple) else self.item
        items = "" if item is None else (", ".join(item.choices) if item.type == "choice"
                                         else _range(item.minimum, item.maximum))
        return (self.says or KINDS[self.kind].says).format(
            choices=", ".join(map(str, self.choices)), range=_range(self.minimum, self.maximum),
            high=_amount(self.maximum), items=items)

    def check(self, value: Any) -> Any:
        """The value as the model holds it (a whole number as an int, a list as a tuple), or
        ScenarioError naming the field."""
        if value is None and self.optional:
            return None
        t = self.type
        if t == "number" or (t == "number_or_list" and not isinstance(value, (list, tuple))):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise self.error(value)
            if self.whole:
                if value != int(value):
                    raise self.error(value)
                value = int(value)
            number = self if t == "number" else self.item  # a bare number has the list's elements' limits
            if not number.minimum <= value <= number.maximum:
                raise self.error(value)
            return float(value) if self.as_float and not self.whole else value
        if t == "choice":
            ok = value in self.choices
        elif t == "bool":
            ok = isinstance(value, bool)
        elif t == "date":
            if isinstance(value, date):
                return value
            try:
                return date.fromisoformat(value)
            except (TypeError, ValueError):
                raise self.error(value) from None
        elif t == "object":
            ok = isinstance(value, dict)
        else:
            return self._list(value)
        if not ok:
            raise self.error(value)
        return value

    def _list(self, value: Any) -> tuple:
        if not isinstance(value, (list, tuple)) or not self.minimum <= len(value) <= self.maximum:
            raise self.error(value)
        items = self.item if isinstance(self.item, tuple) else (self.item,) * len(value)
        if len(items) != len(value):
            raise self.error(value)
        try:
            return tuple(item.check(v) for item, v in zip(items, value))
        except ScenarioError:
            raise self.error(value) from None

    def error(self, value: Any) -> ScenarioError:
        return ScenarioError(self.name, f"must be {self.expects}, got {quoted(value)}")


def quoted(value: Any) -> str:
    """A value as a message quotes it: a whole number as a person writes it ("1,000,000,000,000,000",
    not "1000000000000000.0"), text in quotes."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return repr(value)
    return f"{int(value):,}" if float(value).is_integer() else repr(value)


def declare(kind: str, default: Any = None, label: str = "", **limits: Any) -> Any:
    """A dataclass attribute with its Field: `new_jobs: int = declare("count", 0, "New full-time jobs")`.
    The Field takes the attribute's name in `fields_of`."""
    return dataclasses.field(default=default, metadata={"field": Field("", kind, default, label, **limits)})


def fields_of(model: type) -> dict[str, Field]:
    """A dataclass's declared Fields by name, in order."""
    return {f.name: dataclasses.replace(f.metadata["field"], name=f.name) for f in dataclasses.fields(model)}

