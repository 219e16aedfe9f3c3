"""Compare locations: the same project in two to six places, with the net benefit test."""
import pandas as pd
import streamlit as st

from grownj import charts
from grownj.net_benefit import assumption_sources, default_assumptions, net_benefit
from grownj.scenario import ScenarioError
from grownj.ui import downloads, inputs, library, page, state
from grownj.ui.locations import DEFAULT_LOCATIONS, overrides
from grownj.ui.text import plain

page.setup("Compare locations")
scenario = page.scenario()
page.nav()
inputs.sidebar(scenario)
st.title("Compare locations")
st.caption("The project from the sidebar, placed in each location below. Edit any cell; add or remove rows "
           "(two to six).")

if "locations" not in st.session_state:
    st.session_state["locations"] = pd.DataFrame(DEFAULT_LOCATIONS)
if "w_locations" not in st.session_state:
    st.session_state["locations_base"] = st.session_state["locations"]
edited = st.data_editor(st.session_state["locations_base"], key="w_locations", num_rows="dynamic", hide_index=True,
                        width="stretch", column_config={
                            "location_tier": st.column_config.SelectboxColumn(
                                "Tier", options=list(inputs.TIER_LABELS), required=True),
                            "county_average_salary": st.column_config.NumberColumn(
                                "County average salary", min_value=0, format="dollar")})
st.session_state["locations"] = edited
rows = edited.dropna(subset=["name"]).head(6)
if len(rows) < 2:
    st.warning("Give at least two locations a name to compare them.")
    st.stop()

with st.expander("Net benefit assumptions (grownj's open model; the authority's is not public)"):
    a = default_assumptions()
    changes = {}
    cols = st.columns(3)
    for i, (name, meta) in enumerate(assumption_sources().items()):
        changes[name] = cols[i % 3].number_input(name.replace("_", " "), value=float(getattr(a, name)),
                                                 min_value=0.0, key=f"w_nb_{name}", help=meta["source"],
                                                 format="%.4g")
    a = a.replace(**changes)

results, benefits, problems = {}, {}, []
for row in rows.to_dict("records"):
    try:
        r = state.evaluate_json(scenario.replace(**overrides(row)).to_json())
    except ScenarioError as exc:
        problems.append(f"{row['name']}: {exc}")
        continue
    results[row["name"]], benefits[row["name"]] = r, net_benefit(r, a)
saved = library.saved_names()
chosen = st.multiselect("Add saved scenarios from the library (compared as saved, whole)", saved,
                        key="w_compare_saved") if saved else []
for name in chosen:
    r = state.evaluate_json(library.load(name).to_json())
    results[f"saved: {name}"], benefits[f"saved: {name}"] = r, net_benefit(r, a)
for p in problems:
    st.error(plain(p))

summary = pd.DataFrame([{
    "Location": name, "Eligible": "yes" if r.eligible else "no", "Per new job": r.per_job_new,
    "Per retained job": r.per_job_retained, "Annual credit": r.annual_credit, "Total credit": r.total_credit,
    "Caps binding": ", ".join(c.label for c in r.components if c.binding and c.kind in ("cap", "annual_cap"))
    or "none", "Net benefit horizon": f"{benefits[name].years} years at {benefits[name].ratio_required:.0%}",
    "State benefit (PV)": benefits[name].pv_benefit, "Required (PV)": benefits[name].required,
    "Net benefit test": "passes" if benefits[name].passes else "fails"} for name, r in results.items()])
money = st.column_config.NumberColumn(format="dollar")
st.dataframe(summary, hide_index=True, width="stretch", column_config={
    k: money for k in ("Per new job", "Per retained job", "Annual credit", "Total credit", "State benefit (PV)",
                       "Required (PV)")})
downloads.table_buttons(summary, "Location comparison")
left, right = st.columns(2)
downloads.chart(charts.compare_figure(results), "Credit by location chart", left)
downloads.chart(charts.net_benefit_figure(benefits), "Net benefit chart", right)
st.caption("Net benefit: New Jersey income tax on project and indirect wages, sales tax on household spending, "
           "corporation business tax and one-time construction taxes over the s.3 a(3) horizon, discounted, "
           "against the required ratio times the discounted credit. Horizon and ratio come from the engine.")
