"""Speed of grownj: evaluate (one scenario, validated, explained) and evaluate_frame (1,000,000
scenarios), against a yardstick: a plain Python loop of scalar arithmetic for the same rules.
Prints figures; asserts nothing (machines here are noisy: compare the ratios of one run).
`--mixed`: the default call, reasons and all, on 200,000 scenarios of which about a fifth fail.
`--before REF`: evaluate_frame without reasons on the same 200,000, this checkout's against the code
at REF's, both against the loop in interleaved rounds, by the wall clock and by CPU time.
`--awards`: the 49 awards reported at approval through `python -m grownj awards` (explained by the
engine run backwards, with both net benefit views), in this process and end to end."""
from __future__ import annotations

import math
import os
import sys
import time
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).parents[1]))
sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
import grownj  # noqa: E402
from grownj.engine.frame import columns_from_frame  # noqa: E402
from grownj.law import enacted  # noqa: E402
from grownj.rules import compute  # noqa: E402
from scalar_reference import MIXED_N, mixed_frame, random_frame, yardstick  # noqa: E402

N = 1_000_000


def timed(fn, *args, repeat: int = 1):
    """Best of `repeat` runs (the least disturbed by other work on the machine) and the value."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn(*args)
        best = min(best, time.perf_counter() - start)
    return best, value


ROUNDS = 5


def disagreements(loop_out: list[tuple], frame: pd.DataFrame) -> int:
    """Rows where the yardstick's eligibility or annual credit (to the cent) is not the engine's:
    the comparison means nothing unless both compute the same thing."""
    return sum(a[0] != b or abs(a[1] - c) > 0.005 + 1e-9 * c
               for a, b, c in zip(loop_out, frame["eligible"], frame["annual_credit"]))


def evaluate_times(df: pd.DataFrame, calls: int = 2000) -> list[float]:
    """Each of the first `calls` rows through `evaluate` (validated, explained), sorted times."""
    scalar_rows = df.iloc[:calls].to_dict("records")
    for row in scalar_rows:  # JSON types, as a caller would pass them
        for k, v in row.items():
            row[k] = None if isinstance(v, float) and math.isnan(v) else v.item() if hasattr(v, "item") else v
    grownj.evaluate(scalar_rows[0])
    return sorted(timed(grownj.evaluate, row)[0] for row in scalar_rows)


def mixed() -> None:
    """The batch's default call against the yardstick on MIXED_N scenarios of which about one in
    five fails eligibility (so gets its reasons), round by round in alternation."""
    df = mixed_frame()
    rows = df.to_dict("records")
    grownj.evaluate_frame(df)  # untimed: the first call pays for the memory the process takes
    runs = {"loop": lambda: yardstick(rows), "reasons": lambda: grownj.evaluate_frame(df),
            "rules": lambda: grownj.evaluate_frame(df, None, False)}
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(ROUNDS):
        for name, run in runs.items():
            seconds[name].append(timed(run)[0])
    frame = grownj.evaluate_frame(df)
    failing = int((~frame["eligible"].astype(bool)).sum())
    loop_out = yardstick(rows)
    print(f"{MIXED_N:,} mixed scenarios, {failing:,} failing ({failing / MIXED_N:.0%}); yardstick vs "
          f"evaluate_frame: {disagreements(loop_out, frame)} rows differ; {ROUNDS} interleaved rounds")
    print(f"yardstick loop:                 {', '.join(f'{t:.3f}' for t in seconds['loop'])} s")
    for name, label in (("reasons", "evaluate_frame (reasons):"), ("rules", "evaluate_frame reasons=False:")):
        ratios = sorted(loop / t for loop, t in zip(seconds["loop"], seconds[name]))
        print(f"{label:<31} {', '.join(f'{t:.3f}' for t in seconds[name])} s; ratio to the loop "
              f"{ratios[0]:.1f}-{ratios[-1]:.1f}x (median {ratios[len(ratios) // 2]:.1f}x; target >= 20x)")
    times = evaluate_times(df)
    print(f"evaluate (validated, explained), {len(times):,} calls: median {times[len(times) // 2] * 1e6:.0f} us, "
          f"p95 {times[len(times) * 95 // 100] * 1e6:.0f} us (target < 1,000 us)")


def main() -> None:
    df = random_frame(N)
    loop_rows = df.iloc[:100_000].to_dict("records")
    # One untimed run of each first: the first million-row call also pays for the memory the
    # process takes from the system.
    grownj.evaluate_frame(df, None, False)
    yardstick(loop_rows)
    # The engine and the loop in alternation, so that each round compares them on the same
    # machine minute (the machine's speed drifts from one minute to the next).
    frame_times, loop_times = [], []
    for _ in range(ROUNDS):
        frame_round, frame = timed(grownj.evaluate_frame, df, None, False)
        loop_round, loop_out = timed(yardstick, loop_rows)
        frame_times.append(frame_round)
        loop_times.append(loop_round)
    frame_s, loop_s = min(frame_times), min(loop_times)
    ratios = sorted(loop / len(loop_rows) / (frame / N) for frame, loop in zip(frame_times, loop_times))
    frame_reasons_s, _ = timed(grownj.evaluate_frame, df, repeat=2)
    # The rules alone, on columns already read and validated: what the yardstick loop does.
    cols, _, _ = columns_from_frame(df)
    rules_s, _ = timed(compute, cols, enacted(), repeat=3)
    # The yardstick must compute what the engine computes, or the comparison means nothing.
    print(f"yardstick vs evaluate_frame: {disagreements(loop_out, frame)} of {len(loop_rows):,} rows differ")
    loop_per = loop_s / len(loop_rows)
    times = evaluate_times(df)
    print(f"(times are the best of {ROUNDS} rounds, or of 2 or 3 runs)")
    print(f"evaluate_frame, {N:,} scenarios, no reasons:   {frame_s:6.2f} s  {N / frame_s:>12,.0f} /s  "
          f"{frame_s / N * 1e6:6.2f} us each")
    print(f"evaluate_frame, {N:,} scenarios, with reasons: {frame_reasons_s:6.2f} s  {N / frame_reasons_s:>12,.0f} /s  "
          f"({int((~frame['eligible'].astype(bool)).sum()):,} ineligible rows get sentences)")
    print(f"plain Python loop (yardstick), 100,000 rows:  {loop_s:6.2f} s  {1 / loop_per:>12,.0f} /s  "
          f"{loop_per * 1e6:6.2f} us each")
    print(f"ratio loop / evaluate_frame per scenario: {loop_per / (frame_s / N):.1f}x without reasons, "
          f"{loop_per / (frame_reasons_s / N):.1f}x with reasons (target >= 20x)")
    print(f"  the same ratio round by round: {', '.join(f'{r:.1f}x' for r in ratios)} "
          f"(median {ratios[len(ratios) // 2]:.1f}x)")
    print(f"the rules alone (rules.compute on validated columns, no reading or output): {rules_s:.2f} s, "
          f"{rules_s / N * 1e6:.2f} us each, {loop_per / (rules_s / N):.1f}x the loop")
    from grownj.economics.risk import RiskInputs, simulate
    project = {"location_tier": "uth", "new_jobs": 500, "retained_jobs": 100, "capital_investment": 6e7}
    risk_inputs = RiskInputs(paths=10_000, volatility=0.1, cut_probability=0.03, statewide_volatility=0.05)
    risk_s, _ = timed(simulate, project, risk_inputs, repeat=5)
    print(f"risk.simulate, 10,000 paths x 10 years, with net benefit: {risk_s * 1000:.0f} ms (target < 200 ms)")
    print(f"evaluate (validated, explained), 2,000 calls: median {times[1000] * 1e3:.3f} ms, "
          f"p95 {times[1900] * 1e3:.3f} ms (target < 1 ms)")


def frame_before(ref: str) -> None:
    """evaluate_frame without reasons on MIXED_N scenarios, this checkout's and the code at `ref`'s
    (its own grownj, imported beside this one), against the loop in interleaved rounds: by the wall
    clock, and by the CPU time the process spent (both threads), which other work on a shared
    machine disturbs far less, though it cannot show what the second thread gains."""
    sys.path.insert(0, str(Path(__file__).parent))
    from benchmark_batch import checkout
    from load_benchmark import engine

    df = mixed_frame()
    rows = df.to_dict("records")
    frames = {"this checkout": grownj.evaluate_frame, f"before ({ref})": engine(checkout(ref)).evaluate_frame}
    for run in frames.values():
        run(df, None, False)  # untimed: the first call pays for the memory the process takes
    clocks = {"wall": time.perf_counter, "CPU": time.process_time}
    ratios = {(name, clock): [] for name in frames for clock in clocks}
    for round_ in range(ROUNDS + 2):
        for clock, now in clocks.items():
            start = now()
            yardstick(rows)
            loop = now() - start
            for name in (list(frames) if round_ % 2 else list(frames)[::-1]):
                best = float("inf")
                for _ in range(3):
                    start = now()
                    frames[name](df, None, False)
                    best = min(best, now() - start)
                ratios[name, clock].append(loop / best)
    print(f"evaluate_frame reasons=False, {MIXED_N:,} mixed scenarios, against the loop, {ROUNDS + 2} interleaved "
          f"rounds (each the best of 3 calls); load average {os.getloadavg()[0]:.1f}")
    for (name, clock), found in ratios.items():
        found.sort()
        print(f"  {name:30s} by {clock:4s}: {found[0]:.1f}-{found[-1]:.1f}x (median {found[len(found) // 2]:.1f}x; "
              "target >= 20x by the wall clock)")


# `python -m grownj awards` over the 49 awards, end to end (start, read, explain, both net benefit
# views, JSON): its target, 10 s for the 49.
AWARDS_TARGET_S = 10.0
AWARDS_ROUNDS = 3


def awards() -> None:
    """The 49 awards reported at approval: each record (explain-award, then both net benefit views)
    timed in this process, then `python -m grownj awards` end to end, best of AWARDS_ROUNDS runs."""
    import json
    import subprocess

    from grownj.awards.approvals import AWARDS_FILE, read_awards, record
    start = time.perf_counter()
    seconds, outcomes, printed = [], {}, []
    for award in read_awards(AWARDS_FILE):
        took, r = timed(lambda: record(award).to_dict())
        seconds.append((took, award.company))
        outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
        printed.append(r)
    json.dumps(printed, default=str)
    total = time.perf_counter() - start
    slowest, who = max(seconds)
    print(f"awards in this process, {len(seconds)} awards: {total:.1f} s in all; slowest {slowest:.2f} s "
          f"({who}); median {sorted(seconds)[len(seconds) // 2][0]:.2f} s")
    print("outcomes: " + ", ".join(f"{kind} {n}" for kind, n in sorted(outcomes.items())))
    runs = []
    for _ in range(AWARDS_ROUNDS):
        begin = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "grownj", "awards", str(AWARDS_FILE)], capture_output=True,
                             cwd=Path(__file__).parents[1], check=True)
        runs.append(time.perf_counter() - begin)
    assert len(json.loads(out.stdout)) == len(seconds)
    print(f"python -m grownj awards, {len(seconds)} awards, end to end: best {min(runs):.1f} s, runs "
          f"{', '.join(f'{t:.1f}' for t in runs)} s (target {AWARDS_TARGET_S:.0f} s)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--before"]:
        frame_before(sys.argv[2])
    else:
        {"--mixed": mixed, "--awards": awards}.get(" ".join(sys.argv[1:]), main)()
