"""The scenario library on screen: save (asking before replacing), list, load, rename and delete
named projects in the server's shared SQLite library. Names are shown as plain text."""
from __future__ import annotations

from datetime import datetime

import streamlit as st

from . import state
from .storage import Entry, Library, LibraryError, default_path
from ..rules.scenario import Scenario
from .text import plain

PENDING = "library_replace"  # the name the user asked to save over, until they confirm or cancel
DONE = "library_done"  # what the last change did, shown on the run after it


@st.cache_resource
def _library(path: str) -> Library:
    return Library(path)


def _unavailable(exc: LibraryError) -> None:
    # The server's file path is not for every user's screen.
    st.error(plain(f"Scenario library unavailable: {str(exc).replace(str(default_path()), 'the library file')}"))


def _open() -> Library | None:
    """The library, or None (and a message) when it cannot be opened."""
    try:
        return _library(str(default_path()))
    except LibraryError as exc:
        _unavailable(exc)
        return None


def listing() -> list[Entry]:
    """The saved scenarios in the shared library; [] (and a message) when it cannot be read."""
    lib = _open()
    if lib is None:
        return []
    try:
        return lib.names()
    except LibraryError as exc:
        _unavailable(exc)
        return []


def saved_names() -> list[str]:
    return [entry.name for entry in listing()]


def load(name: str) -> Scenario:
    return _library(str(default_path())).load(name)


def open_saved(name: str) -> None:
    """Make a saved scenario the project (LibraryError if it cannot be read)."""
    scenario = load(name)
    state.replace(scenario, state.Origin(name, "saved", scenario.to_dict()))


def _change(action, done: str) -> None:
    """Make a library change and run the page again, so that every list shows it; say how it went
    (the message is kept for the next run)."""
    try:
        action()
    except LibraryError as exc:
        st.error(plain(str(exc)))
        return
    st.session_state[DONE] = done
    st.rerun()


def _save(lib: Library, name: str, scenario: Scenario) -> None:
    def save() -> None:
        lib.save(name, scenario)
        state.replace(scenario, state.Origin(name, "saved", scenario.to_dict()), state.place())
    _change(save, f"Saved \"{name}\".")


def _when(saved_at: str) -> str:
    """A save time as a person reads it ("December 6, 2026, 03:45"), not ISO 8601."""
    try:
        moment = datetime.fromisoformat(saved_at)
    except ValueError:
        return saved_at
    return f"{moment:%B} {moment.day}, {moment:%Y, %H:%M}"


def panel(scenario: Scenario) -> None:
    lib = _open()
    if lib is None:
        return
    st.caption("Shared by everyone using this server.")
    if DONE in st.session_state:
        st.success(plain(st.session_state.pop(DONE)))
    left, right = st.columns(2)
    # A form: the name and the click reach the server together, in one run.
    with left.form("library_save", border=False):
        typed = st.text_input("Name", key="w_lib_name", placeholder="e.g. Holtec, Camden")
        saved_now = st.form_submit_button("Save to library")
    rows = listing()
    saved = [entry.name for entry in rows]
    if saved_now:
        if typed.strip() in saved:
            st.session_state[PENDING] = typed.strip()
        else:
            _save(lib, typed.strip(), scenario)
    pending = st.session_state.get(PENDING)
    if pending:
        left.warning(plain(f"A scenario named \"{pending}\" is saved already. Replace it with this project?"))
        yes, no = left.columns(2)
        if yes.button("Replace it", key="lib_replace_yes"):
            del st.session_state[PENDING]
            _save(lib, pending, scenario)
        elif no.button("Keep the saved one", key="lib_replace_no"):
            del st.session_state[PENDING]
            st.rerun()
    chosen = right.selectbox("Saved scenarios", saved, index=None, key="w_lib_pick",
                             placeholder="none saved yet" if not saved else "choose one")
    if chosen is not None:
        load_button, delete_button = right.columns(2)
        if load_button.button("Load"):
            _change(lambda: open_saved(chosen), f"Loaded \"{chosen}\".")
        if delete_button.button("Delete"):
            _change(lambda: lib.delete(chosen), f"Deleted \"{chosen}\".")
        new_name = right.text_input("Rename to", key="w_lib_rename")
        if right.button("Rename"):
            _change(lambda: lib.rename(chosen, new_name), f"Renamed to \"{new_name.strip()}\".")
    if rows:
        # A table renders markdown in its cells: each name escaped, so that it reads as typed.
        st.table({"Saved scenario": [plain(e.name) for e in rows], "Saved (UTC)": [_when(e.saved_at) for e in rows]})
