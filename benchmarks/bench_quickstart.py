"""How long from ``bml-quickstart`` to a built site: the wall-clock seconds of
``bml-quickstart --yes``, then of the HTML build of what it wrote (the command
Getting started gives), and with ``--pdf`` of the PDF before it, as the GitHub
Pages workflow builds them. The installing of sphinx-bml is left out: it is the
network's time, not ours.

    python benchmarks/bench_quickstart.py --runs 3 [--pdf] [--systems "Precision, 2/1"]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return elapsed


def one_run(folder: Path, pdf: bool, systems: str | None) -> dict[str, float]:
    quickstart = [str(Path(sys.executable).with_name("bml-quickstart")), "--yes", "notes-repository"]
    if systems:
        quickstart += ["--systems", systems]
    sphinx = [sys.executable, "-m", "sphinx"]
    repository = folder / "notes-repository"
    figures = {"bml-quickstart": timed(quickstart, folder)}
    if pdf:
        figures["PDF"] = timed([*sphinx, "-M", "latexpdf", "notes", "notes/_build"], repository)
    figures["site"] = timed([*sphinx, "-M", "html", "notes", "notes/_build", "-W"], repository)
    figures["total"] = sum(figures.values())
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="median of this many runs (3)")
    parser.add_argument("--pdf", action="store_true", help="make the PDF too, before the site (needs TeX Live)")
    parser.add_argument("--systems", help="several systems, as bml-quickstart --systems takes them")
    options = parser.parse_args()
    if options.pdf and shutil.which("latexmk") is None:
        sys.exit("--pdf needs TeX Live's latexmk")
    runs = []
    for _ in range(options.runs):
        with tempfile.TemporaryDirectory() as folder:
            runs.append(one_run(Path(folder), options.pdf, options.systems))
    steps = list(runs[0])
    print(f"From bml-quickstart to a built site: median of {options.runs}, wall-clock seconds")
    print()
    print("| " + " | ".join(steps) + " |")
    print("|" + "---:|" * len(steps))
    print("| " + " | ".join(f"{statistics.median(run[step] for run in runs):.2f}" for step in steps) + " |")


if __name__ == "__main__":
    main()
