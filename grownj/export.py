"""What leaves the app or the CLI: tables (CSV, XLSX) with formula cells escaped, charts as PNG
and self-contained HTML, and a one-page PDF brief of a scenario."""
from __future__ import annotations

import html
import io
from datetime import date

import pandas as pd
import plotly.graph_objects as go

from .result import Result

# A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A cell that is only a signed number ("-5") is read as that number, not run as a formula.
PLAIN_NUMBER = r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?"


def escape_formulas(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy in which every text cell that a spreadsheet would evaluate starts with a quote
    ("'=cmd|..." shows as text). Numbers, negative ones included, are left as numbers."""
    out = frame.copy()
    for name in out.columns:
        column = out[name]
        if column.dtype == object or pd.api.types.is_string_dtype(column):
            text = column.astype("string")
            risky = (text.str.startswith(FORMULA_STARTS) & ~text.str.fullmatch(PLAIN_NUMBER)).fillna(False)
            if risky.any():
                out[name] = column.where(~risky, "'" + text)
    return out


def to_csv(frame: pd.DataFrame, **kwargs) -> str | None:
    """CSV text (or a file when `path_or_buf` is given) with formulas escaped."""
    return escape_formulas(frame).to_csv(index=False, **kwargs)


def to_xlsx(sheets: dict[str, pd.DataFrame]) -> bytes:
    """An Excel workbook, one sheet per table, formulas escaped as in CSV."""
    buffer = io.BytesIO()
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        for name, frame in sheets.items():
            escape_formulas(frame).to_excel(writer, sheet_name=name[:31], index=False)
    return buffer.getvalue()


def chart_png(fig: go.Figure, width: int = 1400, height: int = 700) -> bytes:
    """PNG through kaleido and the system Chromium (about 2 s: call it only on request)."""
    return fig.to_image(format="png", width=width, height=height)


def titled(fig: go.Figure, project: str) -> go.Figure:
    """A copy of the chart whose title names the project, for a file that leaves the app."""
    title = fig.layout.title.text or ""
    return go.Figure(fig).update_layout(title_text=f"{html.escape(project)}: {title}" if project else title)


def chart_html(fig: go.Figure) -> str:
    """A self-contained page: plotly.js inlined, so it opens offline."""
    return fig.to_html(include_plotlyjs=True, full_html=True)


def brief_pdf(result: Result, figures: dict[str, go.Figure], assumptions: list[str], project: str = "",
              law: str = "as enacted", link: str = "", on: date | None = None) -> bytes:
    """A one-page brief of one scenario: the project's name, the date, the law it was computed under
    and a link back to it; headline figures, the charts, every component with its citation, and the
    assumptions and interpretations used."""
    # Imported here, on the click that asks for a brief: fpdf and its fonts took 0.36 s of every
    # server start and of the first page run, before anyone wanted a PDF.
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
    pdf.cell(0, 5, _latin(f"{s.location_tier.upper()} | {s.new_jobs:,} new and {s.retained_jobs:,} retained jobs | "
                          f"capital investment ${s.capital_investment:,.0f} | {s.industry.replace('_', ' ')} | "
                          f"{result.eligibility_years}-year eligibility period"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "B", 12)
    pdf.cell(0, 8, _latin(f"Annual credit ${result.annual_credit:,.0f}   Total ${result.total_credit:,.0f}   "
                          f"Per new job ${result.per_job_new:,.0f}   Per retained job ${result.per_job_retained:,.0f}"
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
        pdf.cell(0, 3.6, _latin(f"{c.label}: ${c.amount:,.2f}{' (binding)' if c.binding else ''}  [{c.citation}]"),
                 new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "I", 7)
    for line in [*result.reasons, *result.notes, *assumptions]:
        pdf.multi_cell(0, 3.2, _latin(line), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def _latin(text: str) -> str:
    """The core PDF fonts are Latin-1; replace what they cannot show."""
    return text.replace("\u2019", "'").replace("\u2013", "-").encode("latin-1", "replace").decode("latin-1")
