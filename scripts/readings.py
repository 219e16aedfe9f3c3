"""The readings the awards settle: each of the 40 awards with an award figure
(grownj/awards/grow_nj_awards.csv) run backwards under each reading of the open questions, under the law
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

# Each open question: the parameter, (the value kept, its words), (the other value, its words).
READINGS = {
    "retained_full_in_growth_zone": ((True, "s.5 e(2): retained jobs in a growth zone at 100%"),
                                     (False, "at 50%, one-tenth limit")),
    "bonus_c5_in_growth_zone": ((True, "s.5 c(5): paid beside c(10) in a growth zone"),
                                (False, "c(10) alone (never both)")),
}
# The questions the fourth read opened, each tried alone against the readings kept.
ALONE = {
    "bonus_industrial_nonindustrial_industries": (
        ((), "s.5 c(5), c(10) as enacted: warehousing and logistics premises are industrial, as in s.3 b"),
        (("logistics", "warehouse_distribution"), "warehousing and logistics premises earn no industrial bonus")),
    "amount_necessary_tests_limited": (
        (True, "s.5 f: the amount necessary reviews an application whose capped credit exceeds $4,000,000"),
        (False, "the uncapped amount is tested")),
    "growth_credit_per_job": (
        ("base", "s.6 d(4)(a): each employee above the agreement earns the base amount"),
        ("gross", "the gross amount a new job earns")),
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


def _row(words: list[str], found: dict[str, int], kept: dict[str, int]) -> str:
    worse = sorted(f"{n} ({kept[n]} to {found.get(n, 'none')})" for n in kept if found.get(n, 99) > kept[n])
    return (f"| {' | '.join(words)} | {len(found)} | {sum(k <= 3 for k in found.values())} "
            f"| {sum(found.values())} | {'; '.join(worse) or '(none)'} |")


def _header(names, with_figure: int) -> str:
    return ("| " + " | ".join(names) + f" | reproduced or explained (of {with_figure}) "
            "| with at most three assumptions | assumptions in all | awards that need more assumptions than under "
            "the readings kept |\n|" + "---|" * (len(names) + 4))


def main() -> None:
    with_figure = sum(a.award_total is not None for a in approvals.approved_awards())
    start = time.perf_counter()
    rows = {}
    for choice in itertools.product((0, 1), repeat=len(READINGS)):
        rows[choice] = reproduced({n: READINGS[n][c][0] for n, c in zip(READINGS, choice)})
    kept = rows[(0,) * len(READINGS)]
    print(_header(READINGS, with_figure))
    for choice, found in rows.items():
        print(_row([READINGS[n][c][1] for n, c in zip(READINGS, choice)], found, kept))
    print("\n" + _header(["question", "reading"], with_figure))
    for name, readings in ALONE.items():
        for c, (value, words) in enumerate(readings):
            found = kept if c == 0 else reproduced({name: value})
            print(_row([f"`{name}`", words + (" (kept)" if c == 0 else "")], found, kept))
    print(f"\n({time.perf_counter() - start:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
