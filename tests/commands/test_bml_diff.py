"""The ``bml-diff`` command: two versions of a system, sequence by sequence."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_check import main as check_main
from sphinx_bml.commands.bml_diff import DIFFERENT, SAME, main
from sphinx_bml.commands.command_line import MISTAKE
from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_file

#: A system shaped like partnership notes: a #CUT of transfers pasted twice with replacements.
NOTES = """\
#+TITLE: Our Precision

#CUT transfers
2\\R  Transfer to \\N, \\S
  2\\M  Accept
  3\\M  Super accept, 4 cards, \\S
#ENDCUT

1C  16+ hcp, any shape
  1D  0--7, artificial
  1HS  5+ cards, 8+ hcp

1N  15--17
  2C  Stayman
    2D  No 4-card major
  #PASTE transfers \\R=D \\M=H \\N=!h \\S=any
  #PASTE transfers \\R=H \\M=S \\N=!s \\S=any

(1S)
  2S  Michaels: 5-5 in !h and a minor
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def diff(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def changes(capsys: pytest.CaptureFixture[str], old: Path, new: Path) -> list[dict[str, object]]:
    status, out, err = diff(capsys, "--json", old, new)
    assert status in (SAME, DIFFERENT), err
    found = json.loads(out)["changes"]
    assert isinstance(found, list)
    return found


def test_one_paste_replacement_changes_exactly_the_rows_that_use_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = write(tmp_path, "old.bml", NOTES)
    edited = NOTES.replace("\\R=H \\M=S \\N=!s \\S=any", "\\R=H \\M=S \\N=!s \\S=invitational+")
    new = write(tmp_path, "new.bml", edited)
    found = changes(capsys, old, new)
    assert [(change["change"], change["sequence"]) for change in found] == [
        ("changed", "1NT-2H"),
        ("changed", "1NT-2H-3S"),
    ]
    first = found[0]
    assert first["old"] == {
        "seat": "0",
        "vulnerability": "00",
        "meaning": "Transfer to ♠, any",
        "alert": False,
        "condition": None,
        "file": str(old),
        "line": 4,
    }
    assert first["new"]["meaning"] == "Transfer to ♠, invitational+"  # type: ignore[index]
    assert first["opening"] == "1NT"

    status, out, _ = diff(capsys, old, new)
    assert status == DIFFERENT
    assert "1NT (2 changes)\n  changed 1NT–2♥\n    old: Transfer to ♠, any  [" in out
    assert f"    new: Transfer to ♠, invitational+  [{new}:4]" in out
    assert out.rstrip().endswith(f"2 sequences changed from {old} to {new}.")


def test_the_same_system_written_otherwise_is_no_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = write(tmp_path, "old.bml", NOTES)
    # the transfers written out instead of pasted, spaced otherwise: the same sequences, the same meanings
    written_out = NOTES.split("1N  15--17")[0] + (
        "1N  15--17\n  2C  Stayman\n    2D  No 4-card   major\n"
        "  2D  Transfer to !h, any\n    2H  Accept\n    3H  Super accept, 4 cards, any\n"
        "  2H  Transfer to !s, any\n    2S  Accept\n    3S  Super accept, 4 cards, any\n\n"
        "(1S)\n  2S  Michaels: 5-5 in !h and a minor\n"
    )
    new = write(tmp_path, "new.bml", written_out)
    status, out, err = diff(capsys, old, new)
    assert (status, err) == (SAME, "")
    assert out == f"No sequence means something else in {new} than in {old}.\n"


def test_added_removed_and_seat_and_vulnerability(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = write(tmp_path, "old.bml", NOTES)
    edited = NOTES.replace("    2D  No 4-card major\n", "") + "\n#SEAT 34\n#VUL Y0\n1S  Light, 4+ !s\n"
    new = write(tmp_path, "new.bml", edited)
    found = changes(capsys, old, new)
    assert [(c["change"], c["sequence"], c["seat"], c["vulnerability"]) for c in found] == [
        ("added", "1S", "34", "Y0"),  # the openings in the order of bids: 1♠ before 1NT
        ("removed", "1NT-2C-2D", "0", "00"),
    ]
    assert found[0]["old"] is None and found[1]["new"] is None
    status, out, _ = diff(capsys, old, new)
    assert status == DIFFERENT
    assert "1♠ (1 change)\n  added 1♠ (3rd or 4th seat, vulnerable" in out
    assert "1 sequence added, 1 sequence removed" in out


def test_a_table_moved_to_another_seat_is_one_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = write(tmp_path, "old.bml", NOTES + "\n2D  Weak two in !h or !s\n")
    new = write(tmp_path, "new.bml", NOTES + "\n#SEAT 12\n2D  Weak two in !h or !s\n")
    found = changes(capsys, old, new)
    assert [(c["change"], c["sequence"], c["old"]["seat"], c["new"]["seat"]) for c in found] == [  # type: ignore[index]
        ("changed", "2D", "0", "12")
    ]
    status, out, _ = diff(capsys, old, new)
    assert status == DIFFERENT
    assert "  changed 2♦\n    old (any seat): Weak two in ♥ or ♠  [" in out
    assert "    new (1st or 2nd seat): Weak two in ♥ or ♠  [" in out


def test_an_alert_mark_and_a_hand_condition_are_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = write(tmp_path, "old.bml", NOTES)
    edited = NOTES.replace("  1D  0--7, artificial", "  1D  ! 0--7, artificial").replace(
        "  2C  Stayman", "  2C  Stayman {{ 8+ hcp }}"
    )
    new = write(tmp_path, "new.bml", edited)
    found = changes(capsys, old, new)
    assert [(c["sequence"], c["new"]["alert"], c["new"]["condition"]) for c in found] == [  # type: ignore[index]
        ("1C-1D", True, None),
        ("1NT-2C", False, "8+ hcp"),
    ]


def test_two_different_systems_are_said_and_compared(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = write(tmp_path, "old.bml", NOTES)
    new = write(tmp_path, "new.bml", NOTES.replace("Our Precision", "Blue Club").replace("0--7", "0--6"))
    status, out, _ = diff(capsys, old, new)
    assert status == DIFFERENT
    assert out.startswith(
        f"{old} is the system 'Our Precision' and {new} is 'Blue Club': two different systems, compared all the same\n"
    )
    assert "changed 1♣–1♦" in out
    status, out, _ = diff(capsys, "--json", old, new)
    assert json.loads(out)["same_system"] is False


def test_a_bss_file_against_its_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = write(tmp_path, "notes.bml", NOTES)
    bss = tmp_path / "published.bss"
    bss.write_text(write_bss(expand(parse_file(notes)), "Our Precision"), encoding="utf-8")
    status, out, err = diff(capsys, bss, notes)
    assert (status, err) == (SAME, ""), out
    edited = write(tmp_path, "edited.bml", NOTES.replace("Stayman", "Puppet Stayman"))
    found = changes(capsys, bss, edited)
    stayman = next(
        number
        for number, line in enumerate(bss.read_text(encoding="utf-8").splitlines(), 1)
        if line.startswith("001NP2C=")
    )
    assert [(c["sequence"], c["old"]["file"], c["old"]["line"]) for c in found] == [  # type: ignore[index]
        ("1NT-2C", str(bss), stayman)
    ]


def test_a_bss_file_keeps_no_condition_and_a_link_as_its_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = write(tmp_path, "notes.bml", NOTES.replace("1N  15--17", "1N  15--17, as :bml:seq:`1C-1D` {{ 15-17 hcp }}"))
    bss = tmp_path / "published.bss"
    bss.write_text(write_bss(expand(parse_file(notes)), "Our Precision"), encoding="utf-8")
    assert diff(capsys, bss, notes)[::2] == (SAME, "")
    assert diff(capsys, notes, bss)[::2] == (SAME, "")
    # between two .bml files, a condition still counts
    other = write(tmp_path, "other.bml", NOTES.replace("1N  15--17", "1N  15--17, as :bml:seq:`1C-1D` {{ 14-16 hcp }}"))
    assert [c["sequence"] for c in changes(capsys, notes, other)] == ["1NT"]


def test_a_project_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = tmp_path / "notes"
    project.mkdir()
    write(project, "conf.py", 'extensions = ["sphinx_bml"]\n')
    write(project, "index.rst", "Our notes\n=========\n\n.. toctree::\n\n   openings\n")
    write(project, "openings.rst", "Openings\n========\n\n.. bml::\n\n   1C  16+ hcp\n     1D  0--7\n")
    old = write(tmp_path, "old.bml", "1C  16+ hcp\n  1D  0--7\n  1H  8+, 5+ !h\n")
    status, out, err = diff(capsys, old, project)
    assert (status, err) == (DIFFERENT, "")
    assert "  removed 1♣–1♥\n    old: 8+, 5+ ♥  [" in out
    assert diff(capsys, project, project)[::2] == (SAME, "")


def test_problems_in_the_notes_are_said_and_the_rest_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = write(tmp_path, "old.bml", NOTES)
    new = write(tmp_path, "new.bml", NOTES + "  2Q  what is this\n")
    status, out, err = diff(capsys, old, new)
    assert (status, out) == (SAME, f"No sequence means something else in {new} than in {old}.\n")
    assert err.startswith(f"{new}:21: '2Q' is not a call BML knows")
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("missing.bml", None, "cannot read {path}: there is no such file or folder"),
        ("notes.txt", "1C  16+", "{path} is not a system: give a .bml file, a .bss file or a project folder"),
        ("notes.pdf", "%PDF-1.4", "{path} is not a system: give a .bml file, a .bss file or a project folder"),
        ("notes.bss", "1C  16+ hcp\n", "{path} is not a BSS file: no line of it is a BSS record"),
    ],
)
def test_a_file_of_another_kind_is_a_mistake(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: str | None, message: str
) -> None:
    good = write(tmp_path, "good.bml", NOTES)
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    status, out, err = diff(capsys, good, path)
    assert (status, out) == (MISTAKE, "")
    assert err.startswith("bml-diff: " + message.format(path=path))
    assert "Traceback" not in err


def test_a_folder_without_notes_is_a_mistake(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "good.bml", NOTES)
    empty = tmp_path / "photos"
    empty.mkdir()
    (empty / "deal.jpg").write_bytes(b"\xff\xd8")
    status, out, err = diff(capsys, empty, good)
    assert (status, out) == (MISTAKE, "")
    assert err == (
        f"bml-diff: {empty} is a folder without conf.py: give a .bml file, a .bss file or a project folder\n"
    )


def test_a_wrong_option_is_a_mistake(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--colour", "a.bml", "b.bml"])
    assert stop.value.code == MISTAKE
    assert "unrecognized arguments: --colour" in capsys.readouterr().err


# -- problems in the notes, as the build warns them -----------------------------------------------


def test_a_conflict_in_either_version_is_warned_as_the_build_warns_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = write(tmp_path, "old.bml", NOTES + "\n1N  12-14\n")
    new = write(tmp_path, "new.bml", NOTES + "\n1D-1H;\n  1S  Relay\n")
    status, out, err = diff(capsys, old, new)
    assert status == DIFFERENT
    assert "  added 1♦–1♥–1♠\n" in out
    assert err.splitlines() == [
        f"{old}:22: 1NT is defined here as '12-14' but already as '15--17' at old.bml:13; the first stands "
        "[bml.conflict]",
        f"{new}:22: this table continues 1D-1H, but no bidding table of the site says what 1D-1H means [bml.orphan]",
    ]


def test_problems_are_printed_as_bml_check_prints_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = write(tmp_path, "notes.bml", NOTES + "\n1N  12-14\n  2Q  what is this\n#INCLUDE missing.bml\n")
    assert check_main([str(notes)]) == 1
    checked = capsys.readouterr().out.splitlines()
    assert len(checked) == 3
    status, _, err = diff(capsys, notes, notes)
    assert status == SAME
    assert err.splitlines() == checked + checked  # one version, then the other


def test_a_bss_file_s_problems_carry_their_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bss = write(tmp_path, "learned.bss", "*00{Ours}=NYYYYYY\n001C=NYYYYYY00816+\ntyped by hand\n")
    status, _, err = diff(capsys, bss, bss)
    assert status == SAME
    assert err.splitlines()[0].startswith(f"{bss}:3: this line is not a BSS record")
    assert err.splitlines()[0].endswith("; the line is left out [bml.syntax]")


# -- what the files say reaches the terminal as escapes ---------------------------------------------

ESC = "\x1b"
#: What a downloaded file may hold: retitle and clear the terminal, colour it, a C1 control sequence
#: introducer, a carriage return, a right-to-left override and an isolate that show the line reordered.
HOSTILE = f"{ESC}]0;pwned\x07{ESC}[2J{ESC}[31m\x9b2J\u202eevil\u2066x\u2069"
SHOWN = "\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[31m\\u009b2J\\u202eevil\\u2066x\\u2069"


def raw_controls(text: str) -> list[str]:
    """The characters of ``text`` that would act on a terminal instead of being shown."""
    return [char for char in text if not char.isprintable() and char != "\n"]


@pytest.mark.parametrize(
    ("name", "text", "line"),
    [
        ("downloaded.bss", f"*00{{Ours {HOSTILE}}}=NYYYYYY\n001C=NYYYYYY008Strong {HOSTILE}\r\n", 2),
        ("old.bml", f"#+TITLE: Ours {HOSTILE}\n\n1C  Strong {HOSTILE}\n1C  Weak {HOSTILE}\n", 3),
    ],
)
def test_what_a_file_says_is_shown_as_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, line: int
) -> None:
    old = write(tmp_path, name, text)
    new = write(tmp_path, "new.bml", "#+TITLE: Ours\n\n1C  Strong\n")
    status, out, err = diff(capsys, old, new)
    assert status == DIFFERENT
    assert raw_controls(out + err) == []
    assert f"is the system 'Ours {SHOWN}' and" in out
    assert f"    old: Strong {SHOWN}  [{old}:{line}]" in out
    if name.endswith(".bml"):  # the conflict quotes both meanings
        assert err == (
            f"{old}:4: 1C is defined here as 'Weak {SHOWN}' but already as 'Strong {SHOWN}' at old.bml:3; "
            "the first stands [bml.conflict]\n"
        )
    status, out, err = diff(capsys, "--json", old, new)
    assert raw_controls(out + err) == []
    read = json.loads(out)  # the escapes are JSON's: a script reads the file's own text
    assert read["old"]["title"] == f"Ours {HOSTILE}"
    assert read["changes"][0]["old"]["meaning"] == f"Strong {HOSTILE}"


def test_a_file_name_s_control_characters_are_shown_as_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    named = write(tmp_path, f"notes{ESC}]0;pwned\x07.bml", NOTES)
    other = write(tmp_path, "other.bml", NOTES.replace("0--7", "0--6") + "\n1N  12-14\n")
    status, out, err = diff(capsys, named, other)
    assert status == DIFFERENT
    assert raw_controls(out + err) == []
    assert "notes\\u001b]0;pwned\\u0007.bml" in out
    status, out, err = diff(capsys, tmp_path / f"missing{ESC}[2J.bml", other)
    assert (status, out) == (MISTAKE, "")
    assert err == f"bml-diff: cannot read {tmp_path}/missing\\u001b[2J.bml: there is no such file or folder\n"


# -- read as the build reads it --------------------------------------------------------------------


def test_a_bml_file_not_in_utf8_is_a_mistake_said_as_the_build_says_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path, "good.bml", NOTES)
    old = tmp_path / "old.bml"
    old.write_bytes(NOTES.replace("any shape", "tout jeu, café").encode("cp1252"))
    status, out, err = diff(capsys, old, good)
    assert (status, out) == (MISTAKE, "")
    assert err.startswith(f"bml-diff: cannot read {old} as the build reads it: old.bml is not saved as UTF-8 (line 9 ")
    assert "save it as UTF-8" in err and "Traceback" not in err


def test_a_pipe_named_bml_is_a_mistake(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "good.bml", NOTES)
    pipe = tmp_path / "notes.bml"
    os.mkfifo(pipe)
    status, out, err = diff(capsys, pipe, good)
    assert (status, out) == (MISTAKE, "")
    assert err == f"bml-diff: cannot read {pipe}: it is a pipe or a device, not a file\n"


def test_a_lone_file_s_subfolders_are_not_looked_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lone file in a big folder (Downloads, a home folder): the build reads that file and what
    it includes, and does not walk through every folder below it, as it walks a project's."""
    old = write(tmp_path, "old.bml", NOTES)
    (tmp_path / "photos" / "2024").mkdir(parents=True)
    write(tmp_path / "photos", "broken.bml", "1C  16+\n1C  something else\n")
    write(tmp_path, "sibling.bml", "1C  16+\n1C  something else\n")
    walked: list[str] = []
    walk = os.walk

    def walking(top: str, *arguments: object, **options: object) -> object:
        for found in walk(top, *arguments, **options):  # type: ignore[arg-type]
            walked.append(found[0])
            yield found

    monkeypatch.setattr(os, "walk", walking)
    assert diff(capsys, old, old)[::2] == (SAME, "")
    assert walked and {Path(folder) for folder in walked} == {tmp_path}


def test_brackets_in_the_names_of_a_lone_file_and_its_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], recwarn: pytest.WarningsRecorder
) -> None:
    """A file named ``notes [old].bml`` beside a folder ``photos [2023]``: each name is matched as it is
    written (a ``[`` in it starts no set of letters), and Python says nothing of it."""
    old = write(tmp_path, "notes [old].bml", NOTES)
    # what a set [old] would match
    write(tmp_path, "notes o.bml", NOTES.replace("Stayman", "Puppet Stayman") + "\n1N  12-14\n")
    (tmp_path / "photos [2023]" / "sub").mkdir(parents=True)
    write(tmp_path / "photos [2023]", "notes.bml", "1C  16+\n1C  other\n")
    assert diff(capsys, old, old)[::2] == (SAME, "")
    assert [str(warning.message) for warning in recwarn] == []
