"""``bml-practice --lin`` and ``--pbn``: the boards with each call's explanation, read back; boards
numbered to match their dealer and vulnerability; files written whole or not at all."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_practice import main
from sphinx_bml.practice.boards import Board
from tests.practice.systems import write_club
from tests.support import needs, read_lin, read_pbn

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

_LIN_CALLS = {"p": "P", "d": "D", "r": "R"}


@pytest.fixture
def club(tmp_path: Path) -> Path:
    return write_club(tmp_path)


def test_the_lin_file_carries_each_explanation_and_endplay_reads_it(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lin = needs("endplay.parsers.lin")
    out = tmp_path / "boards.lin"
    pbn = tmp_path / "boards.pbn"
    assert main([str(club), "--json", "--seed", "7", "--boards", "8", "--lin", str(out), "--pbn", str(pbn)]) == 0
    records = json.loads(capsys.readouterr().out)
    text = out.read_text(encoding="utf-8")
    boards = read_lin(text)
    games = read_pbn(pbn.read_text(encoding="utf-8"))
    assert len(boards) == len(games) == len(records) == 8
    explained = 0
    for record, board, game in zip(records, boards, games, strict=True):
        assert (board.number, board.dealer, board.vulnerability) == (
            record["board"],
            record["dealer"],
            record["vulnerability"],
        )
        assert record["deal"] == "N:" + " ".join(board.hands[seat] for seat in "NESW")
        assert [_LIN_CALLS.get(call.call, call.call) for call in board.calls] == record["auction"]
        for call, written, (_, note) in zip(record["calls"], board.calls, game.explanations(), strict=True):
            assert (written.explanation is not None) == (call["meaning"] is not None) == (note is not None)
            assert written.explanation == note  # no | in the club's notes: the same text in both files
            explained += written.explanation is not None
        alerted = [written.call for written in board.calls if written.alert]
        assert all(call == "1D" for call in alerted)  # the club marks 1D (negative) alertable, and nothing else
    assert explained > 8
    assert "an|16+ hcp, artificial and forcing|" in text or "an|no opening|" in text
    read = lin.loads(text)
    assert [got.board_num for got in read] == [record["board"] for record in records]
    for got, board in zip(read, boards, strict=True):  # endplay shows BBO's !S as a suit symbol
        assert [bid.announcement for bid in got.auction] == [_symbols(call.explanation) for call in board.calls]


def _symbols(text: str | None) -> str | None:
    for letter, symbol in zip("SHDC", "♠♥♦♣", strict=True):
        text = None if text is None else text.replace(f"!{letter}", symbol)
    return text


def test_boards_dealt_by_one_seat_are_numbered_to_match(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """South deals every board, nobody vulnerable: boards 11, 27, 43, as at the club; endplay, which
    tells the dealer and vulnerability by the number, agrees with the tags."""
    pbn = needs("endplay.parsers.pbn")
    types = needs("endplay.types")
    out = tmp_path / "boards.pbn"
    arguments = ["--seed", "4", "--boards", "3", "--dealer", "S", "--vulnerability", "None", "--pbn", str(out)]
    assert main([str(club), *arguments, "--lin", str(tmp_path / "boards.lin")]) == 0
    with out.open(encoding="utf-8") as file:
        read = pbn.load(file)
    assert [board.board_num for board in read] == [11, 27, 43]
    for board in read:
        assert board.dealer == types.Player.from_board(board.board_num) == types.Player.south
        assert board.vul == types.Vul.from_board(board.board_num) == types.Vul.none
    lin = read_lin((tmp_path / "boards.lin").read_text(encoding="utf-8"))
    assert [(board.number, board.dealer, board.vulnerability) for board in lin] == [
        (11, "S", "None"),
        (27, "S", "None"),
        (43, "S", "None"),
    ]
    assert "The boards are in" in capsys.readouterr().err


def test_lin_to_standard_output_takes_the_place_of_the_text(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(club), "--seed", "2", "--boards", "3", "--lin", "-"]) == 0
    captured = capsys.readouterr()
    assert [board.number for board in read_lin(captured.out)] == [1, 2, 3]
    assert "The boards are in" not in captured.err


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--lin", "-", "--json"], "--lin - and --json would both print to standard output"),
        (["--lin", "-", "--pbn", "-"], "--pbn - and --lin - would both print to standard output"),
        (["--pbn", "-", "--par"], "--pbn - and --par would both print to standard output"),
        (["--check", "--lin", "boards.lin"], "--check reports on the notes and deals no boards to write"),
    ],
)
def test_options_that_cannot_go_together_are_a_mistake(
    club: Path, arguments: list[str], said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(club.parent)
    assert main([str(club), *arguments]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not (club.parent / "boards.lin").exists()


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("missing/boards.lin", "there is no folder missing"),
        (".", "it is a folder"),
        ("/dev/null", "it is a device, not a file; give --lin a file name, or - for standard output"),
        ("/sys/boards.lin", ""),  # a file system nobody writes, not even root: the system's own words
    ],
)
def test_a_lin_file_that_cannot_be_written_is_said_before_any_board(
    club: Path, where: str, reason: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(club.parent)
    assert main([str(club), "--boards", "1", "--lin", where]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"bml-practice: cannot write the boards to {where.removesuffix('/.')}: {reason}"), err
    assert "Traceback" not in err and "Board" not in err
    assert sorted(path.name for path in club.parent.iterdir()) == ["club.bml"]


def test_a_run_that_fails_leaves_the_old_file_as_it_was(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "boards.lin"
    old.write_text("the boards of last week\n", encoding="utf-8")
    assert main([str(club), "--sequence", "1N-2D", "--lin", str(old), "--pbn", str(tmp_path / "new.pbn")]) == 1
    assert "the notes have no row for 1N-(P)-2D" in capsys.readouterr().err
    assert old.read_text(encoding="utf-8") == "the boards of last week\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["boards.lin", "club.bml"]


def test_ctrl_c_after_some_boards_writes_none_of_them(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The boards come one at a time into a file of their own beside the LIN file, which takes its
    place only at the end: stopped after two boards, the folder is as it was."""
    needs("endplay")
    from sphinx_bml.practice import dealing

    def two_then_stop(count: int, seed: int | None = None, *rest: str | None) -> Iterator[Board]:
        yield from dealing.stream(2, seed, *rest)
        raise KeyboardInterrupt

    monkeypatch.setattr("sphinx_bml.commands.bml_practice.stream", two_then_stop)
    out = tmp_path / "boards.lin"
    assert main([str(club), "--boards", "5", "--seed", "1", "--lin", str(out)]) == 130
    assert "bml-practice: stopped" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["club.bml"]
