"""Speed and memory of `python -m grownj batch` on 1,000,000 rows: the command's wall time and
peak resident memory, for this checkout and (with --before REF) the code at REF, interleaved
round by round, with the sha256 of each output (they must agree); then where the time goes
(reading, the engine with and without its reasons, writing) in one process, first.
Prints figures; asserts nothing (compare within one run: the machine is shared)."""
from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(ROOT))

# Text a spreadsheet would run, text that needs quoting, and a plain signed number.
TRICKY = ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "-5", 'say "hi"', "a, b", "two\nlines", " x", "\tt"]


def csv_path(rows: int) -> Path:
    return Path(f"/tmp/grownj_batch_{rows}.csv")


def make_csv(rows: int, seed: int = 11) -> Path:
    """The scenarios of scripts/benchmark.py as a CSV (229 bytes a row), with a `company` column
    carried through, one row in a hundred bad (an error) and one in a hundred with tricky text.
    Written once per size into /tmp."""
    path = csv_path(rows)
    if path.exists():
        return path
    import numpy as np
    from benchmark import random_frame

    rng = np.random.default_rng(seed)
    frame = random_frame(rows)
    company = np.char.add("c", np.arange(rows).astype(str)).astype(object)
    odd = rng.random(rows) < 0.01
    company[odd] = rng.choice(np.array(TRICKY, dtype=object), int(odd.sum()))
    frame.insert(0, "company", company)
    frame["new_jobs"] = frame["new_jobs"].astype(object)
    frame.loc[rng.random(rows) < 0.01, "new_jobs"] = "abc"
    frame.to_csv(path.with_suffix(".tmp"), index=False)
    path.with_suffix(".tmp").rename(path)
    return path


def run_command(tree: Path, source: Path, sink: Path) -> tuple[float, float, str, str]:
    """(wall seconds, peak resident MB, sha256 of the output, stderr) of one `batch --progress`."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "grownj", "batch", str(source), str(sink), "--progress"],
                             cwd=tree, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    err = child.stderr.read()
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{tree}: exit {child.returncode}: {err}")
    with sink.open("rb") as output:
        digest = hashlib.file_digest(output, "sha256").hexdigest()
    return wall, usage.ru_maxrss / 1024, digest, err


def checkout(ref: str) -> Path:
    """The tree at `ref` (a commit), extracted once into /tmp."""
    commit = subprocess.run(["git", "rev-parse", ref], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    tree = Path(f"/tmp/grownj-before-{commit[:10]}")
    if not tree.exists():
        tree.mkdir()
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def stages(source: Path, rounds: int) -> None:
    """Where the time goes, in this process: each stage on the whole file, chunk by chunk."""
    import io

    import pandas as pd

    from grownj.engine import batch
    from grownj.engine.export import csv_bytes, to_csv
    from grownj.engine.frame import evaluate_frame

    def old_chunks():
        return pd.read_csv(source, dtype=str, keep_default_na=False, chunksize=batch.CHUNK_ROWS)

    def new_chunks():
        return batch.chunks(str(source), batch.CHUNK_ROWS)

    figures: dict[str, list[float]] = {}

    def timed(name, fn):
        start = time.perf_counter()
        fn()
        figures.setdefault(name, []).append(time.perf_counter() - start)

    for _ in range(rounds):
        chunks = list(new_chunks())
        timed("read, pandas read_csv", lambda: sum(len(c) for c in old_chunks()))
        timed("read, pyarrow (batch.chunks)", lambda: sum(len(c) for c in new_chunks()))
        results = []
        timed("engine, evaluate_frame with reasons", lambda: results.extend(evaluate_frame(c) for c in chunks))
        timed("engine, evaluate_frame reasons=False", lambda: [evaluate_frame(c, reasons=False) for c in chunks])
        timed("write, pandas to_csv", lambda: [to_csv(r, path_or_buf=io.StringIO()) for r in results])
        timed("write, export.csv_bytes", lambda: [csv_bytes(r, header=False) for r in results])
        del chunks, results
    for name, times in figures.items():
        print(f"  {name:40s} {min(times):6.2f}-{max(times):6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", metavar="REF", help="also time the code at this commit, interleaved")
    parser.add_argument("--stages", action="store_true", help="only the per-stage split, in this process")
    args = parser.parse_args()
    if args.stages:
        source = make_csv(args.rows)
        print(f"{source}: {args.rows:,} rows, {source.stat().st_size / 1e6:.0f} MB")
        stages(source, args.rounds)
        return
    # This process stays small (the table is made in the child that times the stages, first): a
    # command's peak memory as the system reports it is at least its parent's at the fork.
    print("stages (this checkout, in one process):")
    subprocess.run([sys.executable, __file__, "--rows", str(args.rows), "--rounds", str(args.rounds), "--stages"],
                   check=True)
    source = csv_path(args.rows)
    trees = {"this checkout": ROOT}
    if args.before:
        trees = {f"before ({args.before})": checkout(args.before), **trees}
    figures = {name: [] for name in trees}
    digests = {name: set() for name in trees}
    for round_ in range(args.rounds):
        for name, tree in trees.items():
            wall, peak, digest, _ = run_command(tree, source, Path(f"/tmp/grownj_batch_out_{round_ % 2}.csv"))
            figures[name].append((wall, peak))
            digests[name].add(digest)
            print(f"  round {round_ + 1} {name:30s} {wall:6.2f} s {peak:6.0f} MB peak  sha256 {digest[:16]}")
    for name, runs in figures.items():
        walls, peaks = [w for w, _ in runs], [p for _, p in runs]
        print(f"{name:30s} wall {min(walls):.2f}-{max(walls):.2f} s, peak {min(peaks):.0f}-{max(peaks):.0f} MB")
    if args.before:
        before, after = (figures[name] for name in trees)
        ratios = [b[0] / a[0] for b, a in zip(before, after)]
        print(f"speed-up, round by round: {min(ratios):.1f}-{max(ratios):.1f}x")
    same = len(set().union(*digests.values())) == 1
    print("outputs: the same bytes in every run" if same else f"outputs DIFFER: {digests}")


if __name__ == "__main__":
    main()
