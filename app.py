"""Calculator: one project's Grow NJ credit, its composition and where each dollar comes from."""
import pandas as pd
import streamlit as st

from grownj import charts
from grownj.ui import inputs, page, state

page.setup("Calculator")
scenario = inputs.sidebar()
result = state.evaluate_json(scenario.to_json())

st.title("Grow NJ credit calculator")
st.caption("P.L.2011 c.149 (C.34:1B-242 et seq.) as amended by the Economic Opportunity Act of 2014, Part 3. "
           "Each figure carries its section; hover the chart for citations.")
page.headline(result)

left, right = st.columns([3, 2])
with left:
    st.plotly_chart(charts.composition_figure(result), width="stretch", key="composition")
with right:
    st.subheader("Eligibility (s.3 b, c)")
    st.dataframe(pd.DataFrame([{"Test": c.test, "Threshold": c.threshold, "Project": c.value,
                                "Result": "pass" if c.passed else "FAIL", "Citation": c.citation}
                               for c in result.checks]), hide_index=True, width="stretch")
    for reason in result.reasons:
        st.error(reason)
    for note in result.notes:
        st.info(note)
    if result.mega_project:
        st.success(f"Mega project under s.2 \"Mega project\" item(s) {', '.join(result.extra['mega_items'])}.")

st.subheader("Where each dollar comes from")
st.dataframe(pd.DataFrame([{"Component": c.label, "Amount": c.amount, "Applies": "binding" if c.binding else "",
                            "Citation": c.citation, "Interpretation": c.note or ""} for c in result.components]),
             hide_index=True, width="stretch",
             column_config={"Amount": st.column_config.NumberColumn(format="dollar")})
page.scenario_files(scenario)
