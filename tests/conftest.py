import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # tests/strategies.py

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def chromium():
    """Debian's Chromium, for browser tests and kaleido: skipped locally without it, a failure in CI."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs {CHROMIUM} (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} not installed")
    return CHROMIUM
