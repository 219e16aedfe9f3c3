"""Published awards: every award whose net benefit was published, and the published presets: what an
analyst reads first (jobs, the award per job, its present value and share of payroll, the authority's
implied benefit/cost), grownj's credit and why it differs, and both views of the net benefit test on
the award as approved, the statutory one with the model's error."""
import math

import pandas as pd
import streamlit as st

from grownj import charts
from grownj.awards.presets import presets
from grownj.economics import calibration
from grownj.economics.net_benefit import (MULTIPLIER_WORDS, STATUTORY_VERDICTS, Assumptions, but_for_band,
                                          model_error_80)
from grownj.ui import awards_explained, downloads, page, reforms, state_side
from grownj.ui.formats import CHANCE, COUNT, DOLLARS, count, short_dollars, whole_dollars
from grownj.ui.text import rounded


@st.cache_data(show_spinner=False, max_entries=16)
def table(a: Assumptions) -> pd.DataFrame:
    return calibration.published_table(a, tuple(p for p in presets() if p.kind == "published"))


@st.cache_data(show_spinner=False, max_entries=16)
def economist_total(a: Assumptions) -> tuple[float, float, float, float, float]:
    """The awards' economist's NPV summed, the chance it is positive over the
    assumptions and its 5-95% range (one set of draws), and the chance with each deal tipped or not."""
    p = calibration.economist_portfolio(a)
    return p.total_npv, p.total.probability_positive, p.total.p5, p.total.p95, p.total.probability_deal_positive


# Widths that show the longest short name ("Quality Packaging Specialists International") and an
# approval date given in words ("2016/2017 (unconfirmed)") whole.
NAME_PX, DATE_PX = 290, 165
# What the page's files say they hold: not the sidebar's project, but the awards, each under its own law.
AWARDS = "Published Grow NJ awards"
AWARDS_LAW = "each award under the law in force on its approval date"


def twelve(slide) -> None:
    """The awards whose net benefit was published: the authority's figures and grownj's two views; the
    calibration chart in `slide` (first, in presenter mode)."""
    notes = page.notes()
    notes.caption("Awards approved in 2014-2016 whose net benefit to the State was published (sources below), and the "
               "published presets. The published net benefit is after the award is subtracted, so the authority's "
               "implied benefit is the net benefit plus the award. Both views count the award as approved, spread "
               "evenly over its eligibility period, over the horizon the authority published. Click a column's "
               "heading to sort by it.")
    a = state_side.assumptions_editor()
    t = table(a)
    fit = calibration.summary(a)
    published = t.dropna(subset=["reported_net_benefit"])
    total = calibration.portfolio(t)
    band = math.exp(fit.loo_error)

    # Every count over the same awards: the ones whose net benefit was published.
    cols = st.columns(3)
    for col, verdict in zip(cols, STATUTORY_VERDICTS):
        col.metric(f"Statutory test: {verdict}", f"{fit.verdicts[verdict]} of {fit.awards}",
                   help=f"Of the {fit.awards} awards with a published net benefit, on the award as approved. Passes "
                        f"or fails only when the benefit's band (times or divided by {band:.2f}, the model's "
                        "leave-one-out error) is wholly on one side of the threshold.")
    at_literature = calibration.passing_at_literature(a)
    st.caption(f"The statutory view's multiplier, {a.statutory_employment_multiplier:.2f}, is {MULTIPLIER_WORDS}. "
               f"With the literature's instead, the test passes {' and '.join(f'{n} of {fit.awards} at {m:g}' for m, n in at_literature.items())} "
               f"(against {fit.passes} at the fitted scale).")
    cols = st.columns(3)
    cols[0].metric("Model / implied, median", f"{fit.median:.2f}",
                   help=f"The statutory view's benefit over the authority's implied benefit, award by award; middle "
                        f"half {fit.quartiles[0]:.2f} to {fit.quartiles[1]:.2f}, range {fit.low:.2f} to "
                        f"{fit.high:.2f}.")
    cols[1].metric("Leave-one-out error, median", f"a factor of {band:.2f}",
                   delta=f"four in five: a factor of {math.exp(model_error_80()):.2f}", delta_color="off",
                   delta_arrow="off",  # a second figure, not a change: no arrow
                   help=f"Each of the {fit.awards} awards predicted by the same fit on the other {fit.awards - 1}: "
                        "half came within this factor of the authority's implied benefit; four in five within the "
                        "factor beneath it, the wider band (the chart below shows each).")
    likely = int((published["probability_positive"] > 0.5).sum())
    cols[2].metric("Economist: more likely a gain than not", f"{likely} of {fit.awards}",
                   help="Awards whose chance that residents' real incomes gain more than the credit costs them is "
                        "above one half, in the economist's Monte Carlo over every assumption, over the same awards.")

    st.subheader(f"Portfolio: the {total['awards']} awards with a published net benefit")
    cols = st.columns(5)
    cols[0].metric("Jobs (new and retained)", count(total['jobs']))
    cols[1].metric("Awards", whole_dollars(total["award_total"]), help="Approved maximums, not what was certified or paid.")
    # Over the whole term, said: beside the calculator's "Per new job" (a year) it read as a year's.
    cols[2].metric("Per job, all years", whole_dollars(total["award_per_job"]),
                   help="The awards over their jobs, for the whole eligibility period, not a year.")
    cols[3].metric("Awards, present value", whole_dollars(total["credit_present_value"]),
                   help="Each award's yearly credit discounted at the economist's real rate after inflation.")
    cols[4].metric("Implied benefit / cost", f"{total['implied_benefit_cost']:.2f}",
                   help=f"The authority's implied benefits over the awards. The awards are "
                        f"{total['credit_share_of_payroll']:.1%} of the jobs' payroll over the eligibility period.")

    npv, chance, p5, p95, deal_chance = economist_total(a)
    cols = st.columns(3)
    cols[0].metric("Economist's NPV, all together", whole_dollars(npv),
                   help=f"The change in New Jersey residents' real incomes from the {total['awards']} awards "
                        "together: the jobs they caused, against the awards and the cost of paying for them.")
    cols[1].metric("Chance of a gain, all together", f"{chance:.0%}",
                   help="The chance the expected gain of the awards together is positive, over the assumptions: "
                        "the Monte Carlo draws each assumption once for all the awards (the literature's "
                        "uncertainty is common to them). Whether the credit tipped each deal, drawn deal by deal, "
                        f"gives a chance of {deal_chance:.0%}.")
    cols[2].metric("Economist's NPV, 5-95% range", f"{short_dollars(p5)} to {short_dollars(p95)}")
    st.caption(state_side.outside_evidence_words(published))

    low, high = but_for_band()
    money = st.column_config.NumberColumn
    # The name without its note, kept in view while the table scrolls sideways; its note last. At 1280 px
    # the grid cut the long names ("Chelten House Products, Logan Township (p...") and a date with words.
    name, note = t["award"].str.split(" (", n=1, regex=False).str[0], t["award"].str.extract(r" \((.*)\)$")[0]
    shown = pd.DataFrame({
        "Award": name, "Approved": t["approved"], "Jobs": t["jobs"], "Reported award": t["award_total"],
        "Award per job": t["award_per_job"], "Award, present value": t["credit_present_value"],
        "Award / payroll": t["credit_share_of_payroll"], "Implied benefit / cost": t["implied_benefit_cost"],
        "Statutory test": t["verdict"], "Law in force": t["law_in_force"], "grownj's credit": t["grownj_credit"],
        "Why grownj's credit differs": t["why_credit_differs"], "Statutory benefit": t["statutory_benefit"],
        "of which local (s.3 a(3)(b))": t["statutory_local"], "Benefit band, low": t["benefit_low"],
        "Benefit band, high": t["benefit_high"], "Horizon (years)": t["years"],
        "Model / implied": t["model_over_implied"], "Left out of the fit: model / implied": t["loo_over_implied"],
        "Largest award passing": t["largest_award_passing"], "Economist's NPV": t["economist_npv"],
        "Chance economist's NPV > 0": t["probability_positive"],
        "Chance the deal gains": t["probability_deal_positive"], "Economist's NPV, 5th percentile": t["npv_low"],
        "Economist's NPV, 95th percentile": t["npv_high"], "Budgets alone (fiscal NPV)": t["fiscal_npv"],
        "Break-even share of decisions": t["breakeven_but_for"].map(state_side.share), "Note": note.fillna("")})
    dollar_columns = ("Reported award", "Award per job", "Award, present value", "grownj's credit",
                      "Statutory benefit", "of which local (s.3 a(3)(b))", "Benefit band, low", "Benefit band, high",
                      "Largest award passing", "Economist's NPV", "Economist's NPV, 5th percentile",
                      "Economist's NPV, 95th percentile", "Budgets alone (fiscal NPV)")
    # Every row in view (a row is 35 pixels), so a sort shows the whole ranking.
    chances = ["Chance economist's NPV > 0", "Chance the deal gains"]
    st.dataframe(rounded(shown, dollars=dollar_columns, chances=chances), hide_index=True,
                 width="stretch", height=35 * (len(shown) + 1) + 3, column_config={
        **{name: money(name, **DOLLARS) for name in dollar_columns},
        "Award / payroll": money(format="percent"),
        "Chance economist's NPV > 0": money(**CHANCE, help="The chance the expected gain is positive, over the "
                                                           "assumptions"),
        "Chance the deal gains": money(**CHANCE, help="Over the assumptions and whether the credit tipped the "
                                                      "deal (drawn with its but-for share)"),
        "Jobs": money(format=COUNT),
        # Numbers, so a click on the heading sorts them; the grid writes a missing number "None", and
        # each heading's tooltip says why one is missing.
        **{name: money(format="%.2f", help="None where the authority published no net benefit for the award.")
           for name in ("Implied benefit / cost", "Model / implied", "Left out of the fit: model / implied")},
        "grownj's credit": money(**DOLLARS, help="None where the capital investment was not published: the "
                                                      "minimum investment test (s.3 b) cannot be run."),
        "Why grownj's credit differs": st.column_config.TextColumn(width="large"),
        "Award": st.column_config.TextColumn(pinned=True, width=NAME_PX),
        "Approved": st.column_config.TextColumn(width=DATE_PX),
        "Note": st.column_config.TextColumn(width="large", help="What the award's name carried in brackets: a "
                                                               "second project of the company, or inputs assumed")})
    downloads.table_buttons(t, "Published awards", law=AWARDS_LAW, project=AWARDS)
    st.caption("grownj's credit is computed under the law in force on the approval date from the fields the sources "
               "give; where a field is missing, or another law was in force, the column Why grownj's credit differs "
               "says so. "
               "Award / payroll: the award over the agreement's jobs' salaries for the eligibility period. Implied "
               "benefit / cost: the authority's implied benefit over the award.")
    short = t["award"].str.split(" (", regex=False).str[0]  # the name without its note, to leave the bars room
    # In presenter mode a slide of its own, the page's whole width: each name on one line, the twelve
    # rows to the screen's foot (the page has no project headline above it).
    presenting = page.presenting()
    downloads.chart(charts.calibration_figure(list(short[published.index]), list(published["model_over_implied"]),
                                              list(published["loo_over_implied"].astype(float)), band,
                                              name_chars=60 if presenting else charts.NAME_CHARS),
                    "Calibration chart", slide, law=AWARDS_LAW, project=AWARDS, height=590)
    downloads.chart(charts.breakeven_figure(dict(zip(short, t["breakeven_but_for"]))),
                    "Break-even shares of published awards", law=AWARDS_LAW, project=AWARDS)
    st.caption(f"Break-even share: the share of new-job decisions the credit must tip for residents to come out "
               f"even, counted as an economist would; studies find a typical incentive tips {low:.0%}-{high:.0%}, "
               "and a larger one more. Largest award passing: the award at which the statutory view's benefit is "
               "exactly the required ratio times it.")
    with st.expander("Sources"):
        for w in calibration.awards():
            st.markdown(f"- {w.company} ({w.approved}, {w.confidence} confidence): {w.source}")


page.setup("Published awards")
page.nav()
slide = page.title("Published awards: the authority's figures and ours", "pages/9_Published_awards.py")
# One view at a time: each computes only when shown (the 49 awards' explanations take seconds, once).
VIEWS = {"twelve": "The 12 with a published net benefit", "all": "All 49 reported at approval, explained"}
view = st.segmented_control("Awards", list(VIEWS), format_func=VIEWS.get, default="twelve", key="w_pa_view",
                            label_visibility="collapsed")
if view == "all":
    awards_explained.section(reforms.current())
else:
    twelve(slide)
