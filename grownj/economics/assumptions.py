"""Every assumption of the two readings of the net benefit test, from one file,
grownj/economics/net_benefit_assumptions.yaml: the authority's (grownj/economics/net_benefit.py) and the economist's, a
benefit-cost analysis of residents' incomes (grownj/economics/residents.py). A tax rate both readings count
lives once, with the range the sensitivity view sweeps and the distribution the economist's Monte
Carlo draws it from."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Mapping

import yaml

from . import DATA
from ..machinery.fields import Field

ASSUMPTIONS_FILE = DATA / "net_benefit_assumptions.yaml"
CALIBRATED_FILE = DATA / "net_benefit_calibrated.yaml"
DISTRIBUTIONS = ("fixed", "uniform", "triangular", "lognormal")
VIEWS = ("both", "statutory", "economist")


@dataclass(frozen=True)
class Assumption:
    """One assumption: default, the range the sensitivity view sweeps and the Monte Carlo stays
    within, the distribution it is drawn from, its source and which reading uses it."""
    name: str
    label: str
    unit: str
    view: str  # both, statutory or economist
    value: float
    low: float
    high: float
    source: str
    calibrated: bool = False
    distribution: str = "fixed"
    sigma: float = 0.0
    judgement: bool = False  # the developer's judgement, not a number read in a source

    @property
    def bounds(self) -> tuple[float, float]:
        """What a value may be: a multiplier at least 1; shares, rates and ratios within 0..1 (a
        shift may be negative); money and counts at least 0."""
        if self.name.endswith("employment_multiplier"):
            return 1.0, 10.0
        if self.unit == "years":
            return 1.0, 100.0
        bounded = self.unit.startswith(("share", "ratio")) or self.unit in ("rate", "per year")
        return -1.0 if self.low < 0 else 0.0, 1.0 if bounded else math.inf

    @cached_property
    def field(self) -> Field:
        """An edited value, checked within the bounds and named as the JSON input names it."""
        low, high = self.bounds
        return Field(f"assumptions.{self.name}", "number", self.value, self.label, minimum=low, maximum=high)


def _file() -> dict:
    return yaml.safe_load(ASSUMPTIONS_FILE.read_text())


@lru_cache(maxsize=1)
def assumption_table() -> dict[str, Assumption]:
    """Every assumption by name, a calibrated one at its fitted value (its source says so)."""
    entries = _file()
    entries.pop("export_base_shares")
    fitted = yaml.safe_load(CALIBRATED_FILE.read_text())["parameters"]
    table = {}
    for name, e in entries.items():
        calibrated = bool(e.get("calibrated"))
        value = fitted[name]["value"] if calibrated else e["value"]
        source = f"{e['source']} Fitted value: {fitted[name]['source']}" if calibrated else e["source"]
        table[name] = Assumption(name, e["label"], e["unit"], e["view"], float(value), float(e["low"]),
                                 float(e["high"]), source, calibrated, e.get("distribution", "fixed"),
                                 float(e.get("sigma", 0.0)), bool(e.get("judgement")))
    return table


@dataclass(frozen=True)
class ExportBase:
    """The share of each industry's jobs that sell outside New Jersey, and where it comes from."""
    shares: Mapping[str, float]
    source: str


@lru_cache(maxsize=1)
def export_base() -> ExportBase:
    table = _file()["export_base_shares"]
    return ExportBase({k: float(v) for k, v in table["values"].items()}, table["source"])
