"""Tables leaving the app or the CLI: cells a spreadsheet would run as formulas are escaped."""
from __future__ import annotations

import pandas as pd

# A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def escape_formulas(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy in which every text cell that a spreadsheet would evaluate starts with a quote
    ("'=cmd|..." shows as text). Numbers, negative ones included, are left as numbers."""
    out = frame.copy()
    for name in out.columns:
        column = out[name]
        if column.dtype == object or pd.api.types.is_string_dtype(column):
            text = column.astype("string")
            risky = text.str.startswith(FORMULA_STARTS).fillna(False)
            if risky.any():
                out[name] = column.where(~risky, "'" + text)
    return out


def to_csv(frame: pd.DataFrame, **kwargs) -> str | None:
    """CSV text (or a file when `path_or_buf` is given) with formulas escaped."""
    return escape_formulas(frame).to_csv(index=False, **kwargs)
