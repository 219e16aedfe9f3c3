"""Dashboard speed in a real browser (Debian's chromium): from an input change to the updated
metric with the script run finished, the calculator against a bare one-input Streamlit page, in
interleaved rounds. Prints figures; asserts nothing.

What is timed, by the browser's own clock (Playwright's polling would add its own delay): from the
Enter key that commits "New full-time jobs" to the first frame painted after the app reports its
script run finished (`[data-testid="stApp"][data-test-script-state="notRunning"]`) with the new
"Annual credit" on screen. Everything the run draws (charts included) has arrived by then.

Each round starts every page on a fresh server (the calculator as `make run` starts it) and a fresh
browser context, in a rotating order; it records the cold first metric, then the median of CHANGES
input changes after WARMUP ones. The ratio is taken within a round, and the range over rounds is
reported: on this shared 2-core machine one round can differ from the next by a factor of two.

    scripts/browser_benchmark.py [--rounds N] [--changes N] [--app NAME=CHECKOUT ...]

`--app before=/path/to/other/checkout` times another checkout's calculator in the same rounds
(this checkout is always timed, as "calculator")."""
from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
BARE = '''import streamlit as st
n = st.number_input("New full-time jobs", min_value=0, step=1, value=500)
st.metric("Annual credit", f"${n * 8500:,.0f}")
'''
LABEL, METRIC = "New full-time jobs", "Annual credit"
# In the page, once it has drawn: the Enter key, and at each change of the app's script state or of
# the metric's text both of them, stamped with the start time of the frame that paints them (one
# time for all that one frame paints). A fast run can go from "running" back to "notRunning" between
# two looks, so the run counts as finished at the first look that finds it not running with the
# new metric on screen.
CLOCK = """() => {
window.__ev = [];
document.addEventListener('keydown', (e) => { if (e.key === 'Enter') window.__ev.push(['enter', performance.now()]); }, true);
let state = null, text = null;
new MutationObserver(() => {
  const app = document.querySelector('[data-testid=stApp]');
  const m = [...document.querySelectorAll('[data-testid=stMetric]')].find(x => x.innerText.includes('Annual credit'));
  const now = app && app.getAttribute('data-test-script-state');
  const shown = m && m.querySelector('[data-testid=stMetricValue]').innerText;
  if (now !== state || shown !== text) {
    state = now;
    text = shown;
    requestAnimationFrame((frame) => window.__ev.push(['look', frame, now, shown]));
  }
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
                      attributeFilter: ['data-test-script-state']});
}"""
# After the last Enter: the first frame with the new metric, and the first with it and the run finished.
DONE = """before => {
  const ev = window.__ev, enter = ev.findLast(e => e[0] === 'enter');
  if (!enter) return null;
  const looks = ev.filter(e => e[0] === 'look' && e[1] >= enter[1] && e[3] && e[3] !== before);
  const done = looks.find(e => e[2] === 'notRunning');
  return done ? [looks[0][1] - enter[1], done[1] - enter[1]] : null;
}"""
FINISHED = '[data-testid="stApp"][data-test-script-state="notRunning"]'


def start(command: list[str], cwd: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, *command, "--server.headless", "true", "--server.port", str(port),
                             "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
                            cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read() == b"ok":
                return proc, url
        except OSError:
            time.sleep(0.05)
    proc.terminate()
    raise RuntimeError(f"{command} did not start")


def metric(page):
    return page.get_by_test_id("stMetric").filter(has_text=METRIC).get_by_test_id("stMetricValue")


def measure(browser, command: list[str], cwd: Path, values, changes: int, warmup: int) -> dict:
    """One fresh server and browser context: the cold first metric and settled run, then per input
    change (ms) the metric painted and the run finished."""
    proc, url = start(command, cwd)
    context = browser.new_context(viewport={"width": 1600, "height": 1200})
    try:
        page = context.new_page()
        began = time.perf_counter()
        page.goto(url)
        metric(page).wait_for(timeout=60000)
        first = time.perf_counter() - began
        page.locator(FINISHED).wait_for(timeout=60000)
        cold = time.perf_counter() - began
        page.wait_for_timeout(500)
        page.evaluate(CLOCK)
        box = page.get_by_label(LABEL, exact=True)
        shown, done = [], []
        for i in range(warmup + changes):
            before = metric(page).inner_text()
            box.fill(str(next(values)))
            box.press("Enter")
            handle = page.wait_for_function(DONE, arg=before, timeout=60000, polling=20)
            to_metric, to_done = handle.json_value()
            if i >= warmup:
                shown.append(to_metric)
                done.append(to_done)
            page.wait_for_timeout(150)  # a person's pause between edits
        return {"first": first, "cold": cold, "metric": statistics.median(shown), "done": statistics.median(done)}
    finally:
        context.close()
        proc.terminate()
        proc.wait(10)


def jobs():
    """Values never repeated within a run (no result cache hit that a person's typing would miss),
    each different from the last, in the default project's range."""
    k = 0
    while True:
        k += 1
        yield 300 + (k * 7) % 400


def spread(xs: list[float], fmt: str) -> str:
    return f"median {statistics.median(xs):{fmt}} (range {min(xs):{fmt}}-{max(xs):{fmt}})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--changes", type=int, default=8)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--app", action="append", default=[], metavar="NAME=CHECKOUT")
    args = parser.parse_args()
    apps = {"calculator": ROOT, **{n: Path(p).resolve() for n, p in (a.split("=", 1) for a in args.app)}}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE)
        pages = {"bare": (["-m", "streamlit", "run", str(bare)], Path(tmp)),
                 **{n: ([str(c / "scripts" / "serve.py")], c) for n, c in apps.items()}}
        values = {name: jobs() for name in pages}
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        rounds = []
        for r in range(args.rounds):
            names = list(pages)[r % len(pages):] + list(pages)[:r % len(pages)]
            got = {n: measure(browser, *pages[n], values[n], args.changes, args.warmup) for n in names}
            rounds.append(got)
            print(f"round {r + 1}: " + "; ".join(
                f"{n} {got[n]['done']:.0f} ms (metric {got[n]['metric']:.0f})" for n in pages) + "; ratio "
                + ", ".join(f"{n} {got[n]['done'] / got['bare']['done']:.2f}x" for n in apps), flush=True)
        browser.close()
    print(f"\n{args.rounds} rounds, median of {args.changes} input changes each (after {args.warmup}), "
          "Enter to the frame after the run finished with the new metric:")
    for name in pages:
        print(f"  {name:11} {spread([g[name]['done'] for g in rounds], '.0f')} ms; to the metric "
              f"{spread([g[name]['metric'] for g in rounds], '.0f')} ms; cold first metric "
              f"{spread([g[name]['first'] for g in rounds], '.2f')} s, run finished "
              f"{spread([g[name]['cold'] for g in rounds], '.2f')} s")
    for name in apps:
        done = [g[name]["done"] / g["bare"]["done"] for g in rounds]
        shown = [g[name]["metric"] / g["bare"]["metric"] for g in rounds]
        print(f"  ratio {name} / bare: run finished {spread(done, '.2f')}x (target <= 1.5x); "
              f"to the metric {spread(shown, '.2f')}x")


if __name__ == "__main__":
    main()
