"""The State's side of an award: the net benefit test as the authority runs it and as an economist
would, with the assumptions both rest on. The assumptions live in a plain session key, so they
survive a change of page (a widget's own value does not)."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from ..evaluate import evaluate
from ..explain import dollars
from ..net_benefit import Assumptions, NetBenefit, assumption_table, default_assumptions, net_benefit
from ..result import Result
from ..scenario import Scenario
from .fold import fold

KEY = "nb_assumptions"  # assumption name -> value, only those changed from the defaults
VIEW_TITLES = {"both": "The tax streams (both views)", "statutory": "The authority's reading only",
               "economist": "The economist's counterfactual"}


def assumptions() -> Assumptions:
    return default_assumptions().replace(**st.session_state.get(KEY, {}))


def _store(name: str) -> None:
    st.session_state.setdefault(KEY, {})[name] = st.session_state[f"w_nb_{name}"]


def _reset() -> None:
    st.session_state[KEY] = {}
    for name in assumption_table():
        st.session_state.pop(f"w_nb_{name}", None)


def assumptions_editor(expanded: bool = False) -> Assumptions:
    """Every assumption, grouped by who uses it, each with its default's source as help."""
    current = assumptions()
    with st.expander("Net benefit assumptions: defaults, ranges and sources", expanded=expanded):
        st.caption("Fitted values come from scripts/calibrate_net_benefit.py on the published awards; the rest "
                   "are sourced (hover each for its source). The sensitivity view sweeps each over its range.")
        for view, title in VIEW_TITLES.items():
            st.markdown(f"**{title}**")
            entries = [e for e in assumption_table().values() if e.view == view]
            cols = st.columns(3)
            for i, e in enumerate(entries):
                low, high = e.bounds
                cols[i % 3].number_input(
                    f"{e.label} ({e.unit})", min_value=low, max_value=high if high < float("inf") else None,
                    value=float(getattr(current, e.name)), key=f"w_nb_{e.name}", on_change=_store, args=(e.name,),
                    help=f"{e.source} Range swept: {e.low:g} to {e.high:g}.", format="%.4g")
        st.button("Back to the defaults", on_click=_reset, key="w_nb_reset")
    return assumptions()


@st.cache_data(show_spinner=False, max_entries=256)
def _views(scenario_json: str, a: Assumptions) -> NetBenefit:
    return net_benefit(evaluate(Scenario.from_json(scenario_json)), a)


def views(result: Result, a: Assumptions | None = None) -> NetBenefit:
    """Both views of an evaluated scenario (enacted law), cached on the scenario and assumptions."""
    return _views(result.scenario.to_json(), a or assumptions())


def share(x: float | None) -> str:
    return "never (more than every job)" if x is None or x > 1 else f"{x:.0%}"


def lines_table(nb: NetBenefit) -> pd.DataFrame:
    """Stream by stream: the authority's sum and the economist's present value, with sources."""
    economist = {line.key: line.amount for line in nb.economist.lines}
    rows = [{"Stream": line.label, "Statutory view": dollars(line.amount),
             "Economist's view (present value)": dollars(economist.pop(line.key, 0.0)), "Source": line.source}
            for line in nb.statutory.lines]
    rows += [{"Stream": line.label, "Statutory view": "not counted",
              "Economist's view (present value)": dollars(line.amount), "Source": line.source}
             for line in nb.economist.lines if line.key in economist]
    return pd.DataFrame(rows)


def brief_lines(result: Result) -> list[str]:
    """The State's side in sentences, for a brief that leaves the app."""
    nb = views(result)
    s, e = nb.statutory, nb.economist
    caused = dollars(e.cost_per_induced_job) if e.cost_per_induced_job is not None else "no job caused"
    return [f"As the authority runs the test: {s.verdict}. Benefit {dollars(s.benefit)} against "
            f"{s.ratio_required:.0%} of the credit ({dollars(s.required)}) over {s.years} years; net benefit "
            f"{dollars(s.net_benefit)}.",
            f"As an economist would count it: net present value {dollars(e.npv)}; the credit's present value "
            f"{dollars(e.credit)}; cost per job the credit causes {caused}; break-even share "
            f"{share(e.breakeven_but_for)}."]


def panel(result: Result) -> None:
    """The State's side beside the credit: both views' verdicts, the credit's present value and
    the cost per job the credit causes. For the calculator and presenter mode."""
    nb = views(result)
    s, e = nb.statutory, nb.economist
    st.subheader("The State's side (s.3 a(3))")
    cols = st.columns(4)
    cols[0].metric("Authority's test", s.verdict,
                   help=f"The net benefit test as the authority runs it. Benefit {dollars(s.benefit)} against "
                        f"{s.ratio_required:.0%} of the credit ({dollars(s.required)}) over {s.years} years; "
                        f"net benefit {dollars(s.net_benefit)}.")
    cols[1].metric("Economist's NPV", dollars(e.npv),
                   help="The State's net present value as an economist would count it: only the jobs the credit "
                        f"causes, less public-service costs; benefit / cost {e.benefit_cost_ratio or 0:.2f}.")
    cols[2].metric("Credit, present value", dollars(e.credit),
                   help="The schedule's credit, discounted at the economist's real rate after inflation.")
    cols[3].metric("Cost per job caused", dollars(e.cost_per_induced_job)
                   if e.cost_per_induced_job is not None else "no job caused",
                   help=f"Credit (present value) per job the credit causes: {e.induced_jobs:,.1f} of the project's "
                        f"jobs; break-even share {share(e.breakeven_but_for)}.")
    with fold("Stream by stream, and why the two views differ", "open_streams") as is_open:
        if not is_open:
            return
        st.caption("The statutory view counts every job for the whole horizon, undiscounted, as caused by the "
                   "credit; the economist's counts the share the credit causes, the costs of new residents, "
                   "growth, discounting and jobs leaving after the commitment period. Change the assumptions "
                   "on the Net benefit page.")
        st.table(lines_table(nb).set_index("Stream"))
