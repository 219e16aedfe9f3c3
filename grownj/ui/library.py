"""The scenario library on screen: save (asking before replacing), list, load, rename and delete
named projects in the server's shared SQLite library. Names are shown as plain text.

A project is saved with the law it is computed under and the net benefit assumptions and horizon
edited, as its link carries them, and loaded with them: whoever loads it sees the figures the saver
saw, and the message says under what."""
from __future__ import annotations

from datetime import datetime

import streamlit as st

from . import state
from .law_choice import version_words
from .storage import SAVED_SETTINGS, Entry, Library, LibraryError, default_path
from ..law import VERSIONS
from ..rules.scenario import Scenario
from .text import plain

PENDING = "library_replace"  # the name the user asked to save over, until they confirm or cancel
DONE = "library_done"  # what the last change did, shown on the run after it
# What a saved scenario picked in the sidebar was loaded under (its law, its assumptions), said at the
# page's top on the run after the pick (grownj.ui.page.scenario): under the sidebar's picker, at a
# projector's 1280x720, all but its first line was below the screen's edge.
LOADED = "library_loaded"


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


def law_words(law: str | None) -> str:
    """A saved scenario's law as the listing shows it, one this grownj does not know as saved."""
    if law is None:
        return "not recorded"
    return version_words(law) if law in VERSIONS else f"{law[:state.SHOWN_CHARS]} (not a law this grownj knows)"


def _kept_settings() -> dict[str, str]:
    """The settings the library keeps with a project, as the project's link carries them."""
    return {key: text for key, text in state.settings_query().items() if key in SAVED_SETTINGS}


def _settings_words() -> str:
    """The net benefit settings now in force, in words, for the message that says what was loaded."""
    from . import state_side

    horizon = st.session_state.get(state_side.HORIZON_KEY)
    horizon_words = f"; net benefit horizon {horizon} years" if horizon is not None else ""
    if edited := state_side.edited_words():
        return f"{horizon_words}; assumptions edited: {edited}"
    # Edits that edited_words() does not name (assumptions held in the Monte Carlo) are not defaults.
    at_defaults = not st.session_state.get(state_side.KEY)
    return horizon_words + ("; net benefit assumptions at their defaults" if at_defaults else "")


def open_saved(name: str) -> str:
    """Make a saved scenario the project, under the law and with the net benefit settings it was saved
    with; what was loaded, in words (LibraryError if it cannot be read). One saved before the library
    kept them is loaded under the session's law and settings; one whose law this grownj no longer
    knows, under the session's law with its own settings: the words say so."""
    saved = _library(str(default_path())).saved(name)
    known = saved.law in VERSIONS
    state.replace(saved.scenario, state.Origin(name, "saved", saved.scenario.to_dict()),
                  law_version=saved.law if known else None)
    if saved.law is None:
        return (f"Loaded \"{name}\", under this session's law, {VERSIONS[state.law_version()]}, with this "
                "session's net benefit assumptions: the saved scenario did not record its law (it was saved before "
                "the library kept the law and the assumptions).")
    # Those the saver had not edited at their defaults; one this grownj cannot use said, and left out.
    notes = state.restore_settings(dict(saved.settings))
    if known:
        said = f"Loaded \"{name}\", under its law, {VERSIONS[saved.law]}"
    else:
        said = (f"Loaded \"{name}\", under this session's law, {VERSIONS[state.law_version()]}: it was saved under "
                f"\"{saved.law[:state.SHOWN_CHARS]}\", a law this grownj does not know")
    return " ".join([said + _settings_words() + ".", *notes])


def _change(action, done: str | None = None) -> None:
    """Make a library change and run the page again, so that every list shows it; say how it went,
    in `done` or else in the words the action returns (the message is kept for the next run)."""
    try:
        said = action()
    except LibraryError as exc:
        st.error(plain(str(exc)))
        return
    st.session_state[DONE] = done or said
    st.rerun()


def _save(lib: Library, name: str, scenario: Scenario) -> None:
    def save() -> None:
        lib.save(name, scenario, state.law_version(), _kept_settings())
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
            _change(lambda: open_saved(chosen))
        if delete_button.button("Delete"):
            _change(lambda: lib.delete(chosen), f"Deleted \"{chosen}\".")
        new_name = right.text_input("Rename to", key="w_lib_rename")
        if right.button("Rename"):
            _change(lambda: lib.rename(chosen, new_name), f"Renamed to \"{new_name.strip()}\".")
    if rows:
        # A table renders markdown in its cells: each name escaped, so that it reads as typed.
        st.table({"Saved scenario": [plain(e.name) for e in rows], "Law": [plain(law_words(e.law)) for e in rows],
                  "Saved (UTC)": [_when(e.saved_at) for e in rows]})
