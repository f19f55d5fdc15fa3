"""Hostile and broken input, one test per item of the security review.

No file read outside the documentation folder, no injection into what
BBOalert or BML will read, no blow-up (each expansion stops at a documented
limit with one located problem), no crash. The Sphinx-side items build real
projects; their fuller variants live in tests/sphinx/test_hostile.py and the
campaign of tests/sphinx/test_fuzz.py. Nothing here is timed: growth is
measured by benchmarks/bench_limits.py and benchmarks/bench_includes.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from unicodedata import normalize

import pytest
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.commands.bss2bml import main as bss2bml
from sphinx_bml.formats.bboalert import read_bboalert, write_bboalert
from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_reader import read_bss
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import Reader, expand, parse_text
from sphinx_bml.language.bidtable import MAX_TABLE_DEPTH
from sphinx_bml.language.expansion import MAX_TABLE_SEQUENCES
from sphinx_bml.language.inline import parse_inline, plain_text
from sphinx_bml.language.parser import Parser
from tests.support import located_warnings, write_project


def site(tmp_path: Path, index: str, **files: str | bytes) -> Path:
    return write_project(tmp_path / "docs", index, **files)


def problems(text: str) -> list[str]:
    document = parse_text(text, "notes.bml")
    expand(document)
    return [str(problem) for problem in document.problems]


# 1 -- a file argument that links out of the documentation folder is not read


def test_1_a_symlink_out_of_the_folder_is_not_published(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    secret = tmp_path / "environ"
    secret.write_text("1N  SECRET=hunter2\n", encoding="utf-8")
    source = site(tmp_path, "Notes\n=====\n\n.. bml:: partner.txt\n")
    (source / "partner.txt").symlink_to(secret)
    app = make_app("html", srcdir=source)
    app.build()
    assert "hunter2" not in (Path(app.outdir) / "index.html").read_text(encoding="utf-8")
    assert [warning[2] for warning in located_warnings(app)] == ["bml.include"]


# 2 -- BBOalert output carries no injection


@pytest.mark.parametrize(
    "meaning",
    ["Stayman \\", "@T send at once", "@I skip", "a&comma;b", "%userScript%", "<img src=x onerror=alert(1)>"],
)
def test_2_bboalert_control_syntax_is_shown_as_written(meaning: str) -> None:
    system = expand(parse_text(f"#+TITLE: <script>x</script>\n\n1N  15-17\n  2C  {meaning}\n  2D  transfer\n", "n.bml"))
    written = read_bboalert(write_bboalert(system))
    assert "<script>" not in written.title
    # control characters become their full-width look-alikes (＠T): inert in BBOalert, the same to the eye
    assert [normalize("NFKC", record.shown) for record in written.records][-2:] == [meaning, "transfer"]


# 3 -- nothing read from a .bss file becomes a BML command


def test_3_a_bss_description_never_becomes_a_command() -> None:
    bss = "*00{T}=NYYYYYY\n001N=NYYYYYY0Strong\\n#INCLUDE /etc/passwd\\n#CUT a\\n#PASTE a\\n* heading\\n2C = row\n"
    bml = write_bml(build_document(read_bss(bss, "p.bss")))
    document = parse_text(bml, "p.bml")
    assert not [problem for problem in document.problems if "INCLUDE" in str(problem)]
    (meaning,) = expand(document)
    assert "#INCLUDE /etc/passwd" in meaning.description.text and "#PASTE a" in meaning.description.text


# 4 -- pastes stop at a limit


def test_4_a_clip_pasting_itself_stops_with_one_problem() -> None:
    found = problems("#CUT a\n1C  x\n#PASTE a\n#PASTE a\n#ENDCUT\n\n#PASTE a\n")
    assert [problem.split(":")[1] for problem in found] == ["3", "4"]  # each #PASTE line once
    assert all("inside the rows of a itself" in problem for problem in found)


def test_4_a_chain_of_doubling_cuts_stops_at_a_limit() -> None:
    chain = ["#CUT c0\n1C  x\n#ENDCUT"] + [
        f"#CUT c{n}\n#PASTE c{n - 1}\n#PASTE c{n - 1}\n#ENDCUT" for n in range(1, 30)
    ]
    document = parse_text("\n\n".join([*chain, "#PASTE c29"]) + "\n", "notes.bml")
    rows = sum(len(table.rows) for table in document.bid_tables)
    assert rows <= 20_000 and len(document.problems) == 1


# 5 -- diamond-shaped includes


def test_5_diamond_includes_stop_at_the_limit(tmp_path: Path) -> None:
    for depth in range(20):
        (tmp_path / f"f{depth}.bml").write_text(
            f"#INCLUDE f{depth + 1}.bml\n#INCLUDE f{depth + 1}.bml\n1C  level {depth}\n", encoding="utf-8"
        )
    (tmp_path / "f20.bml").write_text("1D  bottom\n", encoding="utf-8")
    source = Reader(root=tmp_path, max_included_lines=2_000).read_file(tmp_path / "f0.bml")
    assert len(source.lines) <= 2_100
    assert [problem.kind.value for problem in source.problems] == ["include"]


# 6 -- nested multi-strain patterns


def test_6_nested_patterns_stop_at_the_sequence_limit() -> None:
    rows = "\n".join("  " * depth + "1CDHSN  x" if depth == 0 else "  " * depth + "2CDHSN  x" for depth in range(12))
    document = parse_text(rows.replace("2CDHSN", "7CDHSN") + "\n", "notes.bml")
    system = expand(document)
    assert len(system) <= MAX_TABLE_SEQUENCES + 1


# 7 -- inline markup is linear (the output is the same as before; the growth is benchmarked)


def test_7_unmatched_markers_read_as_text() -> None:
    text = "/ * = " * 4_000
    assert plain_text(parse_inline(text)) == text


# 9 -- a page that is not UTF-8


def test_9_a_windows_1252_page_is_named_not_a_crash(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    """Sphinx reads pages as UTF-8 only, and stopped on one that is not, naming no file:
    it is named at its line, with how to save it, and left out; the site is built."""
    source = site(
        tmp_path, "N\n=\n\n.. toctree::\n\n   cafe\n", cafe__bml="#+TITLE: Café\n\n1N  «15-17»\n".encode("cp1252")
    )
    app = make_app("html", srcdir=source)
    app.build()
    assert (Path(app.outdir) / "index.html").is_file()
    assert located_warnings(app)[0][:3] == ("cafe.bml", 1, "bml.include")
    assert "save it as UTF-8" in located_warnings(app)[0][3]


# 10 -- crashes and hangs


def test_10_deep_nesting_and_huge_steps_are_problems_not_crashes() -> None:
    deep = "\n".join("  " * depth + "1C  x" for depth in range(200))
    assert f"notes.bml:{MAX_TABLE_DEPTH + 1}: the row 1C is {MAX_TABLE_DEPTH + 1} calls deep" in problems(deep)[0]
    assert any("steps" in problem for problem in problems("1C  x\n  " + "9" * 4300 + "steps  y\n"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_10_an_include_of_a_pipe_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.bml")
    source = Reader(root=tmp_path).read_text("#INCLUDE pipe.bml\n", "main.bml", tmp_path)
    assert ["pipe" in problem.message for problem in source.problems] == [True]


def test_10_bad_settings_do_not_crash(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = site(tmp_path, "N\n=\n")
    with (source / "conf.py").open("a", encoding="utf-8") as conf:
        conf.write('bml_bss_filename = ".."\nbml_general_index = "two"\nbml_systems = "wj"\n')
    app = make_app("bss", srcdir=source)
    app.build()
    assert [warning[2] for warning in located_warnings(app)] == ["bml.config"] * 3


# 11 -- bss2bml and its output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_11_bss2bml_refuses_to_replace_a_pipe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "p.bss").write_text("*00{T}=NYYYYYY\n001C=NYYYYYY008Strong\n", encoding="utf-8")
    os.mkfifo(tmp_path / "out.bml")
    assert bss2bml([str(tmp_path / "p.bss"), "-o", str(tmp_path / "out.bml")]) != 0
    assert (tmp_path / "out.bml").is_fifo()
    assert "it is a pipe, not a file" in capsys.readouterr().err


def test_11_bss2bml_reads_utf16(tmp_path: Path) -> None:
    (tmp_path / "p.bss").write_bytes("*00{T}=NYYYYYY\n001C=NYYYYYY008Strong\n".encode("utf-16"))
    assert bss2bml([str(tmp_path / "p.bss"), "-o", str(tmp_path / "p.bml")]) == 0
    assert "1C = Strong" in (tmp_path / "p.bml").read_text(encoding="utf-8")


def test_11_a_closed_stdout_prints_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "p.bss").write_text("*00{T}=NYYYYYY\n" + "001C=NYYYYYY008Strong\n" * 1, encoding="utf-8")
    command = f"{sys.executable} -m sphinx_bml.commands.bss2bml {tmp_path / 'p.bss'} -o - | head -c 0"
    result = subprocess.run(command, shell=True, capture_output=True, text=True, check=False)
    assert "Traceback" not in result.stderr


# 12 -- typos in deals and auctions


def test_12_a_typo_in_an_auction_never_reaches_the_bss_file() -> None:
    document = parse_text("West North East South\n1C Pass 1H Dbel\n", "notes.bml")
    assert document.bid_tables == [] and len(document.problems) == 1
    assert write_bss(expand(document)).splitlines()[1:] == []


def test_12_an_impossible_auction_is_reported() -> None:
    assert any("partner" in problem for problem in problems("W N E S\n1C Pass Dbl\n"))


# 13 -- lines end only at \n, \r\n and \r


def test_13_a_line_separator_does_not_split_a_row() -> None:
    document = parse_text("1N  15-17\u2028 balanced\n  2C  Stayman\n", "notes.bml")
    assert [(m.sequence.notation(), m.location.line) for m in expand(document)][-1] == ("1N-(P)-2C", 2)


# 14 -- silent losses and wrong places


def test_14_a_brace_in_the_title_keeps_the_bss_readable_and_a_literal_backslash_n_stays() -> None:
    system = expand(parse_text("#+TITLE: Precision {2026}\n\n1C  a \\n b\n", "n.bml"))
    read = read_bss(write_bss(system), "n.bss")
    assert read.sequences[0].description.text == "a \\n b"


def test_14_an_unknown_metadata_key_is_reported() -> None:
    document = Parser().parse(Reader().read_text("#+TITEL: Precision\n", "n.bml"))
    assert ["did you mean #+TITLE?" in problem.message for problem in document.problems] == [True]
