"""The presets picker: one click loads a published award or a teaching scenario."""
from __future__ import annotations

import streamlit as st

from ..presets import Preset, presets
from ..result import Result
from . import state
from .text import plain

NONE = "(choose a preset)"


def _load() -> None:
    chosen = st.session_state.get("w_preset")
    preset = next((p for p in presets() if p.name == chosen), None)
    st.session_state["preset"] = chosen if preset else None
    if preset:
        st.session_state[state.KEY] = preset.scenario.to_dict()
        st.session_state[state.PLACE_KEY] = None
        state.forget_widgets()


def picker() -> None:
    names = [NONE] + [p.name for p in presets()]
    current = st.session_state.get("preset")
    st.selectbox("Presets", names, index=names.index(current) if current in names else 0, key="w_preset",
                 on_change=_load, help="Published awards (reported vs computed) and teaching scenarios.")


def story(result: Result) -> None:
    """The chosen preset's story; for a published award, reported vs computed, while unchanged."""
    preset: Preset | None = next((p for p in presets() if p.name == st.session_state.get("preset")), None)
    if preset is None or preset.scenario != result.scenario:
        return
    if preset.kind == "published":
        diff = result.annual_credit - preset.reported_per_year
        verdict = "matches" if abs(diff) < 1 else f"differs by ${diff:,.0f} a year"
        st.info(plain(f"Reported: ${preset.reported_per_year:,.0f} a year, ${preset.reported_total:,.0f} in all. "
                      f"Computed: ${result.annual_credit:,.0f} a year, ${result.total_credit:,.0f}: {verdict}. "
                      f"{preset.story}"))
    else:
        st.info(plain(preset.story))
