"""Fit the statutory view of the net benefit test to the awards whose net benefit was published.

    python scripts/calibrate_net_benefit.py          # fit, print, write data/net_benefit_calibrated.yaml
    python scripts/calibrate_net_benefit.py --check  # print the stored fit; exit 1 if a new fit differs

The fit moves only the parameters in grownj.calibration.FITTED (the ones the awards identify); the
others stay at their sourced values in data/net_benefit_assumptions.yaml."""
from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).parents[1]))

from grownj import calibration  # noqa: E402
from grownj.net_benefit import CALIBRATED_FILE, default_assumptions  # noqa: E402

HEADER = "# Written by scripts/calibrate_net_benefit.py: rerun it, do not edit by hand.\n"


def report(a) -> None:
    table = calibration.fit_table(a)
    print(f"{'award':<44} {'implied':>14} {'model':>14} {'model/implied':>13} {'passes':>6}")
    for row in table.itertuples():
        print(f"{row.company[:44]:<44} {row.implied_benefit:>14,.0f} {row.model_benefit:>14,.0f} "
              f"{row.model_over_implied:>13.2f} {'yes' if row.passes else 'no':>6}")
    s = calibration.summary(a)
    print(f"model / implied: median {s.median:.2f}, quartiles {s.quartiles[0]:.2f}-{s.quartiles[1]:.2f}, "
          f"range {s.low:.2f}-{s.high:.2f}; {s.passes} of {s.awards} pass with their reported award")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare a new fit with the stored one")
    args = parser.parse_args()
    stored = default_assumptions()
    fitted = calibration.fit(stored)
    values = {name: round(float(getattr(fitted, name)), 4) for name in calibration.FITTED}
    if args.check:
        report(stored)
        same = all(abs(values[n] - getattr(stored, n)) < 1e-3 for n in values)
        print("stored fit is current" if same else f"stored fit differs from a new fit: {values}")
        return 0 if same else 1
    s = calibration.summary(stored.replace(**values))
    note = (f"least squares on log(model / implied benefit) over {s.awards} awards in "
            f"data/net_benefit_calibration.csv ({date.today().isoformat()}); median model/implied "
            f"{s.median:.2f}, quartiles {s.quartiles[0]:.2f}-{s.quartiles[1]:.2f}")
    CALIBRATED_FILE.write_text(HEADER + yaml.safe_dump({"parameters": {
        name: {"value": value, "source": note} for name, value in values.items()}}, sort_keys=False, width=200))
    report(stored.replace(**values))
    print(f"wrote {CALIBRATED_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
