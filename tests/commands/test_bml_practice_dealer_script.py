"""``bml-practice --sequence SEQ --dealer-script FILE``: the script, written whole or not at all, and
plain messages for what cannot be written."""

from __future__ import annotations

from pathlib import Path

import pytest

from sphinx_bml.commands.bml_practice import main
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.notation import parse_reference
from sphinx_bml.practice import Robot
from sphinx_bml.practice.boards import Board
from tests.support import EXAMPLE_SITE, run_dealer

NOTES = """\
1C = strong {{ 16+ hcp, 6+ playing tricks }}
1N = 15-17 balanced {{ 15-17 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
  3S = slam try {{ 9+ playing tricks }}
P = {{ 15- hcp }}
"""


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    path = tmp_path / "notes.bml"
    path.write_text(NOTES, encoding="utf-8")
    return path


def test_the_script_goes_to_standard_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main([str(EXAMPLE_SITE), "--sequence", "1D-(1S)-D", "--dealer-script", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("# deals for 1D-(1S)-D, from the hand conditions of the notes.")
    assert "\ndealer south\n" in captured.out and captured.out.endswith("action printoneline\n")
    assert captured.err == ""  # exact: nothing to say
    assert len(run_dealer(captured.out, 20, folder=tmp_path)) == 20


def test_the_script_goes_to_a_file_and_its_differences_to_standard_error(
    notes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "stayman.dlr"
    assert main([str(notes), "--sequence", "1N-2C", "--dealer-script", str(target)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "bml-practice: the script is not exact: South, the row for 1C at "
        f"{notes.relative_to(Path.cwd()) if notes.is_relative_to(Path.cwd()) else notes}:1: 6+ playing tricks is "
        "not in the dealer language, and is left out",
        f"The dealer script of 1N-(P)-2C is in {target}.",
    ]
    text = target.read_text(encoding="utf-8")
    assert "# Not exact" in text and "6+ playing tricks" in text
    robot = Robot(expand(parse_text(NOTES, str(notes))))
    deals = run_dealer(text, 100, folder=tmp_path)
    calls = parse_reference("1N-2C").sequence.calls
    assert sum(tuple(robot.bid(Board(deal, "S")).calls[:3]) == calls for deal in deals) > 50


#: The example site's opponents: notes that open, so that they can be the other side.
OPPONENTS = EXAMPLE_SITE / "opponents" / "natural.bml"


@pytest.mark.parametrize(
    ("arguments", "status", "message"),
    [
        (["--dealer-script", "-"], 2, "--dealer-script writes the script of one sequence: give it with --sequence"),
        (["--sequence", "1N-2C", "--dealer-script", "-", "--json", "--pbn", "x.pbn"], 2, "leave out --json and --pbn"),
        (["--sequence", "1N-2C", "--dealer-script", "-", "--lin", "x.lin"], 2, "leave out --lin"),
        (  # the script aims at our own rows: their hand conditions are not in it
            ["--sequence", "1N-2C", "--dealer-script", "-", "--opponents", str(OPPONENTS)],
            2,
            "leave out --opponents",
        ),
        (["--sequence", "1N-1C", "--dealer-script", "-"], 2, "1C is lower than 1N"),
        (["--sequence", "1N-2D", "--dealer-script", "-"], 1, "the notes have no row for 1N-(P)-2D"),
        (["--sequence", "1N-3S", "--dealer-script", "-"], 1, "asks for 9+ playing tricks, which the dealer language"),
    ],
)
def test_bad_input_is_a_plain_message(
    notes: Path, arguments: list[str], status: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(notes), *arguments]) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and "Traceback" not in captured.err
    assert len(captured.err.strip().splitlines()) == 1


@pytest.mark.parametrize("where", ["missing/stayman.dlr", "a-folder", "a-file/stayman.dlr"])
def test_a_path_that_cannot_be_written_leaves_nothing(
    notes: Path, tmp_path: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("not a folder\n", encoding="utf-8")
    before = sorted(path.name for path in tmp_path.rglob("*"))
    assert main([str(notes), "--sequence", "1N", "--dealer-script", str(tmp_path / where)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"bml-practice: cannot write {tmp_path / where}: ") and err.count("\n") == 1
    assert sorted(path.name for path in tmp_path.rglob("*")) == before


HOSTILE = """\
#+TITLE: Quotes " ' ` ${x} | %x% @T &comma; */ /* \\

1N = 15-17, "balanced" | %x% @T `x` ${y} */ \\
     {{ 15-17 hcp, balanced }}
  2C = Stayman, asks | for "majors" \\
       {{ 8+ hcp, 4+ hearts or 4+ spades }}
"""


def test_nothing_the_notes_say_breaks_out_of_the_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / 'a "folder" | %x% `x`'
    folder.mkdir()
    path = folder / "notes.bml"
    path.write_text(HOSTILE, encoding="utf-8")
    plain = tmp_path / "plain.bml"
    plain.write_text("\n".join(HOSTILE.splitlines()[2:]) + "\n", encoding="utf-8")
    assert main([str(path), "--sequence", "1N-2C", "--dealer-script", "-"]) == 0
    hostile = capsys.readouterr().out
    assert main([str(plain), "--sequence", "1N-2C", "--dealer-script", "-"]) == 0
    assert run_dealer(hostile, 40, seed=9, folder=tmp_path) == run_dealer(capsys.readouterr().out, 40, seed=9)
    code = [line for line in hostile.splitlines() if not line.startswith("#")]
    assert all("%x%" not in line and "`" not in line for line in code)
