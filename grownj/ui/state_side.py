"""The State's side of an award: the net benefit test as the authority runs it and as an economist
would, with the assumptions both rest on. The assumptions live in a plain session key, so they
survive a change of page (a widget's own value does not)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from . import downloads, state
from .. import charts
from ..awards.approvals import approved_total
from ..economics.calibration import with_award_industry
from ..economics.net_benefit import (
                                     MULTIPLIER_WORDS, Assumptions, Economist, NetBenefit, Statutory, assumption_table, case, default_assumptions,
                                     economist_horizon, growth_zone_bonuses, horizon_chosen, horizon_field)
from ..economics.net_benefit import Case, but_for_band, but_for_curve, economist, tornado
from ..economics.net_benefit import views as both_views
from ..economics.residents import CHANCES, PART_MEANINGS, PARTS, whole_dollar_parts
from ..law import enacted
from ..machinery.formats import SHARE_UNITS, from_unit, in_unit, range_in_unit, to_the_cent, whole_dollars
from ..rules.result import Result
from ..words.choices import tier_name
from .fold import fold

KEY = "nb_assumptions"  # assumption name -> value, only those changed from the defaults
TYPED = "nb_typed"  # assumption name -> text typed that is not a value of it, kept in its box
VIEW_TITLES = {"both": "The tax streams (both views)", "statutory": "The authority's reading only",
               "economist": "The economist's reading: residents' real incomes"}
FINANCING_WORDS = {"spending_cuts": "Cutting public spending", "tax_increases": "Raising taxes"}
DRAWN = {"fixed": "not at all (held at its value)", "uniform": "evenly over the range, centred on its default",
         "triangular": "most often near its default, within the range", "lognormal": "around its default, within the range"}
MOVED = (" A value typed moves the centre of its draws (the same spread); to hold it, choose it under \"Held at "
         "their values\".")


def assumptions() -> Assumptions:
    return default_assumptions().replace(**st.session_state.get(KEY, {}))


def _store(name: str) -> None:
    """A box's text read in its unit ("2.5%", "$2,500") and kept if within the assumption's bounds;
    else kept as typed, and the figures use the last value given."""
    e, text = assumption_table()[name], st.session_state[f"w_nb_{name}"]
    typed = st.session_state.setdefault(TYPED, {})
    try:
        value = e.field.check(from_unit(text, e.unit))
    except ValueError:  # not a number, or out of bounds (ScenarioError is one)
        typed[name] = text
        return
    typed.pop(name, None)
    st.session_state.setdefault(KEY, {})[name] = value


def _store_financing() -> None:
    st.session_state.setdefault(KEY, {})["financing"] = st.session_state["w_nb_financing"]


def _store_but_for() -> None:
    """The fixed share, or none (the share rising with the credit's size) when unticked."""
    fixed = st.session_state["w_nb_but_for_is_fixed"]
    st.session_state.setdefault(KEY, {})["but_for_fixed"] = (
        float(st.session_state.get("w_nb_but_for_fixed", assumption_table()["but_for_typical"].value))
        if fixed else None)


def _reset() -> None:
    st.session_state[KEY], st.session_state[TYPED] = {}, {}
    for name in [*assumption_table(), "financing", "but_for_is_fixed", "but_for_fixed", "fixed"]:
        st.session_state.pop(f"w_nb_{name}", None)


def _store_fixed() -> None:
    st.session_state.setdefault(KEY, {})["fixed"] = tuple(st.session_state["w_nb_fixed"])


def drawn_names() -> list[str]:
    """The assumptions the economist's Monte Carlo draws, which a reader may hold at their values."""
    return [name for name, e in assumption_table().items()
            if e.view != "statutory" and e.distribution != "fixed" and e.low < e.high]


def _economist_options(current: Assumptions) -> None:
    """How the economist reads the credit: who pays for it, and the but-for share rising with its size
    or fixed (the literature's share is for a typical incentive)."""
    cols = st.columns(3)
    cols[0].selectbox("How the State pays for the credit", list(FINANCING_WORDS), format_func=FINANCING_WORDS.get,
                      index=list(FINANCING_WORDS).index(current.financing), key="w_nb_financing",
                      on_change=_store_financing,
                      help="Spending cuts or tax increases have their own effects on residents' incomes (Bartik "
                           "2023b); their drag per dollar is an assumption below.")
    fixed = cols[1].checkbox("Fix the share tipped", value=current.but_for_fixed is not None,
                             key="w_nb_but_for_is_fixed", on_change=_store_but_for,
                             help="The share of new-job decisions the credit tips. Unticked, it rises with the "
                                  "credit's size from the literature's share for a typical incentive.")
    if fixed:  # in percent, as the tornado and the curve write it (a box read "0.250")
        cols[2].slider("Fixed share of new-job decisions tipped", 0.0, 1.0, step=0.01, format="percent",
                       value=float(current.but_for_fixed if current.but_for_fixed is not None
                                   else assumption_table()["but_for_typical"].value),
                       key="w_nb_but_for_fixed", on_change=_store_but_for)
    table = assumption_table()
    st.multiselect("Held at their values in the Monte Carlo", drawn_names(), default=list(current.fixed),
                   format_func=lambda name: table[name].label, key="w_nb_fixed", on_change=_store_fixed,
                   help="A value typed below moves the centre of that assumption's draws and it is still drawn; "
                        "only the assumptions chosen here are held at their values, and the figures say so.")


def assumptions_editor() -> Assumptions:
    """Every assumption, grouped by who uses it, each with its default's source as help; its 18
    inputs drawn only while the fold is open."""
    current = assumptions()
    with fold("Net benefit assumptions: defaults, ranges and sources", "open_nb_assumptions") as is_open:
        if not is_open:
            return current
        st.caption("Fitted values come from scripts/calibrate_net_benefit.py on the published awards; the rest "
                   "are sourced (hover each for its source). The sensitivity view sweeps each over its range.")
        for view, title in VIEW_TITLES.items():
            st.markdown(f"**{title}**")
            if view == "economist":
                _economist_options(current)
            entries = [e for e in assumption_table().values() if e.view == view]
            cols = st.columns(3)
            typed = st.session_state.get(TYPED, {})
            for i, e in enumerate(entries):
                # Typed as text in its unit ("2.5%", "$2,500"): a number box showed "0.025" and "2500".
                # The unit in the help: beside labels that have their own words in brackets it read
                # "(total jobs per project job) (total jobs per direct job)".
                shown, label = typed.get(e.name, in_unit(current.value(e.name), e.unit)), e.label
                in_percent = " Typed in percent: 7 and 7% are both 7%." if e.unit.startswith(SHARE_UNITS) else ""
                cols[i % 3].text_input(
                    label, **state.bind(f"w_nb_{e.name}", shown, _store, (e.name,)),
                    help=f"In {e.unit}.{in_percent} {e.source} Range swept: {range_in_unit(e.low, e.high, e.unit)}; "
                         f"the economist's Monte Carlo draws it {DRAWN[e.distribution]}."
                         + (MOVED if e.distribution != "fixed" and e.view != "statutory" else ""))
                if e.name in typed:
                    cols[i % 3].error(f"{label} not used: give a value {range_in_unit(*e.bounds, e.unit)}. The "
                                      f"figures use {in_unit(current.value(e.name), e.unit)}.")
        st.button("Back to the defaults", on_click=_reset, key="w_nb_reset")
    return assumptions()


HORIZON_KEY = "nb_horizon"  # the years after completion counted; absent: the most s.3 a(3) allows


def horizon(result: Result) -> int | None:
    """The horizon chosen on the Net benefit page, within what s.3 a(3) allows this project."""
    chosen = st.session_state.get(HORIZON_KEY)
    if chosen is None or not horizon_chosen(result):
        return None
    return min(int(chosen), int(result.net_benefit_years))


def _reading(result: Result, owner: str | None = None) -> tuple[bool, float | None, int | None, str]:
    """How the State's side reads an evaluated scenario: whether it is the project itself, the award as
    approved, the horizon chosen and the business that owns it (`owner`, by default the project's,
    wherever it is placed: a published award's reads its economist's industry as the Published awards
    page does). A published award or an award's row, opened unchanged, is read as the award approved,
    under the project's law (the award's own, in force on its approval date, as the table reads it),
    so that the calculator and the table show one figure."""
    owner = owner or state.origin().name
    mine = result is state.project()[1]
    return mine, approved_total(owner) if mine and state.unchanged() else None, horizon(result), owner


def _case(result: Result, approved: float | None, years: int | None, owner: str) -> Case:
    return with_award_industry(case(result, approved, horizon=years), owner)


def views(result: Result, a: Assumptions | None = None, owner: str | None = None) -> NetBenefit:
    """Both views of an evaluated scenario (under its law), read as `_reading` says; the project's
    once for its assumptions and horizon."""
    a = a or assumptions()
    mine, approved, years, owner = _reading(result, owner)
    if mine:  # kept with the project under its law: a change of law keeps the scenario, not its views
        return state.once(("views", result.law, a, years, owner, approved),
                          lambda: both_views(_case(result, approved, years, owner), a))
    return _both(result, approved, years, owner, a)


@st.cache_resource(show_spinner=False, max_entries=256, hash_funcs=state.BY_SCENARIO)
def _both(result: Result, approved: float | None, years: int | None, owner: str, a: Assumptions) -> NetBenefit:
    """Both views of a place other than the project's own (Compare's locations), kept for every session:
    the same work for every visitor who has not changed the project, and its economist's Monte Carlo
    (computed here, not on first read: Compare's table shows it) was most of the page's opening.
    Shared, not copied: nothing writes to it."""
    nb = both_views(_case(result, approved, years, owner), a)
    nb.economist.uncertainty  # noqa: B018 (computed once, kept with it)
    return nb


SHARES = tuple(float(x) for x in np.linspace(0, 1, 101))  # the Net benefit page's but-for curve


def sensitivity(result: Result, a: Assumptions) -> tuple[list, list[float], list[float]]:
    """The Net benefit page's point estimates for the project: the tornado's swings, the NPV over
    SHARES of decisions tipped and at the literature band's two ends; read as `views` reads it."""
    _, approved, years, owner = _reading(result)
    return _sensitivity(result, approved, years, owner, a)


@st.cache_resource(show_spinner=False, max_entries=64, hash_funcs=state.BY_SCENARIO)
def _sensitivity(result: Result, approved: float | None, years: int | None, owner: str,
                 a: Assumptions) -> tuple[list, list[float], list[float]]:
    """Kept for every session: 175 point estimates (36 ms for the tornado, 26 for the curve) that are
    the same for every visitor with the same project and assumptions; the server's warm-up computes
    the starting project's. Shared, not copied: nothing writes to it."""
    c = _case(result, approved, years, owner)
    low, high = but_for_band()
    return (tornado(c, a), list(but_for_curve(c, a, np.array(SHARES))),
            [economist(c, a.replace(but_for_fixed=b)).npv for b in (low, high)])


def _store_horizon(years_max: int) -> None:
    chosen = st.session_state["w_nb_horizon"]
    st.session_state[HORIZON_KEY] = None if chosen == years_max else chosen


def horizon_input(result: Result) -> None:
    """s.3 a(3)(a), (b): the authority counts "up to" 30 or 35 years "as determined by the authority";
    the most by default, 1 to it."""
    years_max = int(result.net_benefit_years)
    law = result.law or enacted()
    if not horizon_chosen(result):
        st.caption(f"Net benefit horizon: the first {years_max} years after completion, as s.3 a(3) counts them for "
                   f"a project that is neither a mega project nor in a {tier_name('gsgz')} (the authority "
                   f"chooses \"up to\" {law.net_benefit_years_mega_gsgz} or {law.net_benefit_years_mrera} years "
                   "only for those).")
        return
    st.session_state["w_nb_horizon"] = horizon(result) or years_max
    st.columns([1, 2])[0].number_input(
        horizon_field(years_max).label, min_value=1, max_value=years_max, step=1, key="w_nb_horizon",
        on_change=_store_horizon, args=(years_max,),
        help=f"At most {years_max} years for this project (s.3 a(3)); the statute's words are \"up to\" "
             f"{law.net_benefit_years_mega_gsgz} or {law.net_benefit_years_mrera} years \"as determined by the "
             f"authority\" for a mega or growth zone project, and \"the first {law.net_benefit_years} years\" "
             "otherwise. The economist's view counts its own years, the same for every project (an assumption, "
             f"{economist_horizon(assumptions())} years now): the jobs fade after the commitment period.")


def edited_words() -> str:
    """The assumptions changed from their defaults, in words, for wherever a figure that rests on them
    is shown ("State employment multiplier 2.5 (default 1.8)"); empty when none is."""
    table, parts = assumption_table(), []
    for name, value in st.session_state.get(KEY, {}).items():
        if name in table and value != table[name].value:
            e = table[name]
            parts.append(f"{e.label} {in_unit(value, e.unit)} (default {in_unit(e.value, e.unit)})")
        elif name == "financing" and value != default_assumptions().financing:
            parts.append(FINANCING_WORDS[value].lower() + " to pay for the credit")
        elif name == "but_for_fixed" and value is not None:
            parts.append(f"share of decisions tipped fixed at {value:.0%}")
    return "; ".join(parts)


def edited_note(where=st) -> None:
    """Said beside the figures: they rest on edited assumptions, which ones."""
    if words := edited_words():
        where.info(f"On edited assumptions: {words}.", icon=":material/edit:")


def share(x: float | None) -> str:
    """A break-even share of decisions in words; none (None, or NaN once in a table's column) is never."""
    return "never (more than every decision)" if x is None or x != x or x > 1 else f"{x:.0%}"


def lines_table(nb: NetBenefit) -> pd.DataFrame:
    """Stream by stream as the statute counts it: who receives it, the sum (or why s.3 a(3) leaves it
    out), the statute's reason and the assumption's source."""
    return pd.DataFrame([{"Stream": line.label, "Received by": line.level,
                          "Statutory view": whole_dollars(line.amount) if line.counted
                          else f"not counted ({whole_dollars(line.amount)})", "Why": line.why, "Source": line.source}
                         for line in nb.statutory.lines])


def parts_table(e: Economist) -> pd.DataFrame:
    """The economist's NPV part by part, with what each part counts."""
    whole = whole_dollar_parts(e.parts, e.npv)  # the parts add up to the total written
    rows = [{"Part": label, "Present value": whole_dollars(whole[key]), "What it counts": PART_MEANINGS[key]}
            for key, label in PARTS.items()]
    rows.append({"Part": "Net present value", "Present value": whole_dollars(e.npv),
                 "What it counts": "The sum: the change in New Jersey residents' real incomes."})
    return pd.DataFrame(rows)


def drawn_words(e: Economist) -> str:
    """What the Monte Carlo draws: every assumption, or every one but those the reader holds."""
    fixed = e.residents.fixed
    held = "" if not fixed else " but " + ", ".join(assumption_table()[name].label.lower() for name in fixed) + \
        " (held at " + ("its value" if len(fixed) == 1 else "their values") + ")"
    return f"{e.residents.draws:,} draws of every assumption{held}"


def uncertainty_words(e: Economist) -> str:
    """The economist's figure with its uncertainty, each chance named for what it is over: the expected
    gain over the assumptions, and the deal's, the credit tipping its decision or not; each band."""
    u = e.uncertainty
    return (f"{u.probability_positive:.0%} {CHANCES['probability_positive']} (5-95% range {whole_dollars(u.p5)} to "
            f"{whole_dollars(u.p95)}); {u.probability_deal_positive:.0%} {CHANCES['probability_deal_positive']} "
            f"(5-95% range {whole_dollars(u.deal_p5)} to {whole_dollars(u.deal_p95)}); {drawn_words(e)}")


def economist_outputs(e: Economist) -> None:
    """Bartik's headline outputs: the benefit-cost ratio, the change per resident, the place's labour
    market, a credit beyond the tipping evidence said so, and who gains by income group."""
    r = e.residents
    size = r.incentive_size()
    if size["outside_tipping_evidence"]:
        st.warning(size["words"])
    per = r.per_capita_income()
    original, migrants = r.people()
    cols = st.columns(3)
    ratio = e.benefit_cost_ratio
    cols[0].metric("Benefits / costs to residents", "none" if ratio is None else f"{ratio:.2f}",
                   help="Residents' gains from the jobs the credit causes over the credit and the lost incomes of "
                        "paying for it (Bartik's benefit-cost ratio).")
    each = per["npv_per_resident"]
    cols[1].metric("Per resident, present value", to_the_cent(each),
                   help=f"The NPV over New Jersey's {per['residents']:,.0f} residents; {to_the_cent(per['per_resident_a_year'])} "
                        "a year over the horizon.")
    cols[2].metric("Labour market", r.inputs.labour_market.replace("_", " ").capitalize(),
                   help="Read from what the law knows of the place (a growth zone, a deep poverty pocket or a 2007 "
                        "Municipal Revitalization Index above 465: distressed; an urban transit hub or a distressed "
                        "municipality: urban aid; elsewhere typical): how many of the new jobs go to residents who "
                        f"would otherwise not be employed and how far housing prices respond. Here: "
                        f"{r.inputs.market.label}.")
    downloads.chart(charts.who_gains_figure(r.by_quintile()), "Who gains chart")
    st.caption(f"Residents who would otherwise not work hold {original['job_years_of_residents_otherwise_not_employed']:,.0f} "
               f"discounted job-years of the jobs caused; in-migrants hold {migrants['job_years']:,.0f}, earning "
               f"{whole_dollars(migrants['earnings'])} that are theirs, not a gain to the State's residents. How each "
               "part divides among income groups is a judgement with the direction its source gives (Bartik 2018's "
               "tables by income group were not reached).")


def outside_evidence_words(t: pd.DataFrame) -> str:
    """Which awards of a table are larger than the incentives the tipping evidence measured, in words."""
    outside = t[t["outside_tipping_evidence"]].sort_values("times_typical_incentive", ascending=False)
    if outside.empty:
        return "Every award is within the sizes the tipping evidence measured."
    named = "; ".join(f"{name.split(' (')[0]} {times:.1f} times" for name, times in
                      zip(outside["award"], outside["times_typical_incentive"]))
    return (f"Outside the tipping evidence, the award against a typical incentive's share of value added: {named}. "
            "The studies measured incentives up to about twice the typical size, so the economist holds these "
            "awards' share of decisions tipped where the evidence ends, not extrapolated.")


def verdict_help(s: Statutory) -> str:
    """What the three-way verdict rests on, in words."""
    low, high = s.benefit_band
    return (f"Benefit {whole_dollars(s.benefit)} (State {whole_dollars(s.state)}, local {whole_dollars(s.local)}) against "
            f"{s.ratio_required:.0%} of the credit ({whole_dollars(s.required)}) over {s.years} of at most {s.years_max} "
            f"years; net benefit {whole_dollars(s.net_benefit)}. The model's error on an award it did not see puts the "
            f"benefit between {whole_dollars(low)} and {whole_dollars(high)} for half the awards it did not see, and between "
            f"{whole_dollars(s.benefit_band_80[0])} and {whole_dollars(s.benefit_band_80[1])} for four in five: it passes or "
            "fails only when the first band is wholly on one side of the threshold (the Published awards page "
            f"has the error). Its multiplier is {MULTIPLIER_WORDS}.")


def brief_lines(result: Result) -> list[str]:
    """The State's side in sentences, for a brief that leaves the app."""
    nb = views(result)
    s, e = nb.statutory, nb.economist
    low, high = s.benefit_band
    return [f"As the statute sets the test (s.3 a(3)), the model's estimate: {s.verdict}. Benefit "
            f"{whole_dollars(s.benefit)} (the model's error puts it between {whole_dollars(low)} and {whole_dollars(high)}) against "
            f"{s.ratio_required:.0%} of the credit ({whole_dollars(s.required)}) over {s.years} years; net benefit "
            f"{whole_dollars(s.net_benefit)}.",
            f"As an economist would count it, the change in residents' real incomes: {whole_dollars(e.npv)} "
            f"({uncertainty_words(e)}); the credit's present value {whole_dollars(e.credit)}; the budgets alone "
            f"{whole_dollars(e.fiscal_npv)}; break-even share of decisions tipped {share(e.breakeven_but_for)}."]


def panel(result: Result) -> None:
    """The State's side beside the credit: the statute's verdict with the model's error, and the
    economist's NPV of residents' incomes with its chance and band. For the calculator and presenter mode."""
    nb = views(result)
    s, e = nb.statutory, nb.economist
    st.subheader("The State's side (s.3 a(3))")
    cols = st.columns([1.6, 1, 1, 1])  # room for "within the model's error" untruncated
    cols[0].metric("Statutory test", s.verdict,
                   help="The net benefit test as s.3 a(3) sets it: the benefit to the State. " + verdict_help(s))
    cols[1].metric("Economist's NPV", whole_dollars(e.npv),
                   help="The change in New Jersey residents' real incomes (Bartik's benefit-cost model): residents' "
                        "earnings, property values, the State's and local budgets from the jobs the credit causes, "
                        "less the credit and the cost of paying for it; benefit / cost "
                        f"{e.benefit_cost_ratio or 0:.2f}. The budgets alone: {whole_dollars(e.fiscal_npv)}.")
    # What the chance is over is said in its help and the caption below: in the label, at a quarter of
    # the page, it was cut ("Chance of a gain, over ...").
    cols[2].metric("Chance of a gain", f"{e.uncertainty.probability_positive:.0%}",
                   # A second figure, not a change: no arrow (an up arrow read as an increase).
                   delta=f"this deal: {e.uncertainty.probability_deal_positive:.0%}", delta_color="off",
                   delta_arrow="off",
                   help=f"The figure: the {CHANCES['probability_positive']}, each drawn from its range (Monte "
                        f"Carlo); below it, the {CHANCES['probability_deal_positive']}. {uncertainty_words(e)}, "
                        "with the agreement's jobs every year. The Risk page gives the chance over hiring paths "
                        "instead.")
    cols[3].metric("Per job-year caused", whole_dollars(e.cost_per_induced_job_year)
                   if e.cost_per_induced_job_year is not None else "no job caused",
                   help=f"The credit per job-year it causes: its present value ({whole_dollars(e.credit)}) per year of a "
                        "net new New Jersey job it causes, multiplier's jobs included; break-even share of decisions "
                        f"tipped {share(e.breakeven_but_for)}.")
    edited_note()
    st.caption(f"Statute: {s.verdict} (the model's error puts the benefit between {whole_dollars(s.benefit_band[0])} and "
               f"{whole_dollars(s.benefit_band[1])}). Economist: {whole_dollars(e.npv)}, {uncertainty_words(e)}."
               + ("" if nb.case.award_total is None else f" Both read the award as approved, "
                  f"{whole_dollars(nb.case.award_total)}, as the tables of awards do."))
    with fold("Part by part, stream by stream, and why the two views differ", "open_streams") as is_open:
        if not is_open:
            return
        st.caption("The statutory view counts the State's taxes from every job for the horizon after completion, "
                   "undiscounted, as caused by the credit; local taxes only for a MRERA growth zone project and "
                   "only the two kinds s.3 a(3)(b) names. The economist's counts only the jobs the credit causes, "
                   "for what they add to residents' incomes, against the credit and the cost of paying for it, "
                   "discounted. Change the assumptions and the horizon on the Net benefit page.")
        if result.location_tier == "gsgz":
            st.caption(growth_zone_bonuses())
        st.table(parts_table(e).set_index("Part"))
        st.table(lines_table(nb).set_index("Stream"))
