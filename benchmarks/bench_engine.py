"""Benchmark of the BML engine: parse, expand and BSS write on large systems.

This is a measuring script, not a test: it prints figures and asserts
nothing. It generates realistic BML systems of about 5,000, 20,000 and
80,000 lines with a deterministic generator (many bidding tables, nested
responses, description continuation lines, variable bids such as ``2M``,
``3X`` and ``1step``, competitive tables with the opponents' calls in
parentheses, ``#COPY``/``#CUT``/``#PASTE`` with replacements, ``#VUL`` and
``#SEAT`` changes, ``#HIDE``, prose and headings), writes them to a
temporary folder and times, for each size, the best of N runs of:

* parse  -- ``parse_file`` (reading, block splitting, bidding tables),
* expand -- ``expand`` (the concrete sequences of the system),
* write  -- ``write_bss`` (the BSS text of the system).

Usage::

    python benchmarks/bench_engine.py                 # 5k, 20k and 80k lines, best of 3
    python benchmarks/bench_engine.py --sizes 5000 20000 --runs 5
    python benchmarks/bench_engine.py --keep out/     # keep the generated .bml files in out/
    python benchmarks/bench_engine.py --reference     # also time bml2bss (bridge-markup 2.7.0)
    python benchmarks/bench_engine.py --profile 80000 # cProfile one parse+expand+write
    python benchmarks/bench_engine.py --no-gc         # time without the cyclic garbage collector

``--reference`` runs the reference implementation's ``bml2bss`` (by default
``/tmp/refenv/bin/bml2bss``, else the one on ``PATH``; ``--reference-bin``
names another) once on the smallest file, and on the next sizes as long as
the previous one finished within ``--reference-budget`` seconds (90 by
default; a run is stopped at that time): the reference is quadratic in the
number of lines.

``--no-gc`` disables Python's cyclic garbage collector while timing; the
``gc s`` and ``gen2`` columns show how much of a normal run it takes.

The engine should be linear: lines/s should stay about the same from one
size to the next. See ``benchmarks/README.md`` for figures.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_file

DEFAULT_SIZES = (5_000, 20_000, 80_000)
SEED = 20240611

STRAINS = "CDHSN"
SUIT_WORDS = {"C": "!c", "D": "!d", "H": "!h", "S": "!s", "N": "NT"}
SEATS = ("0", "1", "2", "3", "4", "12", "34")
VULS = ("00", "Y0", "N0", "0Y", "0N", "YY", "YN", "NY", "NN")

PHRASES = (
    "natural",
    "artificial",
    "forcing one round",
    "game forcing",
    "invitational",
    "to play",
    "asks for a stopper",
    "shows a control",
    "denies a four-card major",
    "relay, asks for shape",
    "constructive",
    "preemptive",
    "slam try",
    "cue bid",
    "shows extra values",
)
SHAPES = ("4-4-4-1", "5-4-3-1", "5-3-3-2", "6-3-2-2", "5-5-2-1", "4-3-3-3", "6-4-2-1", "7-2-2-2")


def bid_index(level: int, strain: str) -> int:
    return (level - 1) * 5 + STRAINS.index(strain)


def bid_text(index: int) -> str:
    return f"{index // 5 + 1}{STRAINS[index % 5]}"


class Generator:
    """Writes a BML system of about ``target`` lines, always the same for the same target."""

    def __init__(self, target: int, seed: int = SEED) -> None:
        self.target = target
        self.random = random.Random(seed + target)
        self.lines: list[str] = []
        self.clips: list[str] = []  # names of #CUT/#COPY regions made so far
        self.counter = 0

    # -- text ---------------------------------------------------------------

    def description(self) -> str:
        r = self.random
        low = r.randint(0, 18)
        parts = [f"{low}--{low + r.randint(2, 6)} hcp", r.choice(PHRASES)]
        if r.random() < 0.4:
            parts.append(f"{r.randint(4, 6)}+{SUIT_WORDS[r.choice('CDHS')]}")
        if r.random() < 0.15:
            parts.append(f"/{r.choice(SHAPES)}/")
        if r.random() < 0.1:
            parts.append(f"*{r.choice(PHRASES)}*")
        return ", ".join(parts).capitalize()

    def paragraph(self) -> None:
        r = self.random
        count = r.randint(2, 5)
        for _ in range(count):
            words = [r.choice(PHRASES) for _ in range(r.randint(4, 8))]
            self.lines.append("  " + " ".join(words) + f" with {SUIT_WORDS[r.choice('CDHS')]}.")
        self.lines.append("")

    # -- rows -----------------------------------------------------------------

    def row(self, indent: int, call: str, extra_lines: int = 0) -> None:
        text = self.description()
        prefix = " " * indent + call
        pad = max(len(prefix) + 1, indent + 8)
        self.lines.append(prefix.ljust(pad) + text)
        for _ in range(extra_lines):
            self.lines.append(" " * pad + self.description())

    def children(self, indent: int, last: int, depth: int, bound: set[str], steps: bool = True) -> None:
        """Rows answering a call whose highest possible expansion is bid ``last`` (an index).

        ``steps``: whether ``1step`` rows may be used (not in competitive tables:
        the reference implementation cannot count steps from an opponent's bid).
        """
        r = self.random
        if depth <= 0 or last >= 30:
            return
        used: set[int] = set()
        count = r.randint(2, 5) if depth > 1 else r.randint(1, 4)
        for _ in range(count):
            kind = r.random()
            extra = 1 if r.random() < 0.12 else 0
            if kind < 0.5:
                # a concrete bid above the last one, at most two levels higher
                choices = [i for i in range(last + 1, min(last + 11, 35)) if i not in used]
                if not choices:
                    break
                index = r.choice(choices)
                used.add(index)
                self.row(indent, bid_text(index), extra)
                self.children(indent + 2, index, depth - 1, bound, steps)
            elif kind < 0.7 and steps:
                count_steps = r.randint(1, 4)
                if last + count_steps >= 35 or (last + count_steps) in used:
                    continue
                used.add(last + count_steps)
                self.row(indent, "1step" if count_steps == 1 else f"{count_steps}steps", extra)
                self.children(indent + 2, last + count_steps, depth - 1, bound, steps)
            elif kind < 0.9 or not steps:
                # a variable bid one or two levels up; rows deeper go above its highest expansion
                level = min(7, last // 5 + 1 + r.randint(0, 1))
                names = ["M", "m", "X", "red", "black", "HS", "CD"]
                if "M" in bound:
                    names.append("oM")
                if "m" in bound:
                    names.append("om")
                name = r.choice(names)
                top = bid_index(level, "S")
                if name in ("m", "om", "CD"):
                    top = bid_index(level, "D")
                elif name == "red":
                    top = bid_index(level, "H")
                letters = {"M": "HS", "oM": "HS", "HS": "HS", "m": "CD", "om": "CD", "CD": "CD"}
                letters |= {"X": "CDHS", "red": "DH", "black": "CS"}
                expansions = {bid_index(level, letter) for letter in letters[name]}
                if top <= last or expansions & used:
                    continue
                used |= expansions
                self.row(indent, f"{level}{name}", extra)
                self.children(indent + 2, top, depth - 1, bound | {name}, steps)
            else:
                call = "P" if r.random() < 0.5 else "D"
                marker = 35 if call == "P" else 36
                if marker not in used:
                    used.add(marker)
                    self.row(indent, call, extra)

    def bidding_table(self) -> None:
        r = self.random
        # #SEAT and #VUL in blocks of their own, as the reference implementation needs
        if r.random() < 0.3:
            self.lines += [f"#SEAT {r.choice(SEATS)}", ""]
        if r.random() < 0.3:
            self.lines += [f"#VUL {r.choice(VULS)}", ""]
        if r.random() < 0.05:
            self.lines.append("#HIDE")
        style = r.random()
        if style < 0.25:
            # an opening table
            for index in sorted(r.sample(range(0, 20), r.randint(5, 10))):
                self.row(0, bid_text(index), 1 if r.random() < 0.2 else 0)
                self.children(2, index, r.randint(1, 3), set())
        elif style < 0.65:
            # continuing a sequence of our side: 1C-1H-1N;
            calls, last = [], -1
            for _ in range(r.randint(2, 4)):
                last = r.randint(last + 1, min(last + 6, 20))
                calls.append(bid_text(last))
            self.lines.append("-".join(calls) + ";")
            # the rows answering a continued sequence start at its own indentation
            self.children(0, last, r.randint(2, 4), set())
            if self.clips and r.random() < 0.5 and last < 20:
                self.paste(0)
        else:
            # a competitive table: they open, we act, they act again
            theirs = r.randint(0, 14)
            self.lines.append(f"({bid_text(theirs)})---")
            self.competitive(0, theirs, 3)
        self.lines.append("")

    def competitive(self, indent: int, last: int, depth: int) -> None:
        r = self.random
        self.row(indent, "D", 1 if r.random() < 0.2 else 0)
        if depth > 1:
            self.row(indent + 2, "(P)")
            self.children(indent + 4, last, depth - 1, set(), steps=False)
            self.row(indent + 2, "(R)")
            self.children(indent + 4, last, 1, set(), steps=False)
        for index in sorted(r.sample(range(last + 1, min(last + 10, 35)), min(3, 34 - last))):
            self.row(indent, bid_text(index))
            if depth > 1 and index < 30:
                self.row(indent + 2, "(D)")
                self.row(indent + 4, "P")
                self.row(indent + 4, "R")
                self.row(indent + 2, f"({bid_text(index + 1)})")
                self.children(indent + 4, index + 1, depth - 1, set(), steps=False)
        self.row(indent, "P")
        self.row(indent + 2, "(P)")
        self.children(indent + 4, last, 1, set(), steps=False)

    # -- clipboard -----------------------------------------------------------

    def cut(self) -> None:
        """A #CUT region of step rows with placeholders, pasted later with replacements."""
        self.counter += 1
        name = f"clip{self.counter}"
        self.clips.append(name)
        self.lines.append(f"#CUT {name}")
        self.lines.append("1step   Transfer to \\S, \\P")
        self.lines.append("  1step  Accepts the transfer to \\S")
        self.lines.append("  2steps Super-accept: 4 cards in \\S, \\P")
        self.lines.append("2steps  Relay, \\P")
        self.lines.append("  1step  Minimum")
        self.lines.append("  2steps Maximum, \\P")
        self.lines.append("3steps  Natural in \\S")
        self.lines.append("#ENDCUT")
        self.lines.append("")

    def paste(self, indent: int) -> None:
        r = self.random
        suit = SUIT_WORDS[r.choice("CDHS")]
        self.lines.append(
            " " * indent + f"#PASTE {r.choice(self.clips)} \\S={suit} \\P={r.choice(PHRASES).replace(' ', '_')}"
        )

    # -- document --------------------------------------------------------------

    def generate(self) -> str:
        r = self.random
        self.lines += [
            f"#+TITLE: Benchmark system of {self.target} lines",
            "#+AUTHOR: bench_engine.py",
            "#+DESCRIPTION: Generated, deterministic, realistic in shape",
            "",
        ]
        chapter = 0
        while len(self.lines) < self.target:
            chapter += 1
            self.lines += [f"* Chapter {chapter}: the {r.choice(PHRASES)} structure", ""]
            self.paragraph()
            if r.random() < 0.5:
                self.cut()
            for section in range(r.randint(2, 5)):
                self.lines += [f"** Section {chapter}.{section + 1}", ""]
                if r.random() < 0.5:
                    self.paragraph()
                self.bidding_table()
            self.lines += ["#SEAT 0", "", "#VUL 00", ""]
        return "\n".join(self.lines) + "\n"


# -- measuring ---------------------------------------------------------------


def best_of(runs: int, function: Callable[[], Any]) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(runs):
        result = None  # the previous run's result is garbage: do not time the next run with it alive
        gc.collect()
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def measure(path: Path, runs: int) -> dict[str, Any]:
    parse_s, document = best_of(runs, partial(parse_file, path))
    expand_s, system = best_of(runs, partial(expand, document))
    write_s, text = best_of(runs, partial(write_bss, system))
    lines = len(path.read_text(encoding="utf-8").splitlines())
    total = parse_s + expand_s + write_s
    figures = {
        "lines": lines,
        "sequences": len(system),
        "problems": len(document.problems),
        "first_problems": [str(p) for p in list(document.problems)[:5]],
        "records": text.count("\n"),
        "parse": parse_s,
        "expand": expand_s,
        "write": write_s,
        "total": total,
        "rate": lines / total if total else float("inf"),
    }
    del document, system, text
    figures["gc"], figures["gen2"] = garbage_collection(path)
    return figures


def garbage_collection(path: Path) -> tuple[float, int]:
    """Seconds spent in the cyclic garbage collector during one parse+expand+write, and its full collections."""
    spent = [0.0, 0]
    started = [0.0]

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            spent[0] += time.perf_counter() - started[0]
            spent[1] += info["generation"] == 2

    gc.collect()
    gc.callbacks.append(callback)
    try:
        write_bss(expand(parse_file(path)))
    finally:
        gc.callbacks.remove(callback)
    return spent[0], int(spent[1])


def reference_binary(given: str | None) -> str | None:
    for candidate in (given, "/tmp/refenv/bin/bml2bss", shutil.which("bml2bss")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def time_reference(binary: str, path: Path, timeout: float) -> float | None:
    """Seconds ``bml2bss`` takes on ``path``, ``None`` when stopped at ``timeout`` or failed."""
    out = path.with_suffix(".ref.bss")
    start = time.perf_counter()
    try:
        subprocess.run([binary, "-o", str(out), str(path)], check=True, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    except subprocess.CalledProcessError as error:
        print(f"  bml2bss failed on {path.name}: {error.stderr.decode(errors='replace')[-300:]}")
        return None
    return time.perf_counter() - start


def profile(path: Path, limit: int = 25) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    document = parse_file(path)
    system = expand(document)
    write_bss(system)
    profiler.disable()
    for key in ("cumulative", "tottime"):
        stream = io.StringIO()
        pstats.Stats(profiler, stream=stream).sort_stats(key).print_stats(limit)
        print(f"--- cProfile of {path.name}, sorted by {key} ---")
        print(stream.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES), help="target line counts")
    parser.add_argument("--runs", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument("--keep", type=Path, help="write the generated files here and keep them")
    parser.add_argument("--reference", action="store_true", help="also time the reference bml2bss")
    parser.add_argument("--reference-bin", help="path of the reference bml2bss")
    parser.add_argument("--reference-budget", type=float, default=90.0, help="seconds; stop timing bigger files after")
    parser.add_argument("--profile", type=int, metavar="SIZE", help="cProfile parse+expand+write at this size")
    parser.add_argument("--no-gc", action="store_true", help="disable the cyclic garbage collector while timing")
    args = parser.parse_args(argv)

    folder = args.keep or Path(tempfile.mkdtemp(prefix="bml-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    sizes = sorted(set(args.sizes) | ({args.profile} if args.profile else set()))
    paths = {}
    for size in sizes:
        path = folder / f"system_{size}.bml"
        path.write_text(Generator(size).generate(), encoding="utf-8")
        paths[size] = path
    print(f"Python {sys.version.split()[0]}, best of {args.runs} runs, files in {folder}")

    if args.no_gc:
        gc.disable()
        print("cyclic garbage collector disabled (gc s and gen2 then show nothing)")
    results = []
    for size in args.sizes:
        result = measure(paths[size], args.runs)
        results.append(result)
        if result["problems"]:
            print(f"  {paths[size].name}: {result['problems']} problems, e.g. {result['first_problems']}")
    header = (
        f"{'lines':>7} {'sequences':>10} {'problems':>8} {'parse s':>8} {'expand s':>8} {'write s':>8}"
        f" {'total s':>8} {'lines/s':>9} {'gc s':>6} {'gen2':>4}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        print(
            f"{r['lines']:>7} {r['sequences']:>10} {r['problems']:>8} {r['parse']:>8.3f} {r['expand']:>8.3f}"
            f" {r['write']:>8.3f} {r['total']:>8.3f} {r['rate']:>9.0f} {r['gc']:>6.3f} {r['gen2']:>4}"
        )
    print("(gc s: time in Python's cyclic garbage collector during one untimed parse+expand+write;")
    print(" gen2: its full collections, each of which walks every live object)")

    if args.reference:
        binary = reference_binary(args.reference_bin)
        if binary is None:
            print("reference bml2bss not found; skipped")
        else:
            print(f"\nReference {binary} (one run each):")
            print(f"{'lines':>7} {'bml2bss s':>10} {'engine s':>9} {'speed-up':>9}")
            for size, r in zip(args.sizes, results, strict=True):
                seconds = time_reference(binary, paths[size], timeout=args.reference_budget)
                if seconds is None:
                    stopped = f"> {args.reference_budget:.0f}"
                    print(f"{r['lines']:>7} {stopped:>10}  (stopped; bigger files not timed)")
                    break
                print(f"{r['lines']:>7} {seconds:>10.2f} {r['total']:>9.3f} {seconds / r['total']:>8.0f}x")

    if args.profile:
        profile(paths[args.profile])
    if args.keep is None:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
