"""Benchmark of ``--dealer-script`` against ``--sequence``: boards of one sequence, dealt by Debian's
``dealer`` running the script, or by the robot's own aiming.

This is a measuring script, not a test: it prints figures and asserts
nothing. For each sequence (the example site's practice set,
``bml_bboalert_practice``, by default) it times

* script   -- writing the dealer script (``bml-practice --dealer-script``);
* dealer   -- Debian's ``dealer`` producing ``--boards`` deals from it (the whole process,
  started and read, as a shell runs it);
* sequence -- :func:`sphinx_bml.practice.aiming.aimed` dealing ``--boards`` boards
  (``bml-practice --sequence``, the notes read before the clock starts);

and counts, of ``--check`` deals of the dealer, those the robot bids as the
sequence: all of them when the script is exact. Times are the best of ``--runs``.

Usage::

    python benchmarks/bench_dealer_script.py                          # the example site's practice set
    python benchmarks/bench_dealer_script.py --sequences 1N-2C 1C-1D --boards 100 --check 200 --runs 3
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "example_site"


def practice_set() -> list[str]:
    """The example site's ``bml_bboalert_practice``."""
    settings: dict[str, object] = {}
    exec((SITE / "conf.py").read_text(encoding="utf-8"), settings)
    found = settings.get("bml_bboalert_practice", [])
    assert isinstance(found, list)
    return [str(written) for written in found]


def run_dealer(program: str, script: Path, produce: int, seed: int) -> list[str]:
    done = subprocess.run(
        [program, "-v", "-p", str(produce), "-s", str(seed), str(script)],
        capture_output=True,
        text=True,
        check=True,
    )
    deals = []
    for line in done.stdout.splitlines():
        words = line.split()
        hands = dict(zip(words[0::2], words[1::2], strict=True))
        deals.append("N:" + " ".join(hands[seat].upper() for seat in "nesw"))
    return deals


def best(runs: int, work: object) -> float:
    assert callable(work)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sequences", nargs="+", default=None, help="default: the example site's practice set")
    parser.add_argument("--boards", type=int, default=100, help="deals each way (default 100)")
    parser.add_argument("--check", type=int, default=200, help="dealer's deals bid by the robot (default 200)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dealer", default=shutil.which("dealer") or shutil.which("dealer", path="/usr/games"))
    options = parser.parse_args()
    if options.dealer is None:
        raise SystemExit("Debian's dealer is not installed (apt-get install dealer)")

    from sphinx_bml.language.notation import parse_reference
    from sphinx_bml.practice import Robot
    from sphinx_bml.practice.aiming import aimed
    from sphinx_bml.practice.boards import Board
    from sphinx_bml.practice.dealer_script import dealer_script
    from sphinx_bml.sphinx.project import read_project

    start = time.perf_counter()
    (system,) = read_project(SITE).systems.values()
    robot = Robot(system)
    print(f"the example site read in {time.perf_counter() - start:.2f} s; best of {options.runs} runs")
    print()
    print(
        f"| sequence | exact | script (s) | dealer, {options.boards} deals (s) | --sequence, {options.boards} "
        f"boards (s) | --sequence / dealer | dealer's deals bid as the sequence |"
    )
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="bench-dealer-") as folder:
        path = Path(folder) / "script.dlr"
        for written in options.sequences or practice_set():
            sequence = parse_reference(written).sequence
            made = time.perf_counter()
            script = dealer_script(robot, sequence)
            writing = time.perf_counter() - made
            path.write_text(script.text, encoding="utf-8")
            dealing = best(options.runs, lambda: run_dealer(options.dealer, path, options.boards, 1))
            aiming = best(options.runs, lambda aimed_at=sequence: list(aimed(robot, aimed_at, options.boards, seed=1)))
            deals = run_dealer(options.dealer, path, options.check, 2)
            good = sum(
                tuple(robot.bid(Board(deal, script.dealer)).calls[: len(script.calls)]) == script.calls
                for deal in deals
            )
            print(
                f"| {written} | {'yes' if script.exact else 'no'} | {writing:.3f} | {dealing:.3f} | {aiming:.3f} | "
                f"{aiming / dealing if dealing else 0:.1f} | {good} of {len(deals)} |"
            )


if __name__ == "__main__":
    main()
