"""The load test's client (scripts/load_test.py) speaks Streamlit's protocol as a browser does: one
analyst opens their project's link on a fresh server, edits it, goes to another page and back,
reruns the page, and every credit it reads is the engine's for the scenario it holds. Keeps the
tool from rotting when the pages or Streamlit change; it asserts figures and errors, never times."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.mark.slow  # a server started and a person's pauses: about 15 s
def test_one_analyst_reads_the_engine_figures_through_the_protocol():
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "load_test.py"), "--users", "1", "--scenario",
                          "team", "--edits", "1", "--limit", "120"], capture_output=True, text=True, timeout=300,
                         cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    summary = re.search(r"team, 1 users, 1 server\(s\): \d+ s, (\d+) figures checked against the engine, "
                        r"(\d+) error\(s\)", run.stdout)
    assert summary, run.stdout[-2000:]
    checked, errors = map(int, summary.groups())
    assert errors == 0, run.stdout[-2000:]
    assert checked == 4  # the link as opened, the edit, the calculator after another page, a rerun
    for interaction in ("open link", "edit", "change page", "back to calculator", "rerun"):
        assert f"| team | 1 | 1 | {interaction} | 1 |" in run.stdout
