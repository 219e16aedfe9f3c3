"""Net benefit, two ways: the current scenario's statutory view and economist's view, what moves
the economist's net present value (a tornado) and how it depends on the but-for share."""
import numpy as np
import pandas as pd
import streamlit as st

from grownj import charts
from grownj.explain import dollars
from grownj.formats import in_unit
from grownj.net_benefit import assumption_table, but_for_band, but_for_curve, economist, tornado
from grownj.ui import downloads, inputs, page, state, state_side

page.setup("Net benefit")
scenario = page.scenario()
page.nav()
inputs.sidebar(scenario)
st.title("Net benefit, two ways (s.3 a(3))")
st.caption("As the statute sets it: the taxes the State receives, every job caused by the credit, against the "
           "required ratio times the credit over the horizon after completion (local taxes only for a MRERA "
           "growth zone project, and only the two kinds s.3 a(3)(b) names), with the model's error on an award "
           "it did not see. As an economist would: the taxes of every level of government from only the jobs "
           "the credit causes, less the public-service costs of new residents, with wage growth, discounting, "
           "jobs leaving after the commitment period and the schedule's credit.")
result = state.evaluate_json(scenario.to_json())
state_side.horizon_input(result)
a = state_side.assumptions_editor()
nb = state_side.views(result, a)
state_side.panel(result)

swings = tornado(nb.case, a)
base = nb.economist.npv
shares = np.linspace(0, 1, 101)
# One chart a row: the tornado's labels are long, and half a page left its bars no room.
downloads.chart(charts.tornado_figure(swings, base), "Tornado chart")
downloads.chart(charts.but_for_figure(shares, but_for_curve(nb.case, a, shares), nb.economist.breakeven_but_for),
                "NPV by but-for share chart")
low, high = but_for_band()
at_band = [economist(nb.case, a.replace(but_for_new=b, but_for_retained=b)).npv for b in (low, high)]
st.caption(f"Base net present value {dollars(base)}. With the credit causing {low:.0%} of the jobs, "
           f"{dollars(at_band[0])}; with {high:.0%}, {dollars(at_band[1])}. The tornado moves one assumption at a "
           "time over its range (in the assumptions panel), the others at their values.")
units = {name: meta.unit for name, meta in assumption_table().items()}  # shares as percentages, dollars whole
table = pd.DataFrame([{"Assumption": s.label, "Low end": in_unit(s.low, units[s.name]),
                       "NPV at low end": dollars(s.npv_low), "High end": in_unit(s.high, units[s.name]),
                       "NPV at high end": dollars(s.npv_high)} for s in swings])
st.dataframe(table, hide_index=True, width="stretch")
downloads.table_buttons(table, "Sensitivity")
