"""The scenario contract: every field, its type, default and limits, validated.

One `FIELDS` table drives the JSON model (`Scenario.from_dict`), the column form the
rules run on (`Scenario.columns`), and the table reader in `grownj.frame`.
"""
from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields as dataclass_fields
from functools import cached_property
from typing import Any, Literal

import numpy as np

from .columns import Coded
from .law import enacted

LOCATION_TIERS = ("gsgz", "uth", "distressed", "priority", "other")
INDUSTRIES = (
    "transportation", "manufacturing", "defense", "energy", "logistics", "life_sciences",
    "technology", "health", "finance", "aviation", "maritime", "warehouse_distribution", "other",
)
PREMISES = ("industrial", "other")
# s.3 a: "an eligibility period not to exceed 10 years" bounds the field itself.
MAX_YEARS = int(enacted().eligibility_years_max)
CONSTRUCTION = ("new", "rehab")

# Sanity bounds, not law: far above any real project, low enough that no product overflows.
MAX_MONEY = 1e12  # a trillion dollars (capital investment, salaries, withholdings)
MAX_COUNT = 10_000_000  # jobs or square feet beyond this are a typing error

Kind = Literal["choice", "bool", "count", "money", "optional_count", "optional_money", "optional_number", "years"]


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


class ScenarioError(ValueError):
    """A field is wrong; `field` names it, the message says what is expected."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclass(frozen=True)
class Field:
    name: str
    kind: Kind
    default: Any
    label: str
    choices: tuple[str, ...] = ()

    # Read for every field of every scenario checked: each is worked out once per field.
    @cached_property
    def optional(self) -> bool:
        return self.kind.startswith("optional")

    @cached_property
    def whole(self) -> bool:
        """A count of jobs, square feet or years: no fractions."""
        return self.kind in ("count", "optional_count", "years")

    @property
    def expects(self) -> str:
        return {
            "choice": "one of " + ", ".join(self.choices),
            "bool": "true or false",
            "count": f"a whole number from 0 to {MAX_COUNT:,}",
            "optional_count": f"a whole number from 0 to {MAX_COUNT:,} or empty",
            "money": f"a number from 0 to {MAX_MONEY:,.0f}",
            "optional_money": f"a number from 0 to {MAX_MONEY:,.0f} or empty",
            "optional_number": f"a number from -{MAX_COUNT:,} to {MAX_COUNT:,} or empty",
            "years": f"a whole number of years from 1 to {MAX_YEARS}",
        }[self.kind]

    def check(self, value: Any) -> Any:
        """Validate one JSON value strictly (no strings for numbers, no 0/1 for booleans)."""
        if value is None and self.optional:
            return None
        def bad() -> ScenarioError:
            return ScenarioError(self.name, f"must be {self.expects}, got {value!r}")

        if self.kind == "choice":
            if value not in self.choices:
                raise bad()
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise bad()
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise bad()
        if self.whole:
            if value != int(value):
                raise bad()
            value = int(value)
        if not self.minimum <= value <= self.maximum:
            raise bad()
        return float(value) if self.kind == "optional_number" else value

    @cached_property
    def minimum(self) -> float:
        return {"years": 1, "optional_number": -MAX_COUNT}.get(self.kind, 0)

    @cached_property
    def maximum(self) -> float:
        return {"years": MAX_YEARS, "money": MAX_MONEY, "optional_money": MAX_MONEY}.get(self.kind, MAX_COUNT)


def _f(name, kind, default, label, choices=()):
    return Field(name, kind, default, label, tuple(choices))


FIELDS: dict[str, Field] = {f.name: f for f in (
    _f("location_tier", "choice", "other", "Location tier", LOCATION_TIERS),
    _f("mrera", "bool", False, "Growth zone qualifies under MRERA"),
    _f("south_jersey", "bool", False, "In a southern county"),
    _f("port_district", "bool", False, "Port district"),
    _f("aviation_district", "bool", False, "Aviation district"),
    _f("redevelopment_area", "bool", False, "Area in need of redevelopment"),
    _f("rehabilitation_area", "bool", False, "Area in need of rehabilitation"),
    _f("deep_poverty_pocket", "bool", False, "Deep poverty pocket"),
    _f("choice_neighborhood", "bool", False, "Choice Neighborhoods plan area"),
    _f("incubator", "bool", False, "Qualified incubator facility"),
    _f("moderate_income_housing", "bool", False, "Moderate income housing on site"),
    _f("transit_oriented", "bool", False, "Transit oriented development"),
    _f("leed_silver_or_remediation", "bool", False, "LEED Silver or substantial remediation"),
    _f("mri_2007", "optional_number", None, "2007 Municipal Revitalization Index"),
    _f("new_light_rail", "bool", False, "Near a new light rail station"),
    _f("marine_terminal_sjpd", "bool", False, "Marine terminal, South Jersey Port District"),
    _f("highway_access", "bool", False, "Near 1 US and 2 NJ highways"),
    _f("solar_50", "bool", False, "On-site solar >= 50% of supply"),
    _f("disaster_recovery_project", "bool", False, "Disaster recovery project"),
    _f("replaces_disaster_facility", "bool", False, "Replaces a disaster-damaged facility"),
    _f("industry", "choice", "other", "Industry", INDUSTRIES),
    _f("technology_startup", "bool", False, "Technology startup company"),
    _f("corporate_headquarters", "bool", False, "Corporate headquarters"),
    _f("auto_manufacturer_us_hq", "bool", False, "US headquarters of an automobile manufacturer"),
    _f("same_municipality", "bool", False, "Stays in its municipality"),
    _f("new_jobs", "count", 0, "New full-time jobs"),
    _f("retained_jobs", "count", 0, "Retained full-time jobs"),
    _f("jobs_new_to_municipality", "optional_count", None, "Jobs new to the municipality"),
    _f("capital_investment", "money", 0.0, "Capital investment"),
    _f("industrial_capital_investment", "optional_money", None, "Industrial capital investment"),
    _f("gross_leasable_area", "money", 0.0, "Gross leasable area (sq ft)"),
    _f("premises", "choice", "other", "Premises", PREMISES),
    _f("construction", "choice", "rehab", "Construction", CONSTRUCTION),
    _f("average_salary", "money", 0.0, "Average salary"),
    _f("county_average_salary", "money", 0.0, "County average salary"),
    _f("eligibility_years", "years", 10, "Eligibility period (years)"),
    _f("withholdings", "optional_money", None, "Withholdings from the facility"),
    _f("amount_necessary", "optional_money", None, "Amount necessary to complete the project"),
)}


def cross_field_errors(cols: Columns) -> list[tuple[str, np.ndarray, str]]:
    """Rules that tie two fields together, as (field, bad-row mask, message), in array form."""
    jobs = cols["new_jobs"] + cols["retained_jobs"]
    jtm = cols["jobs_new_to_municipality"]
    return [
        ("mrera", cols["mrera"] & (cols["location_tier"] != "gsgz"),
         "MRERA applies only to a Garden State Growth Zone (location_tier gsgz)"),
        ("jobs_new_to_municipality", ~np.isnan(jtm) & (jtm > jobs),
         "cannot exceed new_jobs + retained_jobs"),
    ]


@dataclass(frozen=True)
class Scenario:
    location_tier: str = "other"
    mrera: bool = False
    south_jersey: bool = False
    port_district: bool = False
    aviation_district: bool = False
    redevelopment_area: bool = False
    rehabilitation_area: bool = False
    deep_poverty_pocket: bool = False
    choice_neighborhood: bool = False
    incubator: bool = False
    moderate_income_housing: bool = False
    transit_oriented: bool = False
    leed_silver_or_remediation: bool = False
    mri_2007: float | None = None
    new_light_rail: bool = False
    marine_terminal_sjpd: bool = False
    highway_access: bool = False
    solar_50: bool = False
    disaster_recovery_project: bool = False
    replaces_disaster_facility: bool = False
    industry: str = "other"
    technology_startup: bool = False
    corporate_headquarters: bool = False
    auto_manufacturer_us_hq: bool = False
    same_municipality: bool = False
    new_jobs: int = 0
    retained_jobs: int = 0
    jobs_new_to_municipality: int | None = None
    capital_investment: float = 0.0
    industrial_capital_investment: float | None = None
    gross_leasable_area: float = 0.0
    premises: str = "other"
    construction: str = "rehab"
    average_salary: float = 0.0
    county_average_salary: float = 0.0
    eligibility_years: int = 10
    withholdings: float | None = None
    amount_necessary: float | None = None

    @classmethod
    def from_dict(cls, data: Any) -> "Scenario":
        if not isinstance(data, dict):
            raise ScenarioError("scenario", f"must be a JSON object, got {type(data).__name__}")
        unknown = [k for k in data if k not in FIELDS]
        if unknown:
            raise ScenarioError(str(unknown[0]), "unknown field")
        values = {name: f.check(data[name]) if name in data else f.default for name, f in FIELDS.items()}
        scenario = cls(**values)
        cols = scenario.columns()
        for field, bad, message in cross_field_errors(cols):
            if bad[0]:
                raise ScenarioError(field, message)
        return scenario

    @classmethod
    def from_json(cls, text: str) -> "Scenario":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError("scenario", f"not valid JSON ({exc.msg} at line {exc.lineno})") from None
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclass_fields(self)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def replace(self, **changes: Any) -> "Scenario":
        return Scenario.from_dict({**self.to_dict(), **changes})

    @cached_property
    def _columns(self) -> Columns:
        return Columns({name: column(FIELDS[name], [np.nan if v is None else v])
                        for name, v in self.to_dict().items()})

    def columns(self) -> Columns:
        """This scenario as a table of one row, the form every rule takes (built once; the
        rules only read it)."""
        return self._columns


def column(field: Field, values: Any) -> np.ndarray:
    """The array type each kind of field has in the rules: bool, str or float."""
    if field.kind == "bool":
        return np.asarray(values, dtype=bool)
    if field.kind == "choice":
        return values if isinstance(values, Coded) else Coded.from_values(values, field.choices)
    return np.asarray(values, dtype=float)
