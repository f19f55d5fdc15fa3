"""How long commands take to read a project as the build does (``bml-practice``, ``bml-check``).

Reads the example site and the documentation with
:func:`sphinx_bml.sphinx.project.read_project` (Sphinx's reading phase into a
temporary folder), best of N runs, and prints the time, the meanings of the
site's systems and the warnings.

Run: python benchmarks/bench_project_reading.py [RUNS]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from sphinx_bml.sphinx.project import read_project

ROOT = Path(__file__).resolve().parent.parent
PROJECTS = {"example_site": ROOT / "example_site", "docs": ROOT / "docs"}


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"| project | best of {runs} (s) | meanings | warnings |")
    print("| --- | ---: | ---: | ---: |")
    for name, folder in PROJECTS.items():
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            project = read_project(folder)
            times.append(time.perf_counter() - start)
        meanings = sum(len(list(system)) for system in project.systems.values())
        print(f"| {name} | {min(times):.2f} | {meanings:,} | {len(project.reported)} |")


if __name__ == "__main__":
    main()
