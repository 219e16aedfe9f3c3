"""Figures are built from results alone; check what they draw."""
import pytest

import grownj
from grownj import charts
from grownj.net_benefit import but_for_band, net_benefit

NEWARK = {"location_tier": "uth", "new_jobs": 500, "retained_jobs": 100, "capital_investment": 60000000,
          "gross_leasable_area": 200000, "average_salary": 90000, "county_average_salary": 60000,
          "industry": "finance", "transit_oriented": True}


def test_composition_stacks_base_and_bonuses_to_the_uncapped_gross_s5d():
    r = grownj.evaluate(NEWARK)
    fig = charts.composition_figure(r)
    # Horizontal bars (issue 18: level labels): the amounts are on x.
    stacked = [t for t in fig.data if t.y == ("Gross per job (before cap)",)]
    assert sum(t.x[0] for t in stacked) == r.gross_per_job_uncapped == 8500  # 5,000 + 2,000 + 250 + 750 + 500
    after = fig.data[-1]
    assert list(after.x) == [8500, 4250]  # per new, per retained (s.5 e)
    assert fig.layout.shapes[0].x0 == 15000  # mega project cap (s.5 d(1))


def test_schedule_marks_forfeited_years_s6d2():
    s = grownj.schedule({**NEWARK, "facility_jobs": [600, 400] + [600] * 8})
    fig = charts.schedule_figure(s)
    forfeited = next(t for t in fig.data if t.name.startswith("Forfeited"))  # its own legend entry (issue 18)
    assert forfeited.x == (2,) and forfeited.y[0] == 0 and forfeited.text[0] == "forfeited"
    assert fig.layout.shapes[0].x1 == 15.5  # commitment period 1.5 x 10 (s.2)


def test_schedule_leaves_room_above_the_bars_for_the_commitment_label_s2():
    fig = charts.schedule_figure(grownj.schedule(NEWARK))
    tallest = max(fig.data[0].y)  # $4,675,000 a year
    assert fig.layout.yaxis.range[1] >= 1.15 * tallest


def test_net_benefit_figure_draws_threshold_and_both_views_s3a3():
    r = grownj.evaluate(NEWARK)
    nb = net_benefit(r)
    fig = charts.net_benefit_figure({"Newark": nb})
    assert fig.data[1].x[0] == nb.statutory.required  # the threshold tick
    assert fig.data[0].orientation == fig.data[2].orientation == "h"
    assert fig.data[2].x[0] == nb.economist.npv


def test_breakeven_figure_shades_the_literatures_band():
    nb = net_benefit(grownj.evaluate(NEWARK))
    fig = charts.breakeven_figure({"Newark": nb.economist.breakeven_but_for})
    assert (fig.layout.shapes[0].x0, fig.layout.shapes[0].x1) == but_for_band()
    assert fig.data[0].x[0] == pytest.approx(min(nb.economist.breakeven_but_for, 1))


def test_tornado_bars_start_at_the_base_npv():
    from grownj.net_benefit import case, default_assumptions, economist, tornado
    c, a = case(grownj.evaluate(NEWARK)), default_assumptions()
    base = economist(c, a).npv
    swings = tornado(c, a)
    fig = charts.tornado_figure(swings, base)
    low = fig.data[0]
    assert low.base == base and low.x[0] + base == pytest.approx(swings[0].npv_low)


def test_gains_figure_sorts_losers_first_and_colours_by_sign():
    fig = charts.gains_figure(["A", "B", "C"], [5000.0, -2000.0, 0.0])
    bar = fig.data[0]
    assert list(bar.y) == ["B", "C", "A"] and list(bar.x) == [-2000.0, 0.0, 5000.0]
    assert list(bar.marker.color) == [charts.LOSS, charts.NEUTRAL, charts.GAIN]
    assert list(bar.text) == ["-$2,000", "$0", "+$5,000"]


def test_credit_use_figure_ends_at_the_present_value_s6c1():
    from grownj.credit_use import credit_use
    use = credit_use({"credits": [100000, 100000], "liability": 150000, "discount_rate": 0.1})
    cumulative = next(t for t in charts.credit_use_figure(use).data if "cumulative" in t.name)
    assert cumulative.y[-1] == pytest.approx(use.present_value)


def test_credit_use_series_each_have_their_own_colour():
    from grownj.credit_use import credit_use
    fig = charts.credit_use_figure(credit_use({"credits": [100000, 100000], "liability": 150000}))
    colours = [t.marker.color if t.type == "bar" else t.line.color if t.mode != "markers" else t.marker.color
               for t in fig.data]
    assert None not in colours and len(set(colours)) == len(colours)  # "Credit earned" was left to plotly


def test_exemption_figure_stacks_municipality_and_county_to_the_payment_s24c():
    from grownj.exemption import gsgz_exemption
    ex = gsgz_exemption({"taxes_due": 100000})
    municipality, county, full = charts.exemption_figure(ex).data
    assert municipality.y[10] + county.y[10] == 10000 and full.y[10] == 100000


def test_erg_figure_highlights_the_project_bucket():
    from grownj.erg import erg_residential
    r = erg_residential({"county": "Essex", "distressed": True})
    bar = charts.erg_buckets_figure(r, grownj.enacted().erg_bucket_amounts).data[0]
    assert list(bar.marker.color).index(charts.GAIN) == 2  # bucket (c)


def test_figures_are_plotly_white_whatever_the_default():
    """charts._figure: importing Streamlit makes its own template plotly's default; every figure
    here is still plotly_white (set as the default when a figure is made, for speed)."""
    import plotly.io as pio
    import streamlit  # noqa: F401  registers and selects the "streamlit" template

    pio.templates.default = "streamlit"
    fig = charts.composition_figure(grownj.evaluate(NEWARK))
    assert fig.layout.template.to_plotly_json() == pio.templates["plotly_white"].to_plotly_json()


def test_the_residents_waterfall_adds_its_parts_to_the_npv_with_its_band():
    e = net_benefit(grownj.evaluate(NEWARK), draws=500).economist
    fig = charts.residents_figure(e)
    waterfall, band = fig.data
    assert list(waterfall.measure) == ["relative"] * 5 + ["total"]
    assert sum(waterfall.y[:-1]) == pytest.approx(waterfall.y[-1]) and waterfall.y[-1] == e.npv
    assert band.error_y.array[0] + e.npv == pytest.approx(e.uncertainty.p95)
    assert e.npv - band.error_y.arrayminus[0] == pytest.approx(e.uncertainty.p5)


def test_the_net_benefit_figure_whiskers_are_the_economists_band():
    nb = net_benefit(grownj.evaluate(NEWARK), draws=500)
    bar = charts.net_benefit_figure({"Newark": nb}).data[2]
    u = nb.economist.uncertainty
    assert (bar.x[0] + bar.error_x.array[0], bar.x[0] - bar.error_x.arrayminus[0]) == pytest.approx((u.p95, u.p5))
