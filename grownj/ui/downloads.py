"""Downloads of the calculator's tables, chart and brief; slow ones run only on click."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from .. import charts
from ..export import brief_pdf, chart_html, chart_png, to_csv, to_xlsx
from ..result import Result
from ..schedule import schedule


def tables(result: Result) -> dict[str, pd.DataFrame]:
    return {
        "Components": pd.DataFrame([{"component": c.label, "amount": c.amount, "binding": c.binding,
                                     "citation": c.citation, "interpretation": c.note or ""}
                                    for c in result.components]),
        "Eligibility": pd.DataFrame([{"test": c.test, "threshold": c.threshold, "project": c.value,
                                      "passed": c.passed, "citation": c.citation} for c in result.checks]),
        "Schedule": pd.DataFrame(schedule(result.scenario).years),
    }


def panel(result: Result) -> None:
    with st.expander("Download tables, charts and a brief"):
        sheets = tables(result)
        cols = st.columns(3)
        cols[0].download_button("Components CSV", to_csv(sheets["Components"]), "components.csv", "text/csv")
        cols[0].download_button("All tables XLSX", lambda: to_xlsx(sheets), "grownj.xlsx",
                                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        figure = charts.composition_figure(result)
        cols[1].download_button("Composition chart PNG", lambda: chart_png(figure), "composition.png", "image/png")
        cols[1].download_button("Composition chart HTML", lambda: chart_html(figure), "composition.html",
                                "text/html")
        cols[2].download_button(
            "One-page brief PDF", lambda: brief_pdf(result, {
                "composition": figure, "schedule": charts.schedule_figure(schedule(result.scenario))},
                ["Interpretations follow the grownj interpretation register; each component cites its section."]),
            "grownj-brief.pdf", "application/pdf")
        st.caption("PNG and PDF are drawn by the system Chromium (kaleido): a few seconds, on click only.")
