"""Benchmark of whole builds: our sphinx-build against bridge-markup's commands.

This is a measuring script, not a test: it prints figures and asserts
nothing. On generated systems (the generator of ``bench_engine.py``: valid
for the reference too) of about 4.5k, 9k, 18k, 36k and 80k lines, it runs,
side by side and interleaved (every command once per size, then again,
``--runs`` times), each in a fresh process writing to a fresh folder:

* bridge-markup 2.7.0's ``bml2bss``, ``bml2html`` and ``bml2latex``;
* ``sphinx-build -b bss``, ``-b html`` and ``-b latex`` on a project whose
  root page is the system (``index.bml``);
* ``sphinx-build -b html`` and ``-b latex`` on an empty project (the floor:
  Sphinx's start-up);
* the engine alone (parse, expand and write the ``.bss`` in one process).

For each it prints the median CPU seconds (user + system of the process,
from ``os.wait4``), wall seconds and peak memory (maximum resident set),
then the ratios the goals are about (reference / ours; latex / an empty
project's latex) and the growth of each command per doubling of lines
(1.0: constant time, 2.0: linear).

Then the incremental case: a site of 20 ``.bml`` pages (``--incremental-lines``
in all, 18,000 by default; several sizes may be given) is built as HTML, then
one page is edited twice, a sentence of prose added and then a meaning in a
bidding table reworded, the build running again on the same output after
each; it prints the three times and each edit's ratio to the full build.

The reference must live in a virtual environment of its own (its
``bss2bml`` clashes with ours)::

    python3 -m venv /tmp/bm-venv && /tmp/bm-venv/bin/pip install bridge-markup==2.7.0

Usage::

    python benchmarks/bench_builds.py                                 # every size, median of 3
    python benchmarks/bench_builds.py --sizes 4500 9000 --runs 1      # a quick run
    python benchmarks/bench_builds.py --reference-bin /tmp/bm-venv/bin
    python benchmarks/bench_builds.py --source /tmp/main-snap         # time another checkout of sphinx-bml
    python benchmarks/bench_builds.py --no-incremental --only ours
    python benchmarks/bench_builds.py --sizes 4500 --commands bml2html html --no-incremental
    python benchmarks/bench_builds.py --sizes 4500 --only ours --incremental-lines 18000 36000 80000

``--reference-budget`` (CPU seconds, default 120): a reference command that
took longer at one size is not run at the bigger ones (it is quadratic).
``--timeout`` stops any single command (default 600 s).
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_engine import Generator

DEFAULT_SIZES = (4_500, 9_000, 18_000, 36_000, 80_000)
REFERENCE_COMMANDS = ("bml2bss", "bml2html", "bml2latex")
OURS = ("bss", "html", "latex")
EMPTY = ("empty html", "empty latex")
ENGINE = "engine"
PAGES = 20
ENGINE_SCRIPT = (
    "import sys\n"
    "from sphinx_bml.formats.bss_writer import write_bss\n"
    "from sphinx_bml.language import expand, parse_file\n"
    "document = parse_file(sys.argv[1])\n"
    "system = expand(document)\n"
    "open(sys.argv[2], 'w', encoding='utf-8').write(write_bss(system))\n"
)
CONF = 'extensions = ["sphinx_bml"]\nproject = "Benchmark"\nsuppress_warnings = ["bml"]\n'


@dataclass
class Measure:
    cpu: float
    wall: float
    peak_mb: float


@dataclass
class Results:
    found: dict[tuple[str, int], list[Measure]] = field(default_factory=dict)
    stopped: set[tuple[str, int]] = field(default_factory=set)

    def add(self, command: str, size: int, measure: Measure | None) -> None:
        if measure is None:
            self.stopped.add((command, size))
        else:
            self.found.setdefault((command, size), []).append(measure)

    def median(self, command: str, size: int, what: str = "cpu") -> float | None:
        measures = self.found.get((command, size))
        if not measures or (command, size) in self.stopped:
            return None
        return statistics.median(getattr(measure, what) for measure in measures)


# -- running -------------------------------------------------------------------


def run(argv: list[str], cwd: Path, env: dict[str, str], timeout: float) -> Measure | None:
    """One command in a fresh process: its own CPU time and peak memory (``os.wait4``), and the wall time."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    timer = threading.Timer(timeout, process.send_signal, (signal.SIGKILL,))
    timer.start()
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        reason = "stopped" if process.returncode == -signal.SIGKILL else "failed"
        print(f"  {reason}: {' '.join(argv[:3])}: {errors.decode(errors='replace')[-300:]}", file=sys.stderr)
        return None
    return Measure(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


@dataclass
class Setup:
    python: str
    reference: Path | None
    source: Path
    timeout: float

    @property
    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.source), "PYTHONHASHSEED": "0"}

    def sphinx(self, builder: str, project: Path, out: Path) -> list[str]:
        return [self.python, "-m", "sphinx", "-q", "-b", builder, str(project), str(out / builder)]


def compile_source(setup: Setup) -> None:
    """Byte-compile sphinx-bml as an installation would: with PYTHONDONTWRITEBYTECODE
    set, a checkout's edited modules are otherwise compiled again by every command
    measured, and the reference's, installed by pip, never are."""
    package = setup.source / "sphinx_bml"
    subprocess.run([setup.python, "-m", "compileall", "-q", str(package)], check=True, stdout=subprocess.DEVNULL)


def make_project(folder: Path, system: str | None) -> Path:
    folder.mkdir(parents=True)
    if system is None:
        (folder / "conf.py").write_text('project = "Empty"\n', encoding="utf-8")
        (folder / "index.rst").write_text("Empty\n=====\n\nNothing here.\n", encoding="utf-8")
    else:
        (folder / "conf.py").write_text(CONF, encoding="utf-8")
        (folder / "index.bml").write_text(system, encoding="utf-8")
    return folder


def command_line(setup: Setup, command: str, work: Path, out: Path) -> list[str]:
    if command in REFERENCE_COMMANDS:
        assert setup.reference is not None
        suffix = {"bml2bss": ".bss", "bml2html": ".html", "bml2latex": ".tex"}[command]
        return [str(setup.reference / command), "-o", str(out / f"system{suffix}"), str(work / "system.bml")]
    if command in OURS:
        return setup.sphinx(command, work / "project", out)
    if command in EMPTY:
        return setup.sphinx(command.split()[1], work / "empty", out)
    return [setup.python, "-c", ENGINE_SCRIPT, str(work / "system.bml"), str(out / "engine.bss")]


def measure_sizes(setup: Setup, sizes: list[int], runs: int, commands: list[str], budget: float) -> Results:
    results = Results()
    with tempfile.TemporaryDirectory(prefix="bench-builds-") as temporary:
        root = Path(temporary)
        works: dict[int, Path] = {}
        make_project(root / "empty", None)
        for size in sizes:
            work = works[size] = root / str(size)
            system = Generator(size).generate()
            work.mkdir()
            (work / "system.bml").write_text(system, encoding="utf-8")
            make_project(work / "project", system)
            (work / "empty").symlink_to(root / "empty")
            print(f"{size:>6}: {system.count(chr(10)):,} lines written", file=sys.stderr)
        for number in range(runs):
            for size in sizes:
                for command in commands:
                    if command in REFERENCE_COMMANDS and _over_budget(results, command, size, sizes, budget):
                        results.stopped.add((command, size))
                        continue
                    out = root / "out" / f"{size}-{command.replace(' ', '-')}-{number}"
                    out.mkdir(parents=True)
                    measure = run(command_line(setup, command, works[size], out), works[size], setup.env, setup.timeout)
                    results.add(command, size, measure)
                    shutil.rmtree(out, ignore_errors=True)
                    shown = f"{measure.cpu:.2f} s CPU" if measure else "stopped"
                    print(f"  run {number + 1} {size:>6} {command:<12} {shown}", file=sys.stderr)
    return results


def _over_budget(results: Results, command: str, size: int, sizes: list[int], budget: float) -> bool:
    smaller = [s for s in sizes if s < size]
    if not smaller:
        return False
    before = max(smaller)
    if (command, before) in results.stopped:
        return True
    measures = results.found.get((command, before), [])
    return bool(measures) and min(m.cpu for m in measures) > budget


# -- the incremental case --------------------------------------------------------


#: What the incremental case edits on one page: a sentence of prose, or a meaning in a bidding table.
EDITS = ("prose", "meaning")
_TOP_ROW = re.compile(r"^(\S+ {2,}\S.*)$", re.MULTILINE)


def edit_page(text: str, edit: str) -> str:
    """One page's text after an author's edit: a sentence added at the end, or
    the meaning of the first row of its first bidding table reworded."""
    if edit == "prose":
        return text + "\nOne more sentence at the end.\n"
    return _TOP_ROW.sub(r"\1, edited", text, count=1)


def make_site(project: Path, lines: int) -> None:
    """A site of :data:`PAGES` ``.bml`` pages of about ``lines`` lines in all, in one toctree."""
    project.mkdir()
    (project / "conf.py").write_text(CONF, encoding="utf-8")
    names = [f"page{number:02}" for number in range(1, PAGES + 1)]
    toctree = "\n".join(f"   {name}" for name in names)
    (project / "index.rst").write_text(f"Site\n====\n\n.. toctree::\n\n{toctree}\n", encoding="utf-8")
    for number, name in enumerate(names):
        (project / f"{name}.bml").write_text(Generator(lines // PAGES + number).generate(), encoding="utf-8")


def measure_incremental(setup: Setup, lines: int, runs: int) -> list[dict[str, float]]:
    """CPU seconds of a 20-page html site, per run: the full build, then a
    build after each edit of :data:`EDITS` (one page, on the same output)."""
    found = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="bench-incremental-") as temporary:
            project = Path(temporary) / "site"
            make_site(project, lines)
            out = Path(temporary) / "out"
            full = run(setup.sphinx("html", project, out), project, setup.env, setup.timeout)
            times = {"full": full.cpu} if full else {}
            edited = project / "page07.bml"
            for edit in EDITS:
                text = edited.read_text(encoding="utf-8")
                changed = edit_page(text, edit)
                assert changed != text, f"the {edit} edit changed nothing"
                edited.write_text(changed, encoding="utf-8")
                again = run(setup.sphinx("html", project, out), project, setup.env, setup.timeout)
                if again:
                    times[edit] = again.cpu
            if len(times) == 1 + len(EDITS):
                found.append(times)
    return found


def print_incremental(found: dict[int, list[dict[str, float]]]) -> None:
    print(f"\nincremental ({PAGES} pages, html, CPU median): the full build, then one page edited\n")
    print("| lines | full | " + " | ".join(f"{edit} edit | ratio" for edit in EDITS) + " |")
    print("|---:|---:|" + "---:|---:|" * len(EDITS))
    for lines, times in found.items():
        if not times:
            continue
        full = statistics.median(t["full"] for t in times)
        cells = []
        for edit in EDITS:
            again = statistics.median(t[edit] for t in times)
            cells += [f"{again:.2f}", f"{again / full:.2f}"]
        print(f"| {lines:,} | {full:.2f} | " + " | ".join(cells) + " |")


# -- printing ----------------------------------------------------------------------


def _cell(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _ratio(top: float | None, bottom: float | None) -> str:
    return "–" if top is None or bottom is None or bottom == 0 else f"{top / bottom:.1f}×"


def print_tables(results: Results, sizes: list[int], commands: list[str]) -> None:
    for what, title, digits in (("cpu", "CPU seconds", 2), ("wall", "wall seconds", 2), ("peak_mb", "peak MB", 0)):
        print(f"\n{title} (median)\n")
        print("| lines | " + " | ".join(commands) + " |")
        print("|---:|" + "---:|" * len(commands))
        for size in sizes:
            cells = [_cell(results.median(command, size, what), digits) for command in commands]
            print(f"| {size:,} | " + " | ".join(cells) + " |")
    print("\nratios (CPU)\n")
    print("| lines | bml2bss / bss | bml2html / html | latex / empty latex | html / empty html |")
    print("|---:|---:|---:|---:|---:|")
    for size in sizes:
        m = results.median
        ratios = (
            _ratio(m("bml2bss", size), m("bss", size)),
            _ratio(m("bml2html", size), m("html", size)),
            _ratio(m("latex", size), m("empty latex", size)),
            _ratio(m("html", size), m("empty html", size)),
        )
        print(f"| {size:,} | " + " | ".join(ratios) + " |")
    print("\ngrowth per doubling of lines (CPU; 2.0 is linear)\n")
    print("| from | to | " + " | ".join(commands) + " |")
    print("|---:|---:|" + "---:|" * len(commands))
    for small, big in itertools.pairwise(sizes):
        cells = []
        for command in commands:
            before, after = results.median(command, small), results.median(command, big)
            growth = None if not before or not after else (after / before) ** (math.log(2) / math.log(big / small))
            cells.append(_cell(growth))
        print(f"| {small:,} | {big:,} | " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES), help="target line counts")
    parser.add_argument("--runs", type=int, default=3, help="runs of every command; the median is shown (default 3)")
    parser.add_argument(
        "--reference-bin",
        type=Path,
        default=Path("/tmp/bm-venv/bin"),
        help="bin folder of a virtual environment with bridge-markup==2.7.0 (default /tmp/bm-venv/bin)",
    )
    parser.add_argument("--reference-budget", type=float, default=120.0, help="CPU s; skip bigger sizes after")
    parser.add_argument("--python", default=sys.executable, help="the Python that runs Sphinx (default: this one)")
    parser.add_argument(
        "--source", type=Path, default=Path(__file__).resolve().parent.parent, help="sphinx-bml checkout"
    )
    parser.add_argument("--only", choices=("ours", "reference"), help="run only our commands or only the reference")
    parser.add_argument(
        "--commands",
        nargs="+",
        choices=(*REFERENCE_COMMANDS, *OURS, *EMPTY, ENGINE),
        metavar="COMMAND",
        help="run only these (for example: bml2html html latex 'empty latex')",
    )
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before a command is stopped")
    parser.add_argument(
        "--incremental-lines", type=int, nargs="+", default=[18_000], help="lines of the 20-page site (several: each)"
    )
    parser.add_argument("--no-incremental", action="store_true", help="skip the incremental case")
    args = parser.parse_args(argv)

    reference: Path | None = args.reference_bin
    if reference is not None and not (reference / "bml2bss").exists():
        print(
            f"no bridge-markup in {reference}: create it with\n"
            f"  python3 -m venv {reference.parent} && {reference}/pip install bridge-markup==2.7.0\n"
            "the reference columns are left out",
            file=sys.stderr,
        )
        reference = None
    commands: list[str] = []
    if args.only != "ours" and reference is not None:
        commands += REFERENCE_COMMANDS
    if args.only != "reference":
        commands += [*OURS, *EMPTY, ENGINE]
    if args.commands:
        commands = [command for command in commands if command in args.commands]
    setup = Setup(args.python, reference, args.source.resolve(), args.timeout)
    print(f"sphinx-bml from {setup.source}; {os.cpu_count()} cores; median of {args.runs}", file=sys.stderr)
    compile_source(setup)
    results = measure_sizes(setup, sorted(args.sizes), args.runs, commands, args.reference_budget)
    print_tables(results, sorted(args.sizes), commands)
    if not args.no_incremental and args.only != "reference":
        print_incremental({lines: measure_incremental(setup, lines, args.runs) for lines in args.incremental_lines})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
