"""A CSV of scenarios in, a CSV of results out, in chunks so that memory stays bounded: the
command line's `batch` and the app's Batch page both run this."""
from __future__ import annotations

import csv
import io
from typing import Callable, IO

import pandas as pd

from .frame import evaluate_frame
from .export import to_csv
from .scenario import FIELDS

CHUNK_ROWS = 100_000


class BatchError(ValueError):
    """The file as a whole cannot be read; rows that are merely wrong get an `error` cell instead."""


def _text(source: str | IO[bytes]) -> IO[str]:
    if isinstance(source, str):
        return open(source, newline="", encoding="utf-8-sig")
    return io.TextIOWrapper(source, encoding="utf-8-sig", newline="")


def run(source: str | IO[bytes], sink: str | IO[str], on_progress: Callable[[int], None] | None = None,
        chunk_rows: int = CHUNK_ROWS, table: Callable[[pd.DataFrame], pd.DataFrame] = evaluate_frame) -> int:
    """Evaluate every row of `source` (a path or a binary file) into `sink` (a path or a text
    file) with `table` (evaluate_frame, or a law's or reform's): one output row per input row,
    in order. Returns the number of rows."""
    name = source if isinstance(source, str) else getattr(source, "name", "the file")
    try:
        with _text(source) as text:
            header = next(csv.reader(text), None)
            if header is None:
                raise BatchError(f"{name}: the file is empty; expected a CSV with a header row")
            if not set(header) & set(FIELDS):
                raise BatchError(f"{name}: no column is a scenario field (such as new_jobs, location_tier); "
                                 "is this the right file?")
            repeated = sorted({h for h in header if header.count(h) > 1})
            if repeated:
                raise BatchError(f"{repeated[0]}: the column appears more than once")
            text.seek(0)
            rows = 0
            reader = pd.read_csv(text, dtype=str, keep_default_na=False, chunksize=chunk_rows)
            for chunk in reader:
                to_csv(table(chunk), path_or_buf=sink, mode="w" if rows == 0 else "a", header=rows == 0)
                rows += len(chunk)
                if on_progress:
                    on_progress(rows)
    except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
        raise BatchError(f"{exc.filename}: cannot open ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise BatchError(f"{name}: not UTF-8 text; expected a CSV file") from None
    except (pd.errors.ParserError, csv.Error) as exc:
        raise BatchError(f"{name}: not a readable CSV ({str(exc).splitlines()[0]})") from None
    if rows == 0:
        raise BatchError(f"{name}: the CSV has a header but no rows")
    return rows
