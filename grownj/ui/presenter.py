"""Presenter mode: no sidebar, large type, one scenario's story on one screen."""
from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from .. import charts
from ..net_benefit import net_benefit
from ..result import Result
from ..scenario import Scenario
from ..schedule import schedule
from . import page, projects, state
from .locations import DEFAULT_LOCATIONS, overrides
from .text import plain

# Our own static CSS (no user text): hide the sidebar and its toggle, enlarge the type.
PROJECTOR_CSS = """<style>
section[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], header[data-testid="stHeader"]
  {display: none !important;}
[data-testid="stMetricValue"] {font-size: clamp(2rem, 3.3vw, 3.6rem) !important;}
[data-testid="stMetricLabel"] p {font-size: 1.5rem !important;}
.block-container {padding-top: 1.5rem !important; max-width: 100% !important;}
h1 {font-size: clamp(1.8rem, 2.6vw, 2.6rem) !important;}
</style>"""


def projector(fig: go.Figure, height: int = 430) -> go.Figure:
    return fig.update_layout(font=dict(size=17), title_font_size=24, legend_font_size=15, height=height,
                             margin=dict(l=70, r=70, t=60, b=40))


def _chart(column, fig: go.Figure, key: str, **layout) -> None:
    # theme=None: Streamlit's chart theme puts back its own small type, which a room cannot read.
    column.plotly_chart(projector(fig).update_layout(**layout), width="stretch", key=key, theme=None)


def show(scenario: Scenario, result: Result) -> None:
    """The current project, with a picker to move to another one without leaving presenter mode."""
    st.html(PROJECTOR_CSS)
    name, pick, switch = st.columns([5, 3, 2], vertical_alignment="bottom")
    name.title(plain(state.project_name()))
    projects.picker(pick)
    page.presenter_toggle(switch)
    cols = st.columns(4)
    cols[0].metric("Annual credit", f"${result.annual_credit:,.0f}")
    cols[1].metric(f"Total over {result.eligibility_years} years", f"${result.total_credit:,.0f}")
    cols[2].metric("Per new job", f"${result.per_job_new:,.0f}")
    cols[3].metric("Eligible", "yes" if result.eligible else "no")
    # Two charts a row: at a third of the width, type a room can read did not fit.
    left, right = st.columns(2)
    _chart(left, charts.composition_figure(result), "p_composition")
    _chart(right, charts.schedule_figure(schedule(scenario)), "p_schedule")
    places = {row["name"]: state.evaluate_json(scenario.replace(**overrides(row)).to_json())
              for row in DEFAULT_LOCATIONS}
    # The location names slant below the bars; the legend goes above them, out of their way.
    above = dict(legend=dict(orientation="h", x=0, y=1, yanchor="bottom"), margin_t=110)
    left, right = st.columns(2)
    _chart(left, charts.compare_figure(places), "p_compare", **above)
    # The same locations against the s.3 a(3) test, on the open model's default assumptions.
    _chart(right, charts.net_benefit_figure({name: net_benefit(r) for name, r in places.items()}), "p_net_benefit",
           **above)
    st.caption("Locations: the Compare page's five defaults. Net benefit: grownj's open model with its default "
               "assumptions (the authority's model is not public); the Compare page shows and changes them.")
