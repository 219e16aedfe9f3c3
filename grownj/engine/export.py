"""What leaves the app or the CLI: tables (CSV, XLSX) with formula cells escaped, charts as PNG
and self-contained HTML, and a one-page PDF brief of a scenario."""
from __future__ import annotations

import atexit
import csv
import html
import io
import re
import threading
from datetime import date
from functools import cache

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pyarrow as pa
import pyarrow.compute as pc

from ..machinery.formats import PLAIN_NUMBER, each_distinct, whole_dollars
from ..machinery.parallel import column_map
from ..machinery.text_columns import large, layout
from ..rules.result import Result
from ..words.choices import choice_words
from ..words.explain import TIER_NAMES

# A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _is_text(column: pd.Series) -> bool:
    return column.dtype == object or pd.api.types.is_string_dtype(column)


def _bytes_in(chars: str) -> np.ndarray:
    """A lookup table of the 256 byte values: True for the (one-byte) characters given."""
    table = np.zeros(256, bool)
    table[np.frombuffer(chars.encode(), np.uint8)] = True
    return table


FORMULA_BYTES = _bytes_in("".join(FORMULA_STARTS))
# Python's csv module (pandas' writer) quotes a cell that holds one of these.
QUOTED_BYTES = _bytes_in(',"\n')


def _starting_with(text: pa.Array, table: np.ndarray) -> np.ndarray:
    """Which cells start with a byte marked in `table`."""
    offsets, data = layout(text)
    filled = np.flatnonzero(offsets[1:] > offsets[:-1])
    found = np.zeros(len(text), bool)
    found[filled] = table[data[offsets[filled]]]
    return found


def _holding(text: pa.Array, table: np.ndarray) -> np.ndarray:
    """Which cells hold a byte marked in `table` anywhere."""
    offsets, data = layout(text)
    found = np.zeros(len(text), bool)
    at = np.flatnonzero(table[data[offsets[0]:offsets[-1]]]) + offsets[0]
    found[np.searchsorted(offsets, at, side="right") - 1] = True
    return found


def _formula_cells(text: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """Which cells of a text column a spreadsheet would evaluate (a missing cell is not one). The
    few that start like a formula are checked against a plain number (ASCII digits) one by one."""
    text = pc.cast(text, pa.large_string())
    if text.null_count:
        text = pc.fill_null(text, "")
    if isinstance(text, pa.ChunkedArray):
        text = text.combine_chunks()
    risky = _starting_with(text, FORMULA_BYTES)
    rows = np.flatnonzero(risky)
    if len(rows):
        plain = re.compile(PLAIN_NUMBER)
        risky[rows] = [plain.fullmatch(cell) is None for cell in text.take(rows).to_pylist()]
    return risky


def escape_formulas(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy in which every text cell that a spreadsheet would evaluate starts with a quote
    ("'=cmd|..." shows as text). Numbers, negative ones included, are left as numbers."""
    out = frame.copy()
    for name in out.columns:
        column = out[name]
        if _is_text(column):
            text = column.astype("string")
            risky = _formula_cells(pa.array(text.array))
            if risky.any():
                out[name] = column.where(~risky, "'" + text)
    return out


def to_csv(frame: pd.DataFrame, **kwargs) -> str | None:
    """CSV text (or a file when `path_or_buf` is given) with formulas escaped."""
    return escape_formulas(frame).to_csv(index=False, **kwargs)


# The cents of a float as Python writes them: 0 -> "0", 5 -> "05", 50 -> "5".
CENTS = pa.array([f"{c:02d}".rstrip("0") or "0" for c in range(100)], pa.large_string())
BOOL_WORDS = pa.array(["False", "True"], pa.large_string())
# Beyond this a float's cents may be inexact, and Python writes 1e16 and up with an exponent.
CENTS_EXACT_BELOW = 1e13


def csv_bytes(frame: pd.DataFrame, header: bool = True) -> bytes:
    """The UTF-8 bytes of `to_csv(frame)`, for a table of text, numbers, yes/no and categories
    such as a batch's results: each column is written as text by Arrow (two at a time on a big
    table), formulas escaped and cells quoted as Python's csv module would, then the rows joined.
    pandas formats and quotes each cell in Python, which took most of a batch's time."""
    cells = column_map(_cells, [(frame.iloc[:, i],) for i in range(frame.shape[1])], len(frame))
    data = b""
    if header:
        line = io.StringIO()
        csv.writer(line, lineterminator="\n").writerow(frame.columns)
        data = line.getvalue().encode()
    if not len(frame):
        return data
    # The rows joined in two halves at once, on a big table.
    half = -(-len(frame) // 2)
    halves = [([cell.slice(start, half) for cell in cells],) for start in (0, half)]
    return b"".join([data, *column_map(_lines, halves, len(frame))])


def _lines(cells: list[pa.Array]) -> np.ndarray:
    """The bytes of the rows whose cells are given, column by column: commas between, a newline after."""
    last = pc.binary_join_element_wise(cells[-1], large("\n"), large(""))
    lines = pc.binary_join_element_wise(*cells[:-1], last, large(","))
    offsets, text = layout(lines)
    return text[offsets[0]:offsets[-1]]


def _cells(column: pd.Series) -> pa.Array:
    """A column as the text pandas' to_csv writes for it (an empty cell for a missing value),
    escaped if it holds text, quoted where needed."""
    if column.dtype.kind == "f":
        text = _floats(column.to_numpy())
    elif column.dtype.kind in "iub":
        text = _text(pa.array(column.to_numpy()))
    else:  # Arrow's own text and categories are taken as they are; Python objects are converted
        values = column.array if hasattr(column.array, "__arrow_array__") else column.to_numpy()
        try:
            values = pa.array(values, from_pandas=True)
        except (pa.ArrowInvalid, pa.ArrowTypeError):  # values of mixed types
            values = pa.array([None if pd.isna(v) else str(v) for v in values], pa.large_string())
        text = _text(values.combine_chunks() if isinstance(values, pa.ChunkedArray) else values)
    if text.null_count:
        text = pc.fill_null(text, large(""))
    if _is_text(column):
        risky = _formula_cells(text)
        if risky.any():
            text = pc.if_else(risky, pc.binary_join_element_wise(large("'"), text, large("")), text)
        quoted = _holding(text, QUOTED_BYTES)
        if quoted.any():
            text = pc.if_else(quoted, pc.binary_join_element_wise(
                large('"'), pc.replace_substring(text, '"', '""'), large('"'), large("")), text)
    return text


def _text(values: pa.Array) -> pa.Array:
    """Arrow values as Python's str() writes them; nulls stay null."""
    if pa.types.is_dictionary(values.type):
        return _text(values.dictionary_decode())
    if pa.types.is_boolean(values.type):
        return BOOL_WORDS.take(pc.cast(values, pa.int8()))
    if pa.types.is_floating(values.type):
        return _floats(values.to_numpy(zero_copy_only=False))
    return pc.cast(values, pa.large_string())  # text, whole numbers, nothing


def _floats(values: np.ndarray) -> pa.Array:
    """Floats as numpy's str() writes them (the shortest text that reads back as the same float),
    NaN as null. A column of few distinct values (a bonus, a minimum, a cap) writes each once."""
    return each_distinct(values, _float_texts)


def _float_texts(values: np.ndarray) -> pa.Array:
    """`_floats` one value at a time: a whole number of cents below CENTS_EXACT_BELOW, as every
    amount of money is, is written from its cents; any other float from its own text, one by one."""
    with np.errstate(invalid="ignore", over="ignore"):
        cents = np.rint(values * 100)
        exact = (np.abs(values) < CENTS_EXACT_BELOW) & (cents / 100 == values)
    whole_cents = np.abs(cents, where=exact, out=np.zeros_like(cents)).astype(np.int64)
    dollars = pc.cast(pa.array(whole_cents // 100), pa.large_string())
    negative = np.signbit(values) & exact
    if negative.any():
        dollars = pc.binary_join_element_wise(pc.if_else(pa.array(negative), large("-"), large("")),
                                              dollars, large(""))
    text = pc.binary_join_element_wise(dollars, CENTS.take(pa.array(whole_cents % 100)), large("."))
    other = ~exact
    if other.any():
        rest = values[other]
        written = rest.astype(str).astype(object)
        written[np.isnan(rest)] = None
        text = pc.replace_with_mask(text, pa.array(other), pa.array(written, pa.large_string()))
    return text


def to_xlsx(sheets: dict[str, pd.DataFrame]) -> bytes:
    """An Excel workbook, one sheet per table, formulas escaped as in CSV."""
    buffer = io.BytesIO()
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        for name, frame in sheets.items():
            escape_formulas(frame).to_excel(writer, sheet_name=name[:31], index=False)
    return buffer.getvalue()


# One kaleido renderer (a headless Chromium) for the process, started by the first export and kept:
# a browser started per image took 2-3 s a PNG and twice that for a brief's two charts. Its queue
# answers calls in turn, not by caller, so sessions take it one at a time.
_RENDERER = threading.Lock()


@cache
def _renderer():
    """kaleido with its renderer started (once a process; stopped when the process exits)."""
    import kaleido

    kaleido.start_sync_server(silence_warnings=True)
    atexit.register(kaleido.stop_sync_server, silence_warnings=True)
    return kaleido


def chart_png(fig: go.Figure, width: int = 1400, height: int = 700) -> bytes:
    """PNG through kaleido and the system Chromium, kept running after the first: on request only.
    kaleido is called as plotly's to_image calls it, less the options a running renderer ignores."""
    with _RENDERER:
        return _renderer().calc_fig_sync(fig.to_dict(), opts={"format": "png", "width": width, "height": height,
                                                              "scale": 1})


def titled(fig: go.Figure, project: str) -> go.Figure:
    """A copy of the chart whose title names the project, for a file that leaves the app."""
    title = fig.layout.title.text or ""
    return go.Figure(fig).update_layout(title_text=f"{html.escape(project)}: {title}" if project else title)


def chart_html(fig: go.Figure) -> str:
    """A self-contained page: plotly.js inlined, so it opens offline."""
    return fig.to_html(include_plotlyjs=True, full_html=True)


def brief_pdf(result: Result, figures: dict[str, go.Figure], assumptions: list[str], project: str = "",
              law: str = "as enacted", link: str = "", on: date | None = None, state_side: list[str] = ()) -> bytes:
    """A one-page brief of one scenario: the project's name, the date, the law it was computed under
    and a link back to it; headline figures, the charts, every component with its citation, the
    State's side (the net benefit test's lines, as the page words them), and the assumptions and
    interpretations used. Money in whole dollars, as a reader reads it."""
    # Imported here, on the click that asks for a brief, so that loading fpdf and its fonts does not
    # delay every server start and first page run for a PDF nobody may want.
    from fpdf import FPDF

    pdf = FPDF(orientation="landscape", format="Letter")
    pdf.set_auto_page_break(auto=False)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 9, _latin(f"Grow New Jersey credit: {project or 'scenario brief'}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 8)
    pdf.cell(0, 4, _latin(f"{(on or date.today()).isoformat()} | computed by grownj under the law {law}"
                          + (f" | {link}" if link else "")), new_x="LMARGIN", new_y="NEXT", link=link or None)
    pdf.set_font("Helvetica", "", 10)
    s = result.scenario
    pdf.cell(0, 5, _latin(f"{TIER_NAMES[s.location_tier].capitalize()} | {s.new_jobs:,} new and {s.retained_jobs:,} retained jobs | "
                          f"capital investment {whole_dollars(s.capital_investment)} | "
                          f"{choice_words(s.industry)} | "
                          f"{result.eligibility_years}-year eligibility period"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "B", 12)
    pdf.cell(0, 8, _latin(f"Annual credit {whole_dollars(result.annual_credit)}   "
                          f"Total {whole_dollars(result.total_credit)}   "
                          f"Per new job {whole_dollars(result.per_job_new)}   "
                          f"Per retained job {whole_dollars(result.per_job_retained)}"
                          f"   Eligible: {'yes' if result.eligible else 'no'}"), new_x="LMARGIN", new_y="NEXT")
    top = pdf.get_y() + 1
    width = (pdf.w - 2 * pdf.l_margin - 4) / max(len(figures), 1)
    for i, fig in enumerate(figures.values()):
        image = io.BytesIO(chart_png(fig, 1000, 560))
        pdf.image(image, x=pdf.l_margin + i * (width + 4), y=top, w=width)
    pdf.set_y(top + width * 0.56 + 2)
    pdf.set_font("Helvetica", "B", 9)
    pdf.cell(0, 5, "Where each dollar comes from", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 7.5)
    for c in result.components:
        binding = " (binding)" if c.binding else ""
        pdf.cell(0, 3.6, _latin(f"{c.label}: {whole_dollars(c.amount)}{binding}  [{c.citation}]"),
                 new_x="LMARGIN", new_y="NEXT")
    if state_side:
        pdf.set_font("Helvetica", "B", 9)
        pdf.cell(0, 5, "The State's side (s.3 a(3))", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 7.5)
        for line in state_side:
            pdf.cell(0, 3.6, _latin(line), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "I", 7)
    for line in [*result.reasons, *result.notes, *assumptions]:
        pdf.multi_cell(0, 3.2, _latin(line), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def _latin(text: str) -> str:
    """The core PDF fonts are Latin-1; replace what they cannot show."""
    return text.replace("\u2019", "'").replace("\u2013", "-").encode("latin-1", "replace").decode("latin-1")
