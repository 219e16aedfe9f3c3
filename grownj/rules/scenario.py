"""The scenario contract: every field, its type, default and limits, validated.

The fields are declared once, on the `Scenario` dataclass, each with its `Field`; `FIELDS` reads
them from there and drives the JSON model (`Scenario.from_dict`), the column form the rules run
on (`Scenario.columns`), and the table reader in `grownj.engine.frame`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields as dataclass_fields
from functools import cached_property
from typing import Any

import numpy as np

from . import credit, location
from .place import PLACES
from ..law import enacted
from ..machinery.columns import Coded
from ..machinery.fields import Field, ScenarioError, declare, fields_of
from ..machinery.scenario_columns import Columns

LOCATION_TIERS = tuple(location.TIER_NAMES)
INDUSTRIES = (
    "transportation", "manufacturing", "defense", "energy", "logistics", "life_sciences",
    "technology", "health", "finance", "aviation", "maritime", "warehouse_distribution", "other",
)
PREMISES = ("industrial", "other")
# s.3 a: "an eligibility period not to exceed 10 years" bounds the field itself.
MAX_YEARS = int(enacted().eligibility_years_max)
CONSTRUCTION = ("new", "rehab")


def cross_field_errors(cols: Columns) -> list[tuple[str, np.ndarray, str]]:
    """Rules that tie two fields together, as (field, bad-row mask, message), in array form. They
    read the rules' own facts: the jobs the law counts and where MRERA is open."""
    jtm = cols.jobs_new_to_municipality
    return [
        # Where a municipality is given, it decides MRERA under the project's law (place.settle).
        ("mrera", cols.mrera & ~credit.mrera_growth_zone(cols) & (cols.municipality == None),  # noqa: E711
         f"MRERA applies only to a {location.TIER_NAMES['gsgz']} (location_tier gsgz)"),
        ("jobs_new_to_municipality", ~np.isnan(jtm) & (jtm > location.total_jobs(cols)),
         "cannot exceed new_jobs + retained_jobs"),
    ]


# Where a person looks for each field, in the order the sidebar shows the groups; a location's site
# is the fields of WHERE (grownj/ui/locations.py).
WHERE, WHO, PROJECT, OTHER = GROUPS = ("Where", "Who", "The project", "Other bonus criteria and limits")


@dataclass(frozen=True)
class Scenario:
    """One project, each field declared once with its kind, default, label, limits and group."""
    location_tier: str = declare("choice", "other", "Location tier", choices=LOCATION_TIERS, group=WHERE)
    # s.2 "Mega project" c: "located in an urban transit hub" (P.L.2007 c.346 s.2, by distance from a
    # rail station), narrower than the hub municipality the tier names. Default yes: the register's
    # reading of a hub municipality.
    site_in_transit_hub: bool = declare("bool", False, "Site within the urban transit hub", group=WHERE)
    mrera: bool = declare("bool", False, "Growth zone qualifies under MRERA", group=WHERE)
    south_jersey: bool = declare("bool", False, "In a southern county", group=WHERE)
    port_district: bool = declare("bool", False, "Port district", group=WHERE)
    aviation_district: bool = declare("bool", False, "Aviation district", group=WHERE)
    redevelopment_area: bool = declare("bool", False, "Area in need of redevelopment", group=WHERE)
    rehabilitation_area: bool = declare("bool", False, "Area in need of rehabilitation", group=WHERE)
    deep_poverty_pocket: bool = declare("bool", False, "Deep poverty pocket", group=WHERE)
    choice_neighborhood: bool = declare("bool", False, "Choice Neighborhoods plan area", group=WHERE)
    incubator: bool = declare("bool", False, "Qualified incubator facility", group=OTHER)
    moderate_income_housing: bool = declare("bool", False, "Moderate income housing on site", group=OTHER)
    transit_oriented: bool = declare("bool", False, "Transit oriented development", group=WHERE)
    leed_silver_or_remediation: bool = declare("bool", False, "LEED Silver or substantial remediation", group=OTHER)
    new_light_rail: bool = declare("bool", False, "Near a new light rail station", group=WHERE)
    marine_terminal_sjpd: bool = declare("bool", False, "Marine terminal, South Jersey Port District", group=WHERE)
    highway_access: bool = declare("bool", False, "Near 1 US and 2 NJ highways", group=WHERE)
    mri_2007: float | None = declare("optional_number", None, "2007 Municipal Revitalization Index", group=WHERE)
    solar_50: bool = declare("bool", False, "On-site solar >= 50% of supply", group=OTHER)
    disaster_recovery_project: bool = declare("bool", False, "Disaster recovery project", group=OTHER)
    replaces_disaster_facility: bool = declare("bool", False, "Replaces a disaster-damaged facility", group=OTHER)
    industry: str = declare("choice", "other", "Industry", choices=INDUSTRIES, group=WHO)
    technology_startup: bool = declare("bool", False, "Technology startup company", group=WHO)
    corporate_headquarters: bool = declare("bool", False, "Corporate headquarters", group=WHO)
    auto_manufacturer_us_hq: bool = declare("bool", False, "US headquarters of an automobile manufacturer", group=WHO)
    same_municipality: bool = declare("bool", False, "Stays in its municipality", group=WHO)
    new_jobs: int = declare("count", 0, "New full-time jobs", group=PROJECT)
    retained_jobs: int = declare("count", 0, "Retained full-time jobs", group=PROJECT)
    jobs_new_to_municipality: int | None = declare("optional_count", None, "Jobs new to the municipality", group=PROJECT)
    capital_investment: float = declare("money", 0.0, "Capital investment", group=PROJECT)
    industrial_capital_investment: float | None = declare("optional_money", None, "Industrial capital investment",
                                                          group=PROJECT)
    gross_leasable_area: float = declare("area", 0.0, "Gross leasable area (sq ft)", group=PROJECT)
    premises: str = declare("choice", "other", "Premises", choices=PREMISES, group=PROJECT)
    construction: str = declare("choice", "rehab", "Construction", choices=CONSTRUCTION, group=PROJECT)
    average_salary: float = declare("money", 0.0, "Average salary", group=PROJECT)
    county_average_salary: float = declare("money", 0.0, "Average salary compared (county or growth zone)",
                                           group=PROJECT)
    eligibility_years: int = declare("years", 10, "Eligibility period (years)", maximum=MAX_YEARS, group=PROJECT)
    withholdings: float | None = declare("optional_money", None, "Withholdings from the facility", group=OTHER)
    amount_necessary: float | None = declare("optional_money", None, "Amount necessary to complete the project",
                                             group=OTHER)
    # Where given, the place decides the designations (rules/place.py); the sidebar picks it apart.
    municipality: str | None = declare("choice", None, "Municipality", choices=PLACES, optional=True,
                                       says='a municipality as "Camden (Camden)", its name then its county, or empty')

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
        # An empty number is NaN in the rules; an empty choice (no municipality) is a choice of none.
        return Columns({name: column(FIELDS[name], [np.nan if v is None and FIELDS[name].kind != "choice" else v])
                        for name, v in self.to_dict().items()})

    def columns(self) -> Columns:
        """This scenario as a table of one row, the form every rule takes (built once; the
        rules only read it)."""
        return self._columns


FIELDS: dict[str, Field] = fields_of(Scenario)


def column(field: Field, values: Any) -> np.ndarray:
    """The array type each kind of field has in the rules: bool, str or float."""
    if field.kind == "bool":
        return np.asarray(values, dtype=bool)
    if field.kind == "choice":
        return values if isinstance(values, Coded) else Coded.from_values(values, field.choices)
    return np.asarray(values, dtype=float)
