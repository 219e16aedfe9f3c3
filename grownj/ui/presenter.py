"""Presenter mode: no sidebar, large type, one scenario's story on one screen."""
from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from .. import charts
from ..result import Result
from ..scenario import Scenario
from ..schedule import schedule
from . import state
from .locations import DEFAULT_LOCATIONS, overrides

# Our own static CSS (no user text): hide the sidebar and its toggle, enlarge the type.
PROJECTOR_CSS = """<style>
section[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], header[data-testid="stHeader"]
  {display: none !important;}
[data-testid="stMetricValue"] {font-size: 3.6rem !important;}
[data-testid="stMetricLabel"] p {font-size: 1.5rem !important;}
.block-container {padding-top: 1.5rem !important; max-width: 100% !important;}
h1 {font-size: 2.6rem !important;}
</style>"""


def projector(fig: go.Figure, height: int = 460) -> go.Figure:
    return fig.update_layout(font=dict(size=20), title_font_size=26, height=height)


def show(scenario: Scenario, result: Result) -> None:
    st.html(PROJECTOR_CSS)
    cols = st.columns(4)
    cols[0].metric("Annual credit", f"${result.annual_credit:,.0f}")
    cols[1].metric(f"Total over {result.eligibility_years} years", f"${result.total_credit:,.0f}")
    cols[2].metric("Per new job", f"${result.per_job_new:,.0f}")
    cols[3].metric("Eligible", "yes" if result.eligible else "no")
    left, middle, right = st.columns(3)
    left.plotly_chart(projector(charts.composition_figure(result)), width="stretch", key="p_composition")
    middle.plotly_chart(projector(charts.schedule_figure(schedule(scenario))), width="stretch", key="p_schedule")
    places = {row["name"]: state.evaluate_json(scenario.replace(**overrides(row)).to_json())
              for row in DEFAULT_LOCATIONS}
    right.plotly_chart(projector(charts.compare_figure(places)), width="stretch", key="p_compare")
