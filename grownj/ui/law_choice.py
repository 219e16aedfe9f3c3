"""The one law the project is computed under: a published award's, in force on its approval date, or
the user's choice, made in the sidebar or at a page's top, and said on every page."""
import streamlit as st

from ..law import VERSIONS, Law

from . import state


def version_words(version: str, short: bool = False) -> str:
    """A law version as a select shows it: "As enacted (P.L.2014 c.63, ...)", or `short` ("As
    enacted"), its code ("enacted") being for links and scripts."""
    words = short_words(version) if short else VERSIONS[version]
    return words[:1].upper() + words[1:]


def short_words(version: str) -> str:
    """A law version without its bracketed note ("as enacted"), where a line has no room for it."""
    return VERSIONS[version].split(" (")[0]


def _picked(key: str) -> None:
    state.set_law(st.session_state[key])


def select(key: str, where=st, narrow: bool = False) -> Law:
    """The project's law as a select: changing it here changes it for the project on every page.
    `narrow` (the sidebar) shows each law's short name, which its box holds whole, the full ones in
    its help and at the top of every page."""
    full = "; ".join(version_words(v) for v in VERSIONS) if narrow else ""
    where.selectbox("Law", list(VERSIONS), format_func=lambda v: version_words(v, short=narrow),
                    **state.bind(key, state.law_version(), _picked, (key,)),
                    help="Every page computes the project under this law. A published award opens under the law "
                         "in force on its approval date (the act took effect on October 24, 2014)."
                         + (f" The versions: {full}." if full else ""))
    return state.project_law()


def choose(key: str) -> Law:
    """The project's law at a page's top; the caption says that every figure on the page follows it."""
    law = select(key)
    st.caption(f"Every figure here is under the project's law, {VERSIONS[law.version]}, as on every page.")
    return law

