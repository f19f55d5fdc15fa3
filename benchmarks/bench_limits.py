"""Benchmark of the engine's limits: inputs that used to blow up.

This is a measuring script, not a test: it prints figures and asserts
nothing. For each case it builds a BML text at growing sizes, parses and
expands it (and, for inline markup, reads the markup), and prints the time,
the size of what came out and how much the time grew per doubling of the
input. A linear engine shows a growth factor near 2 per doubling; a growth
of 4 is quadratic, 8 cubic, and a case that doubles its output per line of
input shows a factor far above that, or never finishes.

The cases:

* ``self-paste``: a clip that ``#PASTE``s itself twice; the size is the
  number of rows in the clip;
* ``cut-chain``: ``#CUT`` clips each of which pastes the previous one twice;
  the size is the length of the chain;
* ``multi-strain``: rows such as ``1CDHSN`` nested under each other; the size
  is the depth;
* ``inline``: characters of unmatched ``/`` markers (`` /a /a /a``) in one
  paragraph; the size is the number of characters;
* ``deep-nesting``: rows answering each other (``P``, ``(P)`` …) nested
  deeper and deeper; the size is the depth;
* ``condition-brackets``: a hand condition in brackets inside brackets; the
  size is the depth (a ``RecursionError`` past about 100 before the limits);
* ``condition-sum``: a hand condition summing the hearts over and over; the
  size is the number of terms;
* ``condition-suits``: rows whose conditions name M, m, oM, om, X, Y and Z,
  each checked on 100 hands; the size is the number of rows;
* ``long-line``: a row, a heading, a title, ``#VUL`` and ``#PASTE`` each
  padded with spaces in the middle, and a meaning of ``{``; the size is the
  characters of each line.

Each run also checks every hand condition on 100 fixed hands (the tokens
column adds the hands that meet one) and pickles the document and the system,
as a Sphinx environment does.

Each run happens in a child process with a time limit (``--timeout``, 30 s
by default) and a memory limit (``--memory``, 2 GB): a case that passes
either is shown as ``> 30 s`` or ``memory`` and the case's larger sizes are
not tried. ``--engine PATH`` measures the ``sphinx_bml`` package found in the
folder PATH instead of this checkout (to compare with an older version).

Usage::

    python benchmarks/bench_limits.py
    python benchmarks/bench_limits.py --cases inline deep-nesting --timeout 60
    python benchmarks/bench_limits.py --engine /tmp/old_checkout
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def self_paste(rows: int) -> str:
    body = "\n".join(f"  {level}C  row {level}" for level in range(2, 2 + rows))
    return f"1C  start\n  #COPY a\n{body}\n  #PASTE a\n  #PASTE a\n  #ENDCOPY\n  #PASTE a\n"


def cut_chain(length: int) -> str:
    lines = ["#CUT c0", "1C  clubs", "#ENDCUT"]
    for index in range(1, length + 1):
        lines += [f"#CUT c{index}", f"#PASTE c{index - 1}", f"#PASTE c{index - 1}", "#ENDCUT"]
    lines.append(f"#PASTE c{length}")
    return "\n".join(lines) + "\n"


def multi_strain(depth: int) -> str:
    lines = []
    for index in range(depth):
        level = 1 + index * 6 // max(depth, 1)
        lines.append("  " * index + f"{level}CDHSN  any strain")
    return "\n".join(lines) + "\n"


def inline_markers(characters: int) -> str:
    return "Notes " + " /a" * (characters // 3) + "\n"


def deep_nesting(depth: int) -> str:
    lines = ["1C  strong"]
    for index in range(1, depth + 1):
        call = "(P)" if index % 2 else "P"
        lines.append("  " * index + f"{call}  pass number {index}")
    return "\n".join(lines) + "\n"


def condition_brackets(depth: int) -> str:
    return f"1C  strong\n    {{{{ {'(' * depth}16+ hcp{')' * depth} }}}}\n1D  other\n"


def condition_sum(terms: int) -> str:
    return f"1C  strong\n    {{{{ {' + '.join(['hearts'] * terms)} > 3 }}}}\n1D  other\n"


def condition_suits(rows: int) -> str:
    condition = "{{ M + m + oM + om > 20 and X >= Y and Y >= Z and not (X == Z) and 12+ hcp }}"
    return "".join(f"{1 + index // 5}{'CDHSN'[index % 5]}  row {index}\n    {condition}\n" for index in range(rows))


def long_line(characters: int) -> str:
    pad = " " * characters
    lines = [f"#+TITLE: a{pad}b", f"* a{pad}b", f"#VUL a{pad}b", "#CUT a", "1C x", "#ENDCUT"]
    lines += [f"1C = a{pad}b", "1D = " + "{" * characters, f"1H = y\n#PASTE a{pad}b"]
    return "\n".join(lines) + "\n"


CASES: dict[str, tuple[Callable[[int], str], list[int], str]] = {
    "self-paste": (self_paste, [1, 2, 4, 8, 16], "rows in the clip"),
    "cut-chain": (cut_chain, [4, 8, 16, 32, 64], "clips in the chain"),
    "multi-strain": (multi_strain, [2, 4, 8, 16, 32], "depth of 1CDHSN rows"),
    "inline": (inline_markers, [3_000, 6_000, 12_000, 24_000, 48_000, 96_000], "characters"),
    "deep-nesting": (deep_nesting, [25, 50, 100, 200, 400, 800], "depth of rows"),
    "condition-brackets": (condition_brackets, [10, 20, 40, 80, 160, 320], "brackets inside brackets"),
    "condition-sum": (condition_sum, [25, 50, 100, 200, 400, 800], "terms of the sum"),
    "condition-suits": (condition_suits, [1, 2, 4, 8, 16], "rows with seven suit names"),
    "long-line": (long_line, [5_000, 10_000, 20_000, 40_000, 80_000], "characters a line"),
}

#: Run in the child: parse, expand, read every description's and paragraph's
#: markup; print the time and what came out as JSON.
CHILD = textwrap.dedent(
    """
    import json, pickle, resource, sys, time
    sys.path.insert(0, sys.argv[1])
    limit = int(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.setrecursionlimit(1000)
    from sphinx_bml.language import expand, parse_text
    from sphinx_bml.language.model import BidTable, Paragraph
    text = sys.stdin.read()
    start = time.perf_counter()
    try:
        document = parse_text(text, "bench.bml")
        system = expand(document)
        tokens = 0
        for block in document.blocks:
            if isinstance(block, Paragraph):
                tokens += len(block.text.inline)
        for meaning in system:
            tokens += len(meaning.description.inline)
        from sphinx_bml.language.conditions import Hand
        import random
        deck = [(suit, rank) for suit in range(4) for rank in "AKQJT98765432"]
        hands = []
        for seed in range(100):
            random.Random(seed).shuffle(deck)
            hands.append(Hand(["".join(r for s, r in sorted(deck[:13]) if s == suit) for suit in range(4)]))
        for meaning in system:
            if meaning.condition is not None:
                tokens += sum(meaning.condition.holds(hand) for hand in hands)
        pickle.dumps((document, system))
        outcome = "ok"
    except MemoryError:
        outcome, system, tokens, document = "memory", [], 0, None
    except RecursionError:
        outcome, system, tokens, document = "RecursionError", [], 0, None
    elapsed = time.perf_counter() - start
    rows = 0
    def count(nodes):
        total = 0
        stack = list(nodes)
        while stack:
            node = stack.pop()
            total += 1
            stack.extend(node.children)
        return total
    if document is not None:
        rows = sum(count(b.rows) for b in document.blocks if isinstance(b, BidTable))
    problems = [str(p) for p in document.problems][:3] if document is not None else []
    print(json.dumps({"outcome": outcome, "seconds": elapsed, "rows": rows,
                      "sequences": len(system), "tokens": tokens, "problems": problems}))
    """
)


def measure(engine: Path, text: str, timeout: float, memory: int) -> dict[str, object]:
    try:
        completed = subprocess.run(
            [sys.executable, "-c", CHILD, str(engine), str(memory)],
            input=text,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {"outcome": f"> {timeout:g} s"}
    if completed.returncode != 0 or not completed.stdout.strip():
        last = (completed.stderr.strip().splitlines() or ["crashed"])[-1]
        return {"outcome": "memory" if "MemoryError" in last else last[:60]}
    result: dict[str, object] = json.loads(completed.stdout)
    return result


def run_case(name: str, engine: Path, timeout: float, memory: int) -> None:
    build, sizes, unit = CASES[name]
    print(f"\n{name} (size: {unit})")
    print(f"{'size':>8} {'input B':>9} {'seconds':>9} {'growth':>7} {'rows':>8} {'sequences':>10} {'tokens':>8}  note")
    previous: float | None = None
    for size in sizes:
        text = build(size)
        result = measure(engine, text, timeout, memory)
        outcome = str(result["outcome"])
        if outcome != "ok":
            print(f"{size:>8} {len(text):>9} {outcome:>9}")
            break
        seconds = float(str(result["seconds"]))
        growth = f"{seconds / previous:.1f}x" if previous and previous > 1e-4 else ""
        problems = result.get("problems") or []
        note = str(problems[0])[:90] if isinstance(problems, list) and problems else ""
        print(
            f"{size:>8} {len(text):>9} {seconds:>9.3f} {growth:>7} {result['rows']:>8} "
            f"{result['sequences']:>10} {result['tokens']:>8}  {note}"
        )
        previous = seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", nargs="+", choices=list(CASES), default=list(CASES))
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per run (default 30)")
    parser.add_argument("--memory", type=int, default=2_000_000_000, help="bytes per run (default 2 GB)")
    parser.add_argument("--engine", type=Path, default=ROOT, help="folder holding the sphinx_bml package")
    arguments = parser.parse_args()
    print(f"engine: {arguments.engine}")
    for name in arguments.cases:
        run_case(name, arguments.engine, arguments.timeout, arguments.memory)


if __name__ == "__main__":
    main()
