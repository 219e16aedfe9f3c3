"""grownj.ui.heap: the server's settled objects are frozen out of the garbage collector's full
passes once, on the second page run of the process."""
import gc
import itertools

from grownj.ui import heap


def test_the_second_page_run_freezes_the_heap_and_only_that_one(monkeypatch):
    monkeypatch.setattr(heap, "_runs", itertools.count())
    gc.unfreeze()
    try:
        heap.freeze_after_first_run()
        assert gc.get_freeze_count() == 0  # the first run's imports and caches are not settled yet
        heap.freeze_after_first_run()
        frozen = gc.get_freeze_count()
        assert frozen > 0
        garbage = [[] for _ in range(1000)]
        heap.freeze_after_first_run()
        assert gc.get_freeze_count() == frozen  # later runs' objects stay collectable
        del garbage
    finally:
        gc.unfreeze()
