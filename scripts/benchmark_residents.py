"""Speed of the residents' benefit-cost view (grownj/economics/residents.py): 10,000 draws of one
project (target at most 200 ms) and the 12 calibration awards x 10,000 draws as a portfolio
(target at most 3 s), the two interleaved round by round, with the machine's load and the other
heavy processes printed beside them (the machine is shared). Prints figures; asserts nothing.
Then the 12 awards' economist view: point NPV and median, the chance the expected gain is
positive (over the assumptions) and the deal's (tipped or not), 5-95% band."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
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


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
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
