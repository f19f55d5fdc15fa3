"""Benchmark of ``bml-practice``: boards per second and peak memory, bidding, with par, and aimed.

This is a measuring script, not a test: it prints figures and asserts
nothing. On the example site (its openings carry hand conditions) it times,
for each number of boards:

* plain    -- deal and bid (what ``bml-practice --json`` does without ``--par``),
* par      -- deal, bid, solve double dummy in batches on ``--jobs`` threads, score
  against par and keep the study per opening (``bml-practice --par``),
* sequence -- deal boards aimed at a rare sequence (``--sequence 3D`` by default: random
  deals open 3D about once in 170 boards) and bid them,
* opponents -- deal and bid with East-West bidding by the example site's opponents' notes
  (``bml-practice --opponents example_site/opponents/natural.bml --json``): beside
  ``plain``, what a second system at the table costs.

Each measurement runs in a process of its own, so that its peak resident
memory (``ru_maxrss``) is its own; ``base MB`` is that process's memory once
the notes are read, ``peak MB`` its peak: a flat ``peak - base`` from 100 to
10,000 boards shows that the boards stream. ``boards/s`` counts the boards
over the wall time of the loop (the notes are read before the clock starts);
``CPU ms/board`` the processor time of all its threads per board, which a
busy machine does not inflate: two idle cores give ``2000 / CPU ms`` boards/s
at most.

Usage::

    python benchmarks/bench_practice.py                       # 100, 1,000, 10,000 boards; par at 100, 1,000
    python benchmarks/bench_practice.py --sizes 100 1000 --par-sizes 100 --jobs 2
    python benchmarks/bench_practice.py --sequence 2D --cases sequence
    python benchmarks/bench_practice.py --cases plain opponents --sizes 1000 10000
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "example_site"
OPPONENTS = SITE / "opponents" / "natural.bml"


def measure(case: str, boards: int, jobs: int, sequence: str, seed: int) -> dict[str, float]:
    """One measurement, in this process: the figures as a dict."""
    warnings.simplefilter("ignore", DeprecationWarning)
    from sphinx_bml.language.notation import parse_reference
    from sphinx_bml.practice import Robot
    from sphinx_bml.practice.aiming import aimed
    from sphinx_bml.practice.dealing import solve, stream
    from sphinx_bml.practice.study import Played, Study
    from sphinx_bml.sphinx.project import read_project
    from sphinx_bml.versions.reading import read_notes

    (system,) = read_project(SITE).systems.values()
    robot = Robot(system)
    if case == "opponents":
        robot = Robot(system, opponents=read_notes(OPPONENTS, SITE)[0])
    list(stream(1, seed))  # endplay loaded before the clock starts
    before = resource.getrusage(resource.RUSAGE_SELF)
    base = before.ru_maxrss
    start = time.perf_counter()
    if case in ("plain", "opponents"):
        for board in stream(boards, seed):
            robot.bid(board)
    elif case == "par":
        study = Study()
        bid = ((board, robot.bid(board)) for board in stream(boards, seed))
        for (board, auction), solved in solve(bid, lambda item: item[0], jobs):
            study.add(Played.of(board, auction, solved))
    else:
        for board in aimed(robot, parse_reference(sequence).sequence, boards, seed):
            robot.bid(board)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return {"boards": boards, "seconds": seconds, "cpu": cpu, "base_kb": base, "peak_kb": after.ru_maxrss}


def in_a_process(case: str, boards: int, jobs: int, sequence: str, seed: int) -> dict[str, float]:
    arguments = [sys.executable, __file__, "--one", case, str(boards), "--jobs", str(jobs)]
    arguments += ["--sequence", sequence, "--seed", str(seed)]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(arguments, capture_output=True, text=True, check=True, env=environment)
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000], help="boards, plain and sequence")
    parser.add_argument("--par-sizes", type=int, nargs="+", default=[100, 1000], help="boards with par")
    parser.add_argument("--cases", nargs="+", default=["plain", "par", "sequence", "opponents"])
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--sequence", default="3D")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--one", nargs=2, metavar=("CASE", "BOARDS"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.one:
        case, boards = options.one
        print(json.dumps(measure(case, int(boards), options.jobs, options.sequence, options.seed)))
        return
    load = os.getloadavg()[0]
    print(f"bml-practice on {SITE.name}, --jobs {options.jobs}, {os.cpu_count()} cores, load {load:.1f}")
    print()
    print("| case | boards | seconds | boards/s | CPU ms/board | base MB | peak MB | peak - base MB |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for case in options.cases:
        sizes = options.par_sizes if case == "par" else options.sizes
        label = f"sequence {options.sequence}" if case == "sequence" else case
        for boards in sizes:
            figures = in_a_process(case, boards, options.jobs, options.sequence, options.seed)
            rate = figures["boards"] / figures["seconds"] if figures["seconds"] else float("inf")
            base, peak = figures["base_kb"] / 1024, figures["peak_kb"] / 1024
            print(
                f"| {label} | {boards:,} | {figures['seconds']:.3f} | {rate:,.1f} "
                f"| {1000 * figures['cpu'] / figures['boards']:,.1f} | {base:.1f} | {peak:.1f} "
                f"| {peak - base:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
