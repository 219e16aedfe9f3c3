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
(this checkout is always timed, as "calculator").

    scripts/browser_benchmark.py --interactions [--rounds N] [--app NAME=CHECKOUT ...]

times, at 1280x720, each interaction a presenter waits for: opening a page from the
calculator by its sidebar link, the calculator's sweep, a municipality, a Compare row, a second Risk
location, the 49 awards explained on Published awards (the first ask on the server); each from the action (the browser's own stamp of the click or the Enter key) to the first
frame painted after the script run has finished with every plotly chart on the page drawn. The bare
page's edit is timed in the same rounds as the yardstick. Each round (3 by default) starts a fresh
server for each, in alternating order, so every page is opened with cold caches; the page openings
rotate their order from round to round. It also times the calculator's chart PNG and one-page PDF
downloads, first and second click (click to the file saved). It prints the machine's load and its
busiest processes at the start and the end: on this shared machine they explain most outliers.
With `--app`, each other checkout is timed in the same rounds, in a rotating order."""
from __future__ import annotations

import argparse
import os
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


def measure(browser, command: list[str], cwd: Path, values, changes: int, warmup: int,
            viewport: tuple[int, int] = (1600, 1200)) -> dict:
    """One fresh server and browser context: the cold first metric and settled run, then per input
    change (ms) the metric painted and the run finished."""
    proc, url = start(command, cwd)
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
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


# --interactions: a clock for any action. `__arm()` is called just before the action; the first
# pointerdown, click or Enter after it is the action's stamp. At every change of the page (the
# script state's changes among them) a look is stamped with the start of the frame that paints it:
# the script state, whether the run has been seen since the action, the plotly charts on the page and
# how many of them plotly has drawn, and the page's title.
# A run is seen by a busy script state (an attribute record keeps the state it replaced), by a title
# other than the one shown at the action, or by the server's own word: WSCLOCK reads, from the page's
# first script on, each message's top-level fields (a ForwardMsg's field 6 is a run's end, with how it
# ended: 2, stopped for a rerun, is not the end of the action's run; the server also answers
# heartbeats, which count for nothing). The script state alone missed runs: the browser can apply "running" and "not running" in one render, and the attribute never changes;
# the wait for a busy frame then stopped the whole run after 60 s (closing a fold, a selectbox's
# pick, a grid's cell: each quick enough, at times). After the message that ends a run a look is
# taken even if nothing on the page changed.
WSCLOCK = """(() => {
const fields = (data) => {
  const b = new Uint8Array(data), out = [];
  let i = 0;
  const varint = () => { let v = 0, m = 1, c; do { c = b[i++]; v += (c & 127) * m; m *= 128; } while (c & 128); return v; };
  while (i < b.length) {
    const key = varint(), wire = key % 8;
    if (wire === 0) { out.push([Math.floor(key / 8), varint()]); continue; }
    out.push([Math.floor(key / 8), null]);
    if (wire === 2) { const n = varint(); i += n; } else if (wire === 1) i += 8; else if (wire === 5) i += 4; else break;
  }
  return out;
};
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (e) => {
      if (window.__heard && e.data instanceof ArrayBuffer) window.__heard(fields(e.data));
    });
  }
};
})();"""
ICLOCK = """() => {
window.__act = null; window.__armed = false; window.__busy = false; window.__ended = false; window.__looks = [];
window.__arm = () => {
  const h1 = document.querySelector('h1');
  window.__from = h1 ? h1.innerText : '';
  window.__act = null; window.__armed = true; window.__busy = false; window.__ended = false; window.__looks = [];
};
const stamp = (e) => {
  if (!window.__armed || (e.type === 'keydown' && e.key !== 'Enter')) return;
  window.__armed = false; window.__act = performance.now();
};
for (const t of ['pointerdown', 'mousedown', 'click', 'keydown']) document.addEventListener(t, stamp, true);
const look = () => {
  const app = document.querySelector('[data-testid=stApp]');
  const now = app && app.getAttribute('data-test-script-state');
  if (now !== 'notRunning') window.__busy = true;
  const charts = [...document.querySelectorAll('[data-testid=stPlotlyChart]')];
  const drawn = charts.filter(c => c.querySelector('.main-svg')).length;
  const h1 = document.querySelector('h1');
  const title = h1 ? h1.innerText : '';
  // A new page's title is proof of a new run too: the busy state can be missed when the page switches.
  if (title !== window.__from) window.__busy = true;
  const seen = [now, window.__busy, charts.length, drawn, title];
  requestAnimationFrame((frame) => window.__looks.push([frame, ...seen]));
};
window.__heard = (fields) => {
  if (window.__act === null) return;
  // A run's end, not one stopped for a rerun (its start proves nothing: its elements are yet to come).
  if (fields.some(([field, value]) => field === 6 && value !== 2)) {  // look once the app has handled it
    window.__busy = true; window.__ended = true;
    setTimeout(look, 0); setTimeout(look, 50);
  }
};
new MutationObserver((records) => {
  if (window.__act === null) return;
  if (records.some(r => r.attributeName === 'data-test-script-state' && r.oldValue && r.oldValue !== 'notRunning'))
    window.__busy = true;
  look();
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
                      attributeOldValue: true});
}"""
# The first frame after the action with the run finished, seen since the action, every chart drawn
# (at least `charts` of them) and the title expected: ms from the action, and what it saw.
IDONE = """([charts, title]) => {
  if (window.__act === null) return null;
  const done = window.__looks.find(([frame, state, busy, n, drawn, h1]) => frame >= window.__act
    && state === 'notRunning' && busy && n >= charts && drawn === n && h1.startsWith(title));
  return done ? [done[0] - window.__act, done[3]] : null;
}"""
CALCULATOR = "Grow NJ credit calculator"
# Page link in the sidebar: (title the page shows, the fewest plotly charts it draws; The rest of the
# Act draws one tab's, three before the tabs).
PAGES = {"Policy reforms": ("Policy reforms", 4), "The rest of the Act": ("The rest of the Act", 1),
         "Risk": ("Risk", 3), "Compare locations": ("Compare locations", 3),
         "Net benefit, two ways": ("Net benefit", 2), "Schedule": ("Schedule", 1)}
SWEEP = "How the credit changes with jobs, salary or investment"
DOWNLOADS = "Download tables, charts and a brief"
ALL_AWARDS = "All 49 reported at approval, explained"
FILES = {"chart PNG": "Composition chart PNG", "one-page PDF": "One-page brief PDF"}


def settled(page, title: str, charts: int) -> tuple[float, int]:
    """Wait for the armed action's run to finish and paint: (ms from the action, charts drawn)."""
    try:
        ms, drawn = page.wait_for_function(IDONE, arg=[charts, title], timeout=60000, polling=20).json_value()
    except Exception:
        print(f"no settled frame on {title!r}; the action at", page.evaluate("window.__act"),
              "then, the last looks:", page.evaluate("window.__looks && window.__looks.slice(-5)"), file=sys.stderr)
        raise
    page.wait_for_timeout(300)  # a person's pause before the next action
    return ms, drawn


def act(page, action, title: str, charts: int) -> float:
    page.evaluate("window.__arm()")
    action()
    return settled(page, title, charts)[0]


def pick(page, label: str, text: str, title: str, charts: int) -> float:
    """Open a selectbox, type to filter its options, and time the Enter that picks the first."""
    box = page.get_by_label(label, exact=True)
    box.click()
    box.press_sequentially(text)
    # The list filters in the browser's next frames: under load 300 ms were not always enough, and an
    # Enter on the unfiltered list picked its first option, the one already chosen, which runs nothing.
    # The run never came and the wait for it stopped the benchmark after 60 s.
    page.get_by_role("option").first.filter(has_text=text).wait_for(timeout=60000)
    page.wait_for_timeout(300)
    page.evaluate("window.__arm()")
    box.press("Enter")
    return settled(page, title, charts)[0]


def link(page, name: str):
    return page.get_by_test_id("stSidebar").get_by_role("link", name=name, exact=True)


def fold(page, label: str):
    return page.get_by_test_id("stExpander").filter(has_text=label).locator("summary")


def download(page, button: str) -> float:
    """Click to the file saved on disk, in seconds (the server draws it on click)."""
    began = time.perf_counter()
    with page.expect_download(timeout=120000) as got:
        page.get_by_role("button", name=button, exact=True).click()
    got.value.path()
    took = time.perf_counter() - began
    page.wait_for_timeout(300)
    return took


def add_row(page) -> float:
    """A sixth location on Compare locations: the toolbar's Add row, its tier (the grid sends no row
    without one), then its name, whose Enter is timed: the run that computes the new location."""
    grid = page.get_by_test_id("stDataFrame").first
    grid.hover()
    grid.locator('button[aria-label="Add row"]').click()
    page.wait_for_timeout(500)
    box = grid.bounding_box()
    row = box["y"] + 35 * 6 + 17  # the header and five rows of 35 px above it (the grid is a canvas)

    def edit(x: float, text: str) -> None:
        page.mouse.click(box["x"] + x, row)
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        page.keyboard.type(text)
        page.wait_for_timeout(300)

    edit(262, "other")
    act(page, lambda: page.keyboard.press("Enter"), "Compare locations", 3)
    edit(100, "Trenton")
    return act(page, lambda: page.keyboard.press("Enter"), "Compare locations", 3)


def interact(browser, command: list[str], cwd: Path, turn: int) -> dict:
    """One fresh server and browser context at 1280x720: ms per interaction, and s per download."""
    proc, url = start(command, cwd)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, accept_downloads=True)
    context.add_init_script(WSCLOCK)
    out = {}
    try:
        page = context.new_page()
        page.goto(url)
        metric(page).wait_for(timeout=60000)
        page.locator(FINISHED).wait_for(timeout=60000)
        page.wait_for_timeout(1000)
        page.evaluate(ICLOCK)
        names = list(PAGES)[turn % len(PAGES):] + list(PAGES)[:turn % len(PAGES)]
        for name in names:
            title, charts = PAGES[name]
            out[f"open {title}"] = act(page, link(page, name).click, title, charts)
            act(page, link(page, "Calculator").click, CALCULATOR, 1)
        out["open the sweep"] = act(page, fold(page, SWEEP).click, CALCULATOR, 3)
        act(page, fold(page, SWEEP).click, CALCULATOR, 1)  # closed again: the rest is timed without it
        out["pick a municipality"] = pick(page, "Municipality", "Newark", CALCULATOR, 1)
        fold(page, DOWNLOADS).click()  # not timed: its buttons on screen are enough (a quick run was missed)
        page.get_by_role("button", name=FILES["chart PNG"], exact=True).wait_for(timeout=60000)
        for kind, button in FILES.items():
            out[f"{kind}, first click"] = download(page, button)
            out[f"{kind}, second click"] = download(page, button)
        act(page, link(page, "Compare locations").click, "Compare locations", 3)
        out["add a Compare row"] = add_row(page)
        act(page, link(page, "Risk").click, "Risk", 3)
        out["a second Risk location"] = pick(page, "Compare with", "Newark", "Risk", 3)
        # Asked for last, as a visitor might after a few minutes: the first ask on this server.
        act(page, link(page, "Published awards").click, "Published awards", 2)
        out["the 49 awards, first ask"] = act(page, page.get_by_text(ALL_AWARDS, exact=True).click, "Published awards", 0)
        errors = page.get_by_test_id("stException").count()
        if errors:
            raise RuntimeError(f"{errors} exception(s) on the page")
        return out
    finally:
        context.close()
        proc.terminate()
        proc.wait(10)


def machine(when: str) -> None:
    """What else is running: the load and the busiest processes (CPU share over their lifetime)."""
    one, five, fifteen = os.getloadavg()
    print(f"{when} {time.strftime('%Y-%m-%d %H:%M:%S %Z')}: load average {one:.2f}, {five:.2f}, {fifteen:.2f} "
          f"({os.cpu_count()} cores); busiest processes:")
    ps = subprocess.run(["ps", "-eo", "pcpu,pid,etime,args", "--sort=-pcpu"], capture_output=True, text=True)
    for line in ps.stdout.splitlines()[:7]:
        print("  " + line.strip()[:150])
    sys.stdout.flush()


def interactions(rounds: int, changes: int, warmup: int, apps: dict[str, Path]) -> None:
    """Each round times the bare page's edit and every checkout of `apps`, in an order that rotates
    from round to round, each on a fresh server."""
    machine("start")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE)
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        got, values = {name: [] for name in apps}, jobs()
        edits = []
        for r in range(rounds):
            order = ["bare", *apps]
            order = order[r % len(order):] + order[:r % len(order)]
            for name in order:
                if name == "bare":
                    edits.append(measure(browser, ["-m", "streamlit", "run", str(bare)], Path(tmp), values, changes,
                                         warmup, viewport=(1280, 720))["done"])
                else:
                    got[name].append(interact(browser, [str(apps[name] / "scripts" / "serve.py")], apps[name], r))
            print(f"round {r + 1}: bare page's edit {edits[-1]:.0f} ms", flush=True)
            for name in apps:
                print(f"  {name}: " + "; ".join(f"{k} {v:.2f} s" if k.endswith("click") else f"{k} {v:.0f} ms"
                                                for k, v in got[name][-1].items()), flush=True)
        browser.close()
    machine("end")
    print(f"\n{rounds} rounds at 1280x720, fresh server each; from the action to the first frame after the run "
          f"finished with every chart drawn (the bare page's edit: median of {changes} edits after {warmup}; "
          f"median {statistics.median(edits):.0f} ms, range {min(edits):.0f}-{max(edits):.0f}):")
    for app, runs in got.items():
        print(f"{app} ({apps[app]}):")
        print(f"  {'interaction':28} {'median ms':>9}  {'range ms':>11}  {'x bare edit':>11}  within 500 ms")
        names = [n for n in runs[0] if not n.endswith("click")]
        for name in sorted(names, key=lambda n: -statistics.median(g[n] for g in runs)):
            xs = [g[name] for g in runs]
            ratio = statistics.median(g[name] / e for g, e in zip(runs, edits))  # within a round, then the median
            print(f"  {name:28} {statistics.median(xs):9.0f}  {min(xs):5.0f}-{max(xs):<5.0f}  {ratio:10.1f}x  "
                  f"{'yes' if statistics.median(xs) <= 500 else 'no'}")
        print("  downloads on the calculator, click to the file saved (a fresh server each round):")
        for name in (n for n in runs[0] if n.endswith("click")):
            xs = [g[name] for g in runs]
            print(f"  {name:28} median {statistics.median(xs):.2f} s (range {min(xs):.2f}-{max(xs):.2f}); "
                  f"{'within' if statistics.median(xs) <= 0.5 else 'over'} 0.5 s")

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, help="5 by default; 3 with --interactions")
    parser.add_argument("--changes", type=int, default=8)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--app", action="append", default=[], metavar="NAME=CHECKOUT")
    parser.add_argument("--interactions", action="store_true",
                        help="time each interaction a presenter waits for, and the downloads")
    args = parser.parse_args()
    apps = {"calculator": ROOT, **{n: Path(p).resolve() for n, p in (a.split("=", 1) for a in args.app)}}
    if args.interactions:
        return interactions(args.rounds or 3, args.changes, args.warmup, apps)
    args.rounds = args.rounds or 5
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
