"""Net benefit, two ways: the current scenario's statutory view and the economist's benefit-cost view
of residents' incomes, its parts (a waterfall), what moves it (a tornado) and how it depends on the
share of decisions the credit tips."""
import numpy as np
import pandas as pd
import streamlit as st

from grownj import charts
from grownj.economics.net_benefit import assumption_table, but_for_band
from grownj.ui import downloads, inputs, page, state, state_side
from grownj.ui.formats import in_unit, whole_dollars

page.setup("Net benefit")
scenario = page.scenario()
page.nav()
inputs.sidebar(scenario)
slide = page.title("Net benefit, two ways (s.3 a(3))", "pages/8_Net_benefit.py")  # presenter mode: the chart first
notes = page.notes()
notes.caption("As the statute sets it: the taxes the State receives, every job caused by the credit, against the "
           "required ratio times the credit over the horizon after completion (local taxes only for a MRERA "
           "growth zone project, and only the two kinds s.3 a(3)(b) names), with the model's error on an award "
           "it did not see. As an economist would (Bartik's benefit-cost model of business incentives): the change "
           "in New Jersey residents' real incomes from only the jobs the credit causes (net of jobs moved within "
           "the State and of local-serving jobs that displace others): residents' earnings, property values, the "
           "State's and local budgets net of new residents' public-service costs, against the credit and the cost "
           "of paying for it, discounted, with a Monte Carlo over every assumption.")
result = state.project()[1]
state_side.horizon_input(result)
a = state_side.assumptions_editor()
nb = state_side.views(result, a)
if page.presenting():  # the slide: both views in one chart, as Compare draws each location's
    downloads.chart(charts.net_benefit_figure({state.project_name(): nb}), "Net benefit chart", slide, height=downloads.SLIDE_HEIGHT)
state_side.panel(result)

# The tornado, the curve and the band's ends: point estimates the same for every visitor with this
# project and these assumptions, kept for all (the server's warm-up computes the starting project's).
swings, curve, at_band = state_side.sensitivity(result, a)
base = nb.economist.npv
shares = np.array(state_side.SHARES)
downloads.chart(charts.residents_figure(nb.economist), "Residents' incomes waterfall chart")
downloads.economist_workbook(nb.economist)
st.caption(f"{state_side.uncertainty_words(nb.economist)}. Break-even share of new-job decisions the credit "
           f"tips: {state_side.share(nb.economist.breakeven_but_for)}"
           + (f" ({nb.economist.breakeven_note})." if nb.economist.breakeven_note else ".")
           + f" Credit per job-year caused: {whole_dollars(nb.economist.cost_per_induced_job_year or 0)}.")
state_side.economist_outputs(nb.economist)
# Bartik's question: what else the same money would do.
alternatives = nb.economist.alternatives
downloads.chart(charts.alternatives_figure(alternatives), "Other uses of the money chart")
uses = pd.DataFrame([{"Use of the money": alt.name, "Present value": whole_dollars(alt.cost),
                      "Residents' NPV": whole_dollars(alt.npv), "What it assumes": alt.note} for alt in alternatives])
st.table(uses, hide_index=True)
downloads.table_buttons(uses, "Other uses of the money")
# One chart a row: the tornado's labels are long, and half a page left its bars no room.
downloads.chart(charts.tornado_figure(swings, base), "Tornado chart")
downloads.chart(charts.but_for_figure(shares, np.array(curve), nb.economist.breakeven_but_for,
                                     float(nb.economist.estimate.but_for[0])), "NPV by but-for share chart")
low, high = but_for_band()
# Two different shares, both in percent: said apart, or "2%" reads as two NPVs (the curve fixes this
# credit's share; the tornado's row moves a typical incentive's, which this credit's scales with size).
st.caption(f"Base net present value {whole_dollars(base)}. With this credit's share of new-job decisions tipped fixed at "
           f"{low:.0%} (the literature's low end, whatever the credit's size), {whole_dollars(at_band[0])}; fixed at "
           f"{high:.0%}, {whole_dollars(at_band[1])}. The tornado moves one assumption at a time over its range (in the "
           "assumptions panel), the others at their values: its row on a typical incentive's share moves this "
           "credit's share with it, scaled by the credit's size, so its NPVs differ from these.")
units = {name: meta.unit for name, meta in assumption_table().items()}  # shares as percentages, dollars whole
table = pd.DataFrame([{"Assumption": s.label, "Low end": in_unit(s.low, units[s.name]),
                       "NPV at low end": whole_dollars(s.npv_low), "High end": in_unit(s.high, units[s.name]),
                       "NPV at high end": whole_dollars(s.npv_high)} for s in swings])
# A table that wraps its words: as a grid its five columns ran past a projector's edge ("NPV at high e").
st.table(table, hide_index=True)
downloads.table_buttons(table, "Sensitivity")
