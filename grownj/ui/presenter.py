"""Presenter mode: no sidebar, large type, one scenario's story on one screen."""
from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from . import downloads, page, projects, state, state_side
from .. import charts
from ..programs.schedule import schedule
from ..machinery.formats import whole_dollars
from ..rules.result import Result
from .location_rows import DEFAULT_LOCATIONS
from .locations import evaluated_at
from .law_choice import short_words
from .text import plain

# Our own static CSS (no user text): the story view's type, larger than presenter mode's on other
# pages (grownj.ui.page.PRESENTING_CSS hides the sidebar and the header).
PROJECTOR_CSS = """<style>
[data-testid="stMetricValue"], [data-testid="stMetricValue"] p {font-size: clamp(1.8rem, 2.3vw, 3.4rem) !important;}
[data-testid="stMetricLabel"] p {font-size: 1.3rem !important;}
.block-container {padding-top: 0.5rem !important; max-width: 100% !important;}
h1 {font-size: clamp(1.3rem, 1.8vw, 2.4rem) !important; padding: 0 !important;}
[data-testid="stCaptionContainer"] p {font-size: 1.3rem !important;}
""" + f""".st-key-presenter_story p {{font-size: 1.6rem !important; line-height: 1.35; color: {charts.INK} !important;}}
</style>"""


def _chart(column, fig: go.Figure, key: str, height: int = 390) -> None:
    downloads.draw(charts.projected(fig, height), key, column)


STORY_KEY = "presenter_story"
VIEWS = ("The credit", "Across locations")
VIEW = "presenter_view"
# What the "Across locations" charts rest on, in the control's tooltip: as a caption under the
# charts it fell below the first screen of a 1280x720 projector, and the legends say the rest.
VIEW_HELP = ("Across locations: the Compare page's five default locations. Net benefit: as the statute sets the "
             "test (the model's estimate, with its error) and as an economist would (residents' incomes; the "
             "whisker is its 5-95% range), on the assumptions of the Net benefit page.")


def _view_changed() -> None:
    st.session_state[VIEW] = st.session_state["w_presenter_view"] or VIEWS[0]


def story(result: Result) -> str:
    """The one line a presenter says first, from the result's own fields."""
    if not result.eligible:
        return "Not eligible: " + " ".join(result.reasons)
    binding = [c.label for c in result.components if c.binding and c.kind in ("cap", "annual_cap", "mrera")]
    return (f"{whole_dollars(result.annual_credit)} a year for {result.eligibility_years} years: "
            f"{whole_dollars(result.per_job_new)} per new job and {whole_dollars(result.per_job_retained)} per "
            "retained job" + (f"; {', '.join(binding)}." if binding else "."))


def show(result: Result) -> None:
    """The current project, one screen a view, with a picker to move to another project and a choice
    of view, without leaving presenter mode."""
    st.html(PROJECTOR_CSS)
    name, pick, view, forward = st.columns([3.6, 2.8, 2.9, 1.7], vertical_alignment="bottom")
    name.title(plain(state.project_name()))
    # Every figure below is under it, said as on every page; short, so that the view stays one screen.
    name.markdown(f"**Law:** {plain(short_words(state.law_version()))}")
    projects.picker(pick)
    page.talk("app.py", None, forward)  # the talk's first page: a next, no previous
    view.segmented_control("View", VIEWS, help=VIEW_HELP,
                           **state.bind("w_presenter_view", st.session_state.get(VIEW, VIEWS[0]), _view_changed))
    # The line a presenter says first, in the charts' dark ink: a grey caption did not reach the back.
    st.container(key=STORY_KEY).markdown(plain(story(result)))
    page.presenter_figures(result)  # the line above says the credit per job
    # Two charts a row: at a third of the width, type a room can read did not fit.
    left, right = st.columns(2)
    if st.session_state.get(VIEW, VIEWS[0]) == VIEWS[0]:
        _chart(left, charts.composition_figure(result), "p_composition")
        _chart(right, charts.schedule_figure(schedule(result)), "p_schedule")
        return
    places = {row["name"]: evaluated_at(row)
              for row in DEFAULT_LOCATIONS}
    # Each chart's own layout: level names on the left, the legend below (placed above the bars it
    # sat on the title of the horizontal chart).
    _chart(left, charts.compare_figure(places), "p_compare")
    # The same locations against the s.3 a(3) test, both views, on the Net benefit page's assumptions.
    # Taller than its neighbour by its legend's extra rows (the tick and the whisker), to the screen's foot.
    _chart(right, charts.net_benefit_figure({name: state_side.views(r) for name, r in places.items()}),
           "p_net_benefit", height=375)
