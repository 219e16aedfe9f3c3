"""Risk: the credit and residents' net present value under uncertain hiring and attrition (s.6 d)."""
import pandas as pd
import streamlit as st

from grownj import Result, charts
from grownj.economics.net_benefit import Assumptions
from grownj.economics.risk import PERCENTILES, RiskInputs, RiskResult, simulate
from grownj.law import load
from grownj.ui import downloads, inputs, law_choice, page, state, state_side
from grownj.ui.formats import whole_dollars
from grownj.ui.location_rows import DEFAULT_LOCATIONS
from grownj.ui.locations import evaluated_at


@st.cache_data(show_spinner=False, max_entries=64, hash_funcs=state.BY_SCENARIO)
def run(result: Result, risk: RiskInputs, assumptions: Assumptions, version: str) -> RiskResult:
    return simulate(result, risk, assumptions, load(version))


page.setup("Risk", law_key="w_risk_law")
scenario = page.scenario()
page.nav()
slide = page.title("Risk: simulated employment paths", "pages/4_Risk.py")  # presenter mode: the charts first
law = law_choice.choose("w_risk_law")
inputs.sidebar(scenario, law)  # its help quotes the law chosen
# s.6 d(1), (2): the committee amendments replaced a pro rata reduction with forfeiture; the law chosen says which.
low_year = {"forfeit": "earns nothing", "pro_rata": "earns a pro rata share"}[law.forfeiture_rule]
page.notes().caption("Each path draws facility jobs year by year (ramp-up, growth, volatility, large cuts) and the "
           f"statewide workforce, then applies s.6 d: below {law.forfeit_facility_share:.0%} of the agreement's "
           f"jobs, or a statewide drop of more than {law.forfeit_statewide_reduction:.0%}, a year {low_year}.")

# The headline is drawn here, above the sliders that set it, so that it is on a projector's first screen.
headline = st.container()
c = st.columns(4)
# Shares of jobs and chances read as percentages ("3%", not 0.03).
SHARE = dict(format="percent")
risk = RiskInputs(
    paths=c[0].select_slider("Paths", [1000, 2000, 5000, 10000, 20000, 50000], value=10000, key="w_risk_paths",
                             format_func="{:,}".format),
    seed=int(c[0].number_input("Seed", min_value=0, value=1, step=1, key="w_risk_seed")),
    ramp_start=c[1].slider("Year-1 jobs, share of agreement", 0.5, 1.2, 1.0, 0.05, key="w_risk_ramp_start", **SHARE),
    ramp_years=c[1].slider("Ramp-up years", 0, 5, 0, key="w_risk_ramp_years"),
    growth=c[2].slider("Yearly growth", -0.1, 0.1, 0.0, 0.01, key="w_risk_growth", **SHARE),
    volatility=c[2].slider("Yearly volatility", 0.0, 0.5, 0.1, 0.01, key="w_risk_volatility", **SHARE),
    cut_probability=c[3].slider("Chance of a large cut, per year", 0.0, 0.3, 0.03, 0.01, key="w_risk_cut_p", **SHARE),
    cut_size=c[3].slider("Size of a large cut", 0.1, 0.9, 0.3, 0.05, key="w_risk_cut_size", **SHARE),
    statewide_volatility=c[0].slider("Statewide workforce volatility", 0.0, 0.3, 0.05, 0.01, key="w_risk_sw",
                                     **SHARE),
)
names = [row["name"] for row in DEFAULT_LOCATIONS]
other = st.selectbox("Compare with", ["(no second location)", *names], key="w_risk_other")

places = {"This project": state.project(law)[1]}
if other in names:
    row = next(r for r in DEFAULT_LOCATIONS if r["name"] == other)
    places[other] = evaluated_at(row, law)
assumptions = state_side.assumptions_editor()
with st.spinner("Simulating..."):
    risks = {name: run(r, risk, assumptions, law.version) for name, r in places.items()}

cols = headline.columns(len(risks))
for col, (name, r) in zip(cols, risks.items()):
    col.metric(f"{name}: median total credit", whole_dollars(r.percentiles()['Total credit'][2]),
               help="Deterministic total: " + whole_dollars(r.result.total_credit))
    # Said apart from the calculator's "Chance of a gain" (over the assumptions): the same project gives
    # two chances, one over hiring paths at the assumptions' values, one over the assumptions.
    col.metric(f"{name}: chance of a gain, over hiring paths", f"{r.probability_positive:.0%}",
               help="Share of hiring paths whose net present value of residents' real incomes, counted as an "
                    "economist would at the assumptions' values (only the jobs the credit causes, against the credit "
                    "and paying for it, discounted), is at least zero. The chance over the assumptions themselves, "
                    "with the agreement's jobs every year, is the calculator's and the Net benefit page's.")

# Said in words on screen, not only in a tooltip: beside the calculator's chance the same project's
# two chances read as one figure that disagreed with itself.
calculator_chance = state_side.views(state.project()[1], assumptions).economist.uncertainty.probability_positive
headline.caption(f"Chance of a gain, over hiring paths: the share of simulated hiring paths (the assumptions at "
                 f"their values) in which residents come out ahead. It differs in kind from the calculator's chance "
                 f"of a gain ({calculator_chance:.0%} for this project), which is over the economist's assumptions "
                 "with the agreement's jobs every year.")
left, right = slide.columns(2)
downloads.chart(charts.risk_fan_figure(risks), "Annual credit fan chart", left, law, height=downloads.SLIDE_HEIGHT)
downloads.chart(charts.risk_histogram_figure(risks), "Total credit histogram", right, law, height=downloads.SLIDE_HEIGHT)
downloads.chart(charts.risk_npv_figure(risks), "Residents' net present value histogram", law=law)
for name, r in risks.items():
    st.subheader(f"Percentiles: {name}")
    table = pd.DataFrame(r.percentiles(), index=[f"{p}th" for p in PERCENTILES]).T
    # Money in whole dollars; a count of years as a count ("1", or "0.5" between two paths).
    st.table(pd.DataFrame({p: [f"{v:,.1f}".removesuffix(".0") if measure == "Forfeited years" else whole_dollars(v)
                               for measure, v in column.items()] for p, column in table.items()}, index=table.index))
    st.caption("Each row's percentiles are taken over the paths on their own: a column is not one path (the "
               "path at the 5th percentile of credit need not be the one at the 5th of forfeited years).")
    downloads.table_buttons(table.reset_index(names="measure"), f"Percentiles {name}", law=law)
page.not_in_link("the simulation's settings or the second location")
