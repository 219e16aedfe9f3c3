"""DataFrame in, DataFrame out: a table of scenarios read into validated columns (row by row errors),
run through the rules in blocks, and shaped into one output row per input row (`evaluate_frame`)."""
from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from ..law import Law, enacted
from ..machinery.columns import Coded
from ..machinery.fields import quoted
from ..machinery.formats import PLAIN_NUMBER
from ..machinery.parallel import block_map, column_map
from ..machinery.text_columns import spread
from ..rules import compute, place
from ..rules.outputs import OUTPUTS, TABLE_COLUMNS, shaped
from ..rules.scenario import FIELDS, Columns, Field, column, cross_field_errors
from ..words import sentences

RESULT_SUFFIX = "_result"  # a result column that has an input column's name: location_tier_result
# The outputs a table has a column for, computed for each block of rows (the reasons are written apart).
TABLE_OUTPUTS = tuple(o for o in OUTPUTS.values() if o.in_table and o.kind != "text")

# A text cell of a yes/no field: its index here, modulo 2, is its truth ("False" and "True" as
# pandas and spreadsheets write them).
BOOL_WORDS = ("false", "true", "0", "1", "False", "True")


def _distinct(series: pd.Series) -> tuple[pd.Index, np.ndarray]:
    """(distinct cell texts, stripped; code per row, -1 for a missing cell): work per distinct value,
    not per row."""
    categorical = series.astype("category")
    return pd.Index(categorical.cat.categories.astype(str).str.strip()), categorical.cat.codes.to_numpy()


def _exact_codes(series: pd.Series, words: tuple[str, ...]) -> np.ndarray:
    """Each cell's index in `words`, -1 where it is not exactly one of them. A column held by Arrow
    (pandas' string columns) is looked up in one pass, without categorising it."""
    if not isinstance(series.array, pd.arrays.ArrowStringArray):
        return np.full(len(series), -1, np.int32)
    found = pc.index_in(pa.array(series.array), value_set=pa.array(list(words), type=pa.string()))
    return pc.fill_null(found, -1).to_numpy(zero_copy_only=False).astype(np.int32, copy=True)


def _text_codes(series: pd.Series, words: tuple[str, ...], yes_no: bool) -> tuple[np.ndarray, np.ndarray]:
    """(index of each cell in `words`, -1 for none; blank-cell mask). The cells that are not exactly
    a word (spaces, "TRUE", "1.0", blanks, mistakes) are read once per distinct text."""
    codes = _exact_codes(series, words)
    blank = np.zeros(len(series), bool)
    rest = codes < 0
    if rest.any():
        texts, distinct = _distinct(series if rest.all() else series[rest])
        if yes_no:
            texts = texts.str.lower().str.replace(r"\.0$", "", regex=True)
        codes[rest] = np.append(pd.Index(words).get_indexer(texts), -1)[distinct]
        blank[rest] = np.append(texts == "", True)[distinct]  # the extra slot is code -1, a missing cell
    return codes, blank


def _numbers(series: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """(numbers, blank-cell mask) of a column of text: NaN where a cell is not a number. A cell of
    spaces is blank; "nan" or "inf" is a number, which no field's bounds admit. Arrow reads the
    plain numbers of a column it holds; pandas reads the rest (spaces around a number, "1_000")."""
    if not isinstance(series.array, pd.arrays.ArrowStringArray):
        return _pandas_numbers(series)
    cells = pa.array(series.array)
    cells = pc.if_else(pc.equal(cells, ""), pa.scalar(None, cells.type), cells)
    blank = pc.is_null(cells).to_numpy(zero_copy_only=False)
    try:
        return pc.cast(cells, pa.float64()).to_numpy(zero_copy_only=False), blank
    except pa.ArrowInvalid:  # some cell is not a plain number
        plain = pc.match_substring_regex(cells, f"^{PLAIN_NUMBER}$")
        plain = pc.fill_null(plain, False).to_numpy(zero_copy_only=False)
    numbers = np.full(len(series), np.nan)
    numbers[plain] = pc.cast(cells.filter(plain), pa.float64()).to_numpy(zero_copy_only=False)
    rest = ~plain & ~blank
    if rest.any():
        numbers[rest], blank[rest] = _pandas_numbers(series[rest])
    return numbers, blank


def _pandas_numbers(series: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """(numbers, blank-cell mask) as pandas reads any text: the reading the batch has always had."""
    numbers = pd.to_numeric(series, errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    blank = pd.isna(series).to_numpy()
    unparsed = np.isnan(numbers) & ~blank
    if unparsed.any():
        blank = blank.copy()
        blank[unparsed] = (series[unparsed].astype(str).str.strip() == "").to_numpy(dtype=bool)
    return numbers, blank


def _read(field: Field, series: pd.Series) -> tuple[np.ndarray | Coded, np.ndarray, np.ndarray]:
    """(values, bad-row mask, blank-row mask) for one column. A blank is a missing or empty cell."""
    if field.kind == "choice" or (field.kind == "bool" and not pd.api.types.is_numeric_dtype(series)):
        codes, blank = _text_codes(series, field.choices if field.kind == "choice" else BOOL_WORDS,
                                   yes_no=field.kind == "bool")
        bad = (codes < 0) & ~blank
        codes = np.maximum(codes, 0)
        return (Coded(codes, field.choices) if field.kind == "choice" else codes % 2 == 1), bad, blank
    if pd.api.types.is_bool_dtype(series):
        values = series.to_numpy(dtype=bool)
        wrong_type = np.full(len(values), field.kind != "bool")  # True/False is not a number of jobs
        return values, wrong_type, np.zeros(len(values), bool)
    whole = field.whole
    if pd.api.types.is_numeric_dtype(series):
        numbers = series.to_numpy(dtype=float, na_value=np.nan)
        blank = np.isnan(numbers)
        whole = whole and not pd.api.types.is_integer_dtype(series)  # an integer column needs no check
    else:
        numbers, blank = _numbers(series)
    if field.kind == "bool":
        bad = ~blank & (numbers != 0) & (numbers != 1)
        return numbers == 1, bad, blank
    with np.errstate(invalid="ignore"):
        # Every bound is finite, so NaN and infinity fail it too.
        ok = (numbers >= field.minimum) & (numbers <= field.maximum)
        if whole:
            ok &= numbers == np.floor(numbers)
    return numbers, ~(ok | blank), blank


def _filled(field: Field, use_default: np.ndarray, values) -> np.ndarray | Coded:
    """The column with the field's default wherever `use_default` holds."""
    if field.kind == "choice":
        default_code = field.choices.index(field.default)
        if values is None:
            return Coded(np.full(len(use_default), default_code), field.choices)
        return Coded(np.where(use_default, default_code, values.codes), field.choices) if use_default.any() \
            else values
    default = np.nan if field.default is None else field.default
    if values is None:
        return column(field, np.full(len(use_default), default))
    return column(field, np.where(use_default, default, values) if use_default.any() else values)


def _column(field: Field, series: pd.Series | None, n: int) -> tuple[np.ndarray | Coded, np.ndarray]:
    """(the column with defaults filled in, its bad-cell mask); a missing column is all default."""
    if series is None:
        return _filled(field, np.ones(n, bool), None), np.zeros(n, bool)
    values, bad, blank = _read(field, series)
    # A blank optional cell is NaN already, which is its default: only bad cells need it.
    return _filled(field, bad if field.default is None else blank | bad, values), bad


def read_column(field: Field, series: pd.Series) -> tuple[np.ndarray | Coded, np.ndarray]:
    """One column read and checked on its own, before any rule that ties two fields together:
    (values with defaults filled in, bad-cell mask)."""
    return _column(field, series, len(series))


def columns_from_frame(df: pd.DataFrame) -> tuple[Columns, dict[int, str], list[str]]:
    """Validated columns (bad cells replaced by the default so the rules can run); each bad row's
    position, in row order, with its first error as "field: message"; and the columns that are
    not fields (carried through to the output, not read: an id or a company name is welcome there)."""
    n = len(df)
    unknown = [name for name in df.columns if name not in FIELDS]
    given = {name: df[name] if name in df.columns else None for name in FIELDS}
    for name, series in given.items():
        if isinstance(series, pd.DataFrame):
            raise ValueError(f"{name}: the column appears more than once")
    # Two columns at a time on a big table.
    read = column_map(_column, [(FIELDS[name], series, n) for name, series in given.items()], n)
    cols = Columns()
    errors: dict[int, str] = {}
    for (name, series), (values, bad) in zip(given.items(), read):  # in field order: the first error wins
        cols[name] = values
        if bad.any():
            raw = series.to_numpy(dtype=object)
            for i in np.flatnonzero(bad).tolist():
                if i not in errors:
                    errors[i] = f"{name}: must be {FIELDS[name].expects}, got {quoted(raw[i])}"
    for name, bad, message in cross_field_errors(cols):
        for i in np.flatnonzero(bad).tolist():
            errors.setdefault(i, f"{name}: {message}")
    return cols, dict(sorted(errors.items())), unknown


def evaluate_frame(df: pd.DataFrame, law: Law | None = None, reasons: bool = True) -> pd.DataFrame:
    """One output row per input row, in order: the input columns, then every result key, with
    bonuses as bonus_c1..bonus_c16, reasons joined by "; " and an `error` column ('' if fine).
    Missing columns and empty cells take the field's default. `reasons=False` leaves the
    reasons empty (the sentences are written for the failing rows only, column by column)."""
    law = law or enacted()
    cols, errors, _ = columns_from_frame(df)
    cols, contradictions = place.settle(cols, law)
    if contradictions:
        for name, bad, message in contradictions:
            for i in np.flatnonzero(bad).tolist():
                errors.setdefault(i, f"{name}: {message(i)}")
        errors = dict(sorted(errors.items()))
    n = len(df)
    bad = np.zeros(n, bool)
    bad[list(errors)] = True
    # A big table runs in blocks of rows on two threads; each block is computed and shaped alone.
    blocks = block_map(partial(_result_block, cols, bad, law, reasons), n)
    keys = list(blocks[0][0])
    joined = dict(zip(keys, column_map(_joined, [([block[key] for block, _, _ in blocks],) for key in keys], n)))
    failing = np.concatenate([rows for _, rows, _ in blocks])
    joined["reasons"] = _text_column(pa.concat_arrays([block_texts for _, _, block_texts in blocks]), failing, n)
    result = {column: _categorical(joined[column]) if isinstance(joined[column], Coded) else joined[column]
              for column in TABLE_COLUMNS}
    if errors:
        # A bad row keeps its place with empty results and its error.
        result = {k: _blank_rows(v, bad) for k, v in result.items()}
    frame = pd.DataFrame(result, index=df.index, copy=False)  # no consolidation copy of 40 columns
    frame["error"] = _text_column(list(errors.values()), list(errors), n)
    # A result key that is also an input column (location_tier, eligibility_years) gets "_result".
    frame = frame.rename(columns={k: k + RESULT_SUFFIX for k in frame.columns if k in df.columns})
    return pd.concat([df.reset_index(drop=True), frame.reset_index(drop=True)], axis=1).set_axis(df.index)


def _result_block(cols: Columns, bad: np.ndarray, law: Law, reasons: bool,
                  rows: slice) -> tuple[dict, np.ndarray, pa.Array]:
    """(the result columns, the failing rows' positions in the table, their reasons) for a block
    of rows. A choice stays a coded column until the blocks are joined."""
    cols, bad = cols.rows(rows), bad[rows]
    out = compute(cols, law)
    result = shaped(out, TABLE_OUTPUTS)
    failing = np.flatnonzero(~bad & ~out["eligible"]) if reasons else np.zeros(0, np.intp)
    return result, rows.start + failing, _reason_texts(cols, out, failing, law)


def _joined(parts: list[np.ndarray | Coded]) -> np.ndarray | Coded:
    if len(parts) == 1:
        return parts[0]
    if isinstance(parts[0], Coded):
        return Coded(np.concatenate([part.codes for part in parts]), parts[0].choices)
    return np.concatenate(parts)


def _categorical(column: Coded) -> pd.Categorical:
    """A column of choices as a table holds it; a choice of none (no MRERA tier) is a missing cell."""
    if column.choices[0] is None:
        return pd.Categorical.from_codes(column.codes - 1, column.choices[1:])
    return pd.Categorical.from_codes(column.codes, column.choices)


def _blank_rows(values, bad: np.ndarray) -> np.ndarray | pd.api.extensions.ExtensionArray:
    """The column with nothing in the `bad` rows: NaN, or None where the column is not of floats."""
    if isinstance(values, pd.arrays.ArrowStringArray):  # text stays text, with missing cells
        return pd.array(pc.if_else(pa.array(bad), pa.scalar(None, pa.large_string()), pa.array(values)), dtype="str")
    values = np.broadcast_to(np.asarray(values), bad.shape)
    blank = np.nan if values.dtype.kind == "f" else None
    values = values.astype(float if values.dtype.kind == "f" else object)
    values[bad] = blank
    return values


def _reason_texts(cols, out, rows: np.ndarray, law: Law) -> pa.Array:
    """The same sentences as `evaluate`, for the failing `rows` only, written column by column."""
    if not len(rows):
        return pa.array([], pa.large_string())
    return sentences.reasons_column({k: (out[k] if k in out else cols[k])[rows] for k in sentences.REASON_KEYS}, law)


def _text_column(texts: list[str] | pa.Array, rows, n: int) -> pd.api.extensions.ExtensionArray:
    """A string column of n rows, empty but at `rows` (increasing), which hold `texts`: one piece
    of Arrow text that pandas takes as it is, without looking at each string."""
    texts = texts if isinstance(texts, pa.Array) else pa.array(texts, pa.large_string())
    return pd.array(spread(texts, rows, n), dtype="str")
