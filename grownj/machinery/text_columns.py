"""Execution machinery for text columns held by Arrow: a column's offsets and bytes as numpy arrays
(`layout`), a few texts spread over a longer column without copying their bytes (`spread`), and a
text to join with such columns (`large`)."""
from __future__ import annotations

import numpy as np
import pyarrow as pa


def large(text: str) -> pa.Scalar:
    """`text` as a large_string scalar: Arrow joins a text only with columns of its own type."""
    return pa.scalar(text, pa.large_string())


def layout(text: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """(the cells' offsets into the bytes, the bytes) of a string or large_string array."""
    _, offsets, data = text.buffers()
    width = np.int64 if pa.types.is_large_string(text.type) else np.int32
    offsets = np.frombuffer(offsets, width, len(text) + 1, text.offset * np.dtype(width).itemsize)
    data = np.frombuffer(data, np.uint8) if data is not None else np.zeros(0, np.uint8)
    return offsets, data


def spread(texts: pa.Array, rows: np.ndarray, n: int) -> pa.Array:
    """A large_string column of n rows, empty but at `rows` (increasing), which hold `texts` (none
    missing). The texts' bytes stay where they are; only the offsets are new, and stand still on an
    empty row."""
    offsets, _ = layout(texts)
    lengths = np.zeros(n + 1, np.int64)
    lengths[np.asarray(rows, np.intp) + 1] = np.diff(offsets)
    lengths[0] = offsets[0]
    data = texts.buffers()[2] or pa.py_buffer(b"")
    return pa.LargeStringArray.from_buffers(n, pa.py_buffer(np.cumsum(lengths)), data)
