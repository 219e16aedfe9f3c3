"""The calculator's sweep: the annual credit as a curve over one input, with the thresholds."""
from __future__ import annotations

import streamlit as st

from . import downloads, state, state_side
from .. import charts
from ..economics.net_benefit import Assumptions
from ..economics.sweep import SWEPT, NetBenefitCurve, Sweep, net_benefit_curve, sweep
from ..machinery.formats import number, whole_dollars
from ..rules.result import Result
from ..rules.scenario import FIELDS
from .fold import fold
from .text import plain


@st.cache_data(show_spinner=False, max_entries=64, hash_funcs=state.BY_SCENARIO)
def _sweep(result: Result, field: str) -> Sweep:
    return sweep(result, field)


@st.cache_data(show_spinner=False, max_entries=64, hash_funcs=state.BY_SCENARIO)
def _curve(result: Result, field: str, assumptions: Assumptions, horizon: int | None) -> NetBenefitCurve:
    return net_benefit_curve(result, field, assumptions, horizon=horizon)


def panel(project: Result) -> None:
    with fold("How the credit changes with jobs, salary or investment", "open_sweep") as is_open:
        if not is_open:
            return
        field = st.segmented_control("Move", SWEPT, format_func=lambda f: FIELDS[f].label, key="w_sweep_field",
                                     default=SWEPT[0]) or SWEPT[0]
        result = _sweep(project, field)
        left, right = st.columns(2)
        downloads.draw(charts.sweep_figure(result), "sweep_chart", left)
        with st.spinner("The State's side at each point..."):
            # The horizon chosen on the Net benefit page, as the State's side above counts it.
            curve = _curve(project, field, state_side.assumptions(),
                           st.session_state.get(state_side.HORIZON_KEY))
        downloads.draw(charts.net_benefit_sweep_figure(result, curve), "sweep_nb_chart", right)
        money = field in ("average_salary", "capital_investment")
        where = "; ".join(f"from {whole_dollars(x) if money else number(x)}: {', '.join(words)}"
                          for x, words in result.thresholds.items())
        st.caption(plain(f"The rest of the project held as it is; the dashed line is its own "
                         f"{FIELDS[field].label.lower()}. Rules switch {where or 'nowhere in this range'}."))
