"""Execution machinery for big tables: columns and blocks of rows on two threads. numpy and
Arrow let go of the GIL inside their loops, so two threads work on two columns, or two blocks
of rows, at once. A small table stays on the caller's thread, where a hand-over costs more."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

PARALLEL_ROWS = 25_000
# Rows in a block: the size that measured fastest on a million rows (README, Speed).
BLOCK_ROWS = 250_000
_POOL_NAME = "grownj"
_WORKERS = ThreadPoolExecutor(2, thread_name_prefix=_POOL_NAME)


def column_map(fn, items: list[tuple], rows: int) -> list:
    """[fn(*item) for item in items], in order; on two threads when the table has many `rows`.
    A task already on the pool maps on its own thread: two tasks each waiting for a free thread
    would wait for ever."""
    if rows >= PARALLEL_ROWS and not threading.current_thread().name.startswith(_POOL_NAME):
        return list(_WORKERS.map(fn, *zip(*items)))
    return [fn(*item) for item in items]


def row_blocks(rows: int) -> list[slice]:
    """The table cut into blocks of rows: one block for a small table, else at least two of
    at most BLOCK_ROWS and of equal size give or take a row."""
    count = 1 if rows < PARALLEL_ROWS else max(2, -(-rows // BLOCK_ROWS))
    size = max(1, -(-rows // count))
    return [slice(start, min(start + size, rows)) for start in range(0, rows, size)] or [slice(0, 0)]


def block_map(fn, rows: int) -> list:
    """[fn(block) for block in row_blocks(rows)], in order; on two threads when there are many rows."""
    return column_map(fn, [(block,) for block in row_blocks(rows)], rows)
