"""The public entry points: `evaluate` for one scenario, `evaluate_frame` for a table."""
from __future__ import annotations

import math
from functools import partial

import numpy as np
import pandas as pd
import pyarrow as pa

from . import explain
from .columns import Coded
from .parallel import block_map, column_map
from .law import Law, enacted
from .result import BONUS_KEYS, RESULT_KEYS, Result
from .rules import compute
from .scenario import Columns, Scenario
from .table import columns_from_frame

MONEY_KEYS = ("min_capital_investment", "base_per_job", "gross_per_job_uncapped", "per_job_cap", "gross_per_job",
              "per_job_new", "per_job_retained", "mrera_alternative_per_job", "annual_credit_uncapped",
              "annual_cap", "annual_credit", "total_credit")
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
    extra["mega_items"] = [k for k in "abcde" if row[f"mega_{k}"]]
    return Result(scenario, values, tuple(explain.components(row, law)), checks, extra)


def evaluate_frame(df: pd.DataFrame, law: Law | None = None, reasons: bool = True) -> pd.DataFrame:
    """One output row per input row, in order: the input columns, then every result key, with
    bonuses as bonus_c1..bonus_c16, reasons joined by "; " and an `error` column ('' if fine).
    Missing columns and empty cells take the field's default. `reasons=False` skips the
    sentences (the only per-row Python work) for speed."""
    law = law or enacted()
    cols, errors, _ = columns_from_frame(df)
    n = len(df)
    bad = np.zeros(n, bool)
    bad[list(errors)] = True
    # A big table runs in blocks of rows on two threads; each block is computed and shaped alone.
    blocks = block_map(partial(_result_block, cols, bad, law, reasons), n)
    keys = list(blocks[0][0])
    joined = dict(zip(keys, column_map(_joined, [([block[key] for block, _, _ in blocks],) for key in keys], n)))
    failing = np.concatenate([rows for _, rows, _ in blocks])
    texts = _text_column([text for _, _, block_texts in blocks for text in block_texts], failing, n)
    result = {"eligible": joined.pop("eligible"), "reasons": texts, **joined}
    result["location_tier"] = pd.Categorical.from_codes(result["location_tier"], cols.location_tier.choices)
    result["mrera_tier"] = pd.Categorical.from_codes(result["mrera_tier"], list("abcde"))
    if errors:
        # A bad row keeps its place with empty results and its error.
        result = {k: _blank_rows(np.broadcast_to(np.asarray(v), n), bad) for k, v in result.items()}
    frame = pd.DataFrame(result, index=df.index, copy=False)  # no consolidation copy of 40 columns
    frame["error"] = _text_column(list(errors.values()), list(errors), n)
    # A result key that is also an input column (location_tier, eligibility_years) gets "_result".
    frame = frame.rename(columns={k: f"{k}_result" for k in frame.columns if k in df.columns})
    return pd.concat([df.reset_index(drop=True), frame.reset_index(drop=True)], axis=1).set_axis(df.index)


def _result_block(cols: Columns, bad: np.ndarray, law: Law, reasons: bool,
                  rows: slice) -> tuple[dict, np.ndarray, list[str]]:
    """(the result columns, the failing rows' positions in the table, their reasons) for a block
    of rows. Codes stand for the two categorical columns until the blocks are joined."""
    cols, bad = cols.rows(rows), bad[rows]
    out = compute(cols, law)
    result = {"eligible": out["eligible"]}
    for key in RESULT_KEYS[2:]:
        if key == "bonuses":
            result.update({f"bonus_{k}": out[f"bonus_{k}"] for k in BONUS_KEYS})
        elif key != "notes":
            result[key] = out[key]
    for key in MONEY_KEYS:
        result[key] = np.round(result[key], 2)
    result["location_tier"] = out["location_tier"].codes
    result["mrera_tier"] = out["mrera_tier_index"]
    result["annual_cap"] = np.where(np.isfinite(result["annual_cap"]), result["annual_cap"], np.nan)
    result["eligibility_years"] = result["eligibility_years"].astype(int)
    failing = np.flatnonzero(~bad & ~out["eligible"]) if reasons else np.zeros(0, np.intp)
    return result, rows.start + failing, _reason_texts(cols, out, failing, law)


def _joined(parts: list[np.ndarray]) -> np.ndarray:
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def _blank_rows(values, bad: np.ndarray) -> np.ndarray:
    values = np.asarray(values)
    blank = np.nan if values.dtype.kind == "f" else None
    values = values.astype(float if values.dtype.kind == "f" else object)
    values[bad] = blank
    return values


def _text_column(texts: list[str], rows, n: int) -> pd.api.extensions.ExtensionArray:
    """A string column of n rows, empty but at `rows` (increasing), which hold `texts`. Its Arrow
    buffers are laid out directly: the texts' bytes as they are, and offsets that stand still on
    an empty row. pandas would check each of a million Python strings (about 40 ms)."""
    _, offsets, data = pa.array(texts, pa.large_string()).buffers()
    lengths = np.zeros(n + 1, np.int64)
    lengths[np.asarray(rows, np.intp) + 1] = np.diff(np.frombuffer(offsets, np.int64, len(texts) + 1))
    column = pa.LargeStringArray.from_buffers(n, pa.py_buffer(np.cumsum(lengths)), data or pa.py_buffer(b""))
    return pd.array(column, dtype="str")


def _reason_texts(cols, out, rows: np.ndarray, law: Law) -> list[str]:
    """The same sentences as `evaluate`, for the failing `rows` only. Their values are taken out of
    the columns at once, as Python values: indexing numpy row by row cost half the time."""
    columns = {k: _values_at(out[k] if k in out else cols[k], rows) for k in explain.CHECK_KEYS}
    return ["; ".join(explain.reasons(dict(zip(columns, values)), law)) for values in zip(*columns.values())]


def _values_at(column, rows: np.ndarray) -> list:
    """The column's values at `rows` as Python values, as `evaluate` gives them (a choice as its text)."""
    if isinstance(column, Coded):
        return np.asarray(column.choices, dtype=object)[column.codes[rows]].tolist()
    return np.asarray(column)[rows].tolist()
