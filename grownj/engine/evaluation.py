"""One scenario in, one result that explains itself out (`evaluate`, which `grownj.evaluate` is; the module is
named apart from it so that importing the module never gives the function). A table goes through `frame.py`."""
from __future__ import annotations

import math

import numpy as np

from ..law import Law, enacted
from ..rules import compute
from ..rules.location import MEGA_ITEM_WORDS
from ..rules.result import BONUS_KEYS, MONEY_KEYS, RESULT_KEYS, Result
from ..rules.scenario import Scenario
from ..words import explain

# Derived facts that every view reads from the result rather than working out again: the jobs
# the law counts, where the project stands, and which parameter applied or which limit bound.
EXTRA_KEYS = ("capital_ok", "jobs_ok", "tier_changed", "total_jobs", "jobs_new_to_municipality", "standard_annual",
              "mrera_alternative_total", "statutory_annual_cap", "retained_exception", "gsgz_or_mega",
              "mrera_growth_zone", "min_capital_parameter", "min_jobs_parameter", "base_parameter",
              "per_job_cap_parameter", "per_job_cap_binding", "retained_parameter", "annual_cap_parameter",
              "annual_limit", "annual_cap_binding")


def _json(value):
    """NaN (not applicable) and infinity (no limit) are null in a result."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


def evaluate(scenario: Scenario | dict, law: Law | None = None) -> Result:
    """The credit for one scenario, with its explanation."""
    law = law or enacted()
    if not isinstance(scenario, Scenario):
        scenario = Scenario.from_dict(scenario)
    out = compute(scenario.columns(), law)
    # item(0) gives the Python value of a one-row array; a column of choices gives its text.
    row = {**scenario.to_dict(), **{k: v.item(0) if isinstance(v, np.ndarray) else v[0] for k, v in out.items()}}
    values = {key: _json(row.get(key)) for key in RESULT_KEYS}
    # All the money at once: the same np.round as the table path, so both give the same cent.
    money = [key for key in MONEY_KEYS if values[key] is not None]
    values.update(zip(money, np.round(np.array([values[k] for k in money], dtype=float), 2).tolist()))
    values["bonuses"] = {k: row[f"bonus_{k}"] for k in BONUS_KEYS}
    values["eligibility_years"] = int(row["eligibility_years"])
    checks = tuple(explain.checks(row, law))
    values["reasons"] = explain.failed(checks)
    values["notes"] = explain.notes(row, law)
    extra = {key: _json(row[key]) for key in EXTRA_KEYS}
    extra["mega_items"] = [k for k in MEGA_ITEM_WORDS if row[f"mega_{k}"]]
    return Result(scenario, values, tuple(explain.components(row, law)), checks, extra, law)
