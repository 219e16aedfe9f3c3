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

import faulthandler
import gc
import importlib
import pkgutil
import signal
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
    try:  # about 0.5 s of a core, before anyone is served (beside the first page it slowed it)
        shared()
    except Exception:  # what cannot be computed now is computed when a page asks
        pass
    gc.freeze()


def warm() -> None:
    """Work that the first visitor to ask for it would wait for, started in the background as the
    server starts, at low priority (the pages' runs and the browser come first): the 49 awards explained
    (grownj.ui.awards_explained) and the PNG renderer, a headless Chromium that kaleido starts on the
    first chart exported (1.7 s on the first PNG's click)."""
    import os
    import threading

    from grownj.ui import awards_explained

    def in_turn() -> None:
        """One after the other, in the server's pauses; what they start runs at the lowest priority.
        This thread keeps the server's own priority: a thread of the server at a low one (and the
        renderer's thread it starts, which stays) can hold the interpreter's lock while the machine
        gives it no time, and every session waits; with it, 7 of 8 sessions of a meeting's load once
        waited over 120 s for an edit."""
        import plotly.graph_objects as go

        from grownj.engine import export

        try:
            quiet()
            export.chart_png(go.Figure(), 10, 10)  # the shorter first: about 1.5 s of a core
            lowest(os.getpid())  # the renderer's Chromium, started by it
        except Exception:  # a renderer that cannot start now is started, or said, on the first click
            pass
        try:  # paused while the server works (grownj.ui.awards_explained.warm)
            awards_explained.warm(ROOT, LOWEST)
        except Exception:  # what cannot be warmed now is done, or said, when first asked
            pass

    threading.Thread(target=in_turn, name="warm", daemon=True).start()


def shared() -> None:
    """The starting project's shared work for Compare locations, Policy reforms and Net benefit
    (grownj.ui.warm), as the server starts: a visitor without a link sees that project. Done before the
    server listens, not in the warm-up thread: there, 1 s after the calculator's first load, it made
    the first page opened 0.2-0.4 s slower. Streamlit's warnings that a cached call has no page run's
    context, or no server yet (its cache in memory, as the server's own default), are not said here."""
    import logging

    from grownj.ui import warm as pages_warm

    said = [logging.getLogger(f"streamlit.runtime.{name}")
            for name in ("scriptrunner_utils.script_run_context", "caching.cache_data_api")]
    levels = [logger.level for logger in said]
    for logger in said:
        logger.setLevel(logging.ERROR)
    try:
        pages_warm.default_pages()
    finally:
        for logger, level in zip(said, levels):
            logger.setLevel(level)


LOWEST = 19  # the nice value: the background work takes only what the server and the browsers leave


def lowest(root: int) -> None:
    """Every process descended from `root`, not `root` itself, at the lowest priority (Linux's /proc)."""
    import os

    parents = {}
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        except (ValueError, OSError, IndexError):
            continue
    found, todo = set(), [root]
    while todo:
        parent = todo.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in found:
                found.add(pid)
                todo.append(pid)
    for pid in found:
        try:
            os.setpriority(os.PRIO_PROCESS, pid, LOWEST)
        except OSError:
            pass


def quiet(window: float = 0.4, busy: float = 0.2, longest: float = 30.0) -> None:
    """Wait until the server has been quiet for `window` seconds (its threads used under `busy` of
    one core), or `longest` seconds at most. Even at the lowest priority, a Chromium starting or a
    child loading grownj beside the first pages' runs made them slower (the first page opened in a
    round 0.4 s slower, on a quiet machine): the pages' runs go first, the warming in their pauses."""
    import time

    end = time.monotonic() + longest
    while time.monotonic() < end:
        used = time.process_time()
        time.sleep(window)
        if time.process_time() - used < busy * window:
            return


def main() -> int:
    # `kill -USR1` writes every thread's stack to the server's output: what a stalled page waits on
    # (the browser tests ask for it when one fails).
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    settle()
    warm()
    from streamlit.web import cli

    sys.argv = ["streamlit", "run", str(ROOT / "app.py"), *sys.argv[1:]]
    return cli.main()


if __name__ == "__main__":
    sys.exit(main())
