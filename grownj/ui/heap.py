"""The server's garbage collector: its settled objects are kept out of the full passes."""
from __future__ import annotations

import gc
import itertools

_runs = itertools.count()


def freeze_after_first_run() -> None:
    """Call at the start of every page run. CPython's full collection walks every object the
    server holds (pandas, plotly, streamlit, grownj): 90-140 ms here, and one came after nearly
    every input change, holding the CPU that the browser needed to draw the new figures. By the
    second page run the long-lived objects are there (modules, caches, the first run's imports);
    frozen, the collector skips them, and its full passes took 1-2 ms (measured with gc.callbacks
    on a live server). Later objects stay collectable; a cycle among the objects frozen then (the
    first session's, at most) is never collected, a bounded cost paid once per server."""
    if next(_runs) == 1:
        gc.freeze()
