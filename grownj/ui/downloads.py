"""Downloads of the calculator's tables, chart and brief; slow ones run only on click."""
from __future__ import annotations

from datetime import date
from typing import Callable

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from . import explain_tables, state, state_side
from .. import __version__, charts
from ..programs.schedule import schedule
from ..economics.workbook import workbook
from ..engine.export import (About, brief_pdf, chart_html, chart_png, file_name, png_about, table_csv, table_xlsx,
                             titled, to_xlsx)
from ..law import VERSIONS, Law
from ..awards.award_reasons import value_words
from ..rules.result import Result
from ..rules.scenario import FIELDS
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


# What a page computes under, for its files: a Law, words ("baseline ... against reform ..."), or
# None for the project's law (every page computes under it unless it says otherwise).
LawSaid = Law | str | None


def law_words(law: LawSaid) -> str:
    if isinstance(law, str):
        return law
    if law is None:
        return VERSIONS[state.law_version()]
    return VERSIONS.get(law.name, law.name)


def edits_words() -> str:
    """What was changed from the project as it came, in words, as a file names it: its fields
    ("New full-time jobs 300, was 250"), the net benefit assumptions and the horizon."""
    fields = [f"{FIELDS[k].label} {_value(k, now)}, was {_value(k, was)}" for k, (now, was) in state.edits().items()]
    horizon = st.session_state.get(state_side.HORIZON_KEY)
    return "; ".join([*fields, *filter(None, [state_side.edited_words()]),
                      *([f"net benefit horizon {horizon} years"] if horizon is not None else [])])


def _value(name: str, value) -> str:
    return "not given" if value is None or (name in state.BLANK_ZERO and not value) else value_words(name, value)


def about(law: LawSaid = None, project: str | None = None) -> About:
    """What a file made now says it holds, from the state the screen shows: the project on screen
    (or `project`, a table's own subject), the municipality it was placed in and what was edited,
    the page's law, today, and the link that reopens the screen. Read when the button is drawn: a
    file is built on click, outside the page's run. Every file's title and header lines read it."""
    own = project is None
    return About(state.project_name() if own else project, law_words(law), date.today(), state.link(),
                 f"grownj {__version__}", place=(state.place() or "") if own else "",
                 edits=edits_words() if own else "")


def table_buttons(frame: pd.DataFrame | Callable[[], pd.DataFrame], name: str, where=st, law: LawSaid = None,
                  project: str | None = None) -> None:
    """CSV and XLSX of one table, each saying what it holds (grownj.engine.export.About), headers in
    words and numbers rounded as shown, formulas escaped; a callable table is built only on click."""
    table = frame if callable(frame) else (lambda: frame)
    said = about(law, project)
    left, right = _pair(where)
    button(left, f"{name} CSV", lambda: table_csv(table(), said), file_name(said.subject, name, "csv"), "text/csv",
           key=f"dl_csv_{name}")
    button(right, f"{name} XLSX", lambda: table_xlsx({name: table()}, said), file_name(said.subject, name, "xlsx"),
           XLSX, key=f"dl_xlsx_{name}")


def chart_buttons(fig, name: str, where=st, law: LawSaid = None, project: str | None = None) -> None:
    """PNG (drawn on click by the system Chromium) and self-contained HTML of one chart, each titled
    with the project and, under it, the law, the date and grownj's version (the PNG's metadata too)."""
    said = about(law, project)
    left, right = _pair(where)
    button(left, f"{name} PNG", lambda: png(fig, said), file_name(said.subject, name, "png"), "image/png",
           key=f"dl_png_{name}")
    button(right, f"{name} HTML", lambda: chart_html(titled(fig, said.project, said)),
           file_name(said.subject, name, "html"), "text/html", key=f"dl_html_{name}")


def png(fig, said: About) -> bytes:
    shown = titled(fig, said.project, said)
    return png_about(chart_png(shown), said, f"{said.subject}: {fig.layout.title.text or ''}")


def draw(fig, key: str, where=st) -> None:
    """A chart as grownj.charts drew it: theme=None, for Streamlit's chart theme puts back its own
    12 px grey type over the charts' own dark 16 px."""
    where.plotly_chart(fig, width="stretch", key=key, theme=None)


# px: a slide's chart under presenter mode's headline and the slide's title, its foot on a 720 px screen.
SLIDE_HEIGHT = 430


def on_screen(fig, height: int | None = None) -> go.Figure:
    """The figure as the screen shows it: in presenter mode in a projector's type, `height` tall (a
    slide's chart) or as tall as its own rows need in the larger type (a copy: the files keep the
    page's). Drawn at a slide's height, the tornado's fifteen rows ran into one another."""
    if not st.session_state.get(state.PRESENTING):
        return fig
    own = fig.layout.height or 450
    return charts.projected(go.Figure(fig), height or round(own * charts.PROJECTED / charts.FONT["size"]))


def chart(fig, name: str, where=st, law: LawSaid = None, project: str | None = None,
          height: int | None = None) -> None:
    """A chart with its PNG and HTML downloads under it; `height` a slide's, in presenter mode."""
    draw(on_screen(fig, height), f"chart_{name}", where)
    chart_buttons(fig, name, where, law, project)


def panel(result: Result, figure) -> None:
    """Everything is built on click: a rerun of the page pays for none of it."""
    with fold("Download tables, charts and a brief", "open_downloads") as is_open:
        if is_open:
            said = about(result.law)  # read now: the files are drawn on click
            cols = st.columns(3)
            table_buttons(lambda: tables(result)["Components"], "Components", cols[0])
            button(cols[0], "All tables XLSX", lambda: table_xlsx(tables(result), said),
                   file_name(said.subject, "all tables", "xlsx"), XLSX)
            chart_buttons(figure, "Composition chart", cols[1])
            state_lines = state_side.brief_lines(result)
            button(cols[2], "One-page brief PDF", lambda: brief_pdf(result, {
                "composition": figure, "schedule": charts.schedule_figure(schedule(result))},
                ["Interpretations follow the grownj interpretation register; each component cites its section."],
                said, state_side=state_lines,
                components=[f"{c.label}: {explain_tables.effect(c, result)}  [{c.citation}]" for c in result.components]),
                file_name(said.subject, "brief", "pdf"), "application/pdf")
            st.caption("PNG and PDF are drawn by the system Chromium (kaleido): a few seconds, on click only.")


def economist_workbook(e, where=st) -> None:
    """The economist's workbook (grownj/economics/workbook.py): year by year and every assumption, so that a
    reader can recompute the NPV by hand; built on click."""
    said = about()
    # Its sheets keep their numbers unrounded, so that the NPV recomputes from them to the dollar; the
    # About sheet says what it holds, as every download does.
    button(where, "Economist's workbook XLSX",
           lambda: to_xlsx({"About": pd.DataFrame(said.rows(), columns=["", "This file"]), **workbook(e.residents)}),
           file_name(said.subject, "economists workbook", "xlsx"), XLSX, key="dl_economist_workbook",
           help="Year by year: the jobs the credit causes, who fills them, each part of residents' incomes, the "
                "credit and the discount factors; every assumption with its range and source. The NPV is the "
                "sum its Summary sheet says how to take.")
