"""A 1,000,000-row CSV through `python -m grownj batch` in bounded memory, with progress."""
import resource
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

pytestmark = pytest.mark.slow
ROOT = Path(__file__).parents[1]
ROWS = 1_000_000


def test_million_rows_in_order_with_progress_and_bounded_memory(tmp_path):
    rng = np.random.default_rng(3)
    src, dst = tmp_path / "in.csv", tmp_path / "out.csv"
    pd.DataFrame({"id": np.arange(ROWS), "location_tier": rng.choice(["uth", "gsgz", "other"], ROWS),
                  "new_jobs": rng.integers(0, 500, ROWS)}).to_csv(src, index=False)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    out = subprocess.run([sys.executable, "-m", "grownj", "batch", src, dst, "--progress"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    peak_mb = max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, before) / 1024
    assert out.returncode == 0, out.stderr
    progress = out.stderr.strip().splitlines()
    assert len(progress) == 10 and progress[-1] == "batch: 1,000,000 rows done"
    ids = pd.read_csv(dst, usecols=["id", "error"], keep_default_na=False)
    assert len(ids) == ROWS and (ids["id"].to_numpy() == np.arange(ROWS)).all() and (ids["error"] == "").all()
    # Chunks of 100,000 rows: the whole file in memory would be several GB of results.
    assert peak_mb < 1500, f"peak memory {peak_mb:.0f} MB"
    print(f"\n1,000,000-row batch: peak resident memory {peak_mb:.0f} MB")
