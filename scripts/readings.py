"""The readings the awards settle: each of the 40 awards with an award figure
(grownj/awards/grow_nj_awards.csv) run backwards under each reading of the two open questions, under the law
in force on its approval date. Prints a Markdown table for grownj/law/REGISTER.md.

    python scripts/readings.py
"""
from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grownj.awards import approvals  # noqa: E402
from grownj.awards.award_inverse import explain_award  # noqa: E402
from grownj.engine.reform import Reform  # noqa: E402

READINGS = {
    "retained_full_in_growth_zone": ("s.5 e(2): retained jobs in a growth zone at 100%", "at 50%, one-tenth limit"),
    "bonus_c5_in_growth_zone": ("s.5 c(5): paid beside c(10) in a growth zone", "c(10) alone (never both)"),
}


def reproduced(overrides: dict[str, bool]) -> dict[str, int]:
    """The awards an explanation reproduces under the law in force with these readings, each with the
    number of assumptions its simplest explanation makes (fewer: the reading fits the award better)."""
    out = {}
    for award in approvals.approved_awards():
        if award.award_total is None:
            continue
        law = Reform("reading", award.in_force.version, overrides).apply()
        e = explain_award(award.known, award.award_total, law=law, choices=award.choices)
        if e.reproduced:
            out[award.company] = len(e.explanations[0].fields)
    return out


def main() -> None:
    with_figure = sum(a.award_total is not None for a in approvals.approved_awards())
    start = time.perf_counter()
    rows = {}
    for values in itertools.product((True, False), repeat=len(READINGS)):
        rows[values] = reproduced(dict(zip(READINGS, values)))
    kept = rows[(True,) * len(READINGS)]
    print("| " + " | ".join(name for name in READINGS) + f" | reproduced or explained (of {with_figure}) "
          "| with at most three assumptions | assumptions in all | awards that need more assumptions than under "
          "the readings kept |")
    print("|" + "---|" * (len(READINGS) + 4))
    for values, found in rows.items():
        words = [READINGS[n][0 if v else 1] for n, v in zip(READINGS, values)]
        worse = sorted(f"{n} ({kept[n]} to {found.get(n, 'none')})" for n in kept if found.get(n, 99) > kept[n])
        print(f"| {' | '.join(words)} | {len(found)} | {sum(k <= 3 for k in found.values())} "
              f"| {sum(found.values())} | {'; '.join(worse) or '(none)'} |")
    print(f"\n({time.perf_counter() - start:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
