"""``bml-practice``: boards and auctions for scripts, the coverage report, and plain messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_practice import main
from sphinx_bml.practice.dealing import NEEDS_ENDPLAY
from sphinx_bml.practice.scoring import imps
from tests.support import needs, write_project

NOTES = """\
1N = 15-17 {{ 15-17 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
1C = anything else with 12+ {{ 12+ hcp }}
P = {{ 11- hcp }}
"""


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    path = tmp_path / "notes.bml"
    path.write_text(NOTES, encoding="utf-8")
    return path


def endplay_or_skip() -> None:
    needs("endplay")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_json_is_reproducible_and_names_the_rows(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    endplay_or_skip()
    assert main([str(notes), "--json", "--seed", "5", "--boards", "3"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([str(notes), "--json", "--seed", "5", "--boards", "3"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert len(first) == 3
    for record in first:
        assert record["deal"].startswith("N:") and len(record["deal"].split()) == 4
        assert record["dealer"] in "NESW" and record["vulnerability"] in ("None", "NS", "EW", "All")
        assert record["auction"] == [call["call"] for call in record["calls"]]
        for call in record["calls"]:
            assert call["row"] is None or call["row"]["file"].endswith("notes.bml")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_printed_boards_and_the_coverage_report(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    endplay_or_skip()
    assert main([str(notes), "--seed", "1", "--boards", "2", "--dealer", "S"]) == 0
    out = capsys.readouterr().out
    assert out.count("Board ") == 2 and "dealer S" in out
    assert main([str(notes), "--check", "--seed", "1", "--boards", "50"]) == 0
    report = capsys.readouterr().out
    assert "50 boards dealt and bid." in report and "Ambiguities" in report


def test_a_missing_source_is_a_plain_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nothing.bml")]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_notes_without_conditions_say_what_to_add(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "plain.bml"
    path.write_text("1N = 15-17\n", encoding="utf-8")
    assert main([str(path)]) == 1
    assert "no row of" in capsys.readouterr().err


def test_without_endplay_the_message_says_how_to_install(
    notes: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    real_import = builtins.__import__

    def no_endplay(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("endplay"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_endplay)
    monkeypatch.setattr("importlib.import_module", lambda name: no_endplay(name))
    assert main([str(notes), "--boards", "1"]) == 1
    assert NEEDS_ENDPLAY in capsys.readouterr().err


def test_a_bad_board_count_is_a_command_line_mistake(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(notes), "--boards", "0"]) == 2
    assert "--boards" in capsys.readouterr().err


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_file_alone_reads_no_include_outside_its_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    endplay_or_skip()
    (tmp_path / "shared.bml").write_text("1N-2D = transfer from elsewhere {{ 0+ hcp }}\n", encoding="utf-8")
    (tmp_path / "notes").mkdir()
    notes = tmp_path / "notes" / "system.bml"
    notes.write_text(NOTES + "#INCLUDE ../shared.bml\n", encoding="utf-8")
    assert main([str(notes), "--json", "--seed", "4", "--boards", "40"]) == 0
    captured = capsys.readouterr()
    assert "#INCLUDE ../shared.bml is outside the documentation folder, so it is not read" in captured.err
    assert "from elsewhere" not in captured.out


def test_a_system_is_picked_in_a_project_only(tmp_path: Path, notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(notes), "--system", "acol"]) == 2
    assert "--system picks one of bml_systems of a project folder, not of" in capsys.readouterr().err
    site = write_project(tmp_path / "site", "Notes\n=====\n\n.. bml::\n\n   " + NOTES.replace("\n", "\n   "))
    assert main([str(site), "--system", "acol"]) == 2
    err = capsys.readouterr().err
    assert "has one system only (no bml_systems in its conf.py), so there is no system 'acol' to pick" in err


_BIDS = {"P": "pass", "D": "X", "R": "XX"}


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_json_scores_each_board_as_the_text_shows_it(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each board's contract, declarer, tricks, score, par and IMPs: the same in JSON and in the text,
    the contract and its score checked against endplay's own (``Contract.from_auction``, ``score``)."""
    types = needs("endplay.types")
    arguments = [str(notes), "--double-dummy", "--seed", "9", "--boards", "8", "--jobs", "1"]
    assert main([*arguments, "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert main([*arguments, "--no-interactive"]) == 0
    text = capsys.readouterr().out.split("\n\n")
    for record, board in zip(records, text, strict=False):
        dealer = types.Player.find(record["dealer"])
        bids = [types.Bid(_BIDS.get(call, call.replace("N", "NT"))) for call in record["auction"]]
        contract = types.Contract.from_auction(dealer, bids)
        if contract.is_passout():
            assert record["contract"] == "passed out" and record["declarer"] is None and record["score"] == 0
        else:
            assert record["declarer"] == contract.declarer.abbr
            strain = "N" if contract.denom.name == "nt" else contract.denom.name[0].upper()
            risk = {"passed": "", "doubled": "X", "redoubled": "XX"}[contract.penalty.name]
            written = f"{contract.level}{strain}{risk}"
            assert record["contract"] == f"{written} by {contract.declarer.abbr}"
            contract.result = record["tricks"] - contract.level - 6
            vulnerability = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}[record["vulnerability"]]
            made = contract.score(getattr(types.Vul, vulnerability))
            assert record["score"] == (made if record["declarer"] in "NS" else -made)
        side = record["imps_for"]
        assert side in ("NS", "EW")
        difference = record["score"] - record["par"]
        assert record["imps"] == imps(difference if side == "NS" else -difference)
        shown = (
            f"NS {record['score']:+d}, par NS {record['par']:+d} ({record['par_contracts']}): "
            f"{record['imps']:+d} IMPs for {side}"
        )
        assert shown in board and f"({record['contract']})" in board


def test_no_line_of_progress_when_not_a_terminal(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(notes), "--check", "--seed", "1", "--boards", "300"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and "\r" not in captured.out and "\x1b" not in captured.out


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        ("1N-1C", "--sequence 1N-1C: 1N-(P)-1C is not a legal auction: 1C is lower than 1N, the last bid"),
        ("1N-X", "--sequence 1N-X: 1N-(P)-D is not a legal auction: a double of partner's 1N: a double is only"),
        ("1N-P-P-P-2C", "is not a legal auction: the auction has already ended (three passes after 1N)"),
        ("1N-(2C)-XX", "is not a legal auction: a redouble with no double before it"),
    ],
)
def test_a_sequence_that_could_not_happen_is_a_mistake(
    notes: Path, written: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(notes), "--sequence", written]) == 2
    err = capsys.readouterr().err
    assert reason in err and "the notes have no row" not in err


def test_control_characters_typed_into_a_sequence_never_reach_the_terminal(
    notes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(notes), "--sequence", "1N-\x1b]0;pwned\x07"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err
    assert "--sequence 1N-\\u001b]0;pwned\\u0007: '\\u001b]0;pwned\\u0007' is not a call" in err
    assert main([str(notes), "--system", "a\x1b[2Jb"]) == 2
    assert "\x1b" not in capsys.readouterr().err


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_pass_for_want_of_hand_conditions_is_said_in_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    needs("endplay")
    notes = tmp_path / "notes.bml"
    notes.write_text("1D = 11--15 {{ 11-15 hcp }}\n  1H = four hearts\n  1S = four spades\nP = {{ 10- hcp }}\n")
    arguments = [str(notes), "--sequence", "1D", "--seed", "3", "--boards", "2"]
    assert main([*arguments, "--no-interactive"]) == 0
    text = capsys.readouterr().out
    said = f"passes for want of hand conditions: no row after 1D-(P) says which hands bid it ({notes}:2, {notes}:3)"
    assert text.count(said) == 2, text
    assert main([*arguments, "--json"]) == 0
    for record in json.loads(capsys.readouterr().out):
        opening = next(index for index, call in enumerate(record["auction"]) if call != "P")
        partner = record["calls"][opening + 2]
        assert partner["call"] == "P"
        assert partner["rows_without_condition"] == [{"file": str(notes), "line": 2}, {"file": str(notes), "line": 3}]
        assert record["calls"][opening]["rows_without_condition"] == []


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_json_escapes_what_would_break_a_terminal_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """JSON itself escapes the control characters below U+0020 only: DEL and the others that a
    terminal acts on are escaped too, and JSON reads them back as written."""
    needs("endplay")
    notes = tmp_path / "notes.bml"
    notes.write_text("1C = any 12+ \x7f\x9b2J{{ 12+ hcp }}\nP = {{ 11- hcp }}\n", encoding="utf-8")
    assert main([str(notes), "--json", "--seed", "2", "--boards", "4"]) == 0
    out = capsys.readouterr().out
    assert "\x7f" not in out and "\x9b" not in out and "\\u007f\\u009b2J" in out
    meanings = {call["meaning"] for record in json.loads(out) for call in record["calls"] if call["call"] == "1C"}
    assert meanings == {"any 12+ \x7f\x9b2J"}  # JSON reads the escapes back
