"""How fast a practice page deals: boards kept per second (deals tried, bid, and the ones kept), on the example site.

Run: python benchmarks/practice_page.py [BOARDS]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from types import SimpleNamespace

from sphinx_bml.sphinx.generated.practice import practice_boards
from sphinx_bml.sphinx.project import read_project

SITE = Path(__file__).resolve().parent.parent / "example_site"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    (system,) = read_project(SITE).systems.values()
    site = SimpleNamespace(system=system)
    start = time.perf_counter()
    kept = list(practice_boards(site, count, seed=1, seat="S"))  # type: ignore[arg-type]
    elapsed = time.perf_counter() - start
    print(f"{len(kept)} practice boards in {elapsed:.2f} s: {len(kept) / elapsed:.0f} boards per second")


if __name__ == "__main__":
    main()
