"""The project picker, in the sidebar and in presenter mode: a preset (a published award or a
teaching case) or a saved scenario in one click; and the chosen preset's story."""
from __future__ import annotations

import streamlit as st

from . import library, state
from .storage import LibraryError
from ..awards.presets import presets
from ..machinery.formats import whole_dollars
from ..rules.result import Result
from .text import plain

# The project on screen when it is no entry of the list (edited, a municipality picked, a link):
# named, not "(choose a project)", which read as if none were loaded. Picking it does nothing.
ON_SCREEN = "On screen: "
SAVED = "Saved: "


def _picked() -> None:
    choice = st.session_state["w_project"]
    if choice.startswith(ON_SCREEN):
        return
    preset = state.preset_named(choice)
    if preset:
        state.replace(preset.scenario, state.Origin(preset.name, "preset", preset.scenario.to_dict()))
    elif choice.startswith(SAVED):
        try:
            st.session_state[library.LOADED] = library.open_saved(choice.removeprefix(SAVED))
        except LibraryError as exc:
            st.session_state["input_error"] = f"Not loaded: {exc}"


def _showing(entries: list[str]) -> str:
    """The entry the project is, while it is unchanged; else the project on screen by name (so that
    picking its entry reloads it)."""
    came_from = state.origin()
    entry = came_from.name if came_from.preset else SAVED + came_from.name
    return entry if state.unchanged() and entry in entries else ON_SCREEN + state.project_name()


def picker(where=st, fits: int | None = None) -> None:
    """The project select; a name longer than `fits` characters (the box cuts it) is written in full
    under it."""
    entries = [*(p.name for p in presets()), *(SAVED + name for name in library.saved_names())]
    showing = _showing(entries)
    options = entries if showing in entries else [showing, *entries]
    where.selectbox("Project", options, **state.bind("w_project", showing, _picked),
                    help="Published awards (reported vs computed), teaching scenarios and the scenarios saved "
                         "in the library.")
    if fits is not None and len(showing) > fits:
        where.caption(plain(showing))


# Characters of a project's name that the sidebar's picker shows whole; a longer one was cut
# ("Holtec International, Camden (pu...") and the presenter could not tell which project was open.
FITS = 24


def story(result: Result) -> None:
    """The chosen preset's story; for a published award, reported vs computed, while unchanged."""
    preset = state.current_preset()
    if preset is None:
        return
    if preset.kind == "published":
        diff = result.annual_credit - preset.reported_per_year
        verdict = "matches" if abs(diff) < 1 else f"differs by {whole_dollars(diff)} a year"
        st.info(plain(f"Reported: {whole_dollars(preset.reported_per_year)} a year, "
                      f"{whole_dollars(preset.reported_total)} in all. "
                      f"Computed: {whole_dollars(result.annual_credit)} a year, "
                      f"{whole_dollars(result.total_credit)}: {verdict}. "
                      f"{preset.story(result.law)} Law in force: {preset.law_in_force.reason}."))
    else:
        st.info(plain(preset.story(result.law)))
