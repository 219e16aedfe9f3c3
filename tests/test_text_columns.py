"""Text columns laid out from their buffers (grownj.machinery.text_columns): a few texts spread over a longer
column, and the layout read back, give the texts a list would hold, whatever array they came in."""
import numpy as np
import pyarrow as pa
from hypothesis import given
from hypothesis import strategies as st

from grownj.machinery.text_columns import layout, spread

TEXTS = st.lists(st.text(max_size=12), max_size=20)


@given(TEXTS, st.integers(0, 20), st.integers(0, 5), st.booleans(), st.randoms(use_true_random=False))
def test_spread_puts_each_text_at_its_row_and_nothing_elsewhere(texts, extra, cut, large, rng):
    n = len(texts) + extra
    rows = sorted(rng.sample(range(n), len(texts)))
    # A slice of a longer array (its offsets start inside the bytes), of either offset width.
    source = pa.array(["before"] * cut + texts, pa.large_string() if large else pa.string()).slice(cut)
    column = spread(source, np.array(rows, np.intp), n)
    expected = [""] * n
    for row, text in zip(rows, texts):
        expected[row] = text
    assert column.type == pa.large_string()
    assert column.to_pylist() == expected
    column.validate(full=True)


@given(TEXTS, st.integers(0, 5))
def test_layout_reads_each_cell_from_its_offsets(texts, cut):
    array = pa.array(["x"] * cut + texts, pa.large_string()).slice(cut)
    offsets, data = layout(array)
    assert [data[a:b].tobytes().decode() for a, b in zip(offsets[:-1], offsets[1:])] == texts
