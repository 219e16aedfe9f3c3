"""scripts/serve.py, the server's launcher: before the server starts it loads what a page run uses
and freezes it out of the garbage collector's full passes; the sessions' objects stay collectable."""
import gc
import importlib.util
import sys
from pathlib import Path

from apptest import open_app

ROOT = Path(__file__).parents[1]
HEAVY = ("grownj", "pandas", "numpy", "plotly", "_plotly_utils")


def launcher():
    spec = importlib.util.spec_from_file_location("serve", ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_launcher_freezes_what_a_page_run_uses_and_only_that():
    gc.unfreeze()
    try:
        launcher().settle()
        frozen = gc.get_freeze_count()
        assert frozen > 0
        loaded = set(sys.modules)
        open_app()
        late = sorted(m for m in set(sys.modules) - loaded if m.split(".")[0] in HEAVY)
        assert not late, late  # a page run loads nothing the freeze missed
        assert gc.get_freeze_count() <= frozen  # nothing is frozen after the launch (some frozen may go)

        class Cycle:
            pass

        cycle = Cycle()
        cycle.me = cycle
        del cycle
        assert gc.collect() > 0  # an object made after the launch is still collected
    finally:
        gc.unfreeze()
