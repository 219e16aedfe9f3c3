"""Reforms: a named set of parameter overrides on top of a law version, and baseline vs reform
for one scenario or, vectorised, for a table of them (PolicyEngine's baseline/reform pattern)."""
from __future__ import annotations

import difflib
import json
import math
from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType
from typing import Any, Mapping

import numpy as np
import pandas as pd
import yaml

from .evaluate import evaluate
from .frame import evaluate_frame
from .law import VERSIONS, Law, Parameter, number_value, load
from .places import counties
from .result import Result
from .scenario import INDUSTRIES, Scenario

REFORM_KEYS = ("name", "law", "description", "parameters")
MAX_REFORM_CHARS = 200_000
# What baseline vs reform reports, per scenario and per row.
COMPARED = ("eligible", "per_job_new", "per_job_retained", "annual_credit", "total_credit")


def item_choices(name: str) -> tuple[str, ...]:
    """What a list-of-names parameter may hold."""
    if name == "mega_items_in_force":
        return tuple("abcde")
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


def _number_ok(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def check_value(p: Parameter, value: Any) -> Any:
    """The override as the law holds it, or ReformError naming the parameter and what it needs."""
    value = number_value(value)
    k = kind(p)
    nullable = any(v is None for v in [p.value, *p.versions.values()])
    if value is None and nullable:
        return None
    if k == "choice" and value in p.choices:
        return value
    if k == "bool" and isinstance(value, bool):
        return value
    if k == "date":
        try:
            return value if isinstance(value, date) else date.fromisoformat(str(value))
        except ValueError:
            pass
    if k == "number" and _number_ok(value):
        return value
    if k == "list" and isinstance(value, tuple):
        if p.value and all(isinstance(v, str) for v in p.value) or not p.value:
            allowed = item_choices(p.name)
            if all(isinstance(v, str) and v in allowed for v in value):
                return value
            raise ReformError(f"{p.name}: must be a list drawn from {', '.join(allowed)}")
        if len(value) == len(p.value) and all(_number_ok(v) or (v is None and base is None)
                                               for v, base in zip(value, p.value)):
            return value
        raise ReformError(f"{p.name}: must be a list of {len(p.value)} numbers >= 0 (null only where the law has none)")
    need = {"choice": f"one of {', '.join(p.choices or ())}", "bool": "true or false", "date": "a date YYYY-MM-DD",
            "number": "a number >= 0", "list": "a list"}[k]
    raise ReformError(f"{p.name}: must be {need}{' or null' if nullable else ''}, got {value!r}")


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
