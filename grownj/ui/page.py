"""Page furniture shared by every page: config, page links, headline metrics, the scenario
library panel and scenario download/upload."""
from __future__ import annotations

import streamlit as st

from ..library import Library, LibraryError, default_path
from ..result import Result
from ..scenario import Scenario
from . import heap, state
from .fold import fold
from .text import plain


def setup(title: str) -> None:
    heap.freeze_after_first_run()
    st.set_page_config(page_title=f"grownj · {title}", layout="wide", initial_sidebar_state="expanded")
    state.init()
    if st.session_state.get("page") != title:
        # A widget on another page is another widget: its old value would not carry over, so the
        # widgets of this page start again from the scenario.
        state.forget_widgets()
        st.session_state["page"] = title


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


def nav() -> None:
    """The page list at the top of the sidebar."""
    with st.sidebar:
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


@st.cache_resource
def _library(path: str) -> Library:
    return Library(path)


def saved_names() -> list[str]:
    """Names in the shared library; [] (and a message) when it cannot be opened."""
    try:
        return [name for name, _ in _library(str(default_path())).names()]
    except LibraryError as exc:
        st.error(plain(f"Scenario library unavailable: {exc}"))
        return []


def load_saved(name: str) -> Scenario:
    return _library(str(default_path())).load(name)


def library_panel(scenario: Scenario) -> None:
    """Save, list, load, rename and delete named scenarios in the server's shared SQLite library."""
    try:
        lib = _library(str(default_path()))  # a corrupt or foreign file says so here
    except LibraryError as exc:
        st.error(plain(f"Scenario library unavailable: {exc}"))
        return
    st.caption(f"Library: {lib.path} (shared by everyone using this server; set GROWNJ_LIBRARY to move it)")
    left, right = st.columns(2)
    # A form: the name and the click reach the server together, in one run.
    with left.form("library_save", border=False):
        name = st.text_input("Name", key="w_lib_name", placeholder="e.g. Holtec, Camden")
        saved_now = st.form_submit_button("Save to library")
    if saved_now:
        _library_action(lambda: lib.save(name, scenario), f"Saved \"{name.strip()}\".")
    try:
        listing = lib.names()  # after the save, so that the list has it
    except LibraryError as exc:
        st.error(plain(f"Scenario library unavailable: {exc}"))
        return
    saved = [name for name, _ in listing]
    chosen = right.selectbox("Saved scenarios", saved, index=None, key="w_lib_pick",
                             placeholder="none saved yet" if not saved else "choose one")
    if chosen is not None:
        load, delete = right.columns(2)
        if load.button("Load"):
            st.session_state[state.KEY] = lib.load(chosen).to_dict()
            state.forget_widgets()
            st.rerun()
        changed = delete.button("Delete") and _library_action(lambda: lib.delete(chosen), f"Deleted \"{chosen}\".")
        new_name = right.text_input("Rename to", key="w_lib_rename")
        changed |= right.button("Rename") and _library_action(lambda: lib.rename(chosen, new_name),
                                                              f"Renamed to \"{new_name.strip()}\".")
        if changed:
            listing = lib.names()  # read again: the list above is from before the change
    if listing:
        st.table({"Saved scenario": [name for name, _ in listing], "Saved at (UTC)": [at for _, at in listing]})


def _library_action(action, done: str) -> bool:
    """Run a library change; say how it went. True when it was made."""
    try:
        action()
    except LibraryError as exc:
        st.error(plain(str(exc)))
        return False
    st.success(plain(done))
    return True


def scenario_files(scenario: Scenario) -> None:
    with fold("Scenario library", "open_library") as is_open:
        if is_open:
            library_panel(scenario)
    with fold("Share or save this scenario", "open_share") as is_open:
        if is_open:
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
