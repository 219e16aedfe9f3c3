"""Scenario tables: a pandas DataFrame (or CSV) read into validated columns, row by row errors."""
from __future__ import annotations

import numpy as np
import pandas as pd

from .scenario import FIELDS, MAX_YEARS, Columns, Field, column, cross_field_errors

TRUE_WORDS = {"true": True, "1": True, "false": False, "0": False}


def _blank(series: pd.Series) -> np.ndarray:
    """Missing means default: NaN, None or an empty / blank cell."""
    blank = pd.isna(series).to_numpy().copy()
    if series.dtype == object or pd.api.types.is_string_dtype(series):
        text = series[~blank]
        text = text[text.map(type) == str]
        blank[series.index.get_indexer(text.index[text.str.strip() == ""])] = True
    return blank


def _read(field: Field, series: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """(values, bad-row mask) for one column, blanks already replaced by the default."""
    if field.kind == "choice":
        codes = pd.Categorical(series, categories=field.choices).codes.copy()
        if (codes < 0).any():  # second look, stripped, only where the first failed
            retry = codes < 0
            codes[retry] = pd.Categorical(series[retry].astype(str).str.strip(), categories=field.choices).codes
        return np.asarray(field.choices)[codes], codes < 0
    if field.kind == "bool":
        if pd.api.types.is_bool_dtype(series):
            return series.to_numpy(dtype=bool), np.zeros(len(series), bool)
        mapped = series.astype(str).str.strip().str.lower().str.replace(r"\.0$", "", regex=True).map(TRUE_WORDS)
        bad = mapped.isna().to_numpy()
        return mapped.fillna(False).to_numpy(dtype=bool), bad
    if pd.api.types.is_bool_dtype(series):
        return np.zeros(len(series)), np.ones(len(series), bool)
    numbers = pd.to_numeric(series, errors="coerce").to_numpy(dtype=float)
    bad = ~np.isfinite(numbers)
    if field.kind in ("count", "optional_count", "years"):
        bad |= numbers != np.floor(numbers)
    if field.kind == "years":
        bad |= (numbers < 1) | (numbers > MAX_YEARS)
    elif field.kind != "optional_number":
        bad |= numbers < 0
    return np.where(bad, np.nan, numbers), bad


def columns_from_frame(df: pd.DataFrame) -> tuple[Columns, np.ndarray, list[str]]:
    """Validated columns (bad cells replaced by the default so the rules can run); per row, the
    first error as "field: message" ('' for a good row); and the columns that are not fields
    (carried through to the output, not read: an id or a company name is welcome there)."""
    n = len(df)
    errors = np.full(n, "", dtype=object)
    unknown = [name for name in df.columns if name not in FIELDS]
    cols = Columns()
    for name, field in FIELDS.items():
        default = np.nan if field.default is None else field.default
        if name not in df.columns:
            cols[name] = column(field, np.full(n, default, dtype=object))
            continue
        series = df[name]
        if isinstance(series, pd.DataFrame):
            raise ValueError(f"{name}: the column appears more than once")
        blank = _blank(series)
        values, bad = _read(field, series.where(~blank, other=None) if blank.any() else series)
        bad = bad & ~blank
        values = np.where(blank | bad, default, values)
        cols[name] = column(field, values)
        if bad.any():
            raw = series.to_numpy(dtype=object)
            for i in np.flatnonzero(bad & (errors == "")):
                errors[i] = f"{name}: must be {field.expects}, got {raw[i]!r}"
    for name, bad, message in cross_field_errors(cols):
        for i in np.flatnonzero(bad & (errors == "")):
            errors[i] = f"{name}: {message}"
    return cols, errors, unknown
