"""Schedule: the eligibility period year by year, with an employment path and forfeiture (s.6 d)."""
import pandas as pd
import streamlit as st

from grownj import ScenarioError, charts
from grownj.programs.schedule import PATH_FIELDS, Path, schedule
from grownj.ui import downloads, inputs, law_choice, page, state
from grownj.ui.formats import COUNT, DOLLARS, count, number, whole_dollars
from grownj.ui.text import plain, rounded

page.setup("Schedule", law_key="w_schedule_law")
scenario = page.scenario()
page.nav()
n = scenario.eligibility_years

slide = page.title("Schedule", "pages/1_Schedule.py")  # in presenter mode the chart comes first
# The headline figures go here, on the first screen; they are computed below, from the inputs
# (the law, the sale, the path) that are drawn between.
figures = st.container()
law = law_choice.choose("w_schedule_law")
inputs.sidebar(scenario, law)  # its help quotes the law chosen
page.notes().caption(f"s.3 a (eligibility period), s.2 (commitment period = {law.commitment_period_factor:g} x eligibility "
           "period), s.6 d (forfeiture).")
project = state.project(law)[1]
agreement = project.extra["total_jobs"]  # the agreement's new + retained jobs

saved = st.session_state.get("path_table")
made_for = st.session_state.get("path_agreement")  # the agreement's jobs the path was made from
linked = st.session_state.pop(state.PATH_FROM_LINK, None)  # a link's path, cells as typed
if linked and len(linked[0]) == n:
    saved = pd.DataFrame({"Year": range(1, n + 1), "Facility jobs": linked[0], "Statewide jobs": linked[1]})
    made_for = agreement
elif linked:
    st.warning(f"The link's employment path has {len(linked[0])} years and the eligibility period {n}: the path "
               "is left out.")
if saved is None or len(saved) != n:
    # Text cells, read like the sidebar's boxes: a number cell of the browser's turns "1e15" into 115
    # and "-50" into 50 before the server sees them, and a cell emptied would forfeit its year.
    saved = pd.DataFrame({"Year": range(1, n + 1), "Facility jobs": [number(agreement)] * n,
                          "Statewide jobs": [""] * n})
elif made_for != agreement and (saved["Facility jobs"] == number(made_for)).all():
    # A path the user left at the agreement's jobs follows the project: edited elsewhere, its
    # agreement is what the s.6 d(2) test measures the years against.
    saved = saved.assign(**{"Facility jobs": number(agreement)})
if saved is not st.session_state.get("path_table"):
    st.session_state["path_table"], st.session_state["path_agreement"] = saved, agreement
    st.session_state.pop("w_path", None)
elif made_for != agreement:
    note, reset = st.columns([5, 1], vertical_alignment="center")
    note.info(f"The employment path below was entered for an agreement of {count(made_for)} jobs; the project's "
              f"agreement is now {count(agreement)}. Each year is tested against the agreement (s.6 d(2)).")
    if reset.button("Reset the path to the agreement"):
        st.session_state.pop("path_table")
        st.rerun()

# s.6 d(1), (2): the committee amendments replaced a pro rata reduction with forfeiture; the law chosen says which.
low_year = {"forfeit": "earns nothing", "pro_rata": "is reduced pro rata"}[law.forfeiture_rule]
left, right = st.columns(2)
# The path's settings are kept apart from their widgets (a widget forgets its value on another page).
# Empty, not 0, when there is none: a 0 reads as a workforce of nobody (s.6 d(1) needs a baseline).
# Typed as text, so that 1,000 reads with its separator as every other count on screen.
baseline = inputs.amount_box(left, "Statewide workforce before approval (baseline)", "w_baseline", "baseline", None,
                             help="s.6 d(1): jobs across New Jersey; leave empty to skip the statewide test.",
                             field=PATH_FIELDS["statewide_baseline"], empty_means="no statewide test")
NOT_SOLD = "not sold"  # an option of its own: a widget's None reads as no choice made
if st.session_state.get("sold", NOT_SOLD) not in (NOT_SOLD, *range(1, n + 1)):
    # The eligibility period was shortened below the sale year: said, not dropped in silence.
    st.warning(f"The sale in year {st.session_state['sold']} is after the {n}-year eligibility period: no sale "
               "is applied.")
    st.session_state["sold"] = NOT_SOLD
sold = right.selectbox("Facility sold in year", [NOT_SOLD, *range(1, n + 1)],
                       format_func=lambda v: v if v == NOT_SOLD else f"year {v}",
                       help="s.6 d(3)(a): the seller forfeits the year of sale and after.",
                       **state.setting("w_sold", "sold", NOT_SOLD))
sold = None if sold == NOT_SOLD else sold

st.subheader("Employment path")
st.caption(f"Agreement: {count(agreement)} new and retained jobs. Below {law.forfeit_facility_share:.0%} "
           f"({number(law.forfeit_facility_share * agreement)} jobs) a year {low_year} (s.6 d(2)).")
edited = st.data_editor(saved, key="w_path", hide_index=True, disabled=["Year"], width="stretch",
                        column_config={"Statewide jobs": st.column_config.TextColumn(
                            help="Jobs across New Jersey; leave every year empty to skip the statewide test.")})
st.session_state["path_table"] = edited

try:
    facility = inputs.read_jobs(edited["Year"], edited["Facility jobs"], "Facility jobs")
    statewide = inputs.read_jobs(edited["Year"], edited["Statewide jobs"], "Statewide jobs", optional=True)
    use_statewide = baseline is not None and None not in statewide
    if baseline is not None and not use_statewide:
        st.info("Fill every year's statewide jobs to apply the statewide workforce test (s.6 d(1)).")
    path = Path.from_dict({"facility_jobs": facility,
                           "statewide_jobs": statewide if use_statewide else None,
                           "statewide_baseline": float(baseline) if use_statewide else None,
                           "facility_sold_year": sold}, n, law.forfeiture_rule)
except ScenarioError as exc:
    st.error(plain(f"Employment path not used: {exc}. The figures assume the agreement's jobs every year."))
    path = Path(facility_sold_year=sold, forfeiture_rule=law.forfeiture_rule)

result = schedule(project, path, law)
with figures:
    if not page.presenting():  # presenter mode has the headline at the top (grownj.ui.page.setup)
        page.headline(result.result, named=False)  # named at the top
    shortfall = result.result.total_credit - result.total_credit
    st.metric("Total over the schedule", whole_dollars(result.total_credit),
              delta=f"{whole_dollars(-shortfall, signed=True)} against the agreement" if shortfall else None,
              help="What this employment path earns. The total above assumes the agreement's jobs in every year; "
                   "forfeited or reduced years (s.6 d) make the difference.")
downloads.chart(charts.schedule_figure(result), "Schedule chart", slide, law=law, height=downloads.SLIDE_HEIGHT)
table = pd.DataFrame(result.years)
# Without the statewide test there are no statewide jobs: the column is left off, not shown as "None".
shown = rounded(table.drop(columns="statewide_jobs") if table["statewide_jobs"].isna().all() else table,
                dollars=("credit", "cumulative"))
jobs = st.column_config.NumberColumn
# The reason last: a long sentence before them pushed the cumulative total off a projector's right edge.
st.dataframe(shown, hide_index=True, width="stretch", column_order=[*shown.columns.drop("reason"), "reason"],
             column_config={"year": "Year", "facility_jobs": jobs("Facility jobs", format=COUNT),
                            "statewide_jobs": jobs("Statewide jobs", format=COUNT),
                            "credit": st.column_config.NumberColumn("Credit", **DOLLARS),
                            "forfeited": "Forfeited", "reduced": "Reduced",
                            "reason": st.column_config.TextColumn("Reason", width="large"),
                            "cumulative": st.column_config.NumberColumn("Cumulative", **DOLLARS)})
downloads.table_buttons(table, "Schedule", law=law)
state.write_query(scenario)  # the path as edited in this run, in the link
