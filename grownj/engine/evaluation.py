"""One scenario in, one result that explains itself out (`evaluate`, which `grownj.evaluate` is; the module is
named apart from it so that importing the module never gives the function). A table goes through `frame.py`."""
from __future__ import annotations

import math

import numpy as np

from ..law import Law, enacted
from ..rules import compute, place
from ..rules.outputs import OUTPUTS, Output, shaped
from ..rules.result import Result
from ..rules.scenario import Scenario, ScenarioError
from ..words import explain


def _json(value):
    """NaN (not applicable) and infinity (no limit) are null in a result."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


def evaluate(scenario: Scenario | dict, law: Law | None = None) -> Result:
    """The credit for one scenario, with its explanation."""
    law = law or enacted()
    if not isinstance(scenario, Scenario):
        scenario = Scenario.from_dict(scenario)
    if scenario.municipality is not None:
        scenario = placed(scenario, law)
    out = compute(scenario.columns(), law)
    # The words read every column as computed, with the scenario's fields beside them.
    row = {**scenario.to_dict(), **{k: _first(v) for k, v in out.items()}}
    columns = {k: _first(v) for k, v in shaped(out).items()}
    shown = {name: _value(o, columns) for name, o in OUTPUTS.items() if o.kind != "text"}
    checks = tuple(explain.checks(row, law))
    words = {"reasons": explain.failed(checks), "notes": explain.notes(row, law)}
    values = {name: words.get(name, shown.get(name)) for name, o in OUTPUTS.items() if o.part == "result"}
    extra = {name: shown[name] for name, o in OUTPUTS.items() if o.part == "fact"}
    return Result(scenario, values, tuple(explain.components(row, law)), checks, extra, law)


def placed(scenario: Scenario, law: Law) -> Scenario:
    """The scenario with what its municipality decides under `law` (place.settle), or ScenarioError
    naming the first flag that contradicts it."""
    cols, errors = place.settle(scenario.columns(), law)
    for name, _, message in errors:
        raise ScenarioError(name, message(0))
    return scenario.replace(**{k: _first(cols[k]) for k in place.DECIDED})


def _first(column):
    """The Python value of a one-row column (item(0)); a column of choices gives its text."""
    return column.item(0) if isinstance(column, np.ndarray) else column[0]


def _value(output: Output, columns: dict):
    """An output's value in a result: one of several items' amounts by item (bonuses), the items
    that hold (mega_items), or the value, null where not applicable or unlimited."""
    if not output.each:
        return _json(columns[output.name])
    found = {key: columns[column] for (key, _), column in zip(output.each, output.columns)}
    return {k: _json(v) for k, v in found.items()} if output.kind == "money" else [k for k, v in found.items() if v]
