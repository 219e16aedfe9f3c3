"""A meeting's load: one server started as `make run` starts it (scripts/serve.py) and several browser
sessions on it at once, each opening its own project from a link and editing it, as the people round
a table would. Each session's figures on screen are checked against the engine (grownj.evaluate on
the same scenario), and each edit is timed by the browser's own clock, from the Enter key to the
first frame painted after the run finished with the new credit on screen (as
scripts/browser_benchmark.py times the calculator's edit). Prints figures; asserts nothing.

    scripts/load_benchmark.py [--sessions N] [--edits N] [--app CHECKOUT]

`--app` runs another checkout's server (the code before a change, say) with this script's sessions
and checks; the engine that checks is that checkout's too, so each is held to its own numbers."""
from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import re
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import quote

from playwright.async_api import async_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import browser_benchmark as bb  # noqa: E402  (its server start, clock and metric)

LABEL = "New full-time jobs"
# Each session's own project: a place, an industry, wages and an investment a meeting might bring.
PROJECTS = [
    {"location_tier": "gsgz", "industry": "manufacturing", "average_salary": 58000, "county_average_salary": 53352,
     "capital_investment": 40_000_000, "gross_leasable_area": 250_000, "new_jobs": 235, "retained_jobs": 0},
    {"location_tier": "uth", "industry": "finance", "average_salary": 91000, "county_average_salary": 64324,
     "capital_investment": 120_000_000, "gross_leasable_area": 400_000, "new_jobs": 600, "retained_jobs": 150},
    {"location_tier": "distressed", "industry": "health", "average_salary": 61000, "county_average_salary": 60000,
     "capital_investment": 9_000_000, "gross_leasable_area": 60_000, "new_jobs": 120, "retained_jobs": 30},
    {"location_tier": "priority", "industry": "other", "average_salary": 72000, "county_average_salary": 60000,
     "capital_investment": 15_000_000, "gross_leasable_area": 90_000, "new_jobs": 300, "retained_jobs": 0},
    {"location_tier": "other", "industry": "other", "average_salary": 66000, "county_average_salary": 60000,
     "capital_investment": 6_000_000, "gross_leasable_area": 40_000, "new_jobs": 40, "retained_jobs": 20},
    {"location_tier": "gsgz", "industry": "other", "average_salary": 50000, "county_average_salary": 53352,
     "capital_investment": 25_000_000, "gross_leasable_area": 150_000, "new_jobs": 250, "retained_jobs": 0},
    {"location_tier": "uth", "industry": "technology", "average_salary": 110000, "county_average_salary": 64324,
     "capital_investment": 60_000_000, "gross_leasable_area": 200_000, "new_jobs": 350, "retained_jobs": 0},
    {"location_tier": "distressed", "industry": "manufacturing", "average_salary": 54000,
     "county_average_salary": 60000, "capital_investment": 12_000_000, "gross_leasable_area": 120_000,
     "new_jobs": 80, "retained_jobs": 60},
]


def engine(checkout: Path):
    """The checkout's own grownj (its public API), to check its server's figures against."""
    sys.path.insert(0, str(checkout))
    for name in [m for m in sys.modules if m == "grownj" or m.startswith("grownj.")]:
        del sys.modules[name]
    return importlib.import_module("grownj")


def dollars(text: str) -> int:
    """A metric's whole dollars as shown ("$4,675,000", "-$1,200")."""
    digits = re.sub(r"[^0-9-]", "", text)
    return int(digits)


def project_link(url: str, scenario: dict, name: str) -> str:
    fields = {k: "" if v is None else ("true" if v is True else "false" if v is False else
                                       str(int(v)) if isinstance(v, float) and v.is_integer() else str(v))
              for k, v in scenario.items()}
    return f"{url}/?" + "&".join(f"{k}={quote(v)}" for k, v in {**fields, "project": name}.items())


async def session(browser, url: str, grownj, number: int, edits: int, start_together: asyncio.Event) -> dict:
    """One person's project: opened from its link, then `edits` new-jobs values typed, each timed and
    checked against the engine."""
    base = PROJECTS[number % len(PROJECTS)]
    scenario = grownj.Scenario.from_dict(base)
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    got = {"session": number + 1, "project": f"{base['location_tier']}, {base['industry']}", "settles": [],
           "checked": 0, "mismatches": []}
    try:
        page = await context.new_page()
        await start_together.wait()
        began = time.perf_counter()
        await page.goto(project_link(url, scenario.to_dict(), f"Session {number + 1}"))
        shown = page.get_by_test_id("stMetric").filter(has_text=bb.METRIC).get_by_test_id("stMetricValue")
        await shown.wait_for(timeout=120000)
        await page.locator(bb.FINISHED).wait_for(timeout=120000)
        got["opened"] = time.perf_counter() - began
        await page.wait_for_timeout(500)
        await page.evaluate(bb.CLOCK)
        box = page.get_by_label(LABEL, exact=True)
        for i in range(edits + 1):
            if i:  # the first look checks the project as opened
                jobs = base["new_jobs"] + 13 * i + 7 * number
                scenario = scenario.replace(new_jobs=jobs)
                before = await shown.inner_text()
                await box.fill(str(jobs))
                await box.press("Enter")
                handle = await page.wait_for_function(bb.DONE, arg=before, timeout=120000, polling=20)
                got["settles"].append((await handle.json_value())[1])
            result = grownj.evaluate(scenario, grownj.load("enacted"))
            on_screen = dollars(await shown.inner_text())
            got["checked"] += 1
            if on_screen != round(result.annual_credit):
                got["mismatches"].append(f"new jobs {scenario.new_jobs}: screen {on_screen:,}, engine "
                                         f"{result.annual_credit:,.0f}")
            await page.wait_for_timeout(300)  # a person's pause between edits
        errors = await page.get_by_test_id("stException").count()
        if errors:
            got["mismatches"].append(f"{errors} exception(s) on the page")
    finally:
        await context.close()
    return got


async def run(checkout: Path, sessions: int, edits: int) -> None:
    grownj = engine(checkout)
    bb.machine("start")
    proc, url = bb.start([str(checkout / "scripts" / "serve.py")], checkout)
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            together = asyncio.Event()
            tasks = [asyncio.create_task(session(browser, url, grownj, n, edits, together)) for n in range(sessions)]
            await asyncio.sleep(1)
            together.set()
            results = await asyncio.gather(*tasks, return_exceptions=True)
            await browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    bb.machine("end")
    print(f"\n{sessions} sessions at once on one server ({checkout}), 1280x720, each its own project from a link, "
          f"then {edits} new-jobs edits; Enter to the first frame after the run finished with the new credit:")
    settles = []
    for r in results:
        if isinstance(r, BaseException):
            print(f"  a session failed: {type(r).__name__}: {str(r).splitlines()[0][:160]}")
            continue
        settles += r["settles"]
        verdict = "all agree with the engine" if not r["mismatches"] else "; ".join(r["mismatches"])
        print(f"  session {r['session']} ({r['project']}): opened in {r['opened']:.2f} s; edits settled "
              + ", ".join(f"{s:.0f}" for s in r["settles"]) + f" ms (slowest {max(r['settles']):.0f}); "
              f"{r['checked']} figures checked, {verdict}")
    if settles:
        print(f"  all edits: median {statistics.median(settles):.0f} ms, slowest {max(settles):.0f} ms "
              f"({len(settles)} edits)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=8, help="browser sessions at once (8 by default)")
    parser.add_argument("--edits", type=int, default=4, help="new-jobs edits a session (4 by default)")
    parser.add_argument("--app", type=Path, default=HERE.parent, help="the checkout whose server is run")
    args = parser.parse_args()
    os.chdir(args.app)
    asyncio.run(run(args.app.resolve(), args.sessions, args.edits))


if __name__ == "__main__":
    main()
