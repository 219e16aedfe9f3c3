"""Downloads of the calculator's tables, chart and brief; slow ones run only on click."""
from __future__ import annotations

from typing import Callable

import pandas as pd
import streamlit as st

from . import state, state_side
from .. import charts
from ..act.schedule import schedule
from ..act.workbook import workbook
from ..engine.export import brief_pdf, chart_html, chart_png, titled, to_csv, to_xlsx
from ..law import VERSIONS
from ..rules.result import Result
from .fold import fold


def tables(result: Result) -> dict[str, pd.DataFrame]:
    return {
        "Components": pd.DataFrame([{"component": c.label, "amount": c.amount, "binding": c.binding,
                                     "citation": c.citation, "interpretation": c.note or ""}
                                    for c in result.components]),
        "Eligibility": pd.DataFrame([{"test": c.test, "threshold": c.threshold, "project": c.value,
                                      "passed": c.passed, "citation": c.citation} for c in result.checks]),
        "Schedule": pd.DataFrame(schedule(result).years),
    }


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def button(where, *args, **kwargs):
    """A download button that does not rerun the page: a rerun gives every built-on-click file a
    new address, and a second button clicked before the browser had them answered "Deferred file
    ... not found" (4 PDFs in 10 clicked right after another download did nothing)."""
    return where.download_button(*args, on_click="ignore", **kwargs)


def _pair(where) -> tuple:
    """Where a pair of buttons goes: side by side across the page, one under the other in a column
    of it. Side by side in a third or half of a projector their names were cut ("Components ...",
    "Annual credit fan chart HT...")."""
    return tuple(where.columns(2)) if where is st else (where, where)


def table_buttons(frame: pd.DataFrame | Callable[[], pd.DataFrame], name: str, where=st) -> None:
    """CSV and XLSX of one table (formulas escaped); a callable table is built only on click."""
    table = frame if callable(frame) else (lambda: frame)
    slug = name.lower().replace(" ", "-")
    left, right = _pair(where)
    button(left, f"{name} CSV", lambda: to_csv(table()), f"{slug}.csv", "text/csv", key=f"dl_csv_{name}")
    button(right, f"{name} XLSX", lambda: to_xlsx({name: table()}), f"{slug}.xlsx", XLSX, key=f"dl_xlsx_{name}")


def chart_buttons(fig, name: str, where=st) -> None:
    """PNG (drawn on click by the system Chromium) and self-contained HTML of one chart."""
    slug = name.lower().replace(" ", "-")
    left, right = _pair(where)
    project = state.project_name()  # a file that leaves the app says which project it shows
    button(left, f"{name} PNG", lambda: chart_png(titled(fig, project)), f"{slug}.png", "image/png",
           key=f"dl_png_{name}")
    button(right, f"{name} HTML", lambda: chart_html(titled(fig, project)), f"{slug}.html", "text/html",
           key=f"dl_html_{name}")


def draw(fig, key: str, where=st) -> None:
    """A chart as grownj.charts drew it: theme=None, for Streamlit's chart theme puts back its own
    12 px grey type over the charts' own dark 16 px."""
    where.plotly_chart(fig, width="stretch", key=key, theme=None)


def chart(fig, name: str, where=st) -> None:
    """A chart with its PNG and HTML downloads under it."""
    draw(fig, f"chart_{name}", where)
    chart_buttons(fig, name, where)


def panel(result: Result, figure) -> None:
    """Everything is built on click: a rerun of the page pays for none of it."""
    with fold("Download tables, charts and a brief", "open_downloads") as is_open:
        if is_open:
            project, link = state.project_name(), state.link()  # read now: the brief is drawn on click
            cols = st.columns(3)
            table_buttons(lambda: tables(result)["Components"], "Components", cols[0])
            button(cols[0], "All tables XLSX", lambda: to_xlsx(tables(result)), "grownj.xlsx", XLSX)
            chart_buttons(figure, "Composition chart", cols[1])
            state_lines = state_side.brief_lines(result)
            button(cols[2], "One-page brief PDF", lambda: brief_pdf(result, {
                "composition": figure, "schedule": charts.schedule_figure(schedule(result))},
                ["Interpretations follow the grownj interpretation register; each component cites its section."],
                project=project, law=VERSIONS["enacted"], link=link, state_side=state_lines),
                "grownj-brief.pdf", "application/pdf")
            st.caption("PNG and PDF are drawn by the system Chromium (kaleido): a few seconds, on click only.")


def economist_workbook(e, where=st) -> None:
    """The economist's workbook (grownj/act/workbook.py): year by year and every assumption, so that a
    reader can recompute the NPV by hand; built on click."""
    button(where, "Economist's workbook XLSX", lambda: to_xlsx(workbook(e.residents)), "economists-workbook.xlsx",
           XLSX, key="dl_economist_workbook",
           help="Year by year: the jobs the credit causes, who fills them, each part of residents' incomes, the "
                "credit and the discount factors; every assumption with its range and source. The NPV is the "
                "sum its Summary sheet says how to take.")
