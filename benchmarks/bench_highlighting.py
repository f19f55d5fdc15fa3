"""Highlighting hostile lines: the Pygments lexer and VS Code's tokenizer, line length doubled.

A script, not a test: it prints figures and asserts nothing (the tests count
the regular expressions' steps instead: tests/test_lexer.py).

Each case is one line of 10,000, 20,000 and 40,000 characters (``--sizes``)
from ``tests/highlighting.py``'s ``HOSTILE_LINES``: a line of ``{{`` without
``}}``, of ``*``, of calls… For each it prints the CPU milliseconds that Pygments
takes to lex it (``BMLLexer().get_tokens``, what a ``code-block:: bml`` costs
the docs' build) and that vscode-textmate with vscode-oniguruma takes to
tokenize it with our grammar (VS Code's engine, in Node; the start of Node
and the compiling of the grammar left out), each the fastest of ``--runs``
(a run repeats a quick one for a tenth of a second), and the ratio to the
size before: doubling the length of a line that a highlighter reads in
linear time gives about 2, quadratic time gives 4. A case that takes more
than ``--budget`` seconds at one size is not tried at the larger ones.

VS Code's tokenizer comes from ``.ci/fetch-node-tools`` (vscode-textmate and
vscode-oniguruma from npm, in ~/.cache/sphinx-bml/node-tools); without it,
or without Node, only Pygments is measured.

    python benchmarks/bench_highlighting.py
    python benchmarks/bench_highlighting.py --sizes 10000 20000 40000 80000 --runs 5
    python benchmarks/bench_highlighting.py --cases "{{ without }}" "*" --runs 1
    python benchmarks/bench_highlighting.py --source /tmp/main   # another checkout's lexer and grammar
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pygments.lexer import RegexLexer

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 20_000, 40_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cases", nargs="+", help="names of HOSTILE_LINES (all by default)")
    parser.add_argument("--budget", type=float, default=20.0, help="seconds past which larger sizes are skipped")
    parser.add_argument("--source", type=Path, help="a checkout of sphinx-bml whose lexer and grammar to measure")
    options = parser.parse_args()

    # the lexer (and grammar) of --source, else of this checkout; the hostile lines of this one
    sys.path[:0] = [str(path) for path in (options.source, ROOT) if path is not None]
    import tests.highlighting as highlighting
    from sphinx_bml.lexer import BMLLexer as lexer

    if options.source is not None:
        highlighting.GRAMMAR = options.source / "editors" / "vscode" / "syntaxes" / "bml.tmLanguage.json"

    cases = options.cases or list(highlighting.HOSTILE_LINES)
    missing = highlighting.vscode_missing()
    if missing:
        print(f"VS Code's tokenizer is not measured: {missing}")
    print(f"lexer: {sys.modules['sphinx_bml.lexer'].__file__}; grammar: {highlighting.GRAMMAR}")
    print(f"CPU milliseconds, the fastest of {options.runs} runs; ratio: to the size before\n")
    print("| line | characters | Pygments | ratio | VS Code | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    versions: dict[str, str] = {}
    for name in cases:
        make = highlighting.HOSTILE_LINES[name]
        before: list[float | None] = [None, None]
        for size in options.sizes:
            text = make(size) + "\n"
            pygments = vscode = None
            if size == options.sizes[0] or (before[0] is not None and before[0] < options.budget * 1000):
                pygments = min(lexing(lexer, text) for _ in range(options.runs)) * 1000
            if not missing and (
                size == options.sizes[0] or (before[1] is not None and before[1] < options.budget * 1000)
            ):
                result = highlighting.vscode_tokenize([text], timed=True, runs=options.runs)
                versions = result["versions"]
                vscode = result["texts"][0]["ms"]
            if pygments is None and vscode is None:
                break
            cells = [f"`{name}`", f"{len(text) - 1:,}"]
            for now, then in zip((pygments, vscode), before, strict=True):
                cells += [figure(now), figure(now / then) if now is not None and then else "–"]
            print("| " + " | ".join(cells) + " |", flush=True)
            before = [pygments, vscode]
    if versions:
        print("\nVS Code's tokenizer: " + ", ".join(f"{name} {version}" for name, version in versions.items()))


def lexing(lexer: type[RegexLexer], text: str) -> float:
    """The CPU seconds that Pygments takes to lex ``text`` with ``lexer`` (the machine may be
    busy with other work): lexed again and again for a tenth of a second at least, the time
    divided by the times."""
    started = time.process_time()
    count = 0
    while not count or time.process_time() - started < 0.1:
        for _ in lexer().get_tokens(text):
            pass
        count += 1
    return (time.process_time() - started) / count


def figure(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.2f}" if value < 10 else f"{value:,.0f}" if value >= 1000 else f"{value:.1f}"


if __name__ == "__main__":
    main()
