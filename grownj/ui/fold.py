"""Expanders and tabs whose content is drawn only while open."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable

import streamlit as st


@contextmanager
def fold(label: str, key: str, expanded: bool = False):
    """`with fold(...) as is_open:` an expander that draws its content only while open. Every
    element drawn is work for the server and the browser on each input change, and a closed
    group's are never seen; opening it reruns the page, which then draws them. The open state
    is `st.session_state[key]` (tests open a fold by setting it)."""
    box = st.expander(label, expanded=expanded, key=key, on_change="rerun")
    with box:
        yield bool(box.open)


def tabs(sections: dict[str, Callable[[], None]], key: str) -> None:
    """Tabs that draw only the chosen one's section, as `fold` does: choosing another reruns the
    page, which then draws it. The chosen tab's label is `st.session_state[key]` (tests choose one
    by setting it)."""
    for tab, draw in zip(st.tabs(list(sections), key=key, on_change="rerun"), sections.values()):
        if tab.open:
            with tab:
                draw()
