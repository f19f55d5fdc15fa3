"""The build benchmarks still run and print their tables.

They are measuring scripts, never timed here: each is run once on a tiny
site so that a change to what they drive (``rebuild_floor.py`` patches
private functions of the domain) breaks this test rather than the next
measurement. The figures themselves are only checked to be figures.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.highlighting import vscode_missing
from tests.support import CHROMIUM, dealer_program, needs, pyodide_folder, require

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
_ROW = re.compile(r"^\| [\d,]+ \|")

pytestmark = pytest.mark.slow


def run(script: str, *args: str) -> str:
    environment = {**os.environ, "PYTHONPATH": str(BENCHMARKS.parent)}
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args],
        capture_output=True,
        text=True,
        check=False,
        env=environment,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def numbers(row: str) -> list[float]:
    return [float(cell.replace(",", "")) for cell in row.strip("| \n").split(" | ")]


def test_the_incremental_case_times_both_edits() -> None:
    printed = run("bench_builds.py", "--sizes", "300", "--only", "ours", "--runs", "1", "--incremental-lines", "400")
    table = printed[printed.index("incremental (") :]
    assert "| lines | full | prose edit | ratio | meaning edit | ratio |" in table
    rows = [line for line in table.splitlines() if _ROW.match(line)]
    assert len(rows) == 1
    lines, full, prose, prose_ratio, meaning, meaning_ratio = numbers(rows[0])
    assert lines == 400
    assert prose_ratio == pytest.approx(prose / full, abs=0.01)
    assert meaning_ratio == pytest.approx(meaning / full, abs=0.01)


def test_the_builds_benchmark_runs_only_the_commands_named() -> None:
    printed = run(
        "bench_builds.py", "--sizes", "300", "--runs", "1", "--no-incremental", "--commands", "html", "empty html"
    )
    table = printed[printed.index("CPU seconds") : printed.index("wall seconds")]
    assert "| lines | html | empty html |" in table
    (row,) = [line for line in table.splitlines() if _ROW.match(line)]
    lines, html, empty = numbers(row)
    assert lines == 300
    assert html > 0 and empty > 0


def test_the_rebuild_floor_keeps_the_site_wide_work() -> None:
    printed = run("rebuild_floor.py", "--lines", "400", "--runs", "1")
    rows = [line for line in printed.splitlines() if re.match(r"^\| \d", line)]
    assert len(rows) == 1
    full, rebuild, ratio, kept, kept_ratio, site_build = numbers(rows[0])
    assert ratio == pytest.approx(rebuild / full, abs=0.01)
    assert kept_ratio == pytest.approx(kept / full, abs=0.01)
    assert 0 < site_build < kept
    assert "without Site.build too:" in printed


def test_warnings_by_kind_counts_a_build_and_a_reading() -> None:
    root = str(BENCHMARKS.parent / "tests" / "roots" / "test-bml1-notes")
    for printed in (run("warnings_by_kind.py", root), run("warnings_by_kind.py", root, "--read")):
        counts = [line for line in printed.splitlines() if line.startswith("| bml.")]
        total = int(re.search(r": (\d+) warnings", printed).group(1))  # type: ignore[union-attr]
        assert sum(int(line.split("|")[2].replace(",", "")) for line in counts) == total
        assert "| bml.syntax |" in printed


def test_the_diff_benchmark_compares_two_versions_and_a_build() -> None:
    printed = run("bench_diff.py", "--sizes", "300", "--runs", "1", "--every", "5")
    changed = re.search(r"bml-diff finds ([\d,]+) sequences changed", printed)
    assert changed is not None and int(changed.group(1).replace(",", "")) > 0
    rows = {line.split(" | ")[0].strip("| "): line for line in printed.splitlines() if line.startswith("| ")}
    assert {"bml-diff", "bml-diff --json", "bml-diff from .bss", "html build", "bss build"} <= set(rows)
    html = numbers(rows["html build"].split(" | ", 1)[1])
    assert html[-1] == 1.0  # the html build against itself


def test_the_practice_benchmark_measures_each_case() -> None:
    printed = run("bench_practice.py", "--sizes", "3", "--par-sizes", "2", "--jobs", "1", "--sequence", "2D")
    rows = [line for line in printed.splitlines() if line.startswith("| ") and line[2:3] in "pso"]
    cases = [row.split(" | ")[0].strip("| ") for row in rows if not row.startswith("| case")]
    assert cases == ["plain", "par", "sequence 2D", "opponents"]
    for row in rows:
        boards, seconds, rate, cpu, base, peak, grown = numbers(row.split(" | ", 1)[1])
        assert boards in (2, 3) and cpu > 0 and rate > 0
        # the seconds are printed to two decimals: a run of 7 ms shows 0.01
        assert seconds == 0 or boards / rate == pytest.approx(seconds, rel=0.2, abs=0.005)
        assert peak >= base and grown == pytest.approx(peak - base, abs=0.11)


def test_the_dealer_script_benchmark_times_both_ways_and_counts() -> None:
    dealer_program()
    printed = run("bench_dealer_script.py", "--sequences", "1N-2C", "1D-(1S)-D", "--boards", "5", "--check", "10")
    rows = [line for line in printed.splitlines() if line.startswith("| 1")]
    assert [row.split(" | ")[0].strip("| ") for row in rows] == ["1N-2C", "1D-(1S)-D"]
    for row in rows:
        cells = row.strip("| ").split(" | ")
        assert cells[1] == "yes" and cells[-1] == "10 of 10"
        assert all(float(cell) >= 0 for cell in cells[2:6])


def test_the_practice_page_benchmark_counts_boards_and_questions() -> None:
    needs("endplay")
    printed = run("practice_page.py", "5").splitlines()
    assert re.fullmatch(r"5 practice boards in [\d.]+ s: \d+ boards per second", printed[0]), printed
    asked = re.fullmatch(r"questions per board: (.*)", printed[1])
    assert asked is not None and sum(int(n) for n in re.findall(r": (\d+) boards", asked.group(1))) == 5
    assert re.fullmatch(r"boards whose questions end on a call off the notes: \d", printed[2]), printed


def test_the_readers_benchmark_times_each_case_and_size() -> None:
    printed = run("bench_readers.py", "--sizes", "40", "80")
    rows = [line for line in printed.splitlines() if line.startswith("| ") and not line.startswith("| case")]
    assert [row.split(" | ")[0].strip("| ") for row in rows] == ["bboalert wildcards"] * 2 + [
        "bboalert options"
    ] * 2 + ["bss"] * 2
    for first, second in zip(rows[::2], rows[1::2], strict=True):
        seconds, after = float(first.split(" | ")[2]), second.split(" | ")
        assert int(after[1].replace(",", "")) == 80 and seconds > 0
        assert float(after[3].strip(" |")) == pytest.approx(float(after[2]) / seconds, abs=0.1)  # of rounded times


def test_the_highlighting_benchmark_times_both_engines_at_each_size() -> None:
    missing = vscode_missing()
    require(missing is None, f"VS Code's tokenizer cannot run: {missing}")
    printed = run("bench_highlighting.py", "--sizes", "2000", "4000", "--runs", "1", "--cases", "{{ without }}", "*")
    rows = [line for line in printed.splitlines() if line.startswith("| `")]
    assert [row.split(" | ")[:2] for row in rows] == [
        ["| `{{ without }}`", "2,000"],
        ["| `{{ without }}`", "4,000"],
        ["| `*`", "2,000"],
        ["| `*`", "4,000"],
    ]
    for first, second in zip(rows[::2], rows[1::2], strict=True):
        assert first.split(" | ")[3] == first.split(" | ")[5].strip(" |") == "–"  # no size before
        assert all(figure > 0 for figure in numbers(second.split(" | ", 2)[2]))  # seconds and ratios
    assert re.search(r"vscode-textmate \d+\.\d+\.\d+, vscode-oniguruma \d+\.\d+\.\d+", printed)


def test_the_quickstart_is_timed_to_a_built_site() -> None:
    printed = run("bench_quickstart.py", "--runs", "1")
    assert "| bml-quickstart | site | total |" in printed
    (row,) = (line for line in printed.splitlines() if re.match(r"^\| [\d.]+ \|", line))
    command, site, total = numbers(row)
    assert total == pytest.approx(command + site, abs=0.02)


@pytest.mark.browser
def test_the_playground_benchmark_prints_the_payload_and_the_time_to_the_first_table() -> None:
    require(pyodide_folder() is not None, "Pyodide's files are not there: run bash .ci/fetch-pyodide")
    require(CHROMIUM.exists(), f"Chromium is not installed at {CHROMIUM} (Debian package chromium)")
    printed = run("playground.py", "--runs", "1")
    cold = re.search(r"^\| cold \(fresh profile\) \| ([\d,]+) \| ([\d.]+) \|$", printed, re.MULTILINE)
    cached = re.search(r"^\| cached \(second load\) \| ([\d,]+) \| ([\d.]+) \|$", printed, re.MULTILINE)
    assert cold is not None and cached is not None, printed
    on_disk = re.search(r"^ +([\d,]+)  in all$", printed, re.MULTILINE)
    assert on_disk is not None
    assert int(cold.group(1).replace(",", "")) >= int(on_disk.group(1).replace(",", ""))  # the page besides
    assert int(cached.group(1).replace(",", "")) < int(cold.group(1).replace(",", ""))
    assert re.search(r"a pasted table of 10,000 rows read and drawn in [\d.]+ s", printed)
    assert "asked of other sites" not in printed
