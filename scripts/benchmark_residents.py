"""Speed of the residents' benefit-cost view (grownj/economics/residents.py): 10,000 draws of one
project (target at most 200 ms) and the 12 calibration awards x 10,000 draws as a portfolio
(target at most 3 s), the two interleaved round by round, with the machine's load and the other
heavy processes printed beside them (the machine is shared). Prints figures; asserts nothing.
Then the calculator's Monte Carlo on its default project (`Residents.uncertainty`, what an edit
recomputes), medians over rounds; with --before REF, the code at REF too, interleaved round by
round in this process, and the two bands side by side. Then the 12 awards' economist view: point
NPV and median, the chance the expected gain is positive (over the assumptions) and the deal's
(tipped or not), 5-95% band."""
from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from grownj.economics import calibration, residents  # noqa: E402
from grownj.economics.net_benefit import default_assumptions, economist_inputs  # noqa: E402

DRAWS = 10_000


def awards_inputs() -> list[residents.Inputs]:
    """Each calibration award as the authority assessed it: its award over its published horizon."""
    a = default_assumptions()
    return [economist_inputs(c.project, a, c.jobs, c.credit) for c in calibration.cases()]


def others() -> str:
    """What else was running: the load average and the busiest processes but this one."""
    top = subprocess.run(["ps", "-eo", "pid,pcpu,etime,args", "--sort=-pcpu"], capture_output=True, text=True)
    mine = str(os.getpid())
    busy = [line for line in top.stdout.splitlines()[1:6] if line.split()[0] != mine]
    return f"load {os.getloadavg()[0]:.2f}; " + " | ".join(" ".join(line.split())[:70] for line in busy)


def before(ref: str):
    """grownj/economics/residents.py as it was at `ref`, loaded beside this checkout's (its other
    modules are this checkout's)."""
    root = Path(__file__).parents[1]
    text = subprocess.run(["git", "show", f"{ref}:grownj/economics/residents.py"], cwd=root, capture_output=True,
                          text=True, check=True).stdout
    name = "grownj.economics.residents_before"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "residents_before.py"
        path.write_text(text)
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module


def default_project() -> residents.Residents:
    """The calculator's opening project as its Net benefit side builds it (grownj/ui/state_side.py
    `views`): the default scenario under its law, both views at the default assumptions."""
    from grownj.awards.approvals import approved_total
    from grownj.economics.net_benefit import views
    from grownj.engine.evaluation import evaluate
    from grownj.law import load
    from grownj.ui.state import DEFAULT_LAW, START
    from grownj.ui.state_side import _case

    result = evaluate(START.scenario, load(DEFAULT_LAW))
    return views(_case(result, approved_total(START.name), None, START.name), default_assumptions()).economist.residents


def calculator(rounds: int, ref: str | None) -> None:
    """The default project's `Residents.uncertainty`, this checkout's and (with `ref`) the code at ref's,
    interleaved round by round: medians, and the two bands (they should agree to rounding)."""
    r = default_project()
    versions = {"this checkout": residents}
    if ref:
        versions = {f"before ({ref})": before(ref), **versions}

    def fresh(module):  # a new Residents each time: its Monte Carlo is a cached property
        return module.Residents(**{f.name: getattr(r, f.name) for f in dataclasses.fields(r)})
    for module in versions.values():
        fresh(module).uncertainty  # noqa: B018 (imports and tables, outside the timing)
    print(f"\ncalculator's default project, {r.draws:,} draws, horizon {r.inputs.horizon}; before: {others()}")
    times: dict[str, list[float]] = {name: [] for name in versions}
    for _ in range(rounds):
        for name, module in versions.items():
            times[name].append(timed(lambda: fresh(module).uncertainty))
    for name, figures in times.items():
        print(f"  {name:28} median {statistics.median(figures) * 1000:6.1f} ms  "
              f"(min {min(figures) * 1000:.1f}, max {max(figures) * 1000:.1f}, {rounds} rounds)")
    if ref:
        first, last = (statistics.median(figures) for figures in times.values())
        print(f"  {first / last:.1f}x faster")
    for name, module in versions.items():
        print(f"  {name:28} {fresh(module).uncertainty}")
    print(f"after: {others()}")


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calculator-rounds", type=int, default=41)
    parser.add_argument("--before", metavar="REF", help="also time the calculator's Monte Carlo at this commit")
    parser.add_argument("--calculator-only", action="store_true", help="only the calculator's default project")
    args = parser.parse_args()
    calculator(args.calculator_rounds, args.before)
    if args.calculator_only:
        return
    projects = awards_inputs()
    one = projects[0]
    residents.residents(one, draws=100).uncertainty  # the assumption table is read once, outside the timing
    print(f"before: {others()}")
    singles, portfolios = [], []
    for i in range(args.rounds):
        singles.append(timed(lambda: residents.residents(one, draws=DRAWS, seed=i).uncertainty))
        portfolios.append(timed(lambda: residents.portfolio(projects, draws=DRAWS, seed=i)))
        print(f"round {i + 1}: one project x {DRAWS:,} draws {singles[-1] * 1000:7.1f} ms; "
              f"{len(projects)} projects x {DRAWS:,} draws {portfolios[-1]:6.3f} s")
    print(f"best: one project {min(singles) * 1000:.1f} ms (target 200); "
          f"portfolio {min(portfolios):.3f} s (target 3)")
    print(f"after: {others()}")
    result = residents.portfolio(projects, draws=DRAWS, seed=0)
    print(f"\n{'award':28} {'NPV $M':>9} {'median $M':>9} {'but-for':>8} {'P(E>0)':>6} {'P(deal)':>7} "
          f"{'p5 $M':>9} {'p95 $M':>9}")
    for w, e in zip(calibration.awards(), result.projects):
        d = e.to_dict()
        print(f"{w.company[:28]:28} {d['npv'] / 1e6:9.1f} {d['npv_median'] / 1e6:9.1f} {d['but_for_new']:8.3f} "
              f"{d['probability_positive']:6.3f} {d['probability_deal_positive']:7.3f} {d['npv_band'][0] / 1e6:9.1f} "
              f"{d['npv_band'][1] / 1e6:9.1f}")
    t = result.total
    print(f"{'portfolio':28} {result.total_npv / 1e6:9.1f} {t.p50 / 1e6:9.1f} {'':>8} {t.probability_positive:6.3f} "
          f"{t.probability_deal_positive:7.3f} {t.p5 / 1e6:9.1f} {t.p95 / 1e6:9.1f}")


if __name__ == "__main__":
    main()
