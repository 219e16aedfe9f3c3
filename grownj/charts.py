"""Plotly figures drawn from results: plain functions, no streamlit, large type for a projector."""
from __future__ import annotations

import html
import textwrap

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
from plotly.subplots import make_subplots

from .programs.credit_use import CreditUse
from .programs.erg import ErgResult
from .programs.exemption import Exemption
from .economics.net_benefit import STATUTORY_VERDICTS, Economist, NetBenefit, Swing, but_for_band, but_for_medians
from .economics.residents import PARTS, whole_dollar_parts
from .economics.risk import RiskResult
from .programs.schedule import Schedule
from .economics.sweep import NetBenefitCurve, Sweep
from .machinery.formats import hover_count, hover_dollars, short_dollars, whole_dollars
from .rules.result import Result

# One colour-blind-safe palette for every chart (Okabe and Ito's eight, which stay apart under the
# common colour-vision deficiencies): a gain or a pass is blue, a loss, a failure or a limit vermillion,
# never red against green.
GAIN, LOSS, NEUTRAL, INK = "#0072B2", "#D55E00", "#999999", "#17202a"
ORANGE, SKY, GREEN, YELLOW, PURPLE = "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7"
NAVY = "#1f4e79"  # the first series where the blue of a gain is not in play
PALETTE = [NAVY, SKY, GREEN, YELLOW, ORANGE, PURPLE, GAIN, LOSS, NEUTRAL]

# A chart's dollars and the input across a sweep in its hover text, as every figure on screen reads.
X_DOLLARS, Y_DOLLARS, ACROSS = hover_dollars("x"), hover_dollars("y"), hover_count("x")

# Every word on a chart in dark type a room can read: 16 px (the smallest a projector's back row
# reads is 14), titles 20. Bar labels stay level and at the chart's size: plotly otherwise shrinks a
# label to fit its bar and turns it on end ("fails" written downwards in a thin bar).
FONT = dict(size=16, color=INK)
TITLE_SIZE = 20
LINE = 1.35  # a line of type's height, as a multiple of its size
TITLE_PAD, GAP = 10, 16  # above the title; between the title (or the notes over the plot) and the plot


def _template() -> go.layout.Template:
    own = go.layout.Template(pio.templates["plotly_white"])
    own.layout.font = FONT
    own.layout.title.font = dict(size=TITLE_SIZE, color=INK)
    for axis in (own.layout.xaxis, own.layout.yaxis):
        axis.update(tickfont=FONT, title_font=FONT)
    own.data.bar[0].update(textangle=0, constraintext="none", textfont=FONT)
    return own


TEMPLATE = _template()


def _templated(fig: go.Figure) -> go.Figure:
    """The figure in our one template, whatever plotly's default (importing Streamlit makes its
    own the default). The template was checked when it was built: it is given the way plotly gives
    a figure its default template, without checking it again, which would cost more than drawing
    the figure."""
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


TITLE_CHARS = 40  # a title line that fits a half-width chart at 1280 px; plotly does not wrap


def _merged(base: dict, over: dict) -> dict:
    """`base` updated by `over` as plotly's update_layout does: nested settings merge, `over` wins."""
    return {**base, **{k: _merged(base[k], v) if isinstance(v, dict) and isinstance(base.get(k), dict) else v
                       for k, v in over.items()}}


def text_width(texts: list[str], size: float) -> int:
    """About how wide the longest of `texts` is drawn, in px, at `size` px (an average letter is
    0.55 of the type's size)."""
    return round(max(map(len, texts), default=0) * size * 0.55)


def lines(size: float, count: int = 1) -> int:
    """The height of `count` lines of type of `size` px."""
    return round(count * size * LINE)


def _top(title_lines: int, above: int, title_size: float = TITLE_SIZE) -> int:
    """The top margin: the title, pinned to the figure's top, then `above` px of notes or legend
    drawn over the plot, then a gap. Nothing drawn over the plot can reach the title."""
    return TITLE_PAD + lines(title_size, title_lines) + above + GAP


def _title_y(title_lines: int, height: int, title_size: float = TITLE_SIZE) -> float:
    """Where the title's middle goes, as a share of the figure's height from its foot, so that its
    top is TITLE_PAD px under the figure's top (plotly anchors a wrapped title's top a line too high)."""
    return 1 - (TITLE_PAD + lines(title_size, title_lines) / 2) / height


def _layout_spec(title: str, above: int = 0, **kw) -> dict:
    """Our title (wrapped, pinned to the top), margins with room under the title for `above` px of
    notes over the plot (a cap's label, what a shading means), and the legend below the plot; a
    figure's own settings win, but its top margin is ours."""
    wrapped = textwrap.wrap(title, TITLE_CHARS) or [""]
    spec = _merged(dict(title=dict(text="<br>".join(wrapped), yref="container", yanchor="middle",
                                   y=_title_y(len(wrapped), kw["height"])),
                        font=FONT, margin=dict(l=60, r=20, b=60), legend=dict(orientation="h", y=-0.2)), kw)
    spec["margin"] = {**spec["margin"], "t": _top(len(wrapped), above)}
    spec["meta"] = dict(title_lines=len(wrapped), above=above)  # for `projected`, which enlarges the type
    return spec


def _layout(fig: go.Figure, title: str, above: int = 0, **kw) -> go.Figure:
    """`_layout_spec` on a figure built trace by trace, in one update."""
    return fig.update_layout(_layout_spec(title, above, **kw))


PROJECTED = 18  # px: a projector's smallest chart type, tick labels, legends and notes alike


def projected(fig: go.Figure, height: int = 370, size: float = PROJECTED, title_size: float = 24) -> go.Figure:
    """The figure in a projector's larger type, its top margin grown with its title and notes. Every
    word is at least `size`: the template gives the axes, bar labels and notes their own 16 px, which
    the layout's font alone does not reach."""
    meta = fig.layout.meta or {}
    # A note over the plot stands half a line higher: at its foot the top tick label ("$30M") ran into it.
    lift = lines(size) // 2
    over = [n for n in fig.layout.annotations if n.yref in ("paper", "y domain") and n.y == 1 and n.yanchor == "bottom"]
    above = round(meta.get("above", 0) * size / FONT["size"]) + (lift if over else 0)
    title_lines = meta.get("title_lines", 1)
    top = _top(title_lines, above, title_size)
    fig.update_layout(font_size=size, title_font_size=title_size, legend_font_size=size,
                      height=height, margin_t=top, title_y=_title_y(title_lines, height, title_size))
    fig.update_xaxes(tickfont_size=size, title_font_size=size)
    fig.update_yaxes(tickfont_size=size, title_font_size=size)
    fig.update_annotations(font_size=size)
    for note in over:
        note.yshift = lift
    for trace in fig.data:
        if "textfont" in trace:
            trace.textfont.size = max(trace.textfont.size or 0, size)
    _legend_under(fig, size, height, top)
    return fig


def _legend_rows(names: list[str], size: float, width: int) -> int:
    """How many rows a horizontal legend of `names` takes in `width` px (a swatch and a gap before each)."""
    rows, used = 1, 0
    for name in names:
        entry = text_width([name], size) + 45
        if used and used + entry > width:
            rows, used = rows + 1, 0
        used += entry
    return rows


def _legend_under(fig: go.Figure, size: float, height: int, top: int) -> None:
    """A legend under the plot, its top a fixed distance under the x axis's tick labels and title, and
    the bottom margin as tall as both. Placed at a share of the plot's height and anchored at its foot
    (plotly's default for a legend under the plot), a legend of two rows grew up over the axis title
    once the chart was drawn shorter and its type larger ("Full credit" over "Year of the eligibility
    period")."""
    legend = fig.layout.legend
    if fig.layout.showlegend is False or legend.orientation != "h" or legend.y is None or legend.y >= 0:
        return
    title = fig.layout.xaxis.title.text
    offset = lines(size, 1 + (title.count("<br>") + 1 if title else 0)) + GAP
    names = [t.name for t in fig.data if t.showlegend is not False and t.name]
    # Rows at half a projector's width: a chart across the whole page has a row to spare.
    bottom = offset + _legend_rows(names, size, HALF_WIDTH - 120) * (lines(size) + 4) + GAP
    plot = max(height - top - bottom, 1)
    fig.update_layout(margin_b=bottom, legend=dict(y=-offset / plot, yanchor="top"))


def _step(span: float, count: int) -> float:
    """A round tick step (1, 2, 2.5 or 5 times a power of ten) giving at most about `count` ticks."""
    raw = span / max(count, 1)
    power = 10 ** np.floor(np.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


MONEY_PAD = 0.04


def money_axis(values, count: int = 5, short: bool = False, **kw) -> dict:
    """A money axis over `values` (every value the axis must show): round ticks written by
    formats, "$4,000,000" or, where a row of them must fit a narrow axis, "$4M"; a loss "-$20M",
    never "$-20M"; level. Hovers keep whole dollars."""
    values = np.asarray(values, dtype=float)
    values = values[np.isfinite(values)]
    low, high = (float(values.min()), float(values.max())) if values.size else (0.0, 1.0)
    if low == high:  # one figure: the scale runs from $0 to it, or from $0 to $1 when it is $0
        low, high = min(low, 0.0), max(high, 0.0) if high or low else 1.0
    span = high - low
    # At least two ticks, a whole dollar apart at the least: a round step as long as most of the
    # span left one tick ("$0") and no scale to read a bar by.
    for more in range(count, count + 8):
        step = max(_step(span, more), 1.0)
        ticks = np.arange(np.ceil(low / step), np.floor(high / step) + 1) * step
        if len(ticks) >= 2:
            break
    write = short_dollars if short else whole_dollars
    # A little room beyond the figures, none below a zero where bars start.
    edges = [low - MONEY_PAD * span if low else low, high + MONEY_PAD * span if high else high]
    return _merged(dict(tickmode="array", tickvals=ticks.tolist(), ticktext=[write(t) for t in ticks],
                        range=edges, tickangle=0, automargin=True), kw)


# The x axis's figures half a line below it: the y axis's lowest figure, centred on the x axis, reaches
# that far down, and at the origin its "0" sat on the x axis's "$0".
UNDER_ORIGIN = dict(ticklabelstandoff=FONT["size"] // 2)


def composition_figure(result: Result, title: str = "Credit per job per year") -> go.Figure:
    """Per-job credit: base and each bonus stacked, the per-job cap as a line, then the amounts
    per new and per retained job (and the MRERA alternative when it applies). Horizontal bars, so
    that the labels are read level and never cut at a projector's width."""
    # Drawn on every input change: the bars go in as one list, the cap line as a layout shape and
    # the layout with the figure, not added one by one (each add_bar, add_vline or update_layout
    # has plotly check the figure again).
    parts = [c for c in result.components if c.kind in ("base", "bonus")]
    bars = [go.Bar(y=["Gross per job (before cap)"], x=[c.amount], name=c.label, marker_color=PALETTE[i % len(PALETTE)],
                   orientation="h", hovertemplate=f"{c.label}<br>{X_DOLLARS}<br>{c.citation}<extra></extra>")
            for i, c in enumerate(parts)]
    columns = {"Per new job": result.per_job_new, "Per retained job": result.per_job_retained}
    if result.mrera_alternative_per_job is not None and not result.mrera_alternative_used:
        columns["MRERA alternative (not used)"] = result.mrera_alternative_per_job
    bars.append(go.Bar(y=list(columns), x=list(columns.values()), name="Credit per job after caps and rules",
                       orientation="h", marker_color=INK, text=[whole_dollars(v) for v in columns.values()],
                       textposition="outside", cliponaxis=False,
                       hovertemplate="%{y}<br>" + hover_dollars("x", cents=True) + "<extra></extra>"))
    cap = result.per_job_cap
    # The MRERA alternative replaces the per-job amounts and is not held to the cap (Register 7).
    cap_lines = [f"Per-job cap {whole_dollars(cap)} (dashed)"] + (
        ["(not for the MRERA alternative)"] if result.mrera_alternative_used else [])
    widest = max([cap, sum(c.amount for c in parts), *columns.values()]) * 1.25
    return _figure(bars, layout=_layout_spec(
        # The cap's label is drawn over the plot, under the title: the top margin holds both.
        html.escape(title), above=lines(FONT["size"], len(cap_lines)), barmode="stack", height=470,
        # No axis title: the chart's title says what the dollars are, and a title under the axis sat
        # on the legend at a projector's type size.
        xaxis=money_axis([0, widest], count=4, short=True, range=[0, widest]),
        yaxis=dict(autorange="reversed", automargin=True),
        margin=dict(l=20, r=30, b=60), legend=dict(orientation="h", y=-0.22, x=0),
        shapes=[dict(type="line", yref="y domain", y0=0, y1=1, xref="x", x0=cap, x1=cap,
                     line=dict(color=LOSS, dash="dash", width=3))],
        # The label at the plot's edge on the cap's side, not at the cap: begun at a cap in the left
        # half, it ran past the chart's right edge in a projector's type ("Per-job cap $15,000 (dash").
        annotations=[dict(text="<br>".join(cap_lines), yref="y domain", y=1, yanchor="bottom", xref="paper",
                          x=0 if cap < widest * 0.5 else 1, xanchor="left" if cap < widest * 0.5 else "right",
                          showarrow=False)]))


STATUS_COLORS = {"Full credit": SKY, "Reduced (s.6 d)": PURPLE, "Forfeited (s.6 d)": LOSS}


def _status(year: dict) -> str:
    return "Forfeited (s.6 d)" if year["forfeited"] else "Reduced (s.6 d)" if year["reduced"] else "Full credit"


def _forfeited_words(years: list[dict]) -> dict[int, str]:
    """The word over forfeited years, once a run of them, over its middle year: "forfeited" over
    each of ten years in a row ran together at half a projector's width."""
    runs: list[list[int]] = []
    for y in years:
        if y["forfeited"]:
            if runs and runs[-1][-1] == y["year"] - 1:
                runs[-1].append(y["year"])
            else:
                runs.append([y["year"]])
    return {run[(len(run) - 1) // 2]: "forfeited" if len(run) == 1 else f"forfeited, years {run[0]}-{run[-1]}"
            for run in runs}


def schedule_figure(schedule: Schedule) -> go.Figure:
    """Each year's credit, coloured by what happened to it (each colour in the legend), and the
    running total on its own axis of round figures. With every year at $0 the axes keep the scale
    of the project's full credit: a scale to nothing was one tick, "$1"."""
    years = schedule.years
    words = _forfeited_words(years)
    fig = _figure()
    for status, color in STATUS_COLORS.items():
        mine = [y for y in years if _status(y) == status]
        if mine:
            fig.add_bar(x=[y["year"] for y in mine], y=[y["credit"] for y in mine], name=status, marker_color=color,
                        text=[words.get(y["year"], "") for y in mine], textposition="outside", cliponaxis=False,
                        customdata=[y["reason"] or "full credit" for y in mine],
                        hovertemplate="Year %{x}: " + Y_DOLLARS + "<br>%{customdata}<extra></extra>")
    x = [y["year"] for y in years]
    cumulative = [y["cumulative"] for y in years]
    fig.add_scatter(x=x, y=cumulative, name="Cumulative (right axis)", yaxis="y2",
                    mode="lines+markers", line=dict(color=INK, width=3))
    end = schedule.commitment_period_years
    # The tallest bar, else the credit a year the project would have earned, else a round $1M.
    tallest = max(y["credit"] for y in years) or schedule.result.annual_credit or 1_000_000.0
    top = tallest * 1.2  # headroom above the tallest bar for a "forfeited" over it
    # Below the bars: drawn over them, the yellow turned the legend's blue "Full credit" teal.
    fig.add_vrect(x0=0.5, x1=end + 0.5, fillcolor=YELLOW, opacity=0.25, line_width=0, layer="below")
    # The shading's meaning over the plot, not in it, where the running total's line crossed it.
    note = dict(text=f"Shaded: the commitment period, {end:g} years (s.2)", xref="paper", x=1, xanchor="right",
                yref="paper", y=1, yanchor="bottom", showarrow=False)
    # Money in round figures ("$20M"): whole-dollar ticks of a running total did not fit the axis.
    return _layout(fig, "Credit by year of the eligibility period", above=lines(FONT["size"]), height=520,
                   barmode="overlay", annotations=[note],
                   xaxis=dict(title="Year of the eligibility period", dtick=1, tickangle=0,
                              range=[0.5, max(end, len(x)) + 0.5]),
                   yaxis=money_axis([0, top], count=4, short=True, title="Credit in the year", range=[0, top]),
                   yaxis2=money_axis([0, max(cumulative, default=0) or tallest * len(years)], count=4, short=True,
                                     title="Cumulative", overlaying="y", side="right", showgrid=False),
                   legend=dict(orientation="h", y=-0.28, x=0), margin=dict(l=60, r=60, b=120))


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
                    hovertemplate="%{y}: " + X_DOLLARS + "<extra>" + name + "</extra>")
    return _layout(fig, "Credit per job by location", barmode="group", height=max(420, 70 * len(names) + 180),
                   xaxis=money_axis([0, *(v for values, _ in series.values() for v in values)], count=4, short=True),
                   yaxis=dict(autorange="reversed", automargin=True), margin=dict(l=20, r=30, b=60),
                   legend=dict(orientation="h", y=-0.15, x=0))


# Each verdict (its legend entry) with its colour (a verdict within the model's error is neither a
# gain nor a loss) and the word written beside its bar, short enough to sit level in a half-width chart.
VERDICTS = {"passes": (GAIN, "passes"), "fails": (LOSS, "fails"), STATUTORY_VERDICTS[2]: (NEUTRAL, "within error")}
LEGEND_ROWS = 4  # the net benefit chart's legend, one entry a row at half a projector's width
TICK_SPAN = 0.9  # of a row: a tick stands a little beyond its bar (0.8 of the row), clear of the next row's


HALF_WIDTH = 640  # px: a chart at half a projector's 1280, the narrowest the dashboard draws one
# The net benefit chart's panels share the plots' width equally: at 0.6 to the statutory panel, the
# economist's was 100 px of the presenter's 552 px chart. The gap between them holds what of a row's
# word the statutory panel cannot, its bars keeping half of it: at 0.08, "within error" ran to the
# economist's whiskers.
PANEL_GAP, STATUTORY_SHARE = 0.12, 0.5
NET_BENEFIT_LEFT = (1 - PANEL_GAP) * STATUTORY_SHARE  # the statutory panel's share of the plots' width


def _room_for_words(ends: list[float], words: list[str], names: list[str]) -> float:
    """The statutory panel's axis end: far enough out that each row's word, written level after
    its end, fits inside the panel at half a projector's width (at least the 1.45 x the longest end
    the chart always had). The panel's width is estimated from the names beside it."""
    panel = (HALF_WIDTH - text_width(names, FONT["size"]) - 40) * NET_BENEFIT_LEFT
    needed = [end / (1 - min((text_width([word], FONT["size"]) + GAP) / max(panel, 1), 0.5))
              for end, word in zip(ends, words)]
    return max([1.45 * max(ends, default=0), *needed]) or 1.0


def net_benefit_figure(benefits: dict[str, NetBenefit]) -> go.Figure:
    """Both views per location, as horizontal bars: left, the authority's benefit, its verdict
    written level beside it, against what the statute requires (ratio x credit, a black tick);
    right, the economist's net present value (its sign read off its axis). The legend names each
    verdict's colour, the tick and the whisker; each statutory bar says its verdict in a word: past the
    end of a bar that passes (its tick is inside it), else in the bar where it fits."""
    names = [html.escape(n) for n in benefits]
    views = list(benefits.values())
    fig = _templated(make_subplots(rows=1, cols=2, shared_yaxes=True, horizontal_spacing=PANEL_GAP,
                                   column_widths=[STATUTORY_SHARE, 1 - STATUTORY_SHARE]))
    statutory = [v.statutory for v in views]
    # Each verdict's word goes past whichever ends further out, its bar or its tick, never on the
    # tick: written in the bar, "within error" was cut by it. Past a bar that holds its tick, the
    # word is the bar's own; past a tick beyond its bar, a word by itself just after the tick.
    holds = [s.benefit >= s.required for s in statutory]
    for verdict, (colour, word) in VERDICTS.items():
        mine = [i for i, s in enumerate(statutory) if s.verdict == verdict]
        if mine:
            fig.add_bar(y=[names[i] for i in mine], x=[statutory[i].benefit for i in mine], orientation="h",
                        name=verdict, marker_color=colour, text=[word if holds[i] else "" for i in mine],
                        textposition="outside", cliponaxis=False,
                        hovertemplate="%{y}: " + X_DOLLARS + "<extra></extra>", row=1, col=1)
    # Each row's tick is a line in the rows' units, so that it stays in its row however tall the chart
    # is drawn: a 34 px marker ran into the next row's in the presenter's rows 37 px apart. This trace's
    # marker, as tall as the legend's type and shorter than the line over it, names the tick in the
    # legend and gives its hover.
    ticks = [dict(type="line", xref="x", yref="y", x0=s.required, x1=s.required, y0=i - TICK_SPAN / 2,
                  y1=i + TICK_SPAN / 2, line=dict(color=INK, width=4)) for i, s in enumerate(statutory)]
    fig.add_scatter(y=names, x=[s.required for s in statutory], mode="markers", row=1, col=1,
                    marker=dict(symbol="line-ns-open", size=FONT["size"], color=INK, line=dict(width=4)),
                    name="Needed to pass: ratio x credit",
                    customdata=[[s.years, s.ratio_required] for s in statutory],
                    hovertemplate="%{y}: needs " + X_DOLLARS + "<br>%{customdata[0]} years at %{customdata[1]:.0%}"
                                  "<extra></extra>")
    beyond = [i for i, (held, s) in enumerate(zip(holds, statutory)) if not held and s.verdict in VERDICTS]
    if beyond:
        # An unseen marker the tick's width sets the word off it: a word by itself starts at its point.
        fig.add_scatter(y=[names[i] for i in beyond], x=[statutory[i].required for i in beyond],
                        mode="markers+text", marker=dict(size=14, color="rgba(0,0,0,0)"),
                        text=[VERDICTS[statutory[i].verdict][1] for i in beyond], textposition="middle right",
                        cliponaxis=False, showlegend=False, hoverinfo="skip", name="Verdict past its tick",
                        row=1, col=1)
    npv = [v.economist.npv for v in views]
    bands = [v.economist.uncertainty for v in views]
    # The whisker is the Monte Carlo's 5-95% range: a bar's sign is no sharper than it.
    fig.add_bar(y=names, x=npv, orientation="h", name="Economist's NPV", showlegend=False,
                marker_color=[GAIN if x >= 0 else LOSS for x in npv], row=1, col=2,
                error_x=dict(type="data", symmetric=False, array=[b.p95 - x for b, x in zip(bands, npv)],
                             arrayminus=[x - b.p5 for b, x in zip(bands, npv)], color=INK, thickness=2),
                customdata=[[b.probability_positive, b.p5, b.p95] for b in bands],
                hovertemplate="%{y}: " + X_DOLLARS + "<br>%{customdata[0]:.0%} chance the expected gain is positive, "
                              "over the assumptions<br>5-95%: " + hover_dollars("customdata[1]") + " to "
                              + hover_dollars("customdata[2]") + "<extra></extra>")
    # The whisker named in the legend: in the axis title it ran over the other panel's at half a projector.
    fig.add_scatter(x=[None], y=[None], mode="markers", name="Whisker: economist's 5-95% range", row=1, col=2,
                    marker=dict(symbol="line-ew-open", size=24, color=INK, line=dict(width=2)))
    counted = [0, *(s.benefit for s in statutory), *(s.required for s in statutory)]
    # Room beyond each row's bar or tick for its verdict, level.
    ends = [max(s.benefit, s.required) for s in statutory]
    words = [VERDICTS[s.verdict][1] if s.verdict in VERDICTS else "" for s in statutory]  # no credit: no bar
    fig.update_xaxes(money_axis(counted, count=2, short=True, range=[0, _room_for_words(ends, words, names)],
                                title="Statutory test"), row=1, col=1)
    fig.update_xaxes(money_axis([0, *npv, *(b.p5 for b in bands), *(b.p95 for b in bands)], count=2, short=True,
                                title="Economist's NPV"), row=1, col=2)
    fig.update_yaxes(automargin=True, autorange="reversed", categoryorder="array", categoryarray=names)
    # The legend under the axes' titles, at the figure's foot: placed in the plot's terms, it sat on
    # them, and above the plot its long names wrapped over the title.
    return _layout(fig, "Net benefit test, two ways (s.3 a(3))", barmode="overlay", shapes=ticks,
                   height=max(420, 60 * len(names) + 220 + lines(FONT["size"], LEGEND_ROWS)),
                   legend=dict(orientation="h", yref="container", y=0, yanchor="bottom", xref="container", x=0),
                   margin=dict(b=80 + lines(FONT["size"], LEGEND_ROWS)))


NEVER = "never: no share breaks even"


def _breaks_even(share: float | None) -> bool:
    """Whether a share in 0..1 breaks even: None (residents' model found none) and NaN (the same
    None once a table column has held it) do not, nor a share above the whole."""
    return share is not None and share == share and share <= 1


def _band_note(low: float, high: float) -> dict:
    """What the shaded band of the literature's shares is, over the plot under the title (the top
    margin holds a line for it): no line of the plot reaches it there."""
    return dict(text=f"Shaded: what studies find incentives cause ({low:.0%}-{high:.0%})", xref="paper", x=1,
                xanchor="right", yref="paper", y=1, yanchor="bottom", showarrow=False)


def breakeven_figure(breakeven: dict[str, float | None]) -> go.Figure:
    """The share of jobs the credit must cause for the State to break even (None: no share would),
    per location or award, against the literature's band of what incentives actually cause. A row
    where no share breaks even has no bar and says so in words from the axis: a blank row read as 0%,
    and a full-length bar as 100%."""
    names = [html.escape(n) for n in breakeven]
    shares = list(breakeven.values())
    even = [_breaks_even(s) for s in shares]
    words = [f"{s:.0%}" if ok else NEVER for s, ok in zip(shares, even)]
    low, high = but_for_band()
    fig = _figure(go.Bar(y=names, x=[s if ok else 0.0 for s, ok in zip(shares, even)], orientation="h",
                         marker_color=[GAIN if ok and s <= high else LOSS for s, ok in zip(shares, even)],
                         text=words, textposition=["auto" if ok else "outside" for ok in even], textangle=0,
                         cliponaxis=False, name="Break-even share", customdata=words,
                         hovertemplate=["%{y}: %{customdata} of the jobs<extra></extra>" if ok else
                                        "%{y}: %{customdata}<extra></extra>" for ok in even]))
    fig.add_vrect(x0=low, x1=high, fillcolor=YELLOW, opacity=0.35, line_width=0, layer="below")
    return _layout(fig, "Share of jobs the credit must cause to break even", above=lines(FONT["size"]),
                   showlegend=False, height=max(360, 40 * len(names) + 200), annotations=[_band_note(low, high)],
                   xaxis=dict(title="Share of the project's jobs", tickformat=".0%", range=[0, 1.02]),
                   # The names stand off the axis: "never" written from it read as part of the name.
                   yaxis=dict(automargin=True, autorange="reversed", ticklabelstandoff=12))


LABEL_CHARS = 46  # an assumption's name per line beside a bar: two lines at most, half the chart's width


def tornado_figure(swings: list[Swing], base: float) -> go.Figure:
    """The economist's NPV at each assumption's low and high end, widest swing on top."""
    labels = ["<br>".join(map(html.escape, textwrap.wrap(s.label, LABEL_CHARS))) for s in swings]
    fig = _figure()
    for end, colour in (("low", SKY), ("high", ORANGE)):
        values = [getattr(s, f"npv_{end}") for s in swings]
        fig.add_bar(y=labels, x=[v - base for v in values], base=base, orientation="h", name=f"At the {end} end",
                    marker_color=colour, customdata=[getattr(s, end) for s in swings],
                    hovertemplate="%{y} at %{customdata:,.4g}: NPV " + X_DOLLARS + "<extra></extra>")
    fig.add_vline(x=base, line=dict(color=INK, width=2))
    ends = [base, *(s.npv_low for s in swings), *(s.npv_high for s in swings)]
    most = max((label.count("<br>") + 1 for label in labels), default=1)  # each row as tall as the tallest
    # The legend over the plot, under the title: below, it sat on the axis title. The base line is
    # said under the axis: written beside the line, it ran off the chart.
    return _layout(fig, "What moves residents' net present value", above=lines(FONT["size"]), barmode="overlay",
                   height=max(420, (lines(FONT["size"], most) + 10) * len(swings) + 200),
                   xaxis=money_axis(ends, count=4, short=True,
                                    title=f"Net present value (the black line: the base, {whole_dollars(base)})"),
                   yaxis=dict(automargin=True, autorange="reversed"),
                   legend=dict(orientation="h", x=0, y=1.0, yanchor="bottom"))


def alternatives_figure(alternatives) -> go.Figure:
    """The same money's other uses (economist.alternatives): each one's NPV of residents' real incomes,
    the credit as awarded on top."""
    npv = [alt.npv for alt in alternatives]
    # Each use's NPV under its name, beside the axis: written at the end of its bar, the credit's
    # "-$181,201,174" ran over the names of the uses whose bars were longer ("The credit as awarded").
    labels = ["<br>".join([*map(html.escape, textwrap.wrap(alt.name, LABEL_CHARS)), f"<b>{whole_dollars(x)}</b>"])
              for alt, x in zip(alternatives, npv)]
    fig = _figure()
    fig.add_bar(y=labels, x=npv, orientation="h", marker_color=[GAIN if x >= 0 else LOSS for x in npv],
                showlegend=False, customdata=[alt.cost for alt in alternatives],
                hovertemplate="%{y}: NPV " + X_DOLLARS + " for " + hover_dollars("customdata") + "<extra></extra>")
    fig.add_vline(x=0, line=dict(color=INK, width=1))
    most = max((label.count("<br>") + 1 for label in labels), default=1)
    return _layout(fig, "The same money, other ways: residents' net present value",
                   height=max(320, (lines(FONT["size"], most) + 16) * len(labels) + 160),
                   xaxis=money_axis([0, *npv], count=4, short=True, title="Net present value"),
                   yaxis=dict(automargin=True, autorange="reversed"))


WATERFALL_CHARS = 11  # a line of a waterfall's label: six fit level across half a projector


def residents_figure(e: Economist) -> go.Figure:
    """The economist's NPV as a waterfall: each part of residents' real incomes, from the gains to
    paying for the credit, and the total with its 5-95% band from the Monte Carlo."""
    # The total's amount goes in its label: its whisker would cross the amount written at the bar.
    # Each label is level, in lines of a few words: at half a projector's width plotly turned the
    # six labels on end, and the total's amount ran into the label beside it. Only the total has a
    # third line, its amount, so no line of it sits beside a line of its neighbour's.
    labels = ["<br>".join(textwrap.wrap(part, WATERFALL_CHARS)) for part in PARTS.values()]
    labels.append("<br>".join(textwrap.wrap("Net present value", WATERFALL_CHARS) + [whole_dollars(e.npv)]))
    values = [e.parts[key] for key in PARTS] + [e.npv]
    whole = whole_dollar_parts(e.parts, e.npv)  # written so that the parts add up to the total written
    u = e.uncertainty
    fig = _figure(go.Waterfall(
        x=labels, y=values, measure=["relative"] * len(PARTS) + ["total"],
        text=[whole_dollars(whole[key]) for key in PARTS] + [""],
        textposition="outside", cliponaxis=False, increasing=dict(marker_color=GAIN),
        decreasing=dict(marker_color=LOSS), totals=dict(marker_color=NAVY), connector=dict(line=dict(color=NEUTRAL)),
        hovertemplate="%{x}: " + Y_DOLLARS + "<extra></extra>"))
    fig.add_scatter(x=[labels[-1]], y=[e.npv], mode="markers", marker=dict(size=1, color=INK), showlegend=False,
                    error_y=dict(type="data", symmetric=False, array=[u.p95 - e.npv], arrayminus=[e.npv - u.p5],
                                 color=INK, thickness=3, width=14),
                    hovertemplate=f"5-95% range: {whole_dollars(u.p5)} to {whole_dollars(u.p95)}<extra></extra>")
    return _layout(fig, "Residents' real incomes: the parts of the net present value", height=480, showlegend=False,
                   yaxis=money_axis([0, *np.cumsum(values[:-1]), u.p5, u.p95], short=True, title="Present value"),
                   xaxis=dict(automargin=True, tickangle=0), margin=dict(r=30))


def who_gains_figure(by_quintile: dict) -> go.Figure:
    """Who gains: each income group's share of the NPV of residents' real incomes, each part stacked
    (gains above the line, losses below), the group's total marked; `by_quintile` is the economist's
    JSON object of that name."""
    groups = [group.capitalize() for group in by_quintile["groups"]]
    # One colour a part; paying for the credit in the loss's colour, no part in the gain's blue.
    colours = dict(zip(PARTS, [NAVY, SKY, GREEN, YELLOW, PURPLE, NEUTRAL, LOSS]))
    fig = _figure([go.Bar(x=groups, y=values, name=PARTS[key], marker_color=colours[key],
                          hovertemplate=f"{PARTS[key]}, %{{x}}: " + Y_DOLLARS + "<extra></extra>")
                   for key, values in by_quintile["channels"].items()])
    fig.add_scatter(x=groups, y=by_quintile["total"], mode="markers", name="Net, the group's total",
                    marker=dict(symbol="diamond", size=14, color=INK),
                    hovertemplate="Net, %{x}: " + Y_DOLLARS + "<extra></extra>")
    gains = [sum(max(v[i], 0) for v in by_quintile["channels"].values()) for i in range(len(groups))]
    losses = [sum(min(v[i], 0) for v in by_quintile["channels"].values()) for i in range(len(groups))]
    return _layout(fig, "Who gains: residents' real incomes by income group", height=520, barmode="relative",
                   yaxis=money_axis([0, *gains, *losses], short=True, title="Present value"),
                   xaxis=dict(automargin=True, tickangle=0), legend=dict(orientation="h", y=-0.18))


def but_for_figure(shares: np.ndarray, npv: np.ndarray, breakeven: float | None,
                   this_share: float | None = None) -> go.Figure:
    """NPV against the share of new-job decisions the credit tips, the literature's band shaded, its
    three medians marked on the curve (unbiased, all and biased studies) and where this project's
    credit sits (`this_share`, the share its size tips)."""
    low, high = but_for_band()
    fig = _figure(go.Scatter(x=shares, y=npv, mode="lines", line=dict(color=NAVY, width=3),
                             name="Net present value",
                             hovertemplate="%{x:.0%} caused: " + Y_DOLLARS + "<extra></extra>"))
    # The band named over the plot: written in it, at its top, the break-even line crossed the words.
    fig.add_vrect(x0=low, x1=high, fillcolor=YELLOW, opacity=0.3, line_width=0, layer="below")  # under the line
    fig.add_annotation(_band_note(low, high))
    fig.add_hline(y=0, line=dict(color=LOSS, dash="dash"))
    medians = but_for_medians()
    marks = [(f"{name.split()[0]} {x:.1%}", x, INK) for name, x in medians.items()]
    if this_share is not None:
        marks.append((f"This project {this_share:.0%}", this_share, ORANGE))
    xs = [x for _, x, _ in marks]
    fig.add_scatter(x=xs, y=np.interp(xs, shares, npv), mode="markers+text", text=[label for label, _, _ in marks],
                    textposition=["top center"] * len(medians) + ["bottom center"] * (len(marks) - len(medians)),
                    marker=dict(size=11, color=[colour for _, _, colour in marks], symbol="diamond"),
                    cliponaxis=False, name="The literature's medians and this project",
                    hovertemplate="%{text}: " + Y_DOLLARS + "<extra></extra>")
    if breakeven is not None and breakeven <= shares[-1]:
        fig.add_vline(x=breakeven, line=dict(color=INK, dash="dot"),
                      annotation_text=f"Break-even {breakeven:.0%}", annotation_position="bottom right")
    return _layout(fig, "Net present value by share of decisions the credit tips", above=lines(FONT["size"]),
                   height=480, showlegend=False,
                   xaxis=dict(title="Share of new-job decisions the credit tips (retained jobs at their ratio)",
                              tickformat=".0%"),
                   yaxis=money_axis([0, *npv], title="Net present value"))


# One colour per location on every Risk chart.
RISK_COLORS = [NAVY, ORANGE, GAIN, PURPLE]


def _path_histograms(values: dict[str, np.ndarray], bins: int = 40) -> go.Figure:
    """Each location's paths counted into the same bins here: a bar a bin goes to the browser, not
    every path's value (10,000 a location, 115 kB of figure) for the browser to bin."""
    fig = _figure()
    edges = np.histogram_bin_edges(np.concatenate(list(values.values())), bins)
    for (name, xs), color in zip(values.items(), RISK_COLORS):
        fig.add_bar(x=(edges[:-1] + edges[1:]) / 2, y=np.histogram(xs, edges)[0], width=np.diff(edges),
                    name=html.escape(name), opacity=0.65, marker_color=color,
                    hovertemplate=X_DOLLARS + ": %{y:,} paths<extra></extra>")
    return fig


# Counts of paths run to thousands: written "4,000", as every other figure on screen.
PATHS_AXIS = dict(title="Simulated paths (count)", tickformat=",d")


def risk_npv_figure(risks: dict[str, RiskResult]) -> go.Figure:
    """Residents' NPV across hiring paths, each location in its colour; the dashed line is break-even."""
    fig = _path_histograms({name: risk.npv for name, risk in risks.items()})
    # Said under the axis: written beside the line, at the chart's edge when every path loses, it was cut.
    fig.add_vline(x=0, line=dict(color=LOSS, dash="dash", width=3))
    npv = np.concatenate([[0.0], *(r.npv for r in risks.values())])
    return _layout(fig, "Residents' net present value over hiring paths", barmode="overlay",
                   height=480, xaxis=money_axis(npv, count=6, short=True,
                                                title="Net present value (dashed line: residents break even)",
                                                **UNDER_ORIGIN),
                   yaxis=PATHS_AXIS)


NAME_CHARS = 26  # an award's name per line beside a bar: at half a projector a long name took the plot's width


def _wrapped_name(name: str, chars: int = NAME_CHARS) -> str:
    """A user's or a source's name, escaped (plotly renders some HTML), in lines of `chars`, broken
    between words only ("per-job" stays whole)."""
    wrapped = textwrap.wrap(name, chars, break_on_hyphens=False)
    return "<br>".join(html.escape(line) for line in wrapped) or html.escape(name)


def calibration_figure(names: list[str], ratios: list[float], left_out: list[float] | None = None,
                       band: float | None = None, name_chars: int = NAME_CHARS) -> go.Figure:
    """Model benefit / the authority's implied benefit per award: a bar from 1 to the ratio on a
    log scale, so that twice and half as much are as far from 1. With `left_out`, each award's ratio
    when the fit did not see it (a diamond), and with `band` the factor the verdict's band spans,
    shaded around 1: half the left-out predictions fall inside it. The figures in words go in a
    column to the right of the plot, as in a forest plot: written beside a diamond left of 1 they ran
    into the award's name ("Jaguar Land Rover North America0.44, left out 0.39"). `name_chars`: a
    name's line, longer across a whole slide."""
    rows = [_wrapped_name(n, name_chars) for n in names]
    shown = ratios + (left_out or [])
    span = max(max(shown), 1 / min(shown)) * 1.4  # room for the bars and diamonds; the words are beside the plot
    fig = _figure(go.Bar(y=rows, x=[r - 1 for r in ratios], base=1, orientation="h",
                         marker_color=[SKY if 0.8 <= r <= 1.25 else ORANGE for r in ratios], name="Fit on all",
                         # With the left-out diamonds the figures go in the column, not on the bars.
                         text=None if left_out else [f"{r:.2f}" for r in ratios], textposition="outside",
                         customdata=ratios, hovertemplate="%{y}: model / implied %{customdata:.2f}<extra></extra>"))
    words = [f"{r:.2f}, left out {lo:.2f}" for r, lo in zip(ratios, left_out or [])]
    if left_out:
        # Not clipped at the plot's edge: a diamond at the axis's end is drawn whole.
        fig.add_scatter(y=rows, x=left_out, mode="markers", name="Left out of the fit",
                        marker=dict(symbol="diamond", size=11, color=INK), text=words, cliponaxis=False,
                        hovertemplate="%{y}: %{text} (predicted by a fit on the others)<extra></extra>")
    if band:
        fig.add_vrect(x0=1 / band, x1=band, fillcolor=NEUTRAL, opacity=0.2, line_width=0, layer="below")
    fig.add_vline(x=1, line=dict(color=INK, width=2))
    # Each colour named in the legend: one bar trace of two colours showed one swatch, and the grey
    # band's words sat in a second line of the axis title, which the legend overprinted.
    fig.data[0].showlegend = False
    for said, color, opacity in [("Fit on all, within 0.8-1.25", SKY, 1), ("Fit on all, outside 0.8-1.25", ORANGE, 1),
                                  *([("The verdict's band (the model's error)", NEUTRAL, 0.4)] if band else [])]:
        fig.add_scatter(x=[None], y=[None], mode="markers", name=said, hoverinfo="skip",
                        marker=dict(symbol="square", size=14, color=color, opacity=opacity))
    column = [dict(text=w, xref="paper", x=1, xanchor="left", xshift=GAP, yref="y", y=row, showarrow=False)
              for w, row in zip(words, rows)]
    most = max((row.count("<br>") + 1 for row in rows), default=1)  # each row as tall as the tallest name
    return _layout(fig, "Statutory view: model benefit / the authority's implied benefit", showlegend=True,
                   height=max(420, (lines(FONT["size"], most) + 12) * len(names) + 200), annotations=column,
                   margin=dict(r=text_width(words, FONT["size"]) + GAP + 20),
                   xaxis=dict(title="Model / implied (log scale)",
                              type="log", range=[-np.log10(span), np.log10(span)], tickvals=[0.25, 0.5, 1, 2, 4],
                              tickangle=0),
                   yaxis=dict(automargin=True, autorange="reversed"))


# The fan chart's shades, widest first, each with its words in the legend: (lower, upper) rows of
# RiskResult.annual_bands (the 5th, 25th, 50th, 75th and 95th percentiles), opacity, words.
FAN_BANDS = (((0, 4), 0.18, "9 paths in 10 (5th-95th percentile)"),
             ((1, 3), 0.4, "The middle half (25th-75th percentile)"))


def risk_fan_figure(risks: dict[str, RiskResult]) -> go.Figure:
    """Each year's credit across the simulated paths, per location: the median path and two shaded
    bands, each named in words in the legend (under its location's name when there are two). A
    year's credit is one figure for the year, so each is drawn as a step across its year, not as a
    slope between years."""
    fig = _figure()
    credits = [0.0]
    for (name, risk), color in zip(risks.items(), RISK_COLORS):
        bands = risk.annual_bands()
        credits += bands.ravel().tolist()
        years = list(range(1, bands.shape[1] + 1))
        group = dict(legendgroup=name, legendgrouptitle_text=html.escape(name)) if len(risks) > 1 else {}
        for (low, high), opacity, words in FAN_BANDS:
            fig.add_scatter(x=years + years[::-1], y=list(bands[high]) + list(bands[low][::-1]), fill="toself",
                            fillcolor=color, opacity=opacity, line=dict(width=0, shape="hvh"), hoverinfo="skip",
                            name=words, **group)
        fig.add_scatter(x=years, y=bands[2], mode="lines+markers", line=dict(color=color, width=3, shape="hvh"),
                        name="The median path", hovertemplate="Year %{x}: " + Y_DOLLARS + " (median)<extra></extra>",
                        **group)
    return _layout(fig, "Credit each year across the simulated paths", height=560,
                   xaxis=dict(title="Year of the eligibility period", dtick=1, tickangle=0),
                   yaxis=money_axis(credits, count=5, title="Credit in the year, dollars"),
                   legend=dict(orientation="h", y=-0.25, x=0), margin=dict(l=60, r=30, b=170))


def risk_histogram_figure(risks: dict[str, RiskResult]) -> go.Figure:
    """Total credit across paths, each location in the fan chart's colour."""
    fig = _path_histograms({name: risk.total_credit for name, risk in risks.items()})
    totals = np.concatenate([r.total_credit for r in risks.values()])
    return _layout(fig, "Total credit over the period: distribution", barmode="overlay", height=560,
                   xaxis=money_axis(totals, count=4, short=True, title="Total credit", **UNDER_ORIGIN),
                   yaxis=PATHS_AXIS, margin=dict(l=60, r=40, b=170),
                   legend=dict(orientation="h", y=-0.25, x=0))


SCENARIO_CHARS = 38  # a scenario's name per line: the presets' longest in two lines, the bars half the width


def gains_figure(names: list[str], differences: list[float]) -> go.Figure:
    """Who gains and who loses under a reform: each scenario's change in total credit, sorted. Long
    names wrap, so that at half a projector the bars keep the width (a scenario's name took all but
    130 px of it); as few ticks as give a scale (two, three at most), whose short figures then stay
    apart ("-$400K-$200K" ran together); each bar's amount beyond its end, in room the axis leaves."""
    order = sorted(range(len(names)), key=lambda i: differences[i])
    values = [differences[i] for i in order]
    rows = [_wrapped_name(names[i], SCENARIO_CHARS) for i in order]
    words = [whole_dollars(v, signed=True) for v in values]
    fig = _figure(go.Bar(
        x=values, y=rows, orientation="h", cliponaxis=False, text=words, textposition="outside",
        marker_color=[GAIN if v > 0 else LOSS if v < 0 else NEUTRAL for v in values],
        hovertemplate="%{y}<br>%{text} over the eligibility period<extra></extra>"))
    # Room beyond the longest bar on each side for its amount, which otherwise ran over the names:
    # on each side, as wide a share of the axis as its widest amount is of the plot at half a
    # projector. A bar at $0 writes its amount on either side (plotly's choice): room on both.
    low, high = min([*values, 0.0]), max([*values, 0.0])
    plot = max(HALF_WIDTH - text_width([line for row in rows for line in row.split("<br>")], FONT["size"]) - 60, 1)

    def room(side: list[str]) -> float:
        return (text_width(side, FONT["size"]) + GAP) / plot if side else 0.0

    left = room([w for v, w in zip(values, words) if v <= 0])
    right = room([w for v, w in zip(values, words) if v >= 0])
    span = ((high - low) or 1.0) / max(1 - left - right, 0.2)
    x_range = [low - left * span, high + right * span]
    most = max((row.count("<br>") + 1 for row in rows), default=1)
    return _layout(fig, "Change in total credit, reform minus baseline",
                   height=max(360, (lines(FONT["size"], most) + 12) * len(names) + 160),
                   xaxis=money_axis([low, high], count=1, short=True, range=x_range),
                   showlegend=False, yaxis=dict(automargin=True, ticklabelstandoff=GAP))


def credit_use_figure(use: CreditUse) -> go.Figure:
    """What the business does with each year's credit: applied, sold, carried forward, expired."""
    years = [y["year"] for y in use.years]
    fig = _figure()
    for key, label, colour in (("applied", "Applied against the year's tax", NAVY),
                               ("proceeds", "Sale proceeds (transfer certificates)", GREEN),
                               ("expired", f"Expired after {use.carry_forward_periods} periods", LOSS)):
        fig.add_bar(x=years, y=[y[key] for y in use.years], name=label, marker_color=colour,
                    hovertemplate=f"Year %{{x}}<br>{label}: {Y_DOLLARS}<extra></extra>")
    fig.add_scatter(x=years, y=[y["carried_forward"] for y in use.years], name="Carried forward (end of year)",
                    mode="lines+markers", line=dict(color=ORANGE, width=3))
    # An open marker is drawn in marker.color: unset, plotly gave it the carried-forward orange.
    fig.add_scatter(x=years, y=[y["credit"] for y in use.years], name="Credit earned", mode="markers",
                    marker=dict(symbol="line-ew-open", size=24, color=INK, line=dict(width=3)))
    cumulative = [sum(y["present_value"] for y in use.years[:i + 1]) for i in range(len(use.years))]
    fig.add_scatter(x=years, y=cumulative, name="Value to the business, present value, cumulative", mode="lines",
                    line=dict(color=GAIN, width=3, dash="dot"))
    shown = [0.0, *cumulative, *(y[k] for y in use.years for k in ("credit", "carried_forward")),
             *(y["applied"] + y["proceeds"] + y["expired"] for y in use.years)]
    return _layout(fig, f"Using the credit: present value {whole_dollars(use.present_value)}", barmode="relative",
                   xaxis_title="Tax period", yaxis=money_axis(shown), height=480, legend=dict(y=-0.3),
                   margin=dict(b=130))


def exemption_figure(exemption: Exemption) -> go.Figure:
    """Payments in lieu of taxes (municipality and county) against the full taxes, year by year."""
    years = [y["year"] for y in exemption.years]
    fig = _figure()
    fig.add_bar(x=years, y=[y["to_municipality"] for y in exemption.years], name="Paid to the municipality",
                marker_color=NAVY)
    fig.add_bar(x=years, y=[y["to_county"] for y in exemption.years],
                name=f"Paid to the county (at least {exemption.county_share_min:.0%})",
                marker_color=YELLOW)
    fig.add_scatter(x=years, y=[y["full_taxes"] for y in exemption.years], name="Full taxes otherwise due",
                    mode="lines", line=dict(color=LOSS, width=3, dash="dash"))
    shown = [0.0, *(y[k] for y in exemption.years for k in ("full_taxes", "payment"))]
    return _layout(fig, f"Payments vs full taxes: exemption worth {whole_dollars(exemption.present_value)} (PV)",
                   barmode="stack", xaxis_title="Year after the certificate of occupancy", yaxis=money_axis(shown),
                   height=480, legend=dict(y=-0.3), margin=dict(b=110))  # the legend clear of the axis title


def erg_buckets_figure(result: ErgResult, amounts: tuple[float, ...]) -> go.Figure:
    """The $600M of residential credits by bucket, the project's bucket highlighted."""
    names = ["(a) southern counties", "(b) transit hubs, growth zones, disaster, Hudson SDA",
             "(c) distressed, deep poverty, highlands", "(d) other ERG areas"]
    colours = [GAIN if "abcd"[i] == result.bucket else NEUTRAL for i in range(4)]
    fig = _figure(go.Bar(x=list(amounts), y=names, orientation="h", marker_color=colours,
                         text=[short_dollars(a) for a in amounts], textposition="auto"))
    return _layout(fig, "Residential credits by bucket (bill s.7, b(2))", height=340, showlegend=False,
                   xaxis=money_axis([0, *amounts], count=2, short=True),
                   yaxis=dict(automargin=True, autorange="reversed"))


def _swept(fig: go.Figure, sweep: Sweep, title: str, money: list, money_title: str) -> go.Figure:
    """A sweep's chart: the input across, its money up; the dashed line at the project's own value
    named in the legend (written beside the line, its words sat on the curves)."""
    across = dict(title=sweep.label, tickformat=",", tickangle=0, **UNDER_ORIGIN)
    if sweep.field in ("average_salary", "capital_investment"):
        across = money_axis(sweep.values, count=4, short=True, title=sweep.label, **UNDER_ORIGIN)
    up = money_axis(money, count=4, short=True, title=money_title)
    fig.add_scatter(x=[sweep.current] * 2, y=up["range"], mode="lines", line=dict(color=LOSS, dash="dash"),
                    name="This project", hoverinfo="skip")
    return _layout(fig, title, height=420, xaxis=across, yaxis=up,
                   legend=dict(orientation="h", y=-0.3, x=0), margin=dict(l=70, r=30, b=120))


def sweep_figure(sweep: Sweep) -> go.Figure:
    """The annual credit as one input moves, the rest of the project held; a marker where a rule
    switches (hover for which) and a line at the project's own value."""
    fig = _figure()
    fig.add_scatter(x=sweep.values, y=sweep.annual_credit, mode="lines", name="Annual credit",
                    line=dict(color=NAVY, width=3), hovertemplate=ACROSS + ": " + Y_DOLLARS + "<extra></extra>")
    at = np.searchsorted(sweep.values, list(sweep.thresholds))
    fig.add_scatter(x=list(sweep.thresholds), y=sweep.annual_credit[at], mode="markers", name="A rule switches",
                    marker=dict(symbol="diamond", size=11, color=PURPLE),
                    customdata=[", ".join(words) for words in sweep.thresholds.values()],
                    hovertemplate="from " + ACROSS + ": %{customdata}<extra></extra>")
    return _swept(fig, sweep, f"Annual credit by {sweep.label.lower()}", [0, *sweep.annual_credit], "Annual credit")


def net_benefit_sweep_figure(sweep: Sweep, curve: NetBenefitCurve) -> go.Figure:
    """Both net benefit views as the same input moves; zero is where the State breaks even."""
    fig = _figure()
    fig.add_scatter(x=curve.values, y=curve.statutory_net_benefit, mode="lines", name="Authority's net benefit",
                    line=dict(color=GAIN, width=3), hovertemplate=ACROSS + ": " + Y_DOLLARS + "<extra></extra>")
    fig.add_scatter(x=curve.values, y=curve.economist_npv, mode="lines", name="Economist's NPV",
                    line=dict(color=ORANGE, width=3), hovertemplate=ACROSS + ": " + Y_DOLLARS + "<extra></extra>")
    fig.add_hline(y=0, line=dict(color=INK, width=1))
    return _swept(fig, sweep, f"Net benefit by {sweep.label.lower()}",
                  [0, *curve.statutory_net_benefit, *curve.economist_npv], "To the State")
