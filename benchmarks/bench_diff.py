"""Benchmark of ``bml-diff``: two versions of a large system, against one build.

This is a measuring script, not a test: it prints figures and asserts
nothing. For each size (18,000 lines by default) it generates a system with
the generator of ``bench_engine.py`` and a second version of it with edits
a partnership makes between two sessions: every ``--every``-th meaning
reworded, and the first ``#PASTE`` with replacements given another
replacement (which changes sequences far from the edited line). Then it
times, each in a fresh process, median of ``--runs``:

* ``bml-diff OLD.bml NEW.bml`` (the text printed) and ``--json``;
* ``bml-diff OLD.bss NEW.bml`` (the published ``.bss`` of the old version);
* ``sphinx-build -b html`` and ``-b bss`` of a project whose root page is the
  new version: one build, which the comparison should take well under.

It prints CPU seconds (user + system of the process), wall seconds and peak
memory, each command's ratio to the HTML build, and how many sequences
``bml-diff`` found changed.

Usage::

    python benchmarks/bench_diff.py                    # 18,000 lines, median of 3
    python benchmarks/bench_diff.py --sizes 4500 18000 --runs 1
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_builds import CONF, Measure, Setup, compile_source, run
from bench_engine import Generator

from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_file

DEFAULT_SIZES = (18_000,)
_ROW = re.compile(r"^(\s+)(\S+)(\s+)(\S.*)$")
_PASTE = re.compile(r"^(\s*#PASTE \S+ )(\S+)=(\S+)(.*)$")
COMMANDS = ("bml-diff", "bml-diff --json", "bml-diff from .bss", "html build", "bss build")


def new_version(old: str, every: int) -> str:
    """``old`` with every ``every``-th indented row's meaning reworded and the first
    ``#PASTE`` with replacements given another replacement."""
    lines = old.splitlines()
    rows = 0
    pasted = False
    for number, line in enumerate(lines):
        if not pasted and (paste := _PASTE.match(line)):
            lines[number] = f"{paste.group(1)}{paste.group(2)}={paste.group(3)}x{paste.group(4)}"
            pasted = True
        elif (row := _ROW.match(line)) and row.group(2)[0].isdigit():
            rows += 1
            if rows % every == 0:
                lines[number] = line + ", reworded"
    return "\n".join(lines) + "\n"


#: bml-diff as its command runs it (named ``bml-diff``, as the installed script is: a process that
#: ends with its work, see ``sphinx/garbage_collector.py``), its exit status (1: the versions differ) left out
DIFF_SCRIPT = (
    "import sys\nsys.argv[0] = 'bml-diff'\nfrom sphinx_bml.commands.bml_diff import main\nmain(sys.argv[1:])\n"
)


def diff_command(setup: Setup, *args: str) -> list[str]:
    return [setup.python, "-c", DIFF_SCRIPT, *args]


def command_line(setup: Setup, command: str, work: Path, out: Path) -> list[str]:
    old, new = str(work / "old.bml"), str(work / "new.bml")
    if command == "bml-diff":
        return diff_command(setup, old, new)
    if command == "bml-diff --json":
        return diff_command(setup, "--json", old, new)
    if command == "bml-diff from .bss":
        return diff_command(setup, str(work / "old.bss"), new)
    builder = command.split()[0]
    return setup.sphinx(builder, work / "project", out)


def prepare(work: Path, size: int, every: int) -> int:
    """Write both versions, the old one's ``.bss`` and the project; the changes bml-diff finds."""
    old = Generator(size).generate()
    new = new_version(old, every)
    work.mkdir(parents=True)
    (work / "old.bml").write_text(old, encoding="utf-8")
    (work / "new.bml").write_text(new, encoding="utf-8")
    (work / "old.bss").write_text(write_bss(expand(parse_file(work / "old.bml"))), encoding="utf-8")
    project = work / "project"
    project.mkdir()
    (project / "conf.py").write_text(CONF, encoding="utf-8")
    (project / "index.bml").write_text(new, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx_bml.commands.bml_diff", "--json", str(work / "old.bml"), str(work / "new.bml")],
        capture_output=True,
        text=True,
        check=False,
    )
    return len(json.loads(done.stdout)["changes"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES), help="target line counts")
    parser.add_argument("--runs", type=int, default=3, help="runs of every command; the median is shown (default 3)")
    parser.add_argument("--every", type=int, default=50, help="reword every n-th row of the new version")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before a command is stopped")
    args = parser.parse_args(argv)
    setup = Setup(sys.executable, None, Path(__file__).resolve().parent.parent, args.timeout)
    compile_source(setup)
    print(f"sphinx-bml from {setup.source}; {os.cpu_count()} cores; median of {args.runs}", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="bench-diff-") as temporary:
        root = Path(temporary)
        for size in sorted(args.sizes):
            work = root / str(size)
            changed = prepare(work, size, args.every)
            lines = (work / "new.bml").read_text(encoding="utf-8").count("\n")
            found: dict[str, list[Measure]] = {command: [] for command in COMMANDS}
            for number in range(args.runs):
                for command in COMMANDS:
                    out = root / "out" / f"{size}-{number}-{command.replace(' ', '-')}"
                    out.mkdir(parents=True)
                    measure = run(command_line(setup, command, work, out), work, setup.env, setup.timeout)
                    if measure is not None:
                        found[command].append(measure)
            print(f"\n{lines:,} lines; bml-diff finds {changed:,} sequences changed, added or removed\n")
            print("| command | cpu s | wall s | peak MB | cpu / html build |")
            print("| --- | ---: | ---: | ---: | ---: |")
            html = _median(found["html build"], "cpu")
            for command in COMMANDS:
                cpu = _median(found[command], "cpu")
                wall = _median(found[command], "wall")
                peak = _median(found[command], "peak_mb")
                ratio = f"{cpu / html:.2f}" if cpu is not None and html else "-"
                print(f"| {command} | {_cell(cpu)} | {_cell(wall)} | {_cell(peak, 0)} | {ratio} |")
    return 0


def _median(measures: list[Measure], what: str) -> float | None:
    return statistics.median(getattr(measure, what) for measure in measures) if measures else None


def _cell(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


if __name__ == "__main__":
    raise SystemExit(main())
