"""Benchmark of the ``bml`` domain: what the cross-references cost an HTML build.

This is a measuring script, not a test: it prints figures and asserts
nothing. It generates a Sphinx site of about 5,000 sequences (twelve pages
of bidding tables, one opening each with three levels of answers and a
competitive table; two of them for 3rd and 4th seat) and three prose pages
with 600 ``:bml:seq:`` references to them,
then times ``sphinx-build -b html`` on it, best of N runs, each build in a
fresh process and a fresh output folder:

* ``full``        -- everything: anchors, domain objects, references, the
  "Bidding sequences" page, the general index entries, the checks;
* ``no seq index`` -- the same without the sequence index page
  (``html_domain_indices = False``);
* ``no genindex``  -- the same without the general index entries
  (``bml_general_index = 0``);
* ``off``         -- the domain taken out: no anchors on the rows, no
  objects, no index, no checks; the references are left as text (the
  baseline: what a build cost before the domain).

It also times a second, incremental build after one description changed
on one page (the pages whose references lead elsewhere are written again),
and reports the size of the pickled environment and of the index page.

Usage::

    python benchmarks/bench_domain.py                # about 5,000 sequences, best of 3
    python benchmarks/bench_domain.py --runs 5 --openings 24   # about twice as many
    python benchmarks/bench_domain.py --keep out/    # keep the generated site in out/
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEED = 20260115
OPENINGS = ("1C", "1D", "1H", "1S", "1N", "2C", "2D", "2H", "2S", "2N")
STRAINS = "CDHSN"
WORDS = ("natural", "forcing", "invitational", "to play", "asks", "shows a stopper", "game forcing", "relay")

CONF = """project = "Benchmark"
extensions = ["sphinx_bml"]
html_theme = "basic"
"""


# --------------------------------------------------------------------------
# The site


def call(index: int) -> str:
    return f"{index // 5 + 1}{STRAINS[index % 5]}"


def describe(rng: random.Random) -> str:
    return f"{rng.choice(WORDS)}, {rng.randint(4, 18)}+ hcp, {rng.randint(4, 6)}+!{rng.choice('cdhs')}"


def tree(
    rng: random.Random, last: int, depth: int, breadth: int, indent: int, prefix: list[str], out: list[str]
) -> list[list[str]]:
    """Rows answering the bid ``last``, ``depth`` levels deep; returns the sequences written."""
    written = []
    for index in range(last + 1, min(last + 1 + breadth, 35)):
        sequence = [*prefix, call(index)]
        out.append(f"{' ' * indent}{call(index)}  {describe(rng)}")
        written.append(sequence)
        if depth > 1:
            written += tree(rng, index, depth - 1, max(breadth // 2, 2), indent + 2, sequence, out)
    return written


def generate(folder: Path, openings: int, rng: random.Random) -> tuple[int, int]:
    """Write the site; returns (sequences, references)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.py").write_text(CONF, encoding="utf-8")
    pages, sequences = [], []
    for number in range(openings):
        opening = OPENINGS[number % len(OPENINGS)]
        seat = "" if number < len(OPENINGS) else f"#SEAT {('12', '34', '3', '4')[number // len(OPENINGS) % 4]}\n   "
        lines = [f"   {opening}  {describe(rng)}"]
        body: list[str] = []
        start = STRAINS.index(opening[1]) + (int(opening[0]) - 1) * 5
        written = [[opening], *tree(rng, start, 3, 15, 2, [opening], body)]
        lines += [f"   {line}" for line in body]
        competitive = [f"   {opening}-(D)", "     R   10+ hcp", "     P   no interest"]
        name = f"tables{number:02d}"
        text = f"Opening {opening}\n{'=' * (8 + len(opening))}\n\n.. bml::\n\n   {seat}" + "\n".join(lines).lstrip()
        text += "\n\n.. bml::\n\n" + "\n".join(competitive) + "\n"
        (folder / f"{name}.rst").write_text(text, encoding="utf-8")
        pages.append(name)
        if not seat:
            sequences += written
    references = 0
    for number in range(3):
        chosen = rng.sample(sequences, min(200, len(sequences)))
        paragraphs = [
            " ".join(f"See :bml:seq:`{'-'.join(sequence)}`." for sequence in chosen[start : start + 10])
            for start in range(0, len(chosen), 10)
        ]
        references += len(chosen)
        title = f"Prose {number}"
        (folder / f"prose{number}.rst").write_text(
            f"{title}\n{'=' * len(title)}\n\n" + "\n\n".join(paragraphs) + "\n", encoding="utf-8"
        )
        pages.append(f"prose{number}")
    toctree = "".join(f"   {page}\n" for page in pages)
    (folder / "index.rst").write_text(
        f"Benchmark\n=========\n\n:ref:`bml-sequences`\n\n.. toctree::\n\n{toctree}", encoding="utf-8"
    )
    return count_sequences(folder), references


def count_sequences(folder: Path) -> int:
    from sphinx_bml.language import expand, parse_text

    total = 0
    for page in sorted(folder.glob("tables*.rst")):
        text = page.read_text(encoding="utf-8")
        for block in text.split(".. bml::")[1:]:
            bml = "\n".join(line[3:] for line in block.splitlines() if line.startswith("   "))
            total += len(expand(parse_text(bml, "x.bml")))
    return total


# --------------------------------------------------------------------------
# One build, in a process of its own


def switch_off() -> None:
    """Take the domain out: no anchors, no objects, no index, no checks; ``:bml:seq:`` stays as text."""
    from sphinx.domains import Domain
    from sphinx.roles import XRefRole

    from sphinx_bml.sphinx import resolving
    from sphinx_bml.sphinx.domain import anchors, domain
    from sphinx_bml.sphinx.reading import to_nodes

    class NoDomain(Domain):
        name = "bml"
        roles = {"seq": XRefRole()}  # noqa: RUF012 - as Sphinx declares them

        def merge_domaindata(self, docnames: object, otherdata: object) -> None:
            pass

    block = to_nodes.block

    def block_without_anchors(item: object, *, tree: bool, anchors: bool = True) -> object:
        return block(item, tree=tree, anchors=False)  # type: ignore[arg-type]

    domain.BMLDomain = NoDomain  # type: ignore[misc]
    resolving.pages_to_write_again = lambda app, env: []  # type: ignore[assignment]
    anchors.SequenceAnchors.apply = lambda self, **kwargs: None  # type: ignore[method-assign]
    to_nodes.block = block_without_anchors  # type: ignore[assignment]


def build_here(mode: str, source: str, output: str) -> int:
    from sphinx.cmd.build import build_main

    options = {
        "no seq index": ["-D", "html_domain_indices=0"],
        "no genindex": ["-D", "bml_general_index=0"],
        "off": ["-D", "suppress_warnings=ref.ref"],  # the index page the root document links to is gone
    }
    if mode == "off":
        switch_off()
    return build_main(["-q", "-b", "html", *options.get(mode, []), source, output])


def timed_build(mode: str, source: Path, output: Path) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, __file__, "--build-one", mode, str(source), str(output)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


# --------------------------------------------------------------------------


MODES = ("full", "no seq index", "no genindex", "off")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="best of N builds per mode (default 3)")
    parser.add_argument("--openings", type=int, default=12, help="pages of tables, one opening each (default 12)")
    parser.add_argument("--keep", type=Path, help="write the site here and keep it")
    parser.add_argument("--build-one", nargs=3, metavar=("MODE", "SOURCE", "OUTPUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build_one:
        sys.exit(build_here(*args.build_one))

    work = Path(tempfile.mkdtemp(prefix="bench-domain-"))
    source = args.keep or work / "site"
    try:
        sequences, references = generate(source, args.openings, random.Random(SEED))
        pages = len(list(source.glob("*.rst")))
        print(f"site: {pages} pages, {sequences:,} sequences, {references:,} references; best of {args.runs} runs")
        results = {mode: measure(mode, source, work, args.runs) for mode in MODES}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    baseline = results["off"][0]
    print()
    print("| build        | full build s | vs off | incremental s | environment KiB | index page KiB |")
    print("|--------------|-------------:|-------:|--------------:|----------------:|---------------:|")
    for mode, (full, incremental, environment, index) in results.items():
        index_size = "-" if index is None else f"{index:,.0f}"
        print(
            f"| {mode:<12} | {full:12.2f} | {full / baseline:5.2f}x | {incremental:13.2f} | {environment:15,.0f} | "
            f"{index_size:>14} |"
        )


def measure(mode: str, source: Path, work: Path, runs: int) -> tuple[float, float, float, float | None]:
    """Best full build, best incremental build (one description changed), environment and index page KiB."""
    full, incremental = float("inf"), float("inf")
    output = work
    for run in range(runs):
        output = work / f"out-{mode.replace(' ', '-')}-{run}"
        full = min(full, timed_build(mode, source, output))
        page = source / "tables03.rst"
        original = page.read_text(encoding="utf-8")
        page.write_text(original.replace("natural", "natural (edited)", 1), encoding="utf-8")
        try:
            incremental = min(incremental, timed_build(mode, source, output))
        finally:
            page.write_text(original, encoding="utf-8")
    environment = (output / ".doctrees" / "environment.pickle").stat().st_size / 1024
    index = output / "bml-sequences.html"
    return full, incremental, environment, index.stat().st_size / 1024 if index.exists() else None


if __name__ == "__main__":
    main()
