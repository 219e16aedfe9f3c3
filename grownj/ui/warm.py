"""The starting project's shared work for the pages a fresh visitor opens, done as the server starts
(scripts/serve.py), before anyone asks: Compare locations' four other places and Policy reforms'
baseline and reform, each with the economist's Monte Carlo, into the same st.cache_resource entries
the pages read (a visitor who changes nothing sees the starting project: these are the figures that
visitor's pages show), and Net benefit's tornado and curve; and plotly's code for each chart those
pages draw, which it loads on a chart type's first use. A visitor who changes the project computes
their own, as before."""
from __future__ import annotations

from collections.abc import Callable


def default_pages(figures: Callable[[object], object] = lambda fig: fig.to_json()) -> None:
    """Compute what the starting project's Compare locations and Policy reforms share across sessions,
    then build (and encode, `figures`) each chart of those pages and of Net benefit once."""
    import numpy as np
    import pandas as pd

    from .. import charts, evaluate
    from ..awards.approvals import approved_total
    from ..economics.net_benefit import default_assumptions, views
    from ..engine.reform import compare
    from ..law import load
    from . import reforms, state, state_side
    from .location_rows import DEFAULT_LOCATIONS
    from .locations import overrides

    # As a session without a link starts (state.init): the starting preset, under its law.
    scenario = state.START.scenario
    origin = state._origin_from_query({}, scenario)
    law = load(state.preset_law(origin) or state.DEFAULT_LAW)
    project, a = evaluate(scenario, law), default_assumptions()

    # Compare locations: each row as the page reads the grid's rows; the project's own place is the
    # session's (state.once), not shared.
    results, benefits = {}, {}
    for row in pd.DataFrame(DEFAULT_LOCATIONS).to_dict("records"):
        changes = overrides(row)
        if all(getattr(scenario, k) == v for k, v in changes.items()):
            continue
        r = evaluate(scenario.replace(**changes), law)
        results[row["name"]], benefits[row["name"]] = r, state_side._both(r, None, None, origin.name, a)
    # Policy reforms: the project's law (where the page's baseline starts) against the default reform.
    c = compare(scenario, law, reforms.DEFAULT.apply())
    under = {"Baseline": reforms.views_under(c.baseline), "Reform": reforms.views_under(c.reform)}

    # Net benefit: the project's own views are the session's (computed with its calculator); its
    # tornado, curve and band's ends are shared, as the page reads them for an unchanged project.
    approved = approved_total(origin.name)
    swings, curve, _ = state_side._sensitivity(project, approved, None, origin.name, a)
    nb = views(state_side._case(project, approved, None, origin.name), a)
    for fig in (charts.compare_figure(results or {"project": project}), charts.net_benefit_figure(benefits or under),
                charts.breakeven_figure({n: v.economist.breakeven_but_for for n, v in benefits.items()}),
                charts.net_benefit_figure(under), charts.composition_figure(c.reform, "Reform"),
                charts.gains_figure(["Baseline", "Reform"], [0.0, c.reform.total_credit - c.baseline.total_credit]),
                charts.residents_figure(nb.economist), charts.alternatives_figure(nb.economist.alternatives),
                charts.tornado_figure(swings, nb.economist.npv),
                charts.but_for_figure(np.array(state_side.SHARES), np.array(curve), nb.economist.breakeven_but_for,
                                      float(nb.economist.estimate.but_for[0]))):
        figures(fig)
