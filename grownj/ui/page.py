"""Page furniture shared by every page: config, page links, the project's name and headline
metrics, and the project's library, download and upload."""
from __future__ import annotations

import streamlit as st

from . import downloads, library, state
from ..law import VERSIONS
from ..machinery.formats import whole_dollars
from ..rules.result import Result
from ..rules.scenario import Scenario
from .fold import fold
from .text import plain


# Our own static CSS (no user text). Five headline figures share a 1280 px projector's width: at
# Streamlit's 2.25rem "$260,000,000" needs 197 px of a 151 px column and was cut to "$260,00...";
# the type shrinks with the window instead, down to a size still read from the back of a room.
FIT_CSS = """<style>
[data-testid="stMetricValue"] {font-size: clamp(1.5rem, 1.95vw, 2.25rem);}
</style>"""


def setup(title: str) -> None:
    st.set_page_config(page_title=f"grownj · {title}", layout="wide", initial_sidebar_state="expanded")
    st.html(FIT_CSS)
    state.init()
    state.on_page(title)


PAGES = (("app.py", "Calculator", ":material/calculate:"),
         ("pages/1_Schedule.py", "Schedule", ":material/calendar_month:"),
         ("pages/2_Compare_locations.py", "Compare locations", ":material/compare_arrows:"),
         ("pages/8_Net_benefit.py", "Net benefit, two ways", ":material/scale:"),
         ("pages/9_Published_awards.py", "Published awards", ":material/fact_check:"),
         ("pages/4_Risk.py", "Risk", ":material/ssid_chart:"),
         ("pages/3_Batch.py", "Batch", ":material/table_view:"),
         ("pages/5_Policy_reforms.py", "Policy reforms", ":material/balance:"),
         ("pages/7_Rest_of_the_Act.py", "The rest of the Act", ":material/account_balance:"),
         ("pages/6_Statute.py", "Statute", ":material/gavel:"))


def nav(where=None) -> None:
    """The page list at the top of the sidebar (or of `where`, a container at its top)."""
    with where or st.sidebar:
        for path, label, icon in PAGES:
            st.page_link(path, label=label, icon=icon)
        st.divider()


def scenario() -> Scenario:
    """The page's scenario, after any widget callbacks of this run; the URL follows it."""
    current = state.current()
    state.write_query(current)
    for problem in st.session_state.pop("link_problems", []):
        st.warning(plain(problem))
    if "input_error" in st.session_state:
        st.error(plain(st.session_state.pop("input_error")))
    for why in state.refusals():
        st.error(plain(why))
    return current


def presenting() -> bool:
    return bool(st.session_state.get(state.PRESENTING))


def _presenter_toggled() -> None:
    st.session_state[state.PRESENTING] = st.session_state["w_presenter"]


def presenter_toggle(where=st) -> None:
    """Presenter mode on or off: a session setting the toggle shows, wherever it is drawn."""
    where.toggle("Presenter mode", **state.bind("w_presenter", presenting(), _presenter_toggled),
                 help="Hides the inputs, enlarges everything for a projector; the project stays the same.")


def project_line() -> None:
    """The project's name (as typed: plain text), the municipality it was put in and the law it is
    computed under."""
    # "placed in": a preset named for Newark, put in Camden, read as a place of two names.
    where = f" · placed in {state.place()}" if state.place() else ""
    law = VERSIONS[state.law_version()]
    st.markdown(f"**Project:** {plain(state.project_name())}{plain(where)} · **Law:** {plain(law)}")


def headline(result: Result) -> None:
    years = result.eligibility_years
    project_line()
    cols = st.columns(5)
    cols[0].metric("Annual credit", whole_dollars(result.annual_credit),
                   help="s.5 a, f: per year, after every cap; $0 if not eligible")
    cols[1].metric(f"Total over {years} years", whole_dollars(result.total_credit))
    cols[2].metric("Per new job", whole_dollars(result.per_job_new), help="s.5 e(1)")
    cols[3].metric("Per retained job", whole_dollars(result.per_job_retained), help="s.5 e(2)")
    cols[4].metric("Eligible", "yes" if result.eligible else "no",
                   help="Minimum capital investment and jobs (s.3 b, c); net benefit is tested on Compare")


def scenario_files(scenario: Scenario) -> None:
    with fold("Scenario library", "open_library") as is_open:
        if is_open:
            library.panel(scenario)
    with fold("Share or save this scenario", "open_share") as is_open:
        if is_open:
            st.write("The address bar holds the scenario: copy the link to share it.")
            downloads.button(st, "Download scenario JSON", scenario.to_json(), state.file_name(state.project_name()),
                             "application/json")
            upload = st.file_uploader("Load a scenario JSON", type=["json"], key="upload")
            if upload is not None and st.session_state.get("loaded_upload") != upload.file_id:
                error = state.load_uploaded(upload.getvalue(), upload.name)
                st.session_state["loaded_upload"] = upload.file_id
                if error:
                    st.error(plain(error))
                else:
                    st.rerun()
