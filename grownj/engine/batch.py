"""A CSV of scenarios in, a CSV of results out, in chunks so that memory stays bounded: the
command line's `batch` and the app's Batch page both run this."""
from __future__ import annotations

import csv
import io
from contextlib import contextmanager
from typing import Callable, IO, Iterator

import pandas as pd
import pyarrow as pa
import pyarrow.csv as arrow_csv

from ..rules.scenario import FIELDS
from .export import csv_bytes
from .frame import evaluate_frame

# Rows read, evaluated and written at a time: the memory a batch takes follows this, not the file.
# A chunk is still big enough to run on two threads (parallel.PARALLEL_ROWS).
CHUNK_ROWS = 25_000
# Rows between two progress reports (and one at the end).
PROGRESS_ROWS = 100_000
# Bytes of the file parsed at a time; a chunk of rows is gathered from several such blocks.
BLOCK_BYTES = 1 << 20


class BatchError(ValueError):
    """The file as a whole cannot be read; rows that are merely wrong get an `error` cell instead."""


class _Irregular(Exception):
    """Something pyarrow will not read as pandas would (a short or long row, bytes that are not
    UTF-8, a quote left open): pandas reads the file from the chunk where this happened."""


def _name(source: str | IO[bytes]) -> str:
    """What a message calls the file: its path, or the name the caller gave it."""
    return source if isinstance(source, str) else getattr(source, "name", "the file")


def _text(source: str | IO[bytes]) -> IO[str]:
    if isinstance(source, str):
        return open(source, newline="", encoding="utf-8-sig")
    source.seek(0)
    return io.TextIOWrapper(source, encoding="utf-8-sig", newline="")


@contextmanager
def _reading(source: str | IO[bytes]) -> Iterator[IO[str]]:
    """The file as text from its start; a caller's file is left open, to be read again."""
    text = _text(source)
    try:
        yield text
    finally:
        if isinstance(source, str):
            text.close()
        else:
            text.detach()


def _header(source: str | IO[bytes], name: str) -> list[str]:
    """The header row, checked: a file that is not a table of scenarios is refused before any row."""
    text = _text(source)
    try:
        header = next(csv.reader(text), None)
    finally:
        if isinstance(source, str):
            text.close()
        else:
            text.detach()  # the caller's file stays open
    if header is None:
        raise BatchError(f"{name}: the file is empty; expected a CSV with a header row")
    return check_header(header, name)


def check_header(header: list[str], name: str) -> list[str]:
    """A table of scenarios' columns (Batch's file, Policy reforms' portfolio): refused when none is
    a field (the wrong file would run as rows of defaults) or one appears twice."""
    if not set(header) & set(FIELDS):
        raise BatchError(f"{name}: no column is a scenario field (such as new_jobs, location_tier); "
                         "is this the right file?")
    repeated = sorted({h for h in header if header.count(h) > 1})
    if repeated:
        raise BatchError(f"{repeated[0]}: the column appears more than once")
    return header


def _arrow_chunks(source: str | IO[bytes], header: list[str], chunk_rows: int) -> Iterator[pd.DataFrame]:
    """Chunks of exactly `chunk_rows` rows (the last one shorter), every cell as its text, as
    pandas' `read_csv(dtype=str, keep_default_na=False)` gives them; raises _Irregular at a row
    it would read otherwise."""
    if not isinstance(source, str):
        source.seek(0)
    # pandas names a column without a name by its position.
    names = [name or f"Unnamed: {i}" for i, name in enumerate(header)]
    try:
        reader = arrow_csv.open_csv(
            source, read_options=arrow_csv.ReadOptions(block_size=BLOCK_BYTES),
            parse_options=arrow_csv.ParseOptions(newlines_in_values=True),
            convert_options=arrow_csv.ConvertOptions(column_types={name: pa.large_string() for name in header},
                                                     strings_can_be_null=False, quoted_strings_can_be_null=False))
        if reader.schema.names != header or any(t != pa.large_string() for t in reader.schema.types):
            raise _Irregular
        pending: list[pa.RecordBatch] = []
        waiting = 0
        for block in reader:
            pending.append(block)
            waiting += block.num_rows
            while waiting >= chunk_rows:
                table = pa.Table.from_batches(pending)
                yield _frame(table.slice(0, chunk_rows), names)
                pending, waiting = table.slice(chunk_rows).to_batches(), waiting - chunk_rows
        if waiting:
            yield _frame(pa.Table.from_batches(pending), names)
    except pa.ArrowInvalid:
        raise _Irregular from None


def _frame(table: pa.Table, names: list[str]) -> pd.DataFrame:
    return table.rename_columns(names).to_pandas()


def _pandas_chunks(source: str | IO[bytes], chunk_rows: int, skip: int) -> Iterator[pd.DataFrame]:
    """pandas' reading of the file, from row `skip` (a multiple of `chunk_rows`) on; a file pandas
    stops at for a row longer than the header is read on by `_row_chunks` from the chunk it stopped in."""
    with _reading(source) as text:
        reader = pd.read_csv(text, dtype=str, keep_default_na=False, chunksize=chunk_rows)
        i = -1
        try:
            for i, chunk in enumerate(reader):
                if i * chunk_rows >= skip:
                    yield chunk
        except pd.errors.ParserError as exc:
            if "fields in line" not in str(exc):  # not a long row: a quote left open, ...
                raise
            done = max(skip, (i + 1) * chunk_rows)
        else:
            return
    yield from _row_chunks(source, chunk_rows, done)


# Where a chunk says which of its rows had more cells than the header, and how many: {position: cells}.
LONG_ROWS = "long_rows"


def _row_chunks(source: str | IO[bytes], chunk_rows: int, skip: int) -> Iterator[pd.DataFrame]:
    """The file read a row at a time (Python's csv module), from row `skip` on, in chunks: a row
    longer than the header keeps its place, its first cells carried and its length in the chunk's
    attrs[LONG_ROWS] (run() gives it an error instead of results), rather than the whole file being
    refused for it ("Expected 6 fields in line 8, saw 8"). A short row is filled with missing cells,
    as pandas fills it; blank lines are skipped, as pandas skips them."""
    with _reading(source) as text:
        lines = csv.reader(text, strict=True)
        header = next(lines)
        names = [name or f"Unnamed: {i}" for i, name in enumerate(header)]
        width, rows, long, done = len(header), [], {}, 0

        def chunk() -> pd.DataFrame:
            frame = pd.DataFrame(rows, columns=names, dtype=str, index=range(done, done + len(rows)))
            frame.attrs[LONG_ROWS] = long
            return frame

        for cells in lines:
            if not cells:
                continue
            if done + len(rows) >= skip:
                if len(cells) > width:
                    long[len(rows)] = len(cells)
                rows.append([*cells[:width], *[None] * (width - len(cells))])
            else:
                done += 1
            if len(rows) == chunk_rows:
                yield chunk()
                done, rows, long = done + len(rows), [], {}
        if rows:
            yield chunk()


def long_row_error(number: int, cells: int, width: int) -> str:
    """The error of a row longer than the header, in words: which row, and what to do."""
    return (f"Row {number:,} has {cells} cells but the header names {width} columns, so its cells cannot be told "
            "apart: it is not evaluated (a comma inside a name needs the name in quotes)")


def _with_long_rows(out: pd.DataFrame, chunk: pd.DataFrame, before: int) -> pd.DataFrame:
    """The chunk's results with each long row's results emptied and its error said (`before`: rows
    of the file before the chunk)."""
    long = chunk.attrs.get(LONG_ROWS)
    if not long:
        return out
    bad = pd.Series(False, index=out.index)
    bad.iloc[list(long)] = True
    for name in out.columns[chunk.shape[1]:]:
        if name != "error":
            out[name] = out[name].where(~bad)
    errors = out["error"].astype(object)
    for position, cells in long.items():
        errors.iloc[position] = long_row_error(before + position + 1, cells, chunk.shape[1])
    out["error"] = errors.astype(str)
    return out


def _lone_carriage_return(source: str | IO[bytes], block_bytes: int = 1 << 24) -> bool:
    """Whether a carriage return stands anywhere but before a line feed: pandas writes one in a
    cell without quotes, and pyarrow and pandas read such a file differently."""
    file = open(source, "rb") if isinstance(source, str) else source
    try:
        file.seek(0)
        waiting = False  # the last block ended in a carriage return, whose line feed may start this one
        while block := file.read(block_bytes):
            if waiting and not block.startswith(b"\n"):
                return True
            waiting = block.endswith(b"\r")
            returns = block.count(b"\r")
            if returns and returns - waiting != block.count(b"\r\n"):
                return True
        return waiting
    finally:
        if isinstance(source, str):
            file.close()


def chunks(source: str | IO[bytes], chunk_rows: int = CHUNK_ROWS) -> Iterator[pd.DataFrame]:
    """The rows of `source` (a path or a binary file) in chunks of `chunk_rows`, every cell as its
    text: pyarrow reads a regular file; pandas takes over, without repeating a row, at anything
    else, so that such a file reads (or fails, with pandas' message) as it always has."""
    header = _header(source, _name(source))
    if _lone_carriage_return(source):
        yield from _pandas_chunks(source, chunk_rows, 0)
        return
    done = 0
    try:
        for chunk in _arrow_chunks(source, header, chunk_rows):
            yield chunk
            done += len(chunk)
    except _Irregular:
        yield from _pandas_chunks(source, chunk_rows, done)


def run(source: str | IO[bytes], sink: str | IO[str] | IO[bytes], on_progress: Callable[[int], None] | None = None,
        chunk_rows: int = CHUNK_ROWS, table: Callable[[pd.DataFrame], pd.DataFrame] = evaluate_frame,
        progress_rows: int = PROGRESS_ROWS) -> int:
    """Evaluate every row of `source` (a path or a binary file) into `sink` (a path, or a text or
    binary file) with `table` (evaluate_frame, or a law's or reform's): one output row per input
    row, in order. `on_progress` hears the rows done after every `progress_rows` rows and at the
    end. Returns the number of rows."""
    name = _name(source)
    rows = reported = 0
    out = None
    try:
        for chunk in chunks(source, chunk_rows):
            data = csv_bytes(_with_long_rows(table(chunk), chunk, rows), header=rows == 0)
            if out is None:  # the output is made only once there is a row for it
                out = open(sink, "wb") if isinstance(sink, str) else sink
            out.write(data.decode() if isinstance(out, io.TextIOBase) else data)
            rows += len(chunk)
            if on_progress and rows - reported >= progress_rows:
                on_progress(reported := rows)
        if on_progress and rows != reported:
            on_progress(rows)
    except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
        raise BatchError(f"{exc.filename}: cannot open ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise BatchError(f"{name}: not UTF-8 text; expected a CSV file") from None
    except (pd.errors.ParserError, csv.Error) as exc:
        raise BatchError(f"{name}: not a readable CSV ({str(exc).splitlines()[0]})") from None
    finally:
        if out is not None and isinstance(sink, str):
            out.close()
    if rows == 0:
        raise BatchError(f"{name}: the CSV has a header but no rows")
    return rows
