"""Start the dashboard as `make run` does: the interpreter settled first, then `streamlit run app.py`
with the arguments given after this script's name.

Settling is the launcher's business, not the pages': everything a page run uses is loaded before
the first visitor arrives (who would otherwise wait for pandas, plotly, the server and grownj to
load), and then frozen out of the garbage collector's full passes. A full pass walks every object
the server holds; one came after nearly every input change, holding the CPU the browser needed to
draw the new figures. Frozen objects are never collected: what is frozen here is loaded for good
(modules, the data tables, plotly's validators), and every object made later, by the sessions,
stays collectable."""
from __future__ import annotations

import gc
import importlib
import pkgutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def settle() -> None:
    """Load what every page run uses, then freeze it out of the collector's full passes."""
    sys.path.insert(0, str(ROOT))
    import grownj
    from grownj import charts
    from grownj.law import places
    from grownj.ui.state import DEFAULT

    importlib.import_module("streamlit.web.bootstrap")  # the server itself
    for module in pkgutil.walk_packages(grownj.__path__, "grownj."):  # every page's own modules
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    places.municipalities()  # the picker's table, read once per server
    # plotly loads a trace's and an axis's checking code on first use, and its JSON encoder on the first chart.
    charts.composition_figure(grownj.evaluate(DEFAULT)).to_json()
    gc.freeze()


def warm() -> None:
    """Work that the first visitor to ask for it would wait seconds for, started in the background as
    the server starts, at low priority (the pages' runs and the browser come first): the 49 awards
    explained (grownj.ui.awards_explained) and the PNG renderer, a headless Chromium that kaleido starts
    on the first chart exported (1.7 s on the first PNG's click)."""
    import os
    import threading

    from grownj.ui import awards_explained

    def in_turn() -> None:
        """One after the other, each at the lowest priority: the pages' first runs come first."""
        import plotly.graph_objects as go

        from grownj.engine import export

        try:  # this thread's priority only (Linux), which the processes it starts inherit
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), LOWEST)
        except (AttributeError, OSError):
            pass
        try:
            export.chart_png(go.Figure(), 10, 10)  # the shorter first: about 1.5 s of a core
        except Exception:  # a renderer that cannot start now is started, or said, on the first click
            pass
        try:
            awards_explained.warm(ROOT, LOWEST)
        except Exception:  # what cannot be warmed now is done, or said, when first asked
            pass

    threading.Thread(target=in_turn, name="warm", daemon=True).start()


LOWEST = 19  # the nice value: the background work takes only what the server and the browsers leave


def main() -> int:
    settle()
    warm()
    from streamlit.web import cli

    sys.argv = ["streamlit", "run", str(ROOT / "app.py"), *sys.argv[1:]]
    return cli.main()


if __name__ == "__main__":
    sys.exit(main())
