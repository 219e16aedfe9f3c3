"""Fit the statutory view of the net benefit test to the awards whose net benefit was published.

    python scripts/calibrate_net_benefit.py          # fit, leave one out, print, write grownj/economics/net_benefit_calibrated.yaml
    python scripts/calibrate_net_benefit.py --check  # print the stored fit; exit 1 if a new fit differs

The fit moves only the parameters in grownj.economics.calibration.FITTED (the ones the awards identify); the
others stay at their sourced values in grownj/economics/net_benefit_assumptions.yaml. Each award is then
predicted by a fit on the other awards (leave-one-out); the median absolute log error of those
predictions is stored as the band of the three-way verdict."""
from __future__ import annotations

import argparse
import math
import sys
from datetime import date
from pathlib import Path

import numpy as np
import yaml

sys.path.insert(0, str(Path(__file__).parents[1]))

from grownj.economics import calibration  # noqa: E402
from grownj.economics.assumptions import CALIBRATED_FILE  # noqa: E402
from grownj.economics.net_benefit import default_assumptions, model_error  # noqa: E402

HEADER = "# Written by scripts/calibrate_net_benefit.py: rerun it, do not edit by hand.\n"


def report(a, loo: dict[str, float]) -> None:
    table = calibration.fit_table(a)
    print(f"{'award':<44} {'implied':>14} {'model':>14} {'State':>14} {'local':>13} {'model/implied':>13} "
          f"{'left out':>8}  verdict")
    for row in table.itertuples():
        print(f"{row.company[:44]:<44} {row.implied_benefit:>14,.0f} {row.model_benefit:>14,.0f} "
              f"{row.model_state:>14,.0f} {row.model_local:>13,.0f} {row.model_over_implied:>13.2f} "
              f"{loo.get(row.company, math.nan):>8.2f}  {row.verdict}")
    s = calibration.summary(a)
    print(f"model / implied: median {s.median:.2f}, quartiles {s.quartiles[0]:.2f}-{s.quartiles[1]:.2f}, "
          f"range {s.low:.2f}-{s.high:.2f}; {s.passes} of {s.awards} reach the threshold with their reported award")
    if loo:
        r = np.array(list(loo.values()))
        error = calibration.median_abs_log_error(r)
        print(f"leave-one-out (each award predicted by a fit on the other {len(r) - 1}): model / implied median "
              f"{np.median(r):.2f}, range {r.min():.2f}-{r.max():.2f}; median absolute error x/ {math.exp(error):.2f} "
              f"(log {error:.3f}): the band is the benefit / {math.exp(error):.2f} to x {math.exp(error):.2f}")
    print("verdicts: " + ", ".join(f"{n} {v}" for v, n in s.verdicts.items()))
    for row in table.itertuples():
        if row.verdict != "passes":
            print(f"  {row.company}: {row.verdict}: {calibration.why_not_passing(row)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare a new fit with the stored one")
    args = parser.parse_args()
    stored = default_assumptions()
    fitted = calibration.fit(stored)
    values = {name: round(float(getattr(fitted, name)), 4) for name in calibration.FITTED}
    if args.check:
        report(stored, calibration.stored_loo())
        same = all(abs(values[n] - getattr(stored, n)) < 1e-3 for n in values)
        print("stored fit is current" if same else f"stored fit differs from a new fit: {values}")
        return 0 if same else 1
    a = stored.replace(**values)
    loo = {w.company: round(float(r), 4) for w, r in zip(calibration.awards(), calibration.leave_one_out(a))}
    error = round(calibration.median_abs_log_error(np.array(list(loo.values()))), 4)
    s = calibration.summary(a)
    today = date.today().isoformat()
    note = (f"least squares on log(model / implied benefit) over {s.awards} awards in "
            f"net_benefit_calibration.csv, the streams s.3 a(3) counts ({today}); median model/implied "
            f"{s.median:.2f}, quartiles {s.quartiles[0]:.2f}-{s.quartiles[1]:.2f}")
    CALIBRATED_FILE.write_text(HEADER + yaml.safe_dump({
        "parameters": {name: {"value": value, "source": note} for name, value in values.items()},
        "error": {"loo_median_abs_log_error": error, "loo_ratios": loo,
                  "source": f"each of the {s.awards} awards predicted by the same fit on the others ({today}); "
                            f"half fell within x/ {math.exp(error):.2f} of the authority's implied benefit"}},
        sort_keys=False, width=200))
    calibration.stored_loo.cache_clear()
    model_error.cache_clear()  # the verdicts below use the band just written
    report(a, loo)
    print(f"wrote {CALIBRATED_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
