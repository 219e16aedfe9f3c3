"""Calculator: one project's Grow NJ credit, its composition and where each dollar comes from."""
import time

import streamlit as st

from grownj import charts
from grownj.ui import downloads, explain_tables, inputs, page, passage, projects, state, state_side, sweeps
from grownj.ui.fold import fold
from grownj.ui.formats import MEGA_ITEM_WORDS
from grownj.ui.text import plain

FIRST_PAINT_PAUSE_S = 0.5


def calculator() -> None:
    """One project's Grow NJ credit, its composition and where each dollar comes from."""
    page.setup("Calculator")
    if page.presenting():
        from grownj.ui import presenter

        page.scenario()
        presenter.show(state.project()[1])
        return
    furniture = st.sidebar.container()  # filled after the project, whose numbers the browser can then paint first
    project()
    page.nav(furniture)
    projects.picker(furniture, fits=projects.FITS)  # the sidebar's box is narrow
    inputs.controls(furniture)


@st.fragment
def project() -> None:
    """Everything that shows the project, its fields' inputs included. An edit reruns only this, not
    the page list, the presenter switch, the project picker, Undo or the municipality, which the
    browser keeps as they are (grownj.ui.inputs reruns the page when one of them changes)."""
    page.scenario()
    scenario, result = state.project()
    st.title("Grow NJ credit calculator")
    st.caption("P.L.2011 c.149 (C.34:1B-242 et seq.) as amended by the Economic Opportunity Act of 2014, Part 3. "
               "Each figure carries its section; hover the chart for citations.")
    page.headline(result)
    if "painted" not in st.session_state:
        # A session's first run pauses here so that the browser paints the numbers before the
        # sidebar's widgets and the chart arrive: a cold browser that gets them all at once loads
        # their code before it paints any of it (scripts/browser_benchmark.py's cold first metric).
        st.session_state["painted"] = True
        time.sleep(FIRST_PAINT_PAUSE_S)
    projects.story(result)
    inputs.fields(scenario)

    figure = charts.composition_figure(result)
    left, right = st.columns([3, 2])
    with left:
        downloads.draw(figure, "composition")
    with right:
        st.subheader("Eligibility (s.3)")
        # Static tables: light to render, readable on a projector, easy to copy.
        st.table(explain_tables.checks_frame(result, state_side.views(result).statutory))
        # plain(): the sentences hold dollar signs, which markdown would read as mathematics.
        for reason in result.reasons:
            st.error(plain(reason))
        for note in result.notes:
            st.info(plain(note))
        if result.mega_project:
            items = "; ".join(f"{k}, {MEGA_ITEM_WORDS[k]}" for k in result.extra["mega_items"])
            st.success(plain(f"A mega project (s.2 \"Mega project\" {items}): a mega project's base amount, "
                             "per-job cap, annual cap and net benefit horizon apply (s.5 b, d, f; s.3 a(3))."))

    state_side.panel(result)
    st.subheader("Where each dollar comes from")
    st.caption("Interpretation: where the statute's words leave a question, the reading taken; \"Register N\" is "
               "entry N of the interpretation register, which the Statute page gives in full.")
    st.table(explain_tables.components_frame(result))
    sweeps.panel(result)
    with fold("Read the statute behind a component", "open_passages") as is_open:
        if is_open:
            sources = {c.label: c.parameter for c in result.components if c.parameter}
            for label, name in sources.items():
                passage.link(name, label)
            # Nothing drawn until asked: the passage is HTML, which a cold browser would load a renderer for.
            picked = st.selectbox("Component", list(sources), index=None, key="w_passage_component",
                                  placeholder="choose a component to read its passage")
            if picked:
                passage.show(sources[picked])
    downloads.panel(result, figure)
    page.scenario_files(scenario)


calculator()
