"""The rest of the Act: using the credit, ERG residential credits, the growth zone development
entity exemption, and the s.6 b deadlines. Each section draws from grownj; no arithmetic here."""
from datetime import date
from functools import partial

import pandas as pd
import streamlit as st

from grownj import ScenarioError, charts, schedule
from grownj.law.places import counties, designations, place_names
from grownj.programs.credit_use import ENTITIES, credit_use
from grownj.programs.deadlines import deadlines
from grownj.programs.erg import SPECS as ERG_INPUTS, erg_residential
from grownj.programs.exemption import OWNERS, gsgz_exemption
from grownj.ui import downloads, inputs, law_choice, page, state
from grownj.ui.fold import tabs
from grownj.ui.formats import DOLLARS, PRICE, choice_label, long_date, tier_name, whole_dollars
from grownj.ui.text import plain, rounded

# Not law: a starting guess at the business's yearly tax liability, as a share of its annual credit.
LIABILITY_GUESS = 0.6


def day(where, label: str, key: str):
    """An optional date; the range covers the program's dates (2013 to 2035), not only the last ten years."""
    return where.date_input(label, value=None, min_value=date(2010, 1, 1), max_value=date(2040, 12, 31), key=key)


def run(function, data, law):
    """The engine's answer, or its message on the page (never a traceback)."""
    try:
        return function(data, law)
    except ScenarioError as exc:
        st.error(plain(f"Not computed: {exc}"))
        return None


page.setup("The rest of the Act", law_key="w_act_law")
scenario = page.scenario()
page.nav()
page.title("The rest of the Act", "pages/7_Rest_of_the_Act.py")
law = law_choice.choose("w_act_law")
inputs.sidebar(scenario, law)  # its help quotes the law chosen
result = state.project(law)[1]
USE_COLUMNS = {"year": "Year", "credit": "Credit earned", "sold": "Credit sold", "proceeds": "Proceeds of sales",
               "liability": "Tax liability", "applied": "Credit applied", "expired": "Credit expired",
               "carried_forward": "Carried forward", "present_value": "Value to the business (PV)"}


def using_the_credit() -> None:
    st.caption(f"The sidebar's project, year by year, with the agreement's jobs every year (a sale or a path on the "
               f"Schedule page is its own), against the business's New Jersey tax liability: credit "
               f"beyond the liability carries forward {law.carry_forward_periods} tax periods and then expires "
               f"({law.section('carry_forward_periods')}); or it is sold by tax credit transfer "
               f"certificate covering one or more years, "
               f"{'in any amount' if law.transfer_min_amount is None else f'at least {whole_dollars(law.transfer_min_amount)} a sale'} for at "
               f"least {law.transfer_min_price:.0%} of the credit ({law.section('transfer_min_price')}).")
    cols = st.columns(4)
    # The guess follows the credit under the law chosen until the user gives a liability of their own.
    guess = float(round(result.annual_credit * LIABILITY_GUESS, -3))
    liability = inputs.amount_box(
        cols[0], "Tax liability per year", "w_use_liability", "use_liability", guess,
        help=f"Starts at {LIABILITY_GUESS:.0%} of the annual credit under the law chosen, a guess and not the "
             "law: enter the business's own liability, in dollars.")
    share = cols[1].slider("Share of each year's credit sold", 0, 100, 0, 5, format="%d%%", key="w_use_share")
    price = cols[2].slider("Price per dollar of credit", 0.50, 1.00, 0.90, 0.01, format=PRICE, key="w_use_price")
    rate = cols[3].slider("Discount rate", 0.0, 0.15, 0.05, 0.005, format="percent", key="w_use_rate")
    entity = st.radio("The business is a", ENTITIES, horizontal=True, key="w_use_entity",
                      format_func=choice_label)
    credits = [y["credit"] for y in schedule(result, law=law).years]
    use = run(credit_use, {"credits": credits, "liability": liability, "price": price, "discount_rate": rate,
                           "sell": [round(c * share / 100, 2) for c in credits], "entity": entity,
                           "gsgz_or_mega": result.extra["gsgz_or_mega"]}, law)
    if use:
        m = st.columns(5)
        m[0].metric("Value to the business (PV)", whole_dollars(use.present_value))
        m[1].metric("Applied", whole_dollars(use.total("applied")))
        m[2].metric("Sale proceeds", whole_dollars(use.total("proceeds")))
        m[3].metric("Expired", whole_dollars(use.total("expired")))
        m[4].metric("Credit earned", whole_dollars(use.total("credit")))
        downloads.chart(charts.credit_use_figure(use), "Credit use chart", law=law)
        for sentence in use.claimants:
            st.info(plain(sentence))
        # In words and whole dollars: the walk found the record's names ("carried_forward") and "2671428.57".
        table = pd.DataFrame(use.years).rename(columns=USE_COLUMNS)
        with st.expander("Year by year"):
            money = list(USE_COLUMNS.values())[1:]
            st.dataframe(rounded(table, dollars=money), hide_index=True, width="stretch",
                         column_config={k: st.column_config.NumberColumn(k, **DOLLARS) for k in money})
            downloads.table_buttons(table, "Credit use", law=law)

def erg_credits() -> None:
    st.caption(f"A qualified residential project's ERG incentive grant paid in tax credits when the pledged "
               f"incremental revenues fall short (bill s.7, P.L.2009 c.90 s.6 b(2)). Which of the four buckets "
               f"of the {whole_dollars(law.erg_residential_total)} it draws on, its cap, and its dates.")
    cols = st.columns(3)
    county_names = list(counties())
    # The project's place, where one is picked, decides the county and the growth zone (b(1)-(2)).
    place = state.place()
    town = designations(law).iloc[place_names().index(place)] if place else None
    county = cols[0].selectbox("County", county_names, key=f"w_erg_county_{place}", disabled=town is not None,
                               index=county_names.index(town["county"] if town is not None else "Camden"))
    grant = inputs.amount_box(cols[1], "Incentive grant (State portion)", "w_erg_grant", "erg_grant", 30_000_000.0)
    revenues = inputs.amount_box(cols[2], "Projected incremental revenues over the grant's term", "w_erg_revenues",
                                "erg_revenues", 2_000_000.0,
                                help="The total over the grant's term, not a year's: b(1) pledges up to an "
                                     "average share of each year's revenues.")
    flags = st.columns(2)  # four a row cut the names ("Urban transit hub, commu...")
    labels = {k: spec.label for k, spec in ERG_INPUTS.items() if spec.kind == "bool"}
    zone = town is not None and bool(town["growth_zone"])
    chosen = {k: flags[i % 2].checkbox(v, value=k == "gsgz" and zone, key=f"w_erg_{k}_{place}" if k == "gsgz" else f"w_erg_{k}",
                                       disabled=k == "gsgz" and town is not None,
                                       help=f"{place} decides, under the law chosen" if k == "gsgz" and place else None)
              for i, (k, v) in enumerate(labels.items())}
    cols = st.columns(4)
    mri = cols[0].number_input("2007 Municipal Revitalization Index", min_value=0.0, value=None, key="w_erg_mri")
    applied_on = day(cols[1], "Application date", "w_erg_application")
    approved_on = day(cols[2], "Approval date", "w_erg_approval")
    tco_on = day(cols[3], "Temporary certificate of occupancy", "w_erg_tco")
    where = {"municipality": place} if place else {"county": county}
    erg = run(erg_residential, {**where, **chosen, "mri_2007": mri, "incentive_grant": grant,
                                "projected_incremental_revenues": revenues, "application_date": applied_on,
                                "approval_date": approved_on, "tco_date": tco_on}, law)
    if erg:
        m = st.columns(5)
        m[0].metric("Bucket", f"({erg.bucket})" if erg.bucket else "none")
        m[1].metric("Paid as", erg.award, help="Tax credits only when the pledge cannot fully fund the grant (b(2))")
        m[2].metric("Credits", whole_dollars(erg.credits), help="The incentive grant, up to the project cap (b(2)(e))")
        m[3].metric("Project cap", whole_dollars(erg.project_cap))
        m[4].metric(f"Pledge limit ({erg.pledge_share:.0%})", whole_dollars(erg.pledge_limit),
                    help="Of the projected incremental revenues over the grant's term (b(1))")
        # The chart the page's width: beside the reasons its bars had 70 px of a projector.
        downloads.chart(charts.erg_buckets_figure(erg, law.erg_bucket_amounts), "ERG buckets chart", law=law)
        for reason in erg.reasons:
            st.write(plain(reason))
        for check in erg.date_checks:
            (st.success if check.met else st.error if check.met is False else st.info)(plain(check.sentence))

def growth_zone_exemption() -> None:
    shares = law.gsgz_payment_shares
    st.caption(f"A {tier_name('gsgz')} development entity's improvements: exempt "
               f"{law.gsgz_fully_exempt_years} years, then {shares[0]:.0%} to {shares[-2]:.0%} of the taxes "
               f"otherwise due, all of them from year {law.gsgz_fully_exempt_years + len(shares)}; at least "
               f"{law.gsgz_county_share_min:.0%} of payments to the county (P.L.2013 c.161 s.24, as amended by "
               "bill s.8, a committee insertion).")
    cols = st.columns(4)
    taxes = inputs.amount_box(cols[0], "Taxes otherwise due on the improvements, year 1", "w_ex_taxes", "ex_taxes",
                             1_000_000.0)
    growth = cols[1].slider("Yearly growth of those taxes", 0.0, 0.05, 0.02, 0.005, format="percent",
                            key="w_ex_growth")
    rate_ex = cols[2].slider("Discount rate", 0.0, 0.15, 0.05, 0.005, format="percent", key="w_ex_rate")
    owner = cols[3].radio("Owner", OWNERS, key="w_ex_owner", format_func=choice_label)
    cols = st.columns(3)
    opted = cols[0].checkbox("The municipality opted in by ordinance", value=True, key="w_ex_opted")
    opt_on = day(cols[1], "Opt-in date", "w_ex_opt_date")
    co_on = day(cols[2], "Final certificate of occupancy", "w_ex_co")
    exemption = run(gsgz_exemption, {"taxes_due": taxes, "growth": growth, "discount_rate": rate_ex,
                                     "owner": owner, "municipality_opted_in": opted, "opt_in_date": opt_on,
                                     "certificate_date": co_on}, law)
    if exemption:
        m = st.columns(3)
        m[0].metric("Exemption (PV)", whole_dollars(exemption.present_value))
        m[1].metric("Payments over 25 years", whole_dollars(exemption.total("payment")))
        m[2].metric("Full taxes over 25 years", whole_dollars(exemption.total("full_taxes")))
        for condition in exemption.conditions:
            (st.success if condition["met"] else st.error)(plain(condition["sentence"]))
        downloads.chart(charts.exemption_figure(exemption), "Exemption chart", law=law)

def deadline_dates() -> None:
    st.caption("Given the dates, which of the s.6 b deadlines the sidebar's project meets.")
    cols = st.columns(4)
    dates = {"application_date": day(cols[0], "Application", "w_dl_application"),
             "approval_date": day(cols[1], "Approval", "w_dl_approval"),
             "certification_date": day(cols[2], "Certification submitted", "w_dl_cert"),
             "incentive_effective_date": day(cols[3], "Incentive effective date", "w_dl_effective")}
    cols = st.columns(3)
    extensions = cols[0].radio(f"{law.certification_extension_months:g}-month extensions granted",
                               range(int(law.certification_extensions_max) + 1), horizontal=True, key="w_dl_ext")
    completion = day(cols[1], "Project completion", "w_dl_completion")
    found = run(partial(deadlines, result=result), {**dates, "extensions": extensions,
                                                    "completion_date": completion}, law)
    if found:
        # Dates as the sentences under the table write them ("July 1, 2019"), not 2019-07-01.
        st.table(pd.DataFrame([{"Deadline": c.test, "Date": long_date(c.date) if c.date else "not given",
                                "By": long_date(c.deadline),
                                "Met": "yes" if c.met else "no" if c.met is False else "open",
                                "Citation": c.citation} for c in found.checks]).set_index("Deadline"))
        for c in found.checks:
            (st.success if c.met else st.error if c.met is False else st.info)(plain(c.sentence))
        end = f", to {found.horizon_end}" if found.horizon_end else " (give the completion date for its end)"
        st.info(plain(f"Net benefit horizon: {found.horizon_years} years after completion{end} (s.3 a(3))."))


# One section at a time: a hidden tab's inputs, metrics and chart were drawn on every run, unseen.
tabs({"Using the credit": using_the_credit, "ERG residential credits": erg_credits,
      "Growth zone exemption": growth_zone_exemption, "Deadlines": deadline_dates}, "w_act_tab")
page.not_in_link("the inputs of these four sections")
