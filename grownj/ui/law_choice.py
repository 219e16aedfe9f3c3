"""The one law a page computes under: chosen once at the top, and said."""
import streamlit as st

from grownj import VERSIONS, Law, load


def version_words(version: str) -> str:
    """A law version as a select shows it: "As enacted (committee amendments adopted)", its code
    ("enacted") being for links and scripts."""
    words = VERSIONS[version]
    return words[:1].upper() + words[1:]


def choose(key: str) -> Law:
    """A law version select; the caption says that every figure on the page follows it."""
    version = st.selectbox("Law version", list(VERSIONS), format_func=version_words, key=key)
    st.caption(f"Every figure on this page is computed under one law: {VERSIONS[version]}.")
    return load(version)
