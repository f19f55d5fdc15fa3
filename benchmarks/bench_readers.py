"""The converters that read a file line by line take time in proportion to its lines.

A script, not a test: it prints figures and asserts nothing.

Each case is a generated file of 5,000, 10,000 and 20,000 lines (``--sizes``),
converted by the command in a process of its own (``-o`` a file):

- ``bboalert wildcards``: ``bboalert2bml`` on lines it keeps as comments
  (wildcards), the case that was quadratic (a list searched for every line);
- ``bboalert options``: ``bboalert2bml`` on records in option groups of three,
  one on at import and two kept as alternatives;
- ``bss``: ``bss2bml`` on sequence records, a third of them ending in a pass
  written without a disposition code (BML 1's shape).

For each size it prints the CPU seconds (median of ``--runs``) and the ratio
to the size before: doubling the lines of a linear reader gives about 2 (the
start of Python and of the command is in every figure, so small files give
less).

    python benchmarks/bench_readers.py
    python benchmarks/bench_readers.py --sizes 5000 10000 20000 40000 --runs 3
    python benchmarks/bench_readers.py --source /tmp/main     # another checkout of sphinx-bml
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

_BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in "CDHSN"]


def auctions() -> Iterator[tuple[str, str]]:
    """Contexts and calls of distinct auctions that can be bid: four bids, the opponents passing."""
    for a, b, c, d in itertools.combinations(_BIDS, 4):
        yield f"{a}--{b}--{c}--", d


def bboalert_wildcards(lines: int) -> str:
    rows = (f"1[HS]--{context[4:]},{call},Wildcard meaning {n}" for n, (context, call) in enumerate(auctions()))
    return "BBOalert,Wildcards\n" + "".join(row + "\n" for row in itertools.islice(rows, lines))


def bboalert_options(lines: int) -> str:
    out = ["BBOalert,Options"]
    for n, (context, call) in enumerate(itertools.islice(auctions(), lines - lines // 50)):
        if n % 49 == 0:
            block = n // 49
            out.append(f"Option,Group{block // 3} member {block % 3}")
        out.append(f"{context},{call},Meaning {n}#and the chat part {n}")
    return "\n".join(out) + "\nOption\n"


def bss(lines: int) -> str:
    out = ["*00{Generated}=NYYYYYYA system of generated records"]
    for n, (context, call) in enumerate(itertools.islice(auctions(), lines)):
        calls = context.replace("--", "P") + call
        if n % 3 == 0:
            out.append(f"0{calls}P=NYYYYYY5+!c, to play {n}")
        else:
            out.append(f"0{calls}=NYYYYYY0{'08' if call[1] != 'N' else ''}Meaning {n}")
    return "\n".join(out) + "\n"


CASES: dict[str, tuple[str, str, Callable[[int], str]]] = {
    "bboalert wildcards": ("bboalert2bml", ".txt", bboalert_wildcards),
    "bboalert options": ("bboalert2bml", ".txt", bboalert_options),
    "bss": ("bss2bml", ".bss", bss),
}


def cpu_seconds(command: list[str], environment: dict[str, str], folder: str) -> float:
    """The CPU seconds of ``command``, run in ``folder`` (``python -m`` puts the current folder
    first on the path: run from a checkout, it would import that checkout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False, cwd=folder)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5000, 10000, 20000])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--cases", nargs="+", choices=list(CASES), default=list(CASES))
    parser.add_argument("--source", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    environment = {**os.environ, "PYTHONPATH": str(args.source.resolve())}
    print(f"sphinx-bml from {args.source.resolve()}; CPU seconds, median of {args.runs}")
    print("| case | lines | seconds | ratio to the size before |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for case in args.cases:
            command, suffix, make = CASES[case]
            before: float | None = None
            for size in args.sizes:
                source = Path(folder) / f"input{suffix}"
                source.write_text(make(size), encoding="utf-8")
                run = [sys.executable, "-m", f"sphinx_bml.commands.{command}", source.name, "-o", "out.bml"]
                seconds = statistics.median(cpu_seconds(run, environment, folder) for _ in range(args.runs))
                ratio = f"{seconds / before:.2f}" if before else "–"
                print(f"| {case} | {size:,} | {seconds:.2f} | {ratio} |", flush=True)
                before = seconds


if __name__ == "__main__":
    main()
