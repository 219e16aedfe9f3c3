"""A parameter's passage as the calculator and the Statute page show it."""
from __future__ import annotations

import html
from functools import lru_cache

import streamlit as st

from ..law import statute
from ..law import VERSIONS, load
from ..machinery.formats import money
from ..words.choices import choice_words
from ..words.parameter_words import parameter_label
from .law_choice import version_words
from .text import code_words

STATUTE_PAGE = "pages/6_Statute.py"


def value_text(value, unit: str = "") -> str:
    """A parameter's value as a person reads it, in its unit: "$5,000", "50%", "1,000"; every item
    of a list, never cut short."""
    if value is None:
        return "none (no limit)"
    if isinstance(value, tuple):
        return ", ".join("none" if v is None else value_text(v, unit) for v in value) or "(empty)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if not isinstance(value, (int, float)):
        return choice_words(str(value))
    if unit.startswith("USD"):
        return money(value)
    if unit.startswith("fraction"):
        return f"{value * 100:.6g}%"
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,}"


def versions_table(name: str) -> list[dict]:
    rows = []
    for version in VERSIONS:
        p = load(version).parameter(name)
        rows.append({"Version": version_words(version), "Value": value_text(p.value, p.unit), "Unit": p.unit,
                     "Source": "inherited (not recoverable from the markup)" if p.inherited else "the markup"})
    return rows


@lru_cache(maxsize=None)
def paragraph_html(name: str) -> str:
    """The paragraph a parameter comes from, as HTML (the calculator asks on every run)."""
    p = load("enacted").parameter(name)
    return (f"<div id='passage-{name}' style='border-left:4px solid #1f4e79;padding-left:1em'>"
            f"{statute.markup_html(statute.locate(p).segments, p.passage)}</div>")


def show(name: str, with_link: bool = True) -> None:
    """The parameter's citation, its value in each version and its paragraph, passage highlighted."""
    p = load("enacted").parameter(name)
    st.markdown(f"**{parameter_label(name)}**: {html.escape(code_words(p.description))}  \n*{p.citation}*")
    st.markdown(paragraph_html(name), unsafe_allow_html=True)
    st.table(versions_table(name))
    if p.note:
        st.info(p.note)
    if with_link:
        link(name, "Open in the statute")


def link(name: str, label: str) -> None:
    """A link to the parameter's passage on the Statute page."""
    p = load("enacted").parameter(name)
    st.page_link(STATUTE_PAGE, label=f"{label} ({p.section})", icon=":material/gavel:",
                 query_params={"param": name})
