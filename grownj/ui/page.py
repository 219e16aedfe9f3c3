"""Page furniture shared by every page: config, headline metrics, scenario download/upload."""
from __future__ import annotations

import streamlit as st

from ..result import Result
from ..scenario import Scenario
from . import state
from .text import plain


def setup(title: str) -> None:
    st.set_page_config(page_title=f"grownj · {title}", layout="wide", initial_sidebar_state="expanded")
    state.init()
    if st.session_state.get("page") != title:
        # A widget on another page is another widget: its old value would not carry over, so the
        # widgets of this page start again from the scenario.
        state.forget_widgets()
        st.session_state["page"] = title


def scenario() -> Scenario:
    """The page's scenario, after any widget callbacks of this run; the URL follows it."""
    current = state.current()
    state.write_query(current)
    for problem in st.session_state.pop("link_problems", []):
        st.warning(plain(problem))
    if "input_error" in st.session_state:
        st.error(plain(st.session_state.pop("input_error")))
    return current


def headline(result: Result) -> None:
    years = result.eligibility_years
    cols = st.columns(5)
    cols[0].metric("Annual credit", f"${result.annual_credit:,.0f}",
                   help="s.5 a, f: per year, after every cap; $0 if not eligible")
    cols[1].metric(f"Total over {years} years", f"${result.total_credit:,.0f}")
    cols[2].metric("Per new job", f"${result.per_job_new:,.0f}", help="s.5 e(1)")
    cols[3].metric("Per retained job", f"${result.per_job_retained:,.0f}", help="s.5 e(2)")
    cols[4].metric("Eligible", "yes" if result.eligible else "no",
                   help="Minimum capital investment and jobs (s.3 b, c); net benefit is tested on Compare")


def scenario_files(scenario: Scenario) -> None:
    with st.expander("Share or save this scenario"):
        st.write("The address bar holds the scenario: copy the link to share it.")
        st.download_button("Download scenario JSON", scenario.to_json(), "scenario.json", "application/json")
        upload = st.file_uploader("Load a scenario JSON", type=["json"], key="upload")
        if upload is not None and st.session_state.get("loaded_upload") != upload.file_id:
            error = state.load_uploaded(upload.getvalue())
            st.session_state["loaded_upload"] = upload.file_id
            if error:
                st.error(plain(error))
            else:
                st.rerun()
