"""Reforms: a named set of parameter overrides on top of a law version, and baseline vs reform
for one scenario or, vectorised, for a table of them (PolicyEngine's baseline/reform pattern)."""
from __future__ import annotations

import difflib
import math
import json
from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType
from typing import Any, Mapping

import numpy as np
import pandas as pd
import yaml

from .evaluation import evaluate
from .frame import evaluate_frame
from ..law import VERSIONS, Law, Parameter, number_value, load
from ..law.places import counties
from ..machinery.fields import Field, ScenarioError
from ..rules.location import MEGA_ITEM_WORDS
from ..rules.result import Result
from ..rules.scenario import INDUSTRIES, Scenario

REFORM_KEYS = ("name", "law", "description", "parameters")
MAX_REFORM_CHARS = 200_000
# What baseline vs reform reports, per scenario and per row.
COMPARED = ("eligible", "per_job_new", "per_job_retained", "annual_credit", "total_credit")


def item_choices(name: str) -> tuple[str, ...]:
    """What a list-of-names parameter may hold."""
    if name == "mega_items_in_force":
        return tuple(MEGA_ITEM_WORDS)
    return counties() if name.endswith("counties") else INDUSTRIES


class ReformError(ValueError):
    """A reform that cannot be applied: unknown parameter, wrong type, unknown version."""


def kind(p: Parameter) -> str:
    values = [p.value, *p.versions.values()]
    if p.choices:
        return "choice"
    if isinstance(p.value, date):
        return "date"
    if any(isinstance(v, bool) for v in values):
        return "bool"
    if any(isinstance(v, tuple) for v in values):
        return "list"
    return "number"


def value_field(p: Parameter) -> Field:
    """What an override of `p` may be: a value of its kind, or null where a version of the law has none."""
    nullable = any(v is None for v in [p.value, *p.versions.values()])
    null = " or null" if nullable else ""
    k = kind(p)
    if k == "list" and (not p.value or all(isinstance(v, str) for v in p.value)):
        return Field(p.name, "list", item=Field("", "choice", choices=item_choices(p.name)), optional=nullable,
                     says="a list drawn from {items}" + null)
    within = f" {p.range.words}" if p.range else ""
    if k == "list":  # as many numbers as the law has, each null only where the law's is
        return Field(p.name, "list", item=tuple(Field("", "number", minimum=-math.inf, optional=base is None)
                                                for base in p.value),
                     minimum=len(p.value), maximum=len(p.value), optional=nullable,
                     says="a list of {high} numbers, each" + within + " (null only where the law has none)" + null)
    says = {"choice": "one of {choices}", "bool": "true or false", "date": "a date YYYY-MM-DD" + within,
            "number": "a number" + within}[k]
    return Field(p.name, k, choices=p.choices or (), minimum=-math.inf if k == "number" else None,
                 optional=nullable, says=says + null)


def check_value(p: Parameter, value: Any) -> Any:
    """The override as the law holds it, or ReformError naming the parameter and what it needs: a
    value of its kind within its range (parameters.yaml's `range`), so that no step is zero and no
    share above the whole."""
    field = value_field(p)
    try:
        checked = field.check(number_value(value))
    except ScenarioError as exc:
        raise ReformError(str(exc)) from None
    if p.range is not None and not p.range.holds(checked):
        raise ReformError(str(field.error(value)))
    return checked


def override(law: Law, overrides: Mapping[str, Any], name: str) -> Law:
    """`law` with some parameters replaced, each checked against its kind."""
    parameters = dict(law.parameters)
    for key, value in overrides.items():
        if key not in parameters:
            close = difflib.get_close_matches(key, parameters, n=1)
            raise ReformError(f"{key}: no such parameter" + (f"; did you mean {close[0]}?" if close else ""))
        parameters[key] = replace(parameters[key], value=check_value(parameters[key], value), inherited=False)
    return Law(parameters, law.version, name)


@dataclass(frozen=True)
class Reform:
    name: str
    law: str = "enacted"
    parameters: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    description: str = ""

    @classmethod
    def from_dict(cls, data: Any, default_law: str = "enacted") -> "Reform":
        if not isinstance(data, dict):
            raise ReformError("reform: must be an object with name, law and parameters")
        unknown = sorted(set(data) - set(REFORM_KEYS))
        if unknown:
            raise ReformError(f"reform: unknown key {unknown[0]!r}; a reform has {', '.join(REFORM_KEYS)}")
        version = data.get("law", default_law)
        if version not in VERSIONS:
            raise ReformError(f"law: must be one of {', '.join(VERSIONS)}, got {version!r}")
        parameters = data.get("parameters") or {}
        if not isinstance(parameters, dict):
            raise ReformError("parameters: must map parameter names to values")
        name = data.get("name") or (f"{version} + {len(parameters)} changes" if parameters else version)
        if not isinstance(name, str):
            raise ReformError("name: must be text")
        reform = cls(name, version, MappingProxyType(dict(parameters)), str(data.get("description") or ""))
        reform.apply()  # validate now, not at first use
        return reform

    @classmethod
    def from_text(cls, text: str, default_law: str = "enacted") -> "Reform":
        """JSON or YAML (JSON is YAML, but JSON's errors are clearer for JSON)."""
        if len(text) > MAX_REFORM_CHARS:
            raise ReformError(f"reform: {len(text):,} characters is too long for a reform "
                              f"(at most {MAX_REFORM_CHARS:,}; the whole parameter file is about 35,000)")
        try:
            data = json.loads(text) if text.lstrip().startswith("{") else yaml.safe_load(text)
        except (json.JSONDecodeError, yaml.YAMLError) as exc:
            raise ReformError(f"reform: not valid JSON or YAML ({str(exc).splitlines()[0]})") from None
        return cls.from_dict(data, default_law)

    def apply(self) -> Law:
        return override(load(self.law), self.parameters, self.name)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "law": self.law, "description": self.description,
                "parameters": {k: list(v) if isinstance(v, tuple) else v.isoformat() if isinstance(v, date) else v
                               for k, v in self.parameters.items()}}


def changed(baseline: Law, reform: Law) -> dict[str, tuple[Any, Any]]:
    """Parameters whose values differ: name -> (baseline, reform)."""
    return {name: (baseline[name], reform[name]) for name in baseline.parameters if baseline[name] != reform[name]}


@dataclass(frozen=True)
class Comparison:
    baseline: Result
    reform: Result
    baseline_law: Law
    reform_law: Law

    @property
    def difference(self) -> dict[str, float]:
        return {k: round(float(self.reform.values[k]) - float(self.baseline.values[k]), 2)
                for k in COMPARED if k != "eligible"}

    def to_dict(self) -> dict[str, Any]:
        return {"baseline_law": self.baseline_law.name, "reform_law": self.reform_law.name,
                "changed": {k: list(v) for k, v in changed(self.baseline_law, self.reform_law).items()},
                "baseline": self.baseline.to_dict(), "reform": self.reform.to_dict(),
                "difference": self.difference}


def compare(scenario: Scenario | dict, baseline: Law, reform: Law) -> Comparison:
    return Comparison(evaluate(scenario, baseline), evaluate(scenario, reform), baseline, reform)


def compare_frame(df: pd.DataFrame, baseline: Law, reform: Law) -> pd.DataFrame:
    """One row per input row: the inputs, baseline_<key>, reform_<key> and difference_<key> for the
    compared keys, and `error`. Both laws run over the whole table as arrays."""
    base = evaluate_frame(df, baseline, reasons=False)
    new = evaluate_frame(df, reform, reasons=False)
    out = df.copy()
    for key in COMPARED:
        out[f"baseline_{key}"] = base[key]
        out[f"reform_{key}"] = new[key]
        if key != "eligible":
            out[f"difference_{key}"] = np.round(new[key] - base[key], 2)
    out["error"] = base["error"]
    return out
