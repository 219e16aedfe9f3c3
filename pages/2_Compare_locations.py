"""Compare locations: the same project in two to six places, with the net benefit test two ways."""
import pandas as pd
import streamlit as st

from grownj import FIELDS, ScenarioError, charts, evaluate
from grownj.economics.net_benefit import but_for_band
from grownj.ui import downloads, inputs, library, page, state, state_side
from grownj.ui.formats import DOLLARS, short_dollars, whole_dollars
from grownj.ui.location_rows import DEFAULT_LOCATIONS, LOCATION_COLUMNS, OWN_SITE, SHORT_HEADERS
from grownj.ui.locations import differences, evaluated_at
from grownj.ui.text import plain, rounded

page.setup("Compare locations")
scenario = page.scenario()
page.nav()
inputs.sidebar(scenario)
slide = page.title("Compare locations", "pages/2_Compare_locations.py")  # in presenter mode the chart first
page.notes().caption("The project from the sidebar, placed in each location below. Edit any cell; add or remove rows "
           "(two to six). A row is a site: its columns replace the project's, and the sidebar's other site fields "
           "(port district, light rail, ...) are off there; the results' first row is the project at its own site, "
           "as the calculator shows it. On a narrow screen the table scrolls sideways to its "
           "last ticks (deep poverty, transit oriented, redevelopment).")

if "locations" not in st.session_state:
    st.session_state["locations"] = pd.DataFrame(DEFAULT_LOCATIONS)
if "w_locations" not in st.session_state:
    st.session_state["locations_base"] = st.session_state["locations"]
# The salary beside the tier, the ticks after it: at a projector's width the last ticks scroll, not the salary.
edited = st.data_editor(st.session_state["locations_base"], key="w_locations", num_rows="dynamic", hide_index=True,
                        width="stretch", column_order=["name", "location_tier", "county_average_salary",
                                                       *(k for k in LOCATION_COLUMNS if FIELDS[k].kind == "bool")],
                        column_config={
                            # A new row starts unticked and with an empty name, not the grid's "None".
                            "name": st.column_config.TextColumn("Location", default=""),
                            **{k: st.column_config.CheckboxColumn(SHORT_HEADERS[k], help=FIELDS[k].label,
                                                                  default=False)
                               for k in LOCATION_COLUMNS if FIELDS[k].kind == "bool"},
                            "location_tier": st.column_config.SelectboxColumn(
                                "Tier", options=list(inputs.TIER_LABELS), required=True,
                                format_func=inputs.TIER_LABELS.get, width="medium"),
                            "county_average_salary": st.column_config.NumberColumn(
                                "Average salary compared (county or growth zone)", min_value=0, **DOLLARS)})
st.session_state["locations"] = edited
state.write_query(scenario)  # the rows as edited in this run, in the link
MOST = 6  # a chart and a table a projector can read
# A row without a name is said, not dropped in silence: its results would have no name to go by.
unnamed = edited["name"].isna() | (edited["name"].astype(str).str.strip() == "")
if unnamed.any():
    numbers = [str(i + 1) for i in range(len(edited)) if unnamed.iloc[i]]
    if len(numbers) == 1:
        st.warning(f"Row {numbers[0]} of the table has no location name and is left out: give it a name to "
                   "compare it.")
    else:
        rows_said = ", ".join(numbers[:-1]) + f" and {numbers[-1]}"
        st.warning(f"Rows {rows_said} of the table have no location name and are left out: give them names to "
                   "compare them.")
named = edited[~unnamed]
rows = named.head(MOST)
if len(named) > MOST:  # said, not dropped in silence
    left_out = ", ".join(str(n) for n in named["name"].iloc[MOST:])
    st.warning(plain(f"{len(named)} locations given; the first {MOST} are compared. Left out: {left_out}. "
                     "Remove rows to choose which are compared."))
if len(rows) < 2:
    st.warning("Give at least two locations a name to compare them.")
    st.stop()

# Each row that cannot be compared is named (its row number and name) right under the table, where
# the eye is: below the assumptions a row without a tier read as dropped in silence.
usable, problems, seen = [], [], set()
for number, row in zip(rows.index, rows.to_dict("records")):
    where = f"Row {edited.index.get_loc(number) + 1}, {row['name']}"
    if row["name"] in seen:
        problems.append(f"{where}: a second row with this name is left out; give it another name")
    elif row.get("location_tier") not in inputs.TIER_LABELS:
        problems.append(f"{where}: it has no tier; choose one in the Tier column to compare it")
    else:
        seen.add(row["name"])
        usable.append((where, row))
for p in problems:
    st.error(plain(p))

a = state_side.assumptions_editor()

results, benefits = {}, {}
for where, row in usable:
    try:
        r = evaluated_at(row)
    except ScenarioError as exc:
        st.error(plain(f"{where}: {state.said(exc)}; it is left out"))
        continue
    results[row["name"]], benefits[row["name"]] = r, state_side.views(r, a)
# The project where it is, first, unless a row places it there already: a row brings its own site and
# county salary, so without it no figure here was the calculator's for a project in none of the rows.
_, own = state.project()
if not any(r is own for r in results.values()):
    results, benefits = {OWN_SITE: own, **results}, {OWN_SITE: state_side.views(own, a), **benefits}
if OWN_SITE in results:
    # A row of the project's own tier gives another figure for what reads as the same place: why, in words.
    for where, row in usable:
        if row["location_tier"] == scenario.location_tier and (why := differences(row, scenario)):
            st.info(plain(f"{row['name']} is not the project's own site: {'; '.join(why)}."))
saved = library.saved_names()
chosen = st.multiselect("Add saved scenarios from the library (compared as saved, whole)", saved,
                        key="w_compare_saved") if saved else []
for name in chosen:
    r = evaluate(library.load(name), state.project_law())  # compared under the project's law, as the rows
    results[f"saved: {name}"], benefits[f"saved: {name}"] = r, state_side.views(r, a, owner=name)


def row(name, r, nb):
    s, e = nb.statutory, nb.economist
    return {"Location": name, "Eligible": "yes" if r.eligible else "no", "Per new job": r.per_job_new,
            "Per retained job": r.per_job_retained, "Annual credit": r.annual_credit, "Total credit": r.total_credit,
            "Caps binding": ", ".join(c.label for c in r.components if c.binding and c.kind in ("cap", "annual_cap"))
            or "none", "Net benefit horizon": f"{s.years} years at {s.ratio_required:.0%}",
            "Statutory benefit": s.benefit, "Required": s.required, "Statutory net benefit": s.net_benefit,
            # The horizon beside the verdict, the ratio in the download: with both the table passed 1280 px.
            "Net benefit test": f"{s.verdict} ({s.years} years)", "Economist's NPV": e.npv,
            # The place's labour market moves the economist's view as well as the credit does.
            "Labour market": e.residents.inputs.market.label,
            "Chance NPV > 0": f"{e.uncertainty.probability_positive:.0%}",
            "NPV 5-95%": f"{short_dollars(e.uncertainty.p5)} to {short_dollars(e.uncertainty.p95)}",
            "Break-even share of jobs": state_side.share(e.breakeven_but_for),
            "Cost per job-year caused": e.cost_per_induced_job_year}


summary = pd.DataFrame([row(name, r, benefits[name]) for name, r in results.items()])
# Two tables that each fit the page: the credit, then the State's side.
CREDIT = ["Location", "Eligible", "Per new job", "Per retained job", "Annual credit", "Total credit", "Caps binding"]
MONEY = ["Per new job", "Per retained job", "Annual credit", "Total credit"]
# The threshold (ratio x credit) is the black tick on the chart below, and in the download.
# The statutory benefit and net benefit, and the break-even shares, are on the charts below and in the
# download: the table keeps the verdict and the economist's figure with its uncertainty within 1280 px.
STATE = ["Location", "Net benefit test", "Economist's NPV", "Chance NPV > 0", "NPV 5-95%", "Cost per job-year caused"]
# Short headers so that the State's side fits 1280 px; the help says each in full.
SHORT = {"Statutory benefit": ("Benefit", "The benefit the authority's model counts"),
         "Required": ("Required", "Ratio x credit"), "Statutory net benefit": ("Net", "Benefit minus credit"),
         "Net benefit test": ("Test", "The authority's verdict, over the s.3 a(3) horizon (its years) at its ratio "
                                      "(in the download's Net benefit horizon)"),
         "Economist's NPV": ("Economist's NPV", "Change in residents' real incomes (present value), counting only "
                                                "the jobs the credit causes, less the credit and paying for it"),
         "Chance NPV > 0": ("Chance > 0", "The economist's Monte Carlo: the chance the expected gain is positive, "
                                          "over the assumptions (the Net benefit page gives the deal's too)"),
         "NPV 5-95%": ("5-95%", "The economist's NPV at the 5th and 95th percentile of the Monte Carlo"),
         "Cost per job-year caused": ("Per job-year", "Credit (present value) per year of a net new job it causes")}
for columns in (CREDIT, STATE):
    # The State's side as text ("-$34,218,454"): a location whose credit causes no job has no cost per
    # job-year, which the grid would write "None". The credit stays numeric, to sort and to copy.
    shown = rounded(summary[columns], dollars=MONEY) if columns is CREDIT else summary[columns].apply(
        lambda c: c.map(lambda v: "" if pd.isna(v) else whole_dollars(v)) if pd.api.types.is_numeric_dtype(c) else c)
    config = {k: st.column_config.NumberColumn(k, **DOLLARS) if pd.api.types.is_numeric_dtype(shown[k])
              else st.column_config.TextColumn(SHORT.get(k, (k,))[0], help=SHORT.get(k, (k, None))[1],
                                               width="small" if k == "Chance NPV > 0" else None)  # a figure like "31%"
              for k in columns}
    st.dataframe(shown, hide_index=True, width="stretch", column_config=config)
downloads.table_buttons(summary, "Location comparison")
if saved:
    page.not_in_link("the saved scenarios added from the library")
downloads.chart(charts.compare_figure(results), "Credit by location chart", slide, height=downloads.SLIDE_HEIGHT)
# One chart a row: side by side, each location's name took half of a half-width chart.
downloads.chart(charts.net_benefit_figure(benefits), "Net benefit chart")
downloads.chart(charts.breakeven_figure({name: nb.economist.breakeven_but_for for name, nb in benefits.items()}),
                "Break-even share chart")
low, high = but_for_band()
st.caption("Statutory view: the benefit the authority's model counts (income tax on project and indirect wages, "
           "sales tax, local taxes, corporation business tax, construction taxes) over the s.3 a(3) horizon, "
           "against the required ratio times the credit (the black tick); horizon and ratio come from the engine. "
           "Economist's view: the change in residents' real incomes from only the jobs the credit causes, against the "
           "credit and the cost of paying for it, discounted; the whisker is its Monte Carlo's 5-95% range. "
           f"Break-even share: the share of new-job decisions the credit must tip; studies find {low:.0%}-{high:.0%} "
           "for a typical incentive.")
