"""Published awards: every award whose net benefit was published, and the published presets, with
grownj's credit and both views of the net benefit test on the award as approved."""
import pandas as pd
import streamlit as st

from grownj import calibration, charts
from grownj.explain import dollars
from grownj.net_benefit import Assumptions, but_for_band
from grownj.presets import presets
from grownj.ui import awards_explained, downloads, page, reforms, state_side


@st.cache_data(show_spinner=False, max_entries=16)
def table(a: Assumptions) -> pd.DataFrame:
    return calibration.published_table(a, tuple(p for p in presets() if p.kind == "published"))


page.setup("Published awards")
page.nav()
st.title("Published awards: the authority's figures and grownj's two views")
st.caption("Awards approved in 2014-2016 whose net benefit to the State was published (sources below). The "
           "published net benefit is after the award is subtracted, so the authority's implied benefit is the "
           "net benefit plus the award. Both views count the award as approved, spread evenly over its eligibility "
           "period, over the horizon the authority published.")
a = state_side.assumptions_editor()
t = table(a)
fit = calibration.summary(a)
cols = st.columns(4)
cols[0].metric("Model / implied, median", f"{fit.median:.2f}",
               help="The statutory view's benefit over the authority's implied benefit, award by award.")
cols[1].metric("Middle half of awards", f"{fit.quartiles[0]:.2f} to {fit.quartiles[1]:.2f}",
               help=f"Range {fit.low:.2f} to {fit.high:.2f}")
cols[2].metric("Pass the statutory view", f"{fit.passes} of {fit.awards}")
cols[3].metric("Break even for the economist", f"{int((t['economist_npv'] >= 0).sum())} of {len(t)}",
               help="Net present value at least zero at the default but-for shares.")

low, high = but_for_band()


def money(x) -> str:
    return "" if pd.isna(x) else dollars(x)


shown = pd.DataFrame({
    "Award": t["award"], "Reported award": t["award_total"].map(money),
    "Reported net benefit": t["reported_net_benefit"].map(money), "grownj's credit": t["grownj_credit"].map(money),
    "Horizon": t["years"].map(lambda y: f"{y} years"),
    "Statutory benefit": t["statutory_benefit"].map(money),
    "Statutory net benefit": t["statutory_net_benefit"].map(money),
    "Statutory test": t["passes"].map({True: "passes", False: "fails"}),
    "Model / implied": t["model_over_implied"].map(lambda r: "not published" if pd.isna(r) else f"{r:.2f}"),
    "Largest award passing": t["largest_award_passing"].map(money),
    "Economist's NPV": t["economist_npv"].map(money),
    "Break-even share of jobs": t["breakeven_but_for"].map(state_side.share),
    "Largest award breaking even": t["largest_award_breaking_even"].map(money)})
st.dataframe(shown, hide_index=True, width="stretch")
downloads.table_buttons(t, "Published awards")
fitted = t.dropna(subset=["model_over_implied"])
short = t["award"].str.split(" (", regex=False).str[0]  # the name without its note, to leave the bars room
downloads.chart(charts.calibration_figure(list(short[fitted.index]), list(fitted["model_over_implied"])),
                "Calibration chart")
downloads.chart(charts.breakeven_figure(dict(zip(short, t["breakeven_but_for"]))),
                "Break-even shares of published awards")
st.caption(f"Break-even share: the share of the jobs the credit must cause for the State to come out even, "
           f"counted as an economist would; studies find incentives cause {low:.0%}-{high:.0%}. Largest award "
           "passing: the award at which the statutory view's benefit is exactly the required ratio times it.")
with st.expander("Sources"):
    for w in calibration.awards():
        st.markdown(f"- {w.company} ({w.approved}, {w.confidence} confidence): {w.source}")

st.header("Every award reported at approval, explained")
awards_explained.section(reforms.current())
