"""How long finding standard abbreviations takes, and the .bss dispositions with them.

A script, not a test: it prints figures and asserts nothing.

    python benchmarks/bench_abbreviations.py            # 100,000 meanings, best of 3
    python benchmarks/bench_abbreviations.py --count 20000 --runs 5
"""

from __future__ import annotations

import argparse
import random
import time

from sphinx_bml.formats.dispositions import disposition_of
from sphinx_bml.language.abbreviations import WBF_ABBREVIATIONS, split_abbreviations

SAMPLE = (
    "5+ !h, 10-12 HCP, INV; natural, NF unless 4SF; Stayman (F1): asks for a four-card major, "
    "BAL 15-17; TRF to !s; GF relay, S/O or P/C, PRE in 3rd seat, RKCB 1430 for the agreed suit"
)
WORDS = SAMPLE.split()


def meanings(count: int) -> list[str]:
    chooser = random.Random(13)
    return [" ".join(chooser.choice(WORDS) for _ in range(chooser.randint(3, 14))) for _ in range(count)]


def best(runs: int, job: object) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    texts = meanings(options.count)
    split = best(options.runs, lambda: [split_abbreviations(text, WBF_ABBREVIATIONS) for text in texts])
    dispositions = best(options.runs, lambda: [disposition_of(text) for text in texts])
    print(f"{options.count:,} meanings, best of {options.runs}")
    for name, seconds in (("split_abbreviations (WBF list)", split), ("disposition_of", dispositions)):
        print(f"{name:32} {seconds:.3f} s ({seconds / options.count * 1e6:.1f} µs a meaning)")


if __name__ == "__main__":
    main()
