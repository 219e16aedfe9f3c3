"""Dashboard speed in a real browser: cold first render of the calculator, and the median time
from an input change to the updated metric, next to a bare one-input Streamlit page in the
same run. Prints figures; asserts nothing. Needs Debian's chromium."""
from __future__ import annotations

import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).parents[1]
BARE = '''import streamlit as st
n = st.number_input("New full-time jobs", min_value=0, step=1, value=500)
st.metric("Annual credit", f"${n * 8500:,.0f}")
'''
CHANGES = 15
READY: list[float] = []  # launch to health check, per start


def start(script: Path) -> tuple[subprocess.Popen, str, float]:
    """The calculator starts as `make run` starts it (scripts/serve.py); the bare page plainly."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    began = time.perf_counter()
    launcher = ([str(ROOT / "scripts" / "serve.py")] if script == ROOT / "app.py"
                else ["-m", "streamlit", "run", str(script)])
    proc = subprocess.Popen([sys.executable, *launcher, "--server.headless", "true",
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--browser.gatherUsageStats", "false"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    while True:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read() == b"ok":
                READY.append(time.perf_counter() - began)
                return proc, url, began
        except OSError:
            time.sleep(0.05)


def metric(page):
    return page.get_by_test_id("stMetric").filter(has_text="Annual credit").get_by_test_id("stMetricValue")


def measure(browser, script: Path) -> tuple[float, list[float]]:
    proc, url, began = start(script)
    try:
        page = browser.new_page(viewport={"width": 1600, "height": 1200})
        page.goto(url)
        expect(metric(page)).to_be_visible(timeout=60000)
        cold = time.perf_counter() - began
        print(f"  {script.name}: server ready {READY[-1]:.2f} s, first metric {cold:.2f} s")
        box = page.get_by_label("New full-time jobs", exact=True)
        times = []
        for i in range(CHANGES):
            before = metric(page).inner_text()
            box.fill(str(400 + i * 7))
            t0 = time.perf_counter()
            box.press("Enter")
            expect(metric(page)).not_to_have_text(before, timeout=30000)
            times.append(time.perf_counter() - t0)
        page.close()
        return cold, times
    finally:
        proc.terminate()
        proc.wait(10)


ROUNDS = 5


def main() -> None:
    """Alternate the two pages over several rounds (a cold server each time): one noisy round
    can differ by a factor of two on this machine, so report medians."""
    cold, changes = {"calculator": [], "bare": []}, {"calculator": [], "bare": []}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE)
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        for _ in range(ROUNDS):
            for name, script in (("calculator", ROOT / "app.py"), ("bare", bare)):
                first, times = measure(browser, script)
                cold[name].append(first)
                changes[name].extend(times)
        browser.close()
    for name in cold:
        print(f"{name:10}: cold start to first metric, median of {ROUNDS}: {statistics.median(cold[name]):.2f} s "
              f"(all: {', '.join(f'{t:.2f}' for t in cold[name])})")
    med, bare_med = statistics.median(changes["calculator"]), statistics.median(changes["bare"])
    print(f"input change -> updated metric, median of {len(changes['bare'])}: calculator {med * 1000:.0f} ms, "
          f"bare page {bare_med * 1000:.0f} ms, ratio {med / bare_med:.2f}x (target <= 2x); "
          f"calculator cold start target < 4 s")


if __name__ == "__main__":
    main()
