"""``bml-practice`` measuring the notes: PBN out, IMPs to par, aimed sequences, two versions side by side."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_practice import main
from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language.calls import PASS
from sphinx_bml.language.notation import parse_reference
from tests.practice.systems import CLUB, NEW_CLUB, club_system, write_club
from tests.support import EXAMPLE_SITE, needs

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

_PBN_CALLS = {"Pass": "P", "X": "D", "XX": "R"}


@pytest.fixture
def club(tmp_path: Path) -> Path:
    return write_club(tmp_path)


def _endplay_call(bid: object) -> str:
    """A call endplay read, in BML: ``1N``, ``P``, ``D``."""
    text = str(bid).replace("NT", "N").rstrip("!*")  # endplay marks a call with a note !*
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
    records = json.loads(capsys.readouterr().out)["boards"]
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
    assert f"cannot write the boards to {tmp_path / 'no such folder' / 'boards.pbn'}: there is no folder" in err
    assert "Traceback" not in err
    assert main([str(club), "--boards", "1", "--pbn", str(tmp_path)]) == 1  # a folder
    assert "cannot write the boards to" in capsys.readouterr().err


@pytest.mark.slow  # double-dummy solving of every board
def test_imps_to_par_per_opening(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(club), "--par", "--seed", "5", "--boards", "8", "--jobs", "1"]) == 0
    report = capsys.readouterr().out
    assert report.startswith("IMPs to par, for the side that opened, over 8 boards:")
    head, table = report.split("\n\n")[0], report.split("\n\n")[1].splitlines()
    assert re.fullmatch(
        r"IMPs to par, for the side that opened, over 8 boards: [+-]\d+; mean [+-]\d+\.\d\d IMPs a board, "
        r"95% interval [+-]\d+\.\d\d to [+-]\d+\.\d\d \(rough: only \d boards away from par\)",
        head,
    )
    assert table[0].split() == ["opening", "boards", "IMPs", "a", "board", "95%", "interval"]
    assert sum(int(line[16:23]) for line in table[1:]) == 8  # the boards of each opening add up
    interval = r"  ([+-]\d+\.\d\d to [+-]\d+\.\d\d \(rough\)|one board|no spread)"
    assert all(re.fullmatch(rf".{{16}}[ \d]{{7}}[ +\-\d]{{8}}[ +\-.\d]{{9}}{interval}", line) for line in table[1:])
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


@pytest.mark.slow
def test_the_example_site_measured_against_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pbn = needs("endplay.parsers.pbn")
    out = tmp_path / "site.pbn"
    arguments = [str(EXAMPLE_SITE), "--par", "--compare", str(EXAMPLE_SITE), "--boards", "2", "--seed", "4"]
    assert main([*arguments, "--pbn", str(out), "--jobs", "1"]) == 0
    report = capsys.readouterr().out
    # the example site's answers to 1H have no hand condition: a board the opening side passed
    # for want of them is counted apart, not against the system
    assert "IMPs to par, for the side that opened, over 1 board (1 more counted apart, below):" in report
    assert "Counted apart: 1 board where the side that opened passed for want of hand conditions" in report
    assert "after 1H-(P): 1 board, +6 IMPs; no row after 1H-(P) says which hands bid it (" in report
    assert "majors.rst:17, " in report and "add a hand condition such as {{ 6+ hcp }} to each" in report
    assert "the auctions differ on 0 of 2 boards." in report
    with out.open(encoding="utf-8") as file:
        assert [board.board_num for board in pbn.load(file)] == [1, 2]


# -- the PBN file read by another program, and against PBN 2.1's export format ----------------

#: PBN 2.1, 3.3: a tag pair in export format, alone on its line: [Name "value"]
_TAG_PAIR = re.compile(r'\[([A-Z][A-Za-z0-9_]*) "((?:[^"\\]|\\["\\])*)"\]')
#: PBN 2.1, 3.4: the 15 tags of the mandatory set, in their export order
_MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
              "Scoring", "Declarer", "Contract", "Result")  # fmt: skip
#: PBN 2.1, 3.5.1: the call tokens (``-`` only before the dealer, never in export format)
_CALL_TOKEN = re.compile(r"Pass|X|XX|[1-7](?:C|D|H|S|NT)")
#: a note's reference after a call: =1=
_NOTE = re.compile(r"=\d+=")
_RANKS = "AKQJT98765432"


def _export_games(text: str) -> list[tuple[dict[str, str], list[str]]]:
    """The games of a PBN file checked against PBN 2.1's export format, each as its tags and its
    calls: a failed assertion names the rule broken."""
    assert text.endswith("\n") and "\t" not in text
    games = []
    for game in text.rstrip("\n").split("\n\n"):  # 3: a game after the first starts after an empty line
        tags: dict[str, str] = {}
        order: list[str] = []
        calls: list[str] = []
        notes: list[str] = []
        referred: list[str] = []
        in_auction = False
        for line in game.split("\n"):
            assert len(line) <= 255, line  # 3.2: a token does not cross a line, and a line is at most 255 characters
            pair = _TAG_PAIR.fullmatch(line)
            if pair:
                name, value = pair.groups()
                if name == "Note":  # the notes of the auction follow its calls, numbered from 1
                    assert order[-1] == "Auction", f"{line}: a note outside the auction section"
                    assert value.startswith(f"{len(notes) + 1}:"), line
                    notes.append(value)
                    in_auction = False
                    continue
                assert "Auction" not in order, f"{line}: a tag after the auction section"  # 3.1: the sections' order
                assert name not in tags, f"{name} twice"  # 3.4: a tag pair only once
                tags[name] = value
                order.append(name)
                in_auction = name == "Auction"
                continue
            assert in_auction, f"{line!r} is neither a tag pair nor an auction line"
            previous = ""
            for token in line.split(" "):
                if _NOTE.fullmatch(token):  # a note right after its call
                    assert _CALL_TOKEN.fullmatch(previous), line
                    referred.append(token[1:-1])
                else:
                    assert _CALL_TOKEN.fullmatch(token) or token == "*", line
                    calls.append(token)
                previous = token
        assert referred == [str(number) for number in range(1, len(notes) + 1)], (referred, notes)
        mandatory = order[: len(_MANDATORY)]
        assert tuple(mandatory) == _MANDATORY, order  # 3.4: the mandatory tags first, in order
        supplemental = order[len(_MANDATORY) : -1]
        assert supplemental == sorted(supplemental) and order[-1] == "Auction", order  # then alphabetical
        games.append((tags, calls))
    return games


def _check_game(tags: dict[str, str], calls: list[str]) -> None:
    """The values of a game's tags as PBN 2.1 defines them, and its auction as the export format writes it."""
    assert int(tags["Board"]) >= 1  # 3.4.4
    assert tags["Dealer"] in "NESW" and len(tags["Dealer"]) == 1  # 3.4.9
    assert tags["Vulnerable"] in ("None", "NS", "EW", "All")  # 3.4.10: export format
    first, _, hands = tags["Deal"].partition(":")  # 3.4.11
    assert first == tags["Dealer"], "the export format writes the deal from the dealer"
    cards = []
    for hand in hands.split(" "):
        suits = hand.split(".")
        assert len(suits) == 4 and sum(map(len, suits)) == 13, hand
        for suit, ranks in zip("SHDC", suits, strict=True):
            assert list(ranks) == sorted(ranks, key=_RANKS.index), f"{ranks}: ranks in descending order"
            cards += [suit + rank for rank in ranks]
    assert len(cards) == len(set(cards)) == 52
    assert tags["Auction"] == tags["Dealer"]  # 3.5: in export format the dealer calls first
    lines = [calls[start : start + 4] for start in range(0, len(calls), 4)]
    assert all(len(line) == 4 for line in lines[:-1])  # four calls a line
    ended = calls[-1] == "*" or (len(calls) >= 4 and calls[-3:] == ["Pass"] * 3)
    assert ended, calls  # 3.5: the auction section ends with all passes, or with *
    if tags["Contract"] == "Pass":  # 3.4.13 to 3.4.15: a passed-out board
        assert calls == ["Pass"] * 4 and tags["Declarer"] == "" and tags["Result"] == ""
    else:
        assert re.fullmatch(r"[1-7](?:C|D|H|S|NT)(?:X|XX)?", tags["Contract"]), tags["Contract"]
        assert tags["Declarer"] in ("N", "E", "S", "W")
        assert tags["Result"] == "" or 0 <= int(tags["Result"]) <= 13


@pytest.mark.slow
def test_the_pbn_file_follows_the_export_format_and_bridgebots_reads_it_back(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """The boards as PBN, read by bridgebots (a PBN reader of its own, with no code of endplay's) and
    checked against PBN 2.1's export format; the hands, dealer, vulnerability, calls, contract,
    declarer and tricks are those of the JSON. bridgebots leaves out a board without a Result, as
    PBN writes a passed-out one: those are exactly the boards it does not read."""
    pbn = needs("bridgebots.pbn")
    needs("endplay")
    out = tmp_path / "boards.pbn"
    arguments = [str(club), "--json", "--double-dummy", "--seed", "12", "--boards", "16", "--dealer", "E"]
    assert main([*arguments, "--pbn", str(out), "--jobs", "1", "--vulnerability", "EW"]) == 0
    records = json.loads(capsys.readouterr().out)
    text = out.read_text(encoding="utf-8")
    games = _export_games(text)
    assert len(games) == len(records) == 16
    for tags, calls in games:
        _check_game(tags, calls)
    with caplog.at_level(logging.WARNING):
        read = pbn.parse_pbn(out)
    played = [record for record in records if record["contract"] != "passed out"]
    assert len(played) > 0
    left_out = [entry.getMessage() for entry in caplog.records if entry.getMessage().startswith("Malformed record")]
    assert len(left_out) == len(records) - len(played)
    assert all('[Contract "Pass"]' in message and "Missing tricks result" in message for message in left_out)
    assert all("Missing tricks result" in entry.getMessage() for entry in caplog.records)
    boards = [(deal_record.deal, board) for deal_record in read for board in deal_record.board_records]
    assert len(boards) == len(played)
    for record, (deal, board) in zip(played, boards, strict=True):
        assert deal.dealer.abbreviation() == record["dealer"] == "E"
        assert (deal.ns_vulnerable, deal.ew_vulnerable) == (False, True)
        hands = dict(zip("NESW", record["deal"][2:].split(" "), strict=True))
        for direction, hand in deal.hands.items():
            written = {suit: "" for suit in "SHDC"}
            for card in sorted(hand.cards, key=lambda card: _RANKS.index(str(card)[1])):
                written[str(card)[0]] += str(card)[1]
            assert ".".join(written.values()) == hands[direction.abbreviation()]
        bid = [{"PASS": "P", "X": "D", "XX": "R"}.get(call, call.replace("NT", "N")) for call in board.bidding_record]
        assert bid == record["auction"]
        level, strain = str(board.contract.level), board.contract.suit.abbreviation(verbose_no_trump=False)
        assert record["contract"] == f"{level}{strain}{'X' * board.contract.doubled} by {board.declarer.abbreviation()}"
        assert board.tricks == record["tricks"]


def test_a_bss_version_is_read_as_a_bss_file(club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--compare old.bss reads the .bss as bml-diff reads it, not as BML: it keeps the rows but never
    a hand condition, which is said, with what to give instead."""
    old = tmp_path / "old.bss"
    old.write_text(write_bss(club_system(), "Our strong club"), encoding="utf-8")
    assert main([str(club), "--compare", str(old), "--boards", "2"]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"bml-practice: {old} is a .bss file, which keeps no hand conditions (they never go into a .bss), "
        "so the robot can bid nothing from it; give that version's .bml file or project folder\n"
    )  # nothing read as BML: no warning about the .bss file's lines
    old.write_text("1N = 15-17 {{ 15-17 hcp }}\n", encoding="utf-8")  # BML in a file named .bss
    assert main([str(club), "--compare", str(old), "--boards", "2"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"bml-practice: {old} is not a BSS file: no line of it is a BSS record")
    assert "Traceback" not in err


@pytest.mark.slow
def test_a_file_name_with_control_characters_never_reaches_the_terminal_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    needs("endplay")
    club = write_club(tmp_path, CLUB, "club\x1b]0;pwned\x07.bml")
    pbn = tmp_path / "boards\x1b[2J.pbn"
    assert main([str(club), "--par", "--seed", "5", "--boards", "6", "--jobs", "1", "--pbn", str(pbn)]) == 0
    captured = capsys.readouterr()
    assert "rows: " in captured.out and "club\\u001b]0;pwned\\u0007.bml:" in captured.out
    assert "boards\\u001b[2J.pbn" in captured.err
    assert not any(char in captured.out + captured.err for char in "\x1b\x07")
