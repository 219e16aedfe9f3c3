"""The one law a page computes under: chosen once at the top, and said."""
import streamlit as st

from grownj import VERSIONS, Law, load


def choose(key: str) -> Law:
    """A law version select; the caption says that every figure on the page follows it."""
    version = st.selectbox("Law version", list(VERSIONS), format_func=lambda v: f"{v}: {VERSIONS[v]}", key=key)
    st.caption(f"Every figure on this page is computed under one law: {VERSIONS[version]}.")
    return load(version)
