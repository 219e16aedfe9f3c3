"""Plotly figures drawn from results: plain functions, no streamlit, large type for a projector."""
from __future__ import annotations

import html
import textwrap

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
from plotly.subplots import make_subplots

from .credit_use import CreditUse
from .explain import dollars
from .erg import ErgResult
from .exemption import Exemption
from .net_benefit import Economist, NetBenefit, Swing, but_for_band
from .residents import PARTS
from .risk import RiskResult
from .result import Result
from .schedule import Schedule
from .sweep import NetBenefitCurve, Sweep

FONT = dict(size=16)
# One colour-blind-safe palette for every chart (Okabe and Ito's eight, which stay apart under the
# common colour-vision deficiencies): a gain or a pass is blue, a loss, a failure or a limit vermillion,
# never red against green.
GAIN, LOSS, NEUTRAL, INK = "#0072B2", "#D55E00", "#999999", "#17202a"
ORANGE, SKY, GREEN, YELLOW, PURPLE = "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7"
NAVY = "#1f4e79"  # the first series where the blue of a gain is not in play
PALETTE = [NAVY, SKY, GREEN, YELLOW, ORANGE, PURPLE, GAIN, LOSS, NEUTRAL]


TEMPLATE = pio.templates["plotly_white"]


def _templated(fig: go.Figure) -> go.Figure:
    """The figure in our one template, whatever plotly's default (importing Streamlit makes its
    own the default). The template is plotly's own, checked when plotly registered it: it is given
    the way plotly gives a figure its default template, without checking it again, which would
    cost more than drawing the figure."""
    fig._layout_obj._validate = False
    try:
        fig.layout.template = TEMPLATE
    finally:
        fig._layout_obj._validate = True
    return fig


def _figure(*data, layout: dict | None = None) -> go.Figure:
    """A new figure in our one template; a layout given here is set with the figure, which plotly
    checks once, rather than by update_layout, which checks the whole layout again at each call."""
    return _templated(go.Figure(*data, layout=layout))


TITLE_CHARS = 48  # a title line that fits a half-width chart at 1280 px; plotly does not wrap


def _merged(base: dict, over: dict) -> dict:
    """`base` updated by `over` as plotly's update_layout does: nested settings merge, `over` wins."""
    return {**base, **{k: _merged(base[k], v) if isinstance(v, dict) and isinstance(base.get(k), dict) else v
                       for k, v in over.items()}}


def _layout_spec(title: str, **kw) -> dict:
    """Our title (wrapped, with room above the plot for each line), type, margins and legend below
    the plot; a figure's own settings win."""
    lines = textwrap.wrap(title, TITLE_CHARS) or [""]
    spec = _merged(dict(title=dict(text="<br>".join(lines), font=dict(size=20)), font=FONT,
                        margin=dict(l=60, r=20, t=45 + 25 * len(lines), b=60), legend=dict(orientation="h", y=-0.2)),
                   kw)
    if len(lines) > 1:  # a figure's own top margin was set for one line
        spec["margin"] = {**spec["margin"], "t": max(spec["margin"].get("t") or 0, 45 + 25 * len(lines))}
    return spec


def _layout(fig: go.Figure, title: str, **kw) -> go.Figure:
    """`_layout_spec` on a figure built trace by trace, in one update."""
    return fig.update_layout(_layout_spec(title, **kw))


def composition_figure(result: Result, title: str = "Credit per job per year") -> go.Figure:
    """Per-job credit: base and each bonus stacked, the per-job cap as a line, then the amounts
    per new and per retained job (and the MRERA alternative when it applies). Horizontal bars, so
    that the labels are read level and never cut at a projector's width."""
    # Drawn on every input change: the bars go in as one list, the cap line as a layout shape and
    # the layout with the figure, not added one by one (each add_bar, add_vline or update_layout
    # has plotly check the figure again).
    parts = [c for c in result.components if c.kind in ("base", "bonus")]
    bars = [go.Bar(y=["Gross per job (before cap)"], x=[c.amount], name=c.label, marker_color=PALETTE[i % len(PALETTE)],
                   orientation="h", hovertemplate=f"{c.label}<br>$%{{x:,.0f}}<br>{c.citation}<extra></extra>")
            for i, c in enumerate(parts)]
    columns = {"Per new job": result.per_job_new, "Per retained job": result.per_job_retained}
    if result.mrera_alternative_per_job is not None and not result.mrera_alternative_used:
        columns["MRERA alternative (not used)"] = result.mrera_alternative_per_job
    bars.append(go.Bar(y=list(columns), x=list(columns.values()), name="Credit per job after caps and rules",
                       orientation="h", marker_color=INK, text=[f"${v:,.0f}" for v in columns.values()],
                       textposition="outside", cliponaxis=False, hovertemplate="%{y}<br>$%{x:,.2f}<extra></extra>"))
    cap = result.per_job_cap
    # The MRERA alternative replaces the per-job amounts and is not held to the cap (Register 7).
    cap_label = f"Per-job cap ${cap:,.0f}" + ("<br>(not for the MRERA alternative)"
                                              if result.mrera_alternative_used else "")
    widest = max([cap, sum(c.amount for c in parts), *columns.values()])
    return _figure(bars, layout=_layout_spec(
        html.escape(title), barmode="stack", height=470,
        # No axis title: the chart's title says what the dollars are, and a title under the axis sat
        # on the legend at a projector's type size.
        xaxis=dict(tickprefix="$", tickformat="~s", range=[0, widest * 1.25]),
        yaxis=dict(autorange="reversed", automargin=True),
        margin=dict(l=20, r=30, t=70, b=60), legend=dict(orientation="h", y=-0.22, x=0),
        shapes=[dict(type="line", yref="y domain", y0=0, y1=1, xref="x", x0=cap, x1=cap,
                     line=dict(color=LOSS, dash="dash"))],
        annotations=[dict(text=cap_label, yref="y domain", y=1, yanchor="bottom", xref="x", x=cap,
                          xanchor="left" if cap < widest * 0.6 else "right", showarrow=False,
                          font=dict(color=LOSS))]))


STATUS_COLORS = {"Full credit": SKY, "Reduced (s.6 d)": PURPLE, "Forfeited (s.6 d)": LOSS}


def _status(year: dict) -> str:
    return "Forfeited (s.6 d)" if year["forfeited"] else "Reduced (s.6 d)" if year["reduced"] else "Full credit"


def schedule_figure(schedule: Schedule) -> go.Figure:
    """Each year's credit, coloured by what happened to it (each colour in the legend), and the
    running total on its own axis of round figures."""
    years = schedule.years
    fig = _figure()
    for status, color in STATUS_COLORS.items():
        mine = [y for y in years if _status(y) == status]
        if mine:
            fig.add_bar(x=[y["year"] for y in mine], y=[y["credit"] for y in mine], name=status, marker_color=color,
                        text=["forfeited" if y["forfeited"] else "" for y in mine], textposition="outside",
                        customdata=[y["reason"] or "full credit" for y in mine],
                        hovertemplate="Year %{x}: $%{y:,.0f}<br>%{customdata}<extra></extra>")
    x = [y["year"] for y in years]
    fig.add_scatter(x=x, y=[y["cumulative"] for y in years], name="Cumulative (right axis)", yaxis="y2",
                    mode="lines+markers", line=dict(color=INK, width=3))
    end = schedule.commitment_period_years
    # Headroom above the tallest bar for the commitment period's label, which sat on the bars.
    top = max([y["credit"] for y in years] + [1.0]) * 1.2
    fig.add_vrect(x0=0.5, x1=end + 0.5, fillcolor=YELLOW, opacity=0.12, line_width=0,
                  annotation_text=f"Commitment period: {end:g} years (s.2)", annotation_position="top right")
    # Money in round figures ("$20M"): whole-dollar ticks of a running total did not fit the axis.
    return _layout(fig, "Credit by year of the eligibility period", height=520, barmode="overlay",
                   xaxis=dict(title="Year of the eligibility period", dtick=1, tickangle=0,
                              range=[0.5, max(end, len(x)) + 0.5]),
                   yaxis=dict(title="Annual credit", tickprefix="$", tickformat="~s", range=[0, top]),
                   yaxis2=dict(title="Cumulative", overlaying="y", side="right", tickprefix="$", tickformat="~s",
                               rangemode="tozero", showgrid=False, tickmode="auto"),
                   legend=dict(orientation="h", y=-0.28, x=0), margin=dict(l=60, r=60, t=70, b=120))


def compare_figure(results: dict[str, Result]) -> go.Figure:
    """Per-job credit in each location, as horizontal bars: location names read level, whole."""
    names = [html.escape(n) for n in results]  # user-typed names: plotly renders some HTML
    fig = _figure()
    series = {"Per new job": ([r.per_job_new for r in results.values()], NAVY),
              "Per retained job": ([r.per_job_retained for r in results.values()], GREEN),
              "Annual credit / all jobs": ([r.annual_credit / max(r.extra["total_jobs"], 1) for r in results.values()],
                                           ORANGE)}
    for name, (values, color) in series.items():
        fig.add_bar(y=names, x=values, name=name, orientation="h", marker_color=color,
                    hovertemplate="%{y}: $%{x:,.0f}<extra>" + name + "</extra>")
    return _layout(fig, "Credit per job by location", barmode="group", height=max(420, 70 * len(names) + 180),
                   xaxis=dict(tickprefix="$", tickformat=",.0f", tickangle=0, nticks=5),
                   yaxis=dict(autorange="reversed", automargin=True), margin=dict(l=20, r=30, t=70, b=60),
                   legend=dict(orientation="h", y=-0.15, x=0))


def _money_axis(**kw) -> dict:
    """A horizontal money axis: "$300M" ticks, level (whole-dollar ticks of hundreds of millions
    did not fit a half-width chart without turning); hovers keep whole dollars."""
    return dict(tickprefix="$", exponentformat="B", tickangle=0, **kw)


def net_benefit_figure(benefits: dict[str, NetBenefit]) -> go.Figure:
    """Both views per location, as horizontal bars: left, the authority's benefit against the
    statutory threshold (ratio x credit, a black tick); right, the economist's net present value."""
    names = [html.escape(n) for n in benefits]
    views = list(benefits.values())
    fig = _templated(make_subplots(rows=1, cols=2, shared_yaxes=True, horizontal_spacing=0.1))
    statutory = [v.statutory for v in views]
    fig.add_bar(y=names, x=[s.benefit for s in statutory], orientation="h", name="Benefit counted",
                # A verdict within the model's error is neither a gain nor a loss.
                marker_color=[{"passes": GAIN, "fails": LOSS}.get(s.verdict, NEUTRAL) for s in statutory],
                text=[s.verdict for s in statutory], textposition="inside",
                hovertemplate="%{y}: $%{x:,.0f}<extra></extra>", row=1, col=1)
    fig.add_scatter(y=names, x=[s.required for s in statutory], mode="markers", row=1, col=1,
                    marker=dict(symbol="line-ns-open", size=34, color=INK, line=dict(width=4)),
                    name="Threshold: ratio x credit",
                    customdata=[[s.years, s.ratio_required] for s in statutory],
                    hovertemplate="%{y}: needs $%{x:,.0f}<br>%{customdata[0]} years at %{customdata[1]:.0%}"
                                  "<extra></extra>")
    npv = [v.economist.npv for v in views]
    bands = [v.economist.uncertainty for v in views]
    # The whisker is the Monte Carlo's 5-95% range: a bar's sign is no sharper than it.
    fig.add_bar(y=names, x=npv, orientation="h", name="Net present value",
                marker_color=[GAIN if x >= 0 else LOSS for x in npv], row=1, col=2,
                error_x=dict(type="data", symmetric=False, array=[b.p95 - x for b, x in zip(bands, npv)],
                             arrayminus=[x - b.p5 for b, x in zip(bands, npv)], color=INK, thickness=2),
                customdata=[[b.probability_positive, b.p5, b.p95] for b in bands],
                hovertemplate="%{y}: $%{x:,.0f}<br>%{customdata[0]:.0%} chance benefits exceed costs<br>"
                              "5-95%: $%{customdata[1]:,.0f} to $%{customdata[2]:,.0f}<extra></extra>")
    fig.update_xaxes(**_money_axis(nticks=3))
    # The views' names under their axes and no legend (the bars say passes or fails, the page says
    # what the tick is): a legend's long names wrapped over the title in presenter mode's half width.
    fig.update_xaxes(title="Statutory test", row=1, col=1)
    fig.update_xaxes(title="Economist's NPV", row=1, col=2)
    fig.update_yaxes(automargin=True, autorange="reversed")
    return _layout(fig, "Net benefit test, two ways (s.3 a(3))", height=max(420, 60 * len(names) + 220),
                   showlegend=False)


def breakeven_figure(breakeven: dict[str, float | None]) -> go.Figure:
    """The share of jobs the credit must cause for the State to break even (None: no share would),
    per location or award, against the literature's band of what incentives actually cause."""
    names = [html.escape(n) for n in breakeven]
    shares = list(breakeven.values())
    low, high = but_for_band()
    fig = _figure(go.Bar(y=names, x=[1.0 if s is None else min(s, 1.0) for s in shares], orientation="h",
                         marker_color=[GAIN if s is not None and s <= high else LOSS for s in shares],
                         text=[f"{s:.0%}" if s is not None and s <= 1 else "never" for s in shares],
                         textposition="auto", textangle=0, name="Break-even share",
                         hovertemplate="%{y}: %{text} of the jobs<extra></extra>"))
    fig.add_vrect(x0=low, x1=high, fillcolor=YELLOW, opacity=0.35, line_width=0, layer="below")
    return _layout(fig, "Share of jobs the credit must cause to break even", showlegend=False,
                   height=max(360, 40 * len(names) + 200),
                   annotations=[dict(text=f"Shaded: what studies find incentives cause ({low:.0%}-{high:.0%})",
                                     xref="paper", x=1, xanchor="right", yref="paper", y=1.01, yanchor="bottom",
                                     showarrow=False)],
                   xaxis=dict(title="Share of the project's jobs", tickformat=".0%", range=[0, 1.02]),
                   yaxis=dict(automargin=True, autorange="reversed")).update_layout(margin_t=100)


def tornado_figure(swings: list[Swing], base: float) -> go.Figure:
    """The economist's NPV at each assumption's low and high end, widest swing on top."""
    labels = [html.escape(s.label) for s in swings]
    fig = _figure()
    for end, colour in (("low", SKY), ("high", ORANGE)):
        values = [getattr(s, f"npv_{end}") for s in swings]
        fig.add_bar(y=labels, x=[v - base for v in values], base=base, orientation="h", name=f"At the {end} end",
                    marker_color=colour, customdata=[getattr(s, end) for s in swings],
                    hovertemplate="%{y} at %{customdata:,.4g}: NPV $%{x:,.0f}<extra></extra>")
    fig.add_vline(x=base, line=dict(color=INK, width=2), annotation_text=f"Base {dollars(base)}",
                  annotation_position="bottom right")
    return _layout(fig, "What moves residents' net present value", barmode="overlay",
                   height=max(420, 30 * len(swings) + 200), xaxis=_money_axis(title="Net present value"),
                   yaxis=dict(automargin=True, autorange="reversed")).update_layout(
        legend=dict(orientation="h", x=0, y=1.0, yanchor="bottom"), margin_t=110)


def residents_figure(e: Economist) -> go.Figure:
    """The economist's NPV as a waterfall: each part of residents' real incomes, from the gains to
    paying for the credit, and the total with its 5-95% band from the Monte Carlo."""
    # The total's amount goes in its label: its whisker would cross the amount written at the bar.
    labels = list(PARTS.values()) + [f"Net present value<br>{dollars(e.npv)}"]
    values = [e.parts[key] for key in PARTS] + [e.npv]
    u = e.uncertainty
    fig = _figure(go.Waterfall(
        x=labels, y=values, measure=["relative"] * len(PARTS) + ["total"],
        text=[dollars(v) for v in values[:-1]] + [""],
        textposition="outside", cliponaxis=False, increasing=dict(marker_color=GAIN),
        decreasing=dict(marker_color=LOSS), totals=dict(marker_color=NAVY), connector=dict(line=dict(color=NEUTRAL)),
        hovertemplate="%{x}: $%{y:,.0f}<extra></extra>"))
    fig.add_scatter(x=[labels[-1]], y=[e.npv], mode="markers", marker=dict(size=1, color=INK), showlegend=False,
                    error_y=dict(type="data", symmetric=False, array=[u.p95 - e.npv], arrayminus=[e.npv - u.p5],
                                 color=INK, thickness=3, width=14),
                    hovertemplate=f"5-95% range: {dollars(u.p5)} to {dollars(u.p95)}<extra></extra>")
    return _layout(fig, "Residents' real incomes: the parts of the net present value", height=480, showlegend=False,
                   yaxis=_money_axis(title="Present value"), xaxis=dict(automargin=True))


def but_for_figure(shares: np.ndarray, npv: np.ndarray, breakeven: float | None) -> go.Figure:
    """NPV against the share of new-job decisions the credit tips, the literature's band shaded."""
    low, high = but_for_band()
    fig = _figure(go.Scatter(x=shares, y=npv, mode="lines", line=dict(color=NAVY, width=3),
                             name="Net present value", hovertemplate="%{x:.0%} caused: $%{y:,.0f}<extra></extra>"))
    fig.add_vrect(x0=low, x1=high, fillcolor=YELLOW, opacity=0.3, line_width=0,
                  annotation_text=f"Literature: {low:.0%}-{high:.0%}", annotation_position="top left")
    fig.add_hline(y=0, line=dict(color=LOSS, dash="dash"))
    if breakeven is not None and breakeven <= shares[-1]:
        fig.add_vline(x=breakeven, line=dict(color=INK, dash="dot"),
                      annotation_text=f"Break-even {breakeven:.0%}", annotation_position="bottom right")
    return _layout(fig, "Net present value by share of decisions the credit tips", height=480, showlegend=False,
                   xaxis=dict(title="Share of new-job decisions the credit tips (retained jobs at their ratio)",
                              tickformat=".0%"),
                   yaxis=_money_axis(title="Net present value"))


# One colour per location on every Risk chart.
RISK_COLORS = [NAVY, ORANGE, GAIN, PURPLE]


def risk_npv_figure(risks: dict[str, RiskResult]) -> go.Figure:
    fig = _figure()
    for (name, risk), color in zip(risks.items(), RISK_COLORS):
        fig.add_histogram(x=risk.npv, name=html.escape(name), opacity=0.65, nbinsx=40, marker_color=color,
                          hovertemplate="$%{x:,.0f}: %{y} paths<extra></extra>")
    fig.add_vline(x=0, line=dict(color=LOSS, dash="dash"))
    return _layout(fig, "Residents' net present value over hiring paths", barmode="overlay",
                   height=480, xaxis=_money_axis(title="Net present value"), yaxis=dict(title="Paths"))


def calibration_figure(names: list[str], ratios: list[float], left_out: list[float] | None = None,
                       band: float | None = None) -> go.Figure:
    """Model benefit / the authority's implied benefit per award: a bar from 1 to the ratio on a
    log scale, so that twice and half as much are as far from 1. With `left_out`, each award's ratio
    when the fit did not see it (a diamond), and with `band` the factor the verdict's band spans,
    shaded around 1: half the left-out predictions fall inside it."""
    shown = ratios + (left_out or [])
    span = max(max(shown), 1 / min(shown)) * (3.5 if left_out else 1.4)  # room for the figures' words
    fig = _figure(go.Bar(y=[html.escape(n) for n in names], x=[r - 1 for r in ratios], base=1, orientation="h",
                         marker_color=[SKY if 0.8 <= r <= 1.25 else ORANGE for r in ratios], name="Fit on all",
                         # With the left-out diamonds the figures go beside them, not under them.
                         text=None if left_out else [f"{r:.2f}" for r in ratios], textposition="outside",
                         customdata=ratios, hovertemplate="%{y}: model / implied %{customdata:.2f}<extra></extra>"))
    if left_out:
        fig.add_scatter(y=[html.escape(n) for n in names], x=left_out, mode="markers+text", name="Left out of the fit",
                        marker=dict(symbol="diamond", size=11, color=INK),
                        text=[f"{r:.2f}, left out {lo:.2f}" for r, lo in zip(ratios, left_out)],
                        textposition=["middle right" if max(r, lo) >= 1 else "middle left"
                                      for r, lo in zip(ratios, left_out)],
                        hovertemplate="%{y}: predicted by a fit on the others %{x:.2f}<extra></extra>")
    if band:
        fig.add_vrect(x0=1 / band, x1=band, fillcolor=NEUTRAL, opacity=0.2, line_width=0)
    fig.add_vline(x=1, line=dict(color=INK, width=2))
    return _layout(fig, "Statutory view: model benefit / the authority's implied benefit", showlegend=bool(left_out),
                   height=max(420, 40 * len(names) + 180),
                   xaxis=dict(title="Model / implied (blue: within 0.8-1.25; grey: the verdict's band)", type="log",
                              range=[-np.log10(span), np.log10(span)], tickvals=[0.25, 0.5, 1, 2, 4]),
                   yaxis=dict(automargin=True, autorange="reversed"))


def risk_fan_figure(risks: dict[str, RiskResult]) -> go.Figure:
    """Annual credit by year: the median line and the 5-95 and 25-75 percentile bands per location."""
    fig = _figure()
    for (name, risk), color in zip(risks.items(), RISK_COLORS):
        bands = risk.annual_bands()
        years = list(range(1, bands.shape[1] + 1))
        label = html.escape(name)
        for low, high, opacity in ((0, 4, 0.15), (1, 3, 0.3)):  # each shade with its own legend entry
            fig.add_scatter(x=years + years[::-1], y=list(bands[high]) + list(bands[low][::-1]), fill="toself",
                            fillcolor=color, opacity=opacity, line=dict(width=0), hoverinfo="skip",
                            name=f"{label}: {'5-95' if low == 0 else '25-75'}th percentile")
        fig.add_scatter(x=years, y=bands[2], mode="lines+markers", line=dict(color=color, width=3),
                        name=f"{label}: median", hovertemplate="Year %{x}: $%{y:,.0f}<extra></extra>")
    return _layout(fig, "Annual credit across simulated paths", height=520,
                   xaxis=dict(title="Year", dtick=1, tickangle=0),
                   yaxis=dict(title="Annual credit", tickprefix="$", tickformat="~s", rangemode="tozero"),
                   legend=dict(orientation="h", y=-0.25, x=0), margin=dict(l=60, r=30, t=70, b=130))


def risk_histogram_figure(risks: dict[str, RiskResult]) -> go.Figure:
    """Total credit across paths, each location in the fan chart's colour."""
    fig = _figure()
    for (name, risk), color in zip(risks.items(), RISK_COLORS):
        fig.add_histogram(x=risk.total_credit, name=html.escape(name), opacity=0.65, nbinsx=40, marker_color=color,
                          hovertemplate="$%{x:,.0f}: %{y} paths<extra></extra>")
    return _layout(fig, "Total credit over the period: distribution", barmode="overlay", height=520,
                   xaxis=dict(title="Total credit", tickprefix="$", tickformat="~s", tickangle=0, automargin=True),
                   yaxis=dict(title="Paths"), margin=dict(l=60, r=40, t=70, b=130),
                   legend=dict(orientation="h", y=-0.25, x=0))


def gains_figure(names: list[str], differences: list[float]) -> go.Figure:
    """Who gains and who loses under a reform: each scenario's change in total credit, sorted."""
    order = sorted(range(len(names)), key=lambda i: differences[i])
    values = [differences[i] for i in order]
    fig = _figure(go.Bar(
        x=values, y=[html.escape(names[i]) for i in order], orientation="h", cliponaxis=False,
        text=[dollars(v, signed=True) for v in values], textposition="outside",
        marker_color=[GAIN if v > 0 else LOSS if v < 0 else NEUTRAL for v in values],
        hovertemplate="%{y}<br>%{text} over the eligibility period<extra></extra>"))
    # Room beyond the longest bar on each side for its label, which otherwise ran over the names.
    low, high = min([*values, 0.0]), max([*values, 0.0])
    pad = 0.6 * ((high - low) or 1.0)
    return _layout(fig, "Change in total credit, reform minus baseline", height=max(360, 44 * len(names) + 160),
                   xaxis=_money_axis(nticks=4, range=[low - pad if low < 0 else 0, high + pad if high > 0 else pad]),
                   showlegend=False, yaxis=dict(automargin=True))


def credit_use_figure(use: CreditUse) -> go.Figure:
    """What the business does with each year's credit: applied, sold, carried forward, expired."""
    years = [y["year"] for y in use.years]
    fig = _figure()
    for key, label, colour in (("applied", "Applied against the year's tax", NAVY),
                               ("proceeds", "Sale proceeds (transfer certificates)", GREEN),
                               ("expired", f"Expired after {use.carry_forward_periods} periods", LOSS)):
        fig.add_bar(x=years, y=[y[key] for y in use.years], name=label, marker_color=colour,
                    hovertemplate=f"Year %{{x}}<br>{label}: $%{{y:,.0f}}<extra></extra>")
    fig.add_scatter(x=years, y=[y["carried_forward"] for y in use.years], name="Carried forward (end of year)",
                    mode="lines+markers", line=dict(color=ORANGE, width=3))
    # An open marker is drawn in marker.color: unset, plotly gave it the carried-forward orange.
    fig.add_scatter(x=years, y=[y["credit"] for y in use.years], name="Credit earned", mode="markers",
                    marker=dict(symbol="line-ew-open", size=24, color=INK, line=dict(width=3)))
    cumulative = [sum(y["present_value"] for y in use.years[:i + 1]) for i in range(len(use.years))]
    fig.add_scatter(x=years, y=cumulative, name="Value to the business, present value, cumulative", mode="lines",
                    line=dict(color=GAIN, width=3, dash="dot"))
    return _layout(fig, f"Using the credit: present value ${use.present_value:,.0f}", barmode="relative",
                   xaxis_title="Tax period", yaxis_tickprefix="$", yaxis_tickformat=",.0f", height=480)


def exemption_figure(exemption: Exemption) -> go.Figure:
    """Payments in lieu of taxes (municipality and county) against the full taxes, year by year."""
    years = [y["year"] for y in exemption.years]
    fig = _figure()
    fig.add_bar(x=years, y=[y["to_municipality"] for y in exemption.years], name="Paid to the municipality",
                marker_color=NAVY)
    fig.add_bar(x=years, y=[y["to_county"] for y in exemption.years], name=f"Paid to the county (at least {exemption.county_share_min:.0%})",
                marker_color=YELLOW)
    fig.add_scatter(x=years, y=[y["full_taxes"] for y in exemption.years], name="Full taxes otherwise due",
                    mode="lines", line=dict(color=LOSS, width=3, dash="dash"))
    return _layout(fig, f"Payments vs full taxes: exemption worth ${exemption.present_value:,.0f} (PV)",
                   barmode="stack", xaxis_title="Year after the certificate of occupancy", yaxis_tickprefix="$",
                   yaxis_tickformat=",.0f", height=460)


def erg_buckets_figure(result: ErgResult, amounts: tuple[float, ...]) -> go.Figure:
    """The $600M of residential credits by bucket, the project's bucket highlighted."""
    names = ["(a) southern counties", "(b) transit hubs, growth zones, disaster, Hudson SDA",
             "(c) distressed, deep poverty, highlands", "(d) other ERG areas"]
    colours = [GAIN if "abcd"[i] == result.bucket else NEUTRAL for i in range(4)]
    fig = _figure(go.Bar(x=list(amounts), y=names, orientation="h", marker_color=colours,
                         text=[f"${a / 1e6:,.0f}M" for a in amounts], textposition="auto"))
    return _layout(fig, "Residential credits by bucket (bill s.7, b(2))", xaxis_tickprefix="$",
                   xaxis_tickformat=",.0f", height=340, showlegend=False, yaxis=dict(automargin=True,
                                                                                      autorange="reversed"))


def sweep_figure(sweep: Sweep) -> go.Figure:
    """The annual credit as one input moves, the rest of the project held; a marker where a rule
    switches (hover for which) and a line at the project's own value."""
    money = sweep.field in ("average_salary", "capital_investment")
    fig = _figure()
    fig.add_scatter(x=sweep.values, y=sweep.annual_credit, mode="lines", name="Annual credit",
                    line=dict(color=NAVY, width=3), hovertemplate="%{x:,.0f}: $%{y:,.0f}<extra></extra>")
    at = np.searchsorted(sweep.values, list(sweep.thresholds))
    fig.add_scatter(x=list(sweep.thresholds), y=sweep.annual_credit[at], mode="markers", name="A rule switches",
                    marker=dict(symbol="diamond", size=11, color=PURPLE),
                    customdata=[", ".join(words) for words in sweep.thresholds.values()],
                    hovertemplate="from %{x:,.0f}: %{customdata}<extra></extra>")
    fig.add_vline(x=sweep.current, line=dict(color=LOSS, dash="dash"))
    return _layout(fig, f"Annual credit by {sweep.label.lower()}", height=420,
                   xaxis=dict(title=sweep.label, tickprefix="$" if money else "", tickformat="~s", tickangle=0),
                   yaxis=dict(title="Annual credit", tickprefix="$", tickformat="~s", rangemode="tozero"),
                   legend=dict(orientation="h", y=-0.3, x=0), margin=dict(l=60, r=30, t=70, b=120))


def net_benefit_sweep_figure(sweep: Sweep, curve: NetBenefitCurve) -> go.Figure:
    """Both net benefit views as the same input moves; zero is where the State breaks even."""
    money = sweep.field in ("average_salary", "capital_investment")
    fig = _figure()
    fig.add_scatter(x=curve.values, y=curve.statutory_net_benefit, mode="lines", name="Authority's net benefit",
                    line=dict(color=GAIN, width=3), hovertemplate="%{x:,.0f}: $%{y:,.0f}<extra></extra>")
    fig.add_scatter(x=curve.values, y=curve.economist_npv, mode="lines", name="Economist's NPV",
                    line=dict(color=ORANGE, width=3), hovertemplate="%{x:,.0f}: $%{y:,.0f}<extra></extra>")
    fig.add_hline(y=0, line=dict(color=INK, width=1))
    fig.add_vline(x=sweep.current, line=dict(color=LOSS, dash="dash"))
    return _layout(fig, f"Net benefit by {sweep.label.lower()}", height=420,
                   xaxis=dict(title=sweep.label, tickprefix="$" if money else "", tickformat="~s", tickangle=0),
                   yaxis=_money_axis(title="To the State"),
                   legend=dict(orientation="h", y=-0.3, x=0), margin=dict(l=70, r=30, t=70, b=120))
