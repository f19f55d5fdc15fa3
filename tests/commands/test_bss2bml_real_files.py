"""``bss2bml`` on files as players have them: exports in the style of BBO and
Wbridge5 with a few broken records, odd encodings, and outputs that are not
plain files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sphinx_bml.commands.bss2bml import main
from sphinx_bml.commands.command_line import BROKEN_PIPE
from sphinx_bml.language import expand, parse_text

WORKTREE = Path(__file__).resolve().parents[2]

#: A system card as BBO's editor wrote it (our own content): header, stock card,
#: sequences with qualifications and upper-case suit symbols, conventions, carding,
#: and a Wbridge5-style record without its disposition code.
SYSTEM = """\
*00{Wbridge5 2/1 (our version)}=NYYYYYYSAYC-based 2/1, 15-17 NT, weak twos
$SAYC.bss
001C=NYYYYYY0083+!C, 12-21 HCP
001CP1D=NYYYYYY0054+!D, 6+ HCP
001CP1H=NYYYYYY0054+!H, 6+ HCP\\nforcing one round
001N=NYYYYYY2Balanced, 15-17 HCP\\nmay have a 5-card major
001NP2C=YYYYYYY508Stayman\\nat least one 4-card major, or garbage
001NP2D=YYYYYYYA08Transfer: 5+!H
*001NP2D{transfer}D=NYYYYYY0Lead-directing
001NP2DP2H=NYYYYYY0XX2+!H, forced
652S=NYYYYYY9566-card !S suit, 5-10 HCP
*001ND=NYYYYYY0Penalty, 15+ HCP
*001N2C=NYYYYYY008Both majors, 5-4 at least
001C2C=NYYYYYY0X5-5 in the majors
*004N5C=YNNNNNN0 or 3 keys.
*004N5D=YNNNNNNEven number of keys.
004N5H=YNNNNNN?Two keys without the !Q
+Roman Key Card Blackwood (1430).bss
+Puppet Stayman.bss
%BCDEBCDEBCDEBCDEBCDEBCBCDEBCDEBCDEBCDEBCBBBCCCDDDEEEFFFGGG Upside-down count and attitude
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "system.bss").write_text(SYSTEM, encoding="utf-8")
    return tmp_path


def run(*args: str) -> int:
    return main(list(args))


def meanings(text: str) -> dict[str, str]:
    document = parse_text(text, "system.bml")
    assert not document.problems, [str(p) for p in document.problems]
    return {str(m.sequence): m.description.text for m in expand(document)}


def test_a_player_gets_their_system(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("system.bss") == 1  # some records were left out
    err = capsys.readouterr().err.splitlines()
    lengths = "the record needs the promised suit length, two digits 0 to 8 (such as 08) right after the disposition"
    assert err == [
        f"system.bss:10: after the suit bid 2H {lengths} '0'; found 'XX'; the line is left out",
        f"system.bss:14: after the suit bid 2C {lengths} '0'; found 'X5'; the line is left out",
        "system.bss:15: this record has no disposition code after the six Y or N of the outcomes; "
        "'0 or 3 keys.' is read as its description",
        "system.bss:16: this record has no disposition code after the six Y or N of the outcomes; "
        "'Even number of keys.' is read as its description",
        "system.bss:17: the disposition after the outcomes must be a digit 0 to 9 or a letter A to E, not '?'; "
        "the line is left out",
        "system.bss: 3 malformed lines left out; every other record is in system.bml",
    ]
    bml = (folder / "system.bml").read_text(encoding="utf-8")
    read = meanings(bml)
    assert read["1C"] == "3+!c, 12-21 HCP"  # BBO's upper-case suit symbols, as BML writes them
    assert read["1C-(P)-1H"] == "4+!h, 6+ HCP\nforcing one round"
    # each disposition code as the abbreviation a player writes (5 forcing, 2 non-forcing, A transfer)
    assert read["1N-(P)-2C"] == "Stayman, F\nat least one 4-card major, or garbage"
    assert read["1N"] == "Balanced, 15-17 HCP, NF\nmay have a 5-card major"
    assert read["1N-(P)-2D"] == "Transfer: 5+!h, TRF"
    assert read["(1N)-D"] == "Penalty, 15+ HCP"
    assert read["(4N)-5C"] == "0 or 3 keys."
    assert read["(4N)-5D"] == "Even number of keys."
    assert read["(1N)-P-(2D{transfer})-D"] == "Lead-directing"  # the opponents' 2D, with what it means
    assert "1N-2D-2H" not in read and "4N-5H" not in read
    comments = [line for line in bml.splitlines() if line.startswith("//")]
    assert comments == [
        "// BSS records that BML has no place for, kept as the file gives them:",
        "// $SAYC.bss",
        "// +Roman Key Card Blackwood (1430).bss",
        "// +Puppet Stayman.bss",
        "// %BCDEBCDEBCDEBCDEBCDEBCBCDEBCDEBCDEBCDEBCBBBCCCDDDEEEFFFGGG Upside-down count and attitude",
    ]


def test_a_floating_convention_says_so(folder: Path) -> None:
    (folder / "rkcb.bss").write_text(
        "?00{RKCB 1430}=NYYYYYYRoman Key Card Blackwood\n"
        "004N=YNNNNNND Asks for key cards\n"
        "004NP5C=YNNNNNNE081 or 4 key cards\n",
        encoding="utf-8",
    )
    assert run("rkcb.bss") == 0
    bml = (folder / "rkcb.bml").read_text(encoding="utf-8")
    assert bml.startswith(
        "#+TITLE: RKCB 1430\n\n#+DESCRIPTION: Roman Key Card Blackwood\n\n"
        "// BSS records that BML has no place for, kept as the file gives them:\n"
        "// ?00: a floating convention (its header starts with ?00)\n\n#VUL 00\n"
    )
    assert meanings(bml) == {"4N": "Asks for key cards, ASK", "4N-(P)-5C": "1 or 4 key cards, ANS"}


def test_kept_records_go_into_pages_too(folder: Path) -> None:
    assert run("system.bss", "--format", "rst") == 1
    page = (folder / "system.rst").read_text(encoding="utf-8")
    assert ".. bml::\n\n   // BSS records that BML has no place for" in page
    assert run("system.bss", "--format", "md") == 1
    page = (folder / "system.md").read_text(encoding="utf-8")
    assert "```{bml}\n// BSS records that BML has no place for" in page


#: A defence written by BML 1's bml2bss (our own content): no disposition code in a record that
#: ends in a pass, a double or a redouble, so that a meaning may start with a digit right after the Y or N.
BML1_DEFENCE = """\
*00{Defence to 1NT}=NYYYYYYLandy and a penalty double
*001N=NYYYYYY0
*001ND=NYYYYYYPenalty, 15+ hcp
*001N2C=NYYYYYY008Both majors, 5-4 at least
*001N2CD=NYYYYYY
*001N2CDP=NYYYYYY5+!c, to play
*001N2CDR=NYYYYYYAsks for the better major
*001N2CD2D=NYYYYYY0085+!d, to play
"""


def test_a_bml1_file_keeps_every_meaning(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "defence.bss").write_text(BML1_DEFENCE, encoding="utf-8")
    assert run("defence.bss") == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(
        "defence.bss:3: this file writes no disposition code in a record that ends in a pass, a double or a "
        "redouble (as BML 1's bml2bss does): after the six Y or N of the outcomes this record has "
        "'Penalty, 15+ hcp', which starts with no disposition code. So each of its 4 such records"
    )
    read = meanings((folder / "defence.bml").read_text(encoding="utf-8"))
    assert read["(1N)-D"] == "Penalty, 15+ hcp"
    assert read["(1N)-2C-(D)-P"] == "5+!c, to play"  # was '+!c, to play, F'
    assert read["(1N)-2C-(D)-R"] == "Asks for the better major"
    assert read["(1N)-2C-(D)-2D"] == "5+!d, to play"


# -- encodings ----------------------------------------------------------------


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig"])
def test_utf16_and_byte_order_marks(folder: Path, codec: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A UTF-16 file was read as Windows-1252 garbage: every line malformed, an empty output."""
    (folder / "system.bss").write_bytes("*00{Système}=NYYYYYY\n001C=NYYYYYY008Trèfle\n".encode(codec))
    assert run("system.bss", "-v") == 0
    err = capsys.readouterr().err
    assert ("read it as UTF-16" in err) == codec.startswith("utf-16")
    assert meanings((folder / "system.bml").read_text(encoding="utf-8")) == {"1C": "Trèfle"}


# -- outputs that are not plain files -------------------------------------------


def test_a_symbolic_link_is_written_through(folder: Path) -> None:
    (folder / "notes").mkdir()
    real = folder / "notes" / "system.bml"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o640)
    link = folder / "system-link.bml"
    link.symlink_to(real)
    assert run("system.bss", "-o", str(link)) == 1
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8").startswith("#+TITLE: Wbridge5 2/1")
    assert real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in (folder / "notes").iterdir()) == ["system.bml"]


def test_a_dangling_link_creates_its_file(folder: Path) -> None:
    link = folder / "system.bml"
    link.symlink_to(folder / "later.bml")
    assert run("system.bss") == 1
    assert link.is_symlink() and (folder / "later.bml").is_file()


def test_a_link_to_the_input_is_refused(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "copy.bml").symlink_to(folder / "system.bss")
    assert run("system.bss", "-o", "copy.bml") == 1
    assert "would overwrite the input" in capsys.readouterr().err
    assert (folder / "system.bss").read_text(encoding="utf-8") == SYSTEM


def test_a_pipe_is_refused(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = folder / "pipe"
    os.mkfifo(fifo)
    assert run("system.bss", "-o", str(fifo)) == 1
    err = capsys.readouterr().err
    assert err.endswith(
        f"bss2bml: cannot write {fifo}: it is a pipe, not a file; give -o a file name, or - for standard output\n"
    )
    assert "left out" not in err.splitlines()[-1]
    assert fifo.is_fifo()


def test_a_link_to_a_device_is_refused(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It replaced /dev/full when run as root. The link is in a temporary folder, so that
    even a regression replaces the link, never the device."""
    link = folder / "full.bml"
    link.symlink_to(os.devnull)
    assert run("system.bss", "-o", str(link)) == 1
    assert "it is a device, not a file" in capsys.readouterr().err
    assert link.is_symlink() and Path(os.devnull).is_char_device()


# -- a closed standard output -----------------------------------------------------


def test_a_closed_standard_output_ends_quietly(folder: Path) -> None:
    """``bss2bml system.bss -o - | head -0``: no traceback, the status of a broken pipe."""
    environment = {**os.environ, "PYTHONPATH": str(WORKTREE)}
    process = subprocess.Popen(
        [sys.executable, "-m", "sphinx_bml.commands.bss2bml", "system.bss", "-o", "-"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=folder,
        env=environment,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read().decode("utf-8")
    assert process.wait(timeout=30) == BROKEN_PIPE == 141
    assert "Traceback" not in err and "Exception" not in err
