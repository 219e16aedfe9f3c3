"""What leaves the app or the CLI: tables (CSV, XLSX) with formula cells escaped, charts as PNG
and self-contained HTML, and a one-page PDF brief of a scenario."""
from __future__ import annotations

import atexit
import csv
import html
import io
import re
import textwrap
import threading
from dataclasses import dataclass
from datetime import date
from functools import cache

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pyarrow as pa
import pyarrow.compute as pc

from ..machinery.formats import PLAIN_NUMBER, count, each_distinct, whole_dollars
from ..machinery.parallel import column_map
from ..machinery.text_columns import large, layout
from ..rules.outputs import COLUMN_OUTPUTS
from ..rules.result import Result
from ..words.choices import choice_words, tier_label
from .frame import RESULT_SUFFIX

@dataclass(frozen=True)
class About:
    """What a file that leaves the app says it holds, as the screen says it: the project (or the
    table's subject), the municipality it was placed in, what was edited, the law it was computed
    under, the day it was made, the grownj that made it and a link back to it. Every file's title
    and header lines are read from here, so that a PDF, a chart, a table and a workbook name the same
    place and law as the page did."""
    project: str
    law: str
    made: date
    link: str = ""
    # "grownj 0.1.0": given by the caller, since grownj.__version__ lives in the package above this layer.
    made_by: str = "grownj"
    # "Newark (Essex)": the municipality (and county) the project was placed in, when it was moved.
    place: str = ""
    # The fields and assumptions changed from the project as it came, in words.
    edits: str = ""

    @property
    def subject(self) -> str:
        """The file's subject as the page heads it: "Philadelphia 76ers ..., placed in Newark (Essex)"
        (a preset named for Camden, put in Newark, read as a place of two names without it)."""
        return f"{self.project}, placed in {self.place}" if self.place else self.project

    def rows(self) -> list[tuple[str, str]]:
        return [("Project", self.project), *([("Placed in", self.place)] if self.place else []),
                *([("Edits", self.edits)] if self.edits else []), ("Law", self.law),
                ("Made on", self.made.isoformat()), ("Made by", self.made_by),
                *([("Link", self.link)] if self.link else [])]

    def line(self, project: bool = True) -> str:
        """One line of it, the link left off (a PNG's description; without the project and its place,
        a chart's subtitle under a title that names them)."""
        return " | ".join(f"{k}: {v}" for k, v in self.rows()
                          if k != "Link" and (project or k not in ("Project", "Placed in")))

    def heading(self) -> list[str]:
        """A file's title lines: its subject, then the edits, the law, the date and grownj, then the
        link (the PDF brief and the charts' titles)."""
        return [self.subject, self.line(project=False), *([self.link] if self.link else [])]


def file_name(project: str, name: str, extension: str) -> str:
    """A download's name from its project and what it holds ("Holtec International, Camden -
    schedule.csv"): two projects' files do not collide, and quotes, apostrophes and slashes, which
    some systems refuse or mangle, are left out."""
    stem = f"{project} - {name}" if project else name
    kept = "".join(c if c.isalnum() or c in " ,()-_." else " " for c in stem)
    return " ".join(kept.split())[:150] + "." + extension


# Headers' words that are abbreviations, as a reader writes them.
HEADER_WORDS = {"npv": "NPV", "pv": "PV", "mrera": "MRERA", "erg": "ERG", "loo": "left-out", "mri": "MRI",
                "uth": "UTH", "gsgz": "GSGZ", "sjpd": "SJPD", "leed": "LEED", "us": "US", "nj": "NJ", "hq": "HQ"}
CODE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
# Money as a page writes it ("-$25,456,770", "$4,675,000.50"): a number in a file.
MONEY_TEXT = re.compile(r"[-+]?\$[0-9]{1,3}(,[0-9]{3})*(\.[0-9]+)?")
# A band of money as a page writes it ("-$13,365,044 to $1,057,154", "-$12.3M to $1.1M"): two numbers
# in a file, its low and high ends. As text it began with a minus, which a file must escape as a
# formula's start: a reader saw "'-$12.3M to $1.1M".
SHORT_UNITS = {"K": 1e3, "M": 1e6, "B": 1e9}
AMOUNT = r"[-+]?\$[0-9][0-9,]*(?:\.[0-9]+)?[KMB]?"
MONEY_RANGE = re.compile(f"({AMOUNT}) to ({AMOUNT})")


def header_words(name) -> str:
    """A column's header in words: a scenario field or a declared output by its label (a result
    column named apart from its field, "location_tier_result", too), another code ("facility_jobs")
    as words ("Facility jobs"); a header already in words as it is."""
    from ..rules.scenario import FIELDS

    if not isinstance(name, str) or not CODE.fullmatch(name):
        return name
    if name in FIELDS:
        return FIELDS[name].label
    output = COLUMN_OUTPUTS.get(name.removesuffix(RESULT_SUFFIX))
    if output is not None:
        return output.columns[name.removesuffix(RESULT_SUFFIX)]
    words = " ".join(HEADER_WORDS.get(w, w) for w in name.split("_"))
    return words[:1].upper() + words[1:]


def rounded_as_shown(values: pd.Series, kind: str | None = None) -> pd.Series:
    """Floats to the cent at most (27225000.000000004 is 27225000.0, 65822.78481012658 is 65822.78);
    a share or ratio below 1 keeps four places (0.0321). A declared output's `kind` says which it is:
    money is to the cent however small, a rate keeps four places however large."""
    numbers = values.to_numpy(dtype=float, na_value=np.nan)
    if kind in ("money", "rate"):
        return pd.Series(np.round(numbers, 2 if kind == "money" else 4), index=values.index)
    return pd.Series(np.where(np.abs(numbers) >= 1, np.round(numbers, 2), np.round(numbers, 4)), index=values.index)


def _amounts(text: pd.Series) -> pd.Series:
    """Money written on a page ("-$25,456,770", "$12.3M") as numbers; a missing cell as missing."""
    unit = text.str[-1].map(SHORT_UNITS).fillna(1.0)
    digits = text.str.replace(r"[$,+KMB]", "", regex=True)
    return (pd.to_numeric(digits, errors="coerce").astype("float64") * unit).round(2)


def _ranges_split(frame: pd.DataFrame) -> pd.DataFrame:
    """Each column of money bands ("-$12.3M to $1.1M") as two columns of numbers, its low and high ends."""
    out = {}
    for name in frame.columns:
        column = frame[name]
        if _is_text(column):
            text = column.astype("string").str.strip()
            filled = text.notna() & (text != "")
            if filled.any() and text[filled].str.fullmatch(MONEY_RANGE.pattern).all():
                ends = text.where(filled).str.extract(MONEY_RANGE.pattern)
                out[f"{name}, low"], out[f"{name}, high"] = _amounts(ends[0]), _amounts(ends[1])
                continue
        out[name] = column
    return pd.DataFrame(out, index=frame.index)


def for_download(frame: pd.DataFrame) -> pd.DataFrame:
    """A table as a file gives it to a reader: headers in words, money written as text on the page
    ("-$25,456,770") a number again, a band of money ("-$12.3M to $1.1M") its two ends, and numbers
    rounded as shown."""
    out = frame.rename(columns=header_words)
    for i, name in enumerate(frame.columns):
        column = out.iloc[:, i]
        output = COLUMN_OUTPUTS.get(name.removesuffix(RESULT_SUFFIX)) if isinstance(name, str) else None
        if _is_text(column):
            text = column.astype("string").str.strip()
            filled = text.notna() & (text != "")
            if filled.any() and text[filled].str.fullmatch(MONEY_TEXT.pattern).all():
                column = pd.to_numeric(text.str.replace(r"[$,+]", "", regex=True).where(filled), errors="coerce")
        if column.dtype.kind == "f":
            column = rounded_as_shown(column, output and output.kind)
        out.isetitem(i, column)
    return _ranges_split(out)


def about_line(about: About) -> str:
    """A CSV's first row, saying what it holds (project, place, edits, law, date, grownj, link)."""
    line = io.StringIO()
    csv.writer(line, lineterminator="\n").writerow([f"{k}: {v}" for k, v in about.rows()])
    return line.getvalue()


def table_csv(frame: pd.DataFrame, about: About) -> str:
    """A table's CSV for a reader: a first row saying what it holds (`about_line`), then the table
    `for_download`, formulas escaped."""
    return about_line(about) + to_csv(for_download(frame))


def numbers_as_numbers(frame: pd.DataFrame, columns) -> pd.DataFrame:
    """A table read as text (a batch's results, every cell as the file gave it: " 300 ") with each of
    `columns` whose every filled cell is a number made numbers, a spreadsheet's numbers and not text.
    Other columns stay as given (an id "00123" is not the number 123)."""
    out = frame.copy()
    for name in columns:
        if _is_text(out[name]):
            text = out[name].astype("string").str.strip()
            filled = text.notna() & (text != "")
            numbers = pd.to_numeric(text.where(filled), errors="coerce")
            if filled.any() and (numbers.notna() == filled).all():
                out[name] = numbers.astype("float64") if numbers.dtype.kind == "f" else numbers
    return out


def table_xlsx(sheets: dict[str, pd.DataFrame], about: About) -> bytes:
    """A workbook for a reader: a first sheet, About, saying what it holds, then each table
    `for_download`."""
    return to_xlsx({"About": pd.DataFrame(about.rows(), columns=["", "This file"]),
                    **{name: for_download(frame) for name, frame in sheets.items()}})


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


# Characters a chart file's title and the line under it hold before they wrap: a 1400 px PNG's
# title at the charts' size, and the smaller line under it, each with room to spare.
TITLE_CHARS, SUBTITLE_CHARS = 120, 150
TITLE_LINE_PX = 28  # a line of the charts' 20 px titles


def titled(fig: go.Figure, project: str, about: About | None = None) -> go.Figure:
    """A copy of the chart whose title names the project, and (given `about`) the place it was put
    in, and under it the edits, the law, the date and grownj's version, for a file that leaves the
    app. Long lines wrap: plotly never wraps a title, and a 76ers' edits ran past a PNG's edge."""
    title = (fig.layout.title.text or "").replace("<br>", " ")
    subject = about.subject if about else project
    if subject:
        title = "<br>".join(html.escape(line) for line in textwrap.wrap(f"{subject}: {title}", TITLE_CHARS))
    if about is None:
        return go.Figure(fig).update_layout(title_text=title)
    under = textwrap.wrap(about.line(project=False), SUBTITLE_CHARS)
    # The chart's top margin held its own title: add a title line for each line more, and
    # 18 px for each line under it; the title pinned to the file's top, a line lower than plotly puts
    # the top of a title of several lines (its first line was cut off).
    meta = fig.layout.meta if isinstance(fig.layout.meta, dict) else {}
    more = max(title.count("<br>") + 1 - meta.get("title_lines", 1), 0)
    top = (fig.layout.margin.t or 60) + TITLE_LINE_PX * (more + 1) + 18 * len(under) + 10
    sup = "<br>".join(html.escape(line) for line in under)
    return go.Figure(fig).update_layout(title=dict(text=f"{title}<br><sup>{sup}</sup>", yref="container", y=1,
                                                   yanchor="top", pad_t=10 + TITLE_LINE_PX), margin_t=top)


def png_about(png: bytes, about: About, title: str) -> bytes:
    """The PNG with its provenance in its text chunks (Title, Description, Author, Creation Time), as
    an image viewer's properties show them."""
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    for key, value in (("Title", title), ("Description", about.line()), ("Author", dict(about.rows())["Made by"]),
                       ("Creation Time", about.made.isoformat()), ("Source", about.link)):
        if value:
            info.add_itxt(key, value)
    out = io.BytesIO()
    Image.open(io.BytesIO(png)).save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def chart_html(fig: go.Figure) -> str:
    """A self-contained page: plotly.js inlined, so it opens offline."""
    return fig.to_html(include_plotlyjs=True, full_html=True)


# The brief's charts: their width to height as drawn, and the least height at which a room can still
# read them; the type under them shrinks, down to its least size, before they go below it.
CHART_RATIO, CHART_LEAST_MM = 0.56, 45
BODY_SIZES = (7.5, 7, 6.5, 6, 5.5)


def brief_pdf(result: Result, figures: dict[str, go.Figure], assumptions: list[str], about: About | None = None,
              state_side: list[str] = (), components: list[str] | None = None) -> bytes:
    """A one-page brief of one scenario, headed as every file is (`About.heading`: the project, the
    place it was put in, the edits, the law, the date and a link back); headline figures, the
    charts, every component with its citation, the State's side (the net benefit test's lines, as
    the page words them), and the assumptions and interpretations used. Money in whole dollars, as a
    reader reads it. Every line wraps within the page's margins, and the charts give up height so
    that the last line stays on the page."""
    # Imported here, on the click that asks for a brief, so that loading fpdf and its fonts does not
    # delay every server start and first page run for a PDF nobody may want.
    from fpdf import FPDF

    about = about or About("", "as enacted", date.today())
    pdf = FPDF(orientation="landscape", format="Letter")
    pdf.set_auto_page_break(auto=False)
    pdf.add_page()
    s = result.scenario
    head, *rest = about.heading()
    link = about.link
    top_blocks = [("B", 16, 7.5, f"Grow New Jersey credit: {head or 'scenario brief'}", None),
                  *[("", 8, 3.8, line, link if line == link else None) for line in rest],
                  ("", 10, 5, f"{tier_label(s.location_tier)} | {count(s.new_jobs)} new and {count(s.retained_jobs)} "
                             f"retained jobs | capital investment {whole_dollars(s.capital_investment)} | "
                             f"{choice_words(s.industry)} | {result.eligibility_years}-year eligibility period", None),
                  ("B", 12, 6.5, f"Annual credit {whole_dollars(result.annual_credit)}   "
                                 f"Total {whole_dollars(result.total_credit)}   "
                                 f"Per new job {whole_dollars(result.per_job_new)}   "
                                 f"Per retained job {whole_dollars(result.per_job_retained)}"
                                 f"   Eligible: {'yes' if result.eligible else 'no'}", None)]
    # `components`: each as the page words what it does ("Per-job cap $15,000: does not apply: the MRERA
    # alternative is used", not "Per-job cap $15,000: $0").
    lines = components or [f"{c.label}: {whole_dollars(c.amount)}{' (binding)' if c.binding else ''}  "
                           f"[{c.citation}]" for c in result.components]

    def below(size: float) -> list[tuple]:
        line_h = size * 0.48
        return [("B", 9, 5, "Where each dollar comes from", None), *[("", size, line_h, line, None) for line in lines],
                *([("B", 9, 5, "The State's side (s.3 a(3))", None)] if state_side else []),
                *[("", size, line_h, line, None) for line in state_side],
                *[("I", size - 0.5, line_h * 0.9, line, None) for line in [*result.reasons, *result.notes, *assumptions]]]

    def write(blocks: list[tuple], dry: bool = False) -> float:
        """The blocks' lines, each wrapped to the page's width; their height (written only if not `dry`)."""
        height = 0.0
        for style, size, line_h, text, to in blocks:
            pdf.set_font("Helvetica", style, size)
            height += pdf.multi_cell(0, line_h, _latin(text), new_x="LMARGIN", new_y="NEXT", link=to or "", align="L",
                                     dry_run=dry, output="HEIGHT")
        return height

    write(top_blocks)
    top = pdf.get_y() + 1
    room = pdf.h - pdf.b_margin - top - 2
    gap, charts_across = 4, max(len(figures), 1)
    full_width = (pdf.epw - gap * (charts_across - 1)) / charts_across
    for size in BODY_SIZES:
        chart_h = min(full_width * CHART_RATIO, room - write(below(size), dry=True))
        if chart_h >= CHART_LEAST_MM:
            break
    chart_h = max(chart_h, 0)
    width = chart_h / CHART_RATIO
    for i, fig in enumerate(figures.values()):
        if chart_h:
            pdf.image(io.BytesIO(chart_png(fig, 1000, 560)), x=pdf.l_margin + i * (full_width + gap), y=top, w=width)
    pdf.set_y(top + chart_h + 2)
    write(below(size))
    return bytes(pdf.output())


def _latin(text: str) -> str:
    """The core PDF fonts are Latin-1; replace what they cannot show."""
    return text.replace("\u2019", "'").replace("\u2013", "-").encode("latin-1", "replace").decode("latin-1")
