"""Reading time of diamond-shaped ``#INCLUDE`` graphs of growing depth.

A script, not a test: it prints figures and asserts nothing.

Two shapes, each ``depth`` levels deep:

- ``twice``: ``f0`` includes ``f1`` twice, ``f1`` includes ``f2`` twice, ...;
- ``shared``: ``a0`` includes ``b0`` and ``c0``, which both include ``a1``, ...

Followed in full, both bring in 2**depth copies of the last file. The reader
reads each file once and stops at ``MAX_INCLUDED_LINES`` (reported once), so
the time grows with the lines actually read and then stays flat.

    python benchmarks/bench_includes.py                   # depths 4 to 30
    python benchmarks/bench_includes.py --depths 10 15 20
    python benchmarks/bench_includes.py --limit 1000000   # another limit

Run from a checkout before the fix (``git worktree add /tmp/old 9600649``, copy
this script there) to see the old reader explode: each extra level doubles it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sphinx_bml.language import reader as reading

Reader = reading.Reader
MAX_INCLUDED_LINES: int = getattr(reading, "MAX_INCLUDED_LINES", 0)


def twice(folder: Path, depth: int) -> Path:
    for level in range(depth):
        text = f"* Level {level}\n\n#INCLUDE f{level + 1}.bml\n#INCLUDE f{level + 1}.bml\n"
        (folder / f"f{level}.bml").write_text(text, encoding="utf-8")
    (folder / f"f{depth}.bml").write_text("1C 16+\n  1D negative\n", encoding="utf-8")
    return folder / "f0.bml"


def shared(folder: Path, depth: int) -> Path:
    for level in range(depth):
        following = f"a{level + 1}.bml"
        (folder / f"a{level}.bml").write_text(f"#INCLUDE b{level}.bml\n#INCLUDE c{level}.bml\n", encoding="utf-8")
        (folder / f"b{level}.bml").write_text(f"1C b{level}\n\n#INCLUDE {following}\n", encoding="utf-8")
        (folder / f"c{level}.bml").write_text(f"1D c{level}\n\n#INCLUDE {following}\n", encoding="utf-8")
    (folder / f"a{depth}.bml").write_text("1H end\n", encoding="utf-8")
    return folder / "a0.bml"


def reader(limit: int) -> Reader:
    """A reader with ``limit``; run from an older checkout, the reader of then (no limit)."""
    if "max_included_lines" in Reader.__dataclass_fields__:
        return Reader(max_included_lines=limit)
    return Reader()


def measure(shape: str, depth: int, limit: int) -> tuple[float, int, int]:
    """Seconds, lines read and problems for one graph."""
    with tempfile.TemporaryDirectory() as folder:
        main = (twice if shape == "twice" else shared)(Path(folder), depth)
        start = time.perf_counter()
        source = reader(limit).read_file(main)
        return time.perf_counter() - start, len(source.lines), len(source.problems)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[4, 8, 10, 12, 14, 15, 16, 18, 20, 25, 30])
    parser.add_argument("--limit", type=int, default=MAX_INCLUDED_LINES)
    args = parser.parse_args()
    print(f"MAX_INCLUDED_LINES used: {args.limit}")
    print(f"{'shape':<7} {'depth':>5} {'seconds':>9} {'lines read':>11} {'problems':>8}")
    for shape in ("twice", "shared"):
        for depth in args.depths:
            seconds, lines, problems = measure(shape, depth, args.limit)
            print(f"{shape:<7} {depth:>5} {seconds:>9.3f} {lines:>11} {problems:>8}")


if __name__ == "__main__":
    main()
