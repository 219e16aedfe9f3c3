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


def pytest_collection_modifyitems(items):
    """A test that asks for Chromium is a browser test, whatever its module."""
    for item in items:
        if "chromium" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Whether the test itself failed, for a fixture's teardown to report (tests/test_browser.py)."""
    outcome = yield
    if call.when == "call" and outcome.get_result().failed:
        item.failed_call = True


def pytest_terminal_summary(terminalreporter):
    """How many inputs the fuzzers generated, when they ran: a report, not a test."""
    fuzz = sys.modules.get("test_fuzz")
    if fuzz is not None and fuzz.COUNTS:
        terminalreporter.write_line(f"fuzzed inputs: {fuzz.COUNTS} (total {sum(fuzz.COUNTS.values()):,})")


@pytest.fixture
def chromium():
    """Debian's Chromium, for browser tests and kaleido: skipped locally without it, a failure in CI."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs {CHROMIUM} (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} not installed")
    return CHROMIUM
