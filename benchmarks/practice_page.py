"""How fast a practice page deals: boards kept per second (deals tried, bid through, and the ones kept),
and how many questions the kept boards ask, on the example site.

Run: python benchmarks/practice_page.py [BOARDS]
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

from sphinx_bml.practice.quiz import practice_quizzes
from sphinx_bml.sphinx.project import read_project

SITE = Path(__file__).resolve().parent.parent / "example_site"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    (system,) = read_project(SITE).systems.values()
    start = time.perf_counter()
    kept = list(practice_quizzes(system, count, seed=1, seat="S"))
    elapsed = time.perf_counter() - start
    print(f"{len(kept)} practice boards in {elapsed:.2f} s: {len(kept) / elapsed:.0f} boards per second")
    asked = Counter(len(quiz.questions) for quiz in kept)
    print("questions per board: " + ", ".join(f"{n}: {asked[n]} boards" for n in sorted(asked)))
    off = sum(quiz.ending.off_notes for quiz in kept)
    print(f"boards whose questions end on a call off the notes: {off}")


if __name__ == "__main__":
    main()
