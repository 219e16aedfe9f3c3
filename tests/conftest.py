import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))  # tests/strategies.py

# In CI the generated inputs are the same every run, so a red build always means a change of
# ours; locally each run explores new ones (and a failure found there becomes a fixed case).
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def chromium():
    """Debian's Chromium, for browser tests and kaleido: skipped locally without it, a failure in CI."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs {CHROMIUM} (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} not installed")
    return CHROMIUM
