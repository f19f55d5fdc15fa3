"""The ``bboalert2bml`` command: files, formats, reports at their lines, exit status."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from sphinx_bml.commands.bboalert2bml import main, not_carried
from sphinx_bml.formats.bboalert_reader import read_bboalert_notes
from sphinx_bml.language import expand, parse_text

PARTNERSHIP = Path(__file__).parent.parent / "formats" / "bboalert" / "partnership.txt"
CLUB = Path(__file__).parent.parent / "formats" / "bboalert" / "club_partnership.txt"
CLEAN = "BBOalert,Our Precision\n,1C,16+ hcp\n1C--,1D,Negative: 0-7\nOption,3rd_seat_@3\n,1H,Very light\nOption\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_clean_file_converts_beside_itself(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "ours.txt").write_text(CLEAN, encoding="utf-8")
    assert main(["ours.txt"]) == 0
    assert capsys.readouterr().err == ""
    bml = (folder / "ours.bml").read_text(encoding="utf-8")
    assert bml.startswith("#+TITLE: Our Precision\n")
    assert "1C = 16+ hcp\n  1D = Negative: 0-7\n" in bml
    assert "#SEAT 3\n\n1H = Very light\n" in bml
    assert not parse_text(bml).problems


def test_a_hand_written_file_reports_each_line_and_writes_the_rest(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(PARTNERSHIP, folder / "partnership.txt")
    assert main(["partnership.txt", "-o", "notes.bml"]) == 1
    err = capsys.readouterr().err.splitlines()
    listed = [int(line.split(":")[1]) for line in err if line.startswith("  partnership.txt:")]
    # by kind: wildcards, a script, explanations cut, explained twice, back otherwise, commands, free text
    assert listed == [39, 40, 41, 22, 42, 43, 22, 8, 16, 37, 38, 2, 3, 10, 19, 34]
    assert (
        "  partnership.txt:8: ,2D,Multi: a weak two in a major#or 22-23 balanced — BML keeps one explanation, "
        "cut for the bidding box at 69 characters, not at your '#': it comes back as "
        "'Multi: a weak two in a major or 22-23 balanced'"
    ) in err
    assert all(line.startswith(("partnership.txt: ", "  partnership.txt:", "  ... and ")) for line in err)
    bml = (folder / "notes.bml").read_text(encoding="utf-8")
    assert "1N = 15-17 balanced; may have a five-card major" in bml
    assert "// line 40: *,4N,Blackwood: 0314" in bml


def test_a_system_in_option_groups_comes_through(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A partnership that keeps its system in untagged options, several to a group: a short report by kind."""
    shutil.copy(CLUB, folder / "club.txt")
    assert main(["club.txt"]) == 1
    err = capsys.readouterr().err.splitlines()
    headings = [line for line in err if line.startswith("club.txt: ")]
    assert len(headings) == 14 and len(err) < 75
    assert headings[0].startswith("club.txt: 7 options off when BBOalert imports the file")
    bml = (folder / "club.bml").read_text(encoding="utf-8")
    read = {m.sequence.notation(): m.description.text for m in expand(parse_text(bml, "club.bml"))}
    assert read["1N-(P)-2C"] == "Stayman: a four-card major or a weak hand with clubs"
    assert read["(1C)-D"] == "Takeout of !c"
    assert "// Option 'vs (1NT) weak' (line 100), an alternative to 'vs (1C) natural' (line 91):" in bml
    assert "//   D = Penalty: 15+ HCP" in bml
    assert main(["club.txt", "--format", "md"]) == 1
    page = (folder / "club.md").read_text(encoding="utf-8")
    assert page.index("```{bml}") < page.index("// Option 'vs (1NT) weak' (line 100)") < page.rindex("```")
    capsys.readouterr()
    assert main(["club.txt", "-v", "-o", "all.bml"]) == 1
    every = capsys.readouterr().err.splitlines()
    assert not any(line.startswith("  ... and") for line in every)
    assert every[-1] == (
        "club.txt: 72 records in 12 bidding tables, 7 options off at import with 25 records kept as "
        "alternatives, 46 lines kept as comments, written to all.bml"
    )


@pytest.mark.parametrize(("page", "opening"), [("rst", "2/1 with Anna & Ben\n=="), ("md", "# 2/1 with Anna \\& Ben\n")])
def test_a_ready_page(folder: Path, capsys: pytest.CaptureFixture[str], page: str, opening: str) -> None:
    shutil.copy(PARTNERSHIP, folder / "partnership.txt")
    assert main(["partnership.txt", "--format", page]) == 1
    written = (folder / f"partnership.{page}").read_text(encoding="utf-8")
    assert written.startswith(opening)
    assert "// line 37: Trusted" in written
    assert "2C = Stayman" in written


def test_strict_writes_nothing(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(PARTNERSHIP, folder / "partnership.txt")
    assert main(["partnership.txt", "--strict"]) == 1
    assert capsys.readouterr().err.endswith(
        "bboalert2bml: partnership.txt: 11 lines BML cannot carry; nothing was written (--strict)\n"
    )
    assert not (folder / "partnership.bml").exists()


def test_standard_input_and_output(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(CLEAN.encode("utf-8"))))
    assert main(["-"]) == 0
    assert capsys.readouterr().out.startswith("#+TITLE: Our Precision\n")


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        (
            "partner.bss",
            "*00{Club}=NYYYYYY\n001C=NYYYYYY0016+\n",
            "partner.bss:1: this is not a BBOalert file: its first line must be 'BBOalert' or 'BBOalert,<title>'",
        ),
        ("empty.txt", "", "empty.txt:1: this is not a BBOalert file"),
        ("missing.txt", None, "bboalert2bml: cannot read missing.txt: there is no such file"),
    ],
)
def test_a_file_of_another_kind(
    folder: Path, capsys: pytest.CaptureFixture[str], name: str, content: str | None, message: str
) -> None:
    if content is not None:
        (folder / name).write_text(content, encoding="utf-8")
    assert main([name]) == 1
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert "Traceback" not in err
    assert not (folder / Path(name).with_suffix(".bml")).exists()


def test_an_explanation_bml_reads_otherwise_is_reported(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "styled.txt").write_text("BBOalert\n,1C,A *strong* club\n,1D,Natural\n", encoding="utf-8")
    assert main(["styled.txt"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "styled.txt: 1 record whose explanation comes back otherwise from the notes written (read as the build "
        "reads them):",
        "  styled.txt:2: ,1C,A *strong* club — written in BML, it comes back as 'A strong club'",
    ]
    assert "1D = Natural" in (folder / "styled.bml").read_text(encoding="utf-8")


def test_a_record_the_bml_does_not_hold_is_reported() -> None:
    notes = read_bboalert_notes("BBOalert\n,1C,Strong\n1C--,1D,Negative\n", "ours.txt")
    assert [(item.line, item.text, item.detail) for item in not_carried(notes, notes.alerts, "1C = Strong\n")] == [
        (3, "1C--,1D,Negative", "it has no row in the BML written")
    ]


def test_free_text_alone_is_said_and_converts(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "ours.txt").write_text("BBOalert\n// our openings\n,1C,Strong\n", encoding="utf-8")
    assert main(["ours.txt"]) == 0
    assert capsys.readouterr().err.splitlines() == [
        "ours.txt: 1 line of free text (remarks, headings, Option lines): kept as comments:",
        "  ours.txt:2: // our openings",
    ]
    assert main(["ours.txt", "--strict", "-o", "strict.bml"]) == 0


def test_what_a_file_says_reaches_the_terminal_without_its_escape_sequences(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "ours.txt").write_text("BBOalert\nButton,x,\x1b]0;owned\x07\u2028\n,1C,Strong\n", encoding="utf-8")
    assert main(["ours.txt"]) == 1
    err = capsys.readouterr().err
    assert "  ours.txt:2: Button,x,\\u001b]0;owned\\u0007\n" in err  # the U+2028 at the end: outer white space
    assert "\x1b" not in err and "\x07" not in err
