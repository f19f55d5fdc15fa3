"""``bml-practice`` measuring the notes: PBN out, IMPs to par, aimed sequences, two versions side by side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_practice import main
from sphinx_bml.language.calls import PASS
from sphinx_bml.language.notation import parse_reference
from tests.practice.systems import CLUB, NEW_CLUB, write_club
from tests.support import EXAMPLE_SITE, needs

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

_PBN_CALLS = {"Pass": "P", "X": "D", "XX": "R"}


@pytest.fixture
def club(tmp_path: Path) -> Path:
    return write_club(tmp_path)


def _endplay_call(bid: object) -> str:
    """A call endplay read, in BML: ``1N``, ``P``, ``D``."""
    text = str(bid).replace("NT", "N")
    for symbol, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        text = text.replace(symbol, letter)
    return {"P": "P", "Pass": "P", "X": "D", "D": "D", "XX": "R", "R": "R", "d": "D", "r": "R"}.get(text, text)


def test_the_pbn_file_read_back_by_endplay_is_the_boards(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pbn = needs("endplay.parsers.pbn")
    out = tmp_path / "boards.pbn"
    assert main([str(club), "--json", "--seed", "7", "--boards", "6", "--pbn", str(out)]) == 0
    records = json.loads(capsys.readouterr().out)
    with out.open(encoding="utf-8") as file:
        boards = pbn.load(file)
    assert len(boards) == len(records) == 6
    for record, board in zip(records, boards, strict=True):
        assert board.board_num == record["board"]
        assert board.dealer.abbr == record["dealer"]
        assert board.deal.to_pbn() == record["deal"]
        vulnerable = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}[record["vulnerability"]]
        assert board.vul.name == vulnerable
        assert [_endplay_call(bid) for bid in board.auction] == record["auction"]
        if record["contract"] == "passed out":
            assert board.contract.is_passout()
        else:
            written = _endplay_call(f"{board.contract.level}{board.contract.denom.abbr}")
            assert written == record["contract"].split()[0].rstrip("X")
            assert board.contract.declarer.abbr == record["contract"].split()[-1]


@pytest.mark.slow  # double-dummy solving of every board
def test_the_pbn_file_carries_the_double_dummy_result_and_par(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pbn = needs("endplay.parsers.pbn")
    out = tmp_path / "boards.pbn"
    assert main([str(club), "--json", "--par", "--seed", "2", "--boards", "3", "--pbn", str(out), "--jobs", "1"]) == 0
    records = json.loads(capsys.readouterr().out)
    with out.open(encoding="utf-8") as file:
        boards = pbn.load(file)
    for record, board in zip(records, boards, strict=True):
        assert board.info["OptimumScore"] == f"NS {record['par']}"
        if record["tricks"] is not None:
            assert board.contract.result == record["tricks"] - board.contract.level - 6


def test_a_pbn_file_that_cannot_be_written_is_a_message(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(club), "--boards", "1", "--pbn", str(tmp_path / "no such folder" / "boards.pbn")]) == 1
    err = capsys.readouterr().err
    assert "cannot write the boards to" in err and "No such file or directory" in err
    assert "Traceback" not in err
    assert main([str(club), "--boards", "1", "--pbn", str(tmp_path)]) == 1  # a folder
    assert "cannot write the boards to" in capsys.readouterr().err


@pytest.mark.slow  # double-dummy solving of every board
def test_imps_to_par_per_opening(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(club), "--par", "--seed", "5", "--boards", "8", "--jobs", "1"]) == 0
    report = capsys.readouterr().out
    assert report.startswith("IMPs to par, for the side that opened, over 8 boards:")
    table = report.split("\n\n")[1].splitlines()[1:]
    assert sum(int(line.split()[-3]) for line in table) == 8  # the boards of each opening add up
    if "the worst boards" in report:
        assert "IMPs" in report and "rows: " in report and "club.bml:" in report


@pytest.mark.slow  # double-dummy solving of every board
def test_imps_to_par_for_one_sequence(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(club), "--par", "--sequence", "1N-2C", "--seed", "5", "--boards", "4", "--jobs", "1"]) == 0
    table = capsys.readouterr().out.split("\n\n")[1].splitlines()
    assert table[1].split()[:2] == ["1N-(P)-2C", "4"]


@pytest.mark.parametrize("written", ["1N-2C", "1C-1H"])
def test_every_board_of_a_sequence_starts_with_it(club: Path, written: str, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(club), "--json", "--sequence", written, "--seed", "3", "--boards", "12"]) == 0
    records = json.loads(capsys.readouterr().out)
    expected = [str(call) for call in parse_reference(written).sequence.calls]
    assert len(records) == 12
    for record in records:
        auction = list(record["auction"])
        while auction and auction[0] == str(PASS):
            auction.pop(0)
        assert auction[: len(expected)] == expected, record["auction"]


def test_a_sequence_out_of_reach_names_the_row(club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(club), "--sequence", "1N-2D", "--pbn", str(tmp_path / "boards.pbn")]) == 1
    assert "the notes have no row for 1N-(P)-2D" in capsys.readouterr().err
    assert not (tmp_path / "boards.pbn").exists()
    assert main([str(club), "--sequence", "1N-xyz"]) == 2
    assert "'xyz' is not a call" in capsys.readouterr().err


def test_a_sequence_without_conditions_on_the_example_site(capsys: pytest.CaptureFixture[str]) -> None:
    """The transfers of the example site have no hand condition (Stayman has)."""
    assert main([str(EXAMPLE_SITE), "--sequence", "1N-2D"]) == 1
    err = capsys.readouterr().err
    assert "the row for 1N-(P)-2D (" in err and "transfers.bml:5) has no hand condition" in err


def test_two_versions_side_by_side(club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    changed = write_club(tmp_path, NEW_CLUB, "new.bml")
    arguments = [str(club), "--compare", str(changed), "--sequence", "1N", "--seed", "8", "--boards", "6"]
    arguments += ["--jobs", "1"]
    assert main(arguments) == 0
    captured = capsys.readouterr()
    assert "another system" not in captured.err
    report = captured.out
    assert report.startswith(f"{club} against {changed}: the auctions differ on ")
    for line in report.splitlines():
        if line.startswith("  board "):
            assert line.split(": ", 1)[1].startswith("P") or "1N P P P" in line or "1N P 3N" in line


def test_notes_of_another_system_are_said(club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    other = write_club(tmp_path, CLUB.replace("Our strong club", "Their Acol"), "acol.bml")
    assert main([str(club), "--compare", str(other), "--boards", "2", "--seed", "1", "--jobs", "1"]) == 0
    assert "is another system ('Their Acol', not 'Our strong club')" in capsys.readouterr().err


def test_a_missing_version_to_compare(club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(club), "--compare", str(tmp_path / "old.bml")]) == 1
    assert "old.bml does not exist" in capsys.readouterr().err


def test_a_bad_jobs_count_is_a_command_line_mistake(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(club), "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_the_example_site_measured_against_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pbn = needs("endplay.parsers.pbn")
    out = tmp_path / "site.pbn"
    arguments = [str(EXAMPLE_SITE), "--par", "--compare", str(EXAMPLE_SITE), "--boards", "2", "--seed", "4"]
    assert main([*arguments, "--pbn", str(out), "--jobs", "1"]) == 0
    report = capsys.readouterr().out
    assert "IMPs to par, for the side that opened, over 2 boards:" in report
    assert "the auctions differ on 0 of 2 boards." in report
    with out.open(encoding="utf-8") as file:
        assert [board.board_num for board in pbn.load(file)] == [1, 2]
