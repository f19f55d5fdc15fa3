"""``bml-practice --opponents THEIRS``: the other side bids by their own notes, shown as alerted, and named in JSON."""

from __future__ import annotations

import io
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_practice import interactive, main, opponents_line
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.system import System
from sphinx_bml.practice import Board, Robot
from tests.support import EXAMPLE_OPPONENTS, EXAMPLE_SITE, needs, write_project

OURS = """\
#+TITLE: Ours
1N = 15-17 {{ 15-17 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
  (2C) = their 2C
    D = we are in charge {{ 10+ hcp }}
1C = anything else with 12+ {{ 12+ hcp }}
P = {{ 11- hcp }}
(1H) = their 1H
  D = takeout {{ 12+ hcp, 1- hearts }}
  1S = overcall {{ 8-16 hcp, 5+ spades }}
"""
THEIRS = """\
#+TITLE: Theirs
1H = five hearts {{ 11-20 hcp, 5+ hearts }}
1S = five spades {{ 11-20 hcp, 5+ spades }}
P = no opening {{ 10- hcp }}
(1N) = any 1NT
  2C = Landy: both majors {{ 8+ hcp, 4+ hearts, 4+ spades }}
(1C) = any 1C
  1H = overcall {{ 8-16 hcp, 5+ hearts }}
"""
#: what a file may hold: an escape that retitles a terminal, a line separator, a right-to-left
#: override, and HTML
HOSTILE = "\x1b]0;pwned\x07 \u2028 \u202e <script>alert(1)</script>"


@pytest.fixture
def ours(tmp_path: Path) -> Path:
    path = tmp_path / "ours.bml"
    path.write_text(OURS, encoding="utf-8")
    return path


@pytest.fixture
def theirs(tmp_path: Path) -> Path:
    path = tmp_path / "theirs.bml"
    path.write_text(THEIRS, encoding="utf-8")
    return path


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_json_says_whose_notes_gave_each_call(ours: Path, theirs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(ours), "--opponents", str(theirs), "--json", "--seed", "4", "--boards", "40"]) == 0
    records = json.loads(capsys.readouterr().out)
    bids: Counter[str] = Counter()
    for record in records:
        for call in record["calls"]:
            side = "ours" if call["seat"] in "NS" else "theirs"
            assert call["notes"] == side
            if call["row"] is not None:
                assert call["row"]["file"] == str(ours if side == "ours" else theirs)
            if call["call"] != "P":
                bids[side] += 1
    assert bids["theirs"] > 5 and bids["ours"] > 5


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_without_their_notes_every_call_is_ours(ours: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(ours), "--json", "--seed", "4", "--boards", "5"]) == 0
    assert {call["notes"] for record in json.loads(capsys.readouterr().out) for call in record["calls"]} == {"ours"}


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_their_calls_are_shown_as_alerted(ours: Path, theirs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(ours), "--opponents", str(theirs), "--seed", "4", "--boards", "20"]) == 0
    out = capsys.readouterr().out
    alerts = re.findall(r"^(East|West) bids (\S+), from their notes: (.*) \((.*):(\d+)\)\.$", out, re.MULTILINE)
    assert alerts, out
    lines = THEIRS.splitlines()
    for _, call, meaning, file, line in alerts:
        assert file == str(theirs)
        assert lines[int(line) - 1].strip().startswith(f"{call} = {meaning}")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_sequence_is_bid_by_our_side_with_their_call(
    ours: Path, theirs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--sequence 1N-(2C)``: North or South opens 1NT on every board, East or West overcalls 2C by
    their notes; printed, not at a terminal."""
    arguments = [str(ours), "--opponents", str(theirs), "--sequence", "1N-(2C)", "--json"]
    assert main([*arguments, "--seed", "2", "--boards", "12"]) == 0
    for record in json.loads(capsys.readouterr().out):
        calls = record["calls"]
        opening = next(index for index, call in enumerate(calls) if call["call"] != "P")
        one_nt, landy = calls[opening], calls[opening + 1]
        assert (one_nt["seat"] in "NS", one_nt["call"], one_nt["notes"]) == (True, "1N", "ours")
        assert (landy["call"], landy["notes"], landy["meaning"]) == ("2C", "theirs", "Landy: both majors")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_coverage_report_counts_our_calls(ours: Path, theirs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(ours), "--opponents", str(theirs), "--check", "--seed", "1", "--boards", "100"]) == 0
    report = capsys.readouterr().out
    assert "100 boards dealt and bid." in report and "them: " in report  # our answers to their openings


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_project_folder_may_be_the_opponents(ours: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    project = write_project(tmp_path / "their-site", "Theirs\n======\n\n.. bml::\n\n" + _indented(THEIRS))
    assert main([str(ours), "--opponents", str(project), "--json", "--seed", "4", "--boards", "10"]) == 0
    rows = [call["row"] for record in json.loads(capsys.readouterr().out) for call in record["calls"]]
    assert any(row is not None and row["file"].endswith("index.rst") for row in rows)


def _indented(notes: str) -> str:
    return "".join(f"   {line}\n" for line in notes.splitlines() if not line.startswith("#+"))


def _bad(tmp_path: Path, ours: Path, kind: str) -> Path:
    """An opponents' source that cannot be theirs."""
    if kind == "missing":
        return tmp_path / "nothing.bml"
    if kind == "a folder without conf.py":
        (tmp_path / "folder").mkdir()
        return tmp_path / "folder"
    if kind == "no BSS record":
        path = tmp_path / "theirs.bss"
        path.write_text("nothing a BSS file holds\n", encoding="utf-8")
        return path
    if kind == "ours":
        return ours
    if kind == "a copy of ours":
        return Path(shutil.copy(ours, tmp_path / "copy.bml"))
    path = tmp_path / {"a defence only": "defence.bml", "a .bss": "theirs.bss", "BBOalert": "theirs.txt"}[kind]
    text = {
        "a defence only": "(1N) = any\n  D = penalty {{ 15+ hcp }}\n",
        "a .bss": "*00{Theirs}=NYYYYYYSummary\n001N=YYYYYYY00815-17\n",
        "BBOalert": "BBOalert,Theirs\n,1N,15-17 balanced\n",
    }[kind]
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("missing", "nothing.bml does not exist"),
        ("a folder without conf.py", "has no conf.py"),
        ("no BSS record", "cannot be read: .* is not a BSS file"),
        ("ours", "both sides would bid the same notes"),
        ("a copy of ours", "both sides would bid the same notes"),
        ("a defence only", "has no opening bid with a hand condition, so the opponents would never open"),
        ("a .bss", "keeps no hand conditions, so the opponents would never open"),
        ("BBOalert", "keeps no hand conditions, so the opponents would never open"),
    ],
)
def test_notes_that_cannot_be_theirs_are_a_plain_mistake(
    ours: Path, tmp_path: Path, kind: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _bad(tmp_path, ours, kind)
    assert main([str(ours), "--opponents", str(source), "--boards", "1"]) == 2
    err = capsys.readouterr().err
    (line,) = err.splitlines()[-1:]
    assert line.startswith(f"bml-practice: --opponents {source}") and re.search(said, line), err
    assert "Traceback" not in err


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_nothing_of_theirs_reaches_the_terminal_unescaped(
    ours: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    needs("endplay")
    hostile = tmp_path / "hostile.bml"
    hostile.write_text(
        THEIRS.replace("#+TITLE: Theirs", f"#+TITLE: {HOSTILE}").replace("five hearts", f"five hearts {HOSTILE}"),
        encoding="utf-8",
    )
    assert main([str(ours), "--opponents", str(hostile), "--seed", "4", "--boards", "20"]) == 0
    text = capsys.readouterr().out
    assert main([str(ours), "--opponents", str(hostile), "--json", "--seed", "4", "--boards", "20"]) == 0
    printed = capsys.readouterr().out
    for out in (text, printed):
        assert "five hearts" in out
        assert not any(char in out for char in "\x1b\x07\u2028\u202e")
        assert "\\u001b]0;pwned\\u0007" in out and "\\u202e" in out
    assert "<script>alert(1)</script>" in text  # text for a terminal: shown as written, harmless there
    meanings = {call["meaning"] for record in json.loads(printed) for call in record["calls"] if call["call"] == "1H"}
    assert any(meaning.startswith("five hearts \x1b]0;pwned\x07") for meaning in meanings)  # JSON reads them back

    robot = Robot(_system(OURS), opponents=_system(hostile.read_text(encoding="utf-8")))
    said = opponents_line(robot)
    assert said.startswith("East-West bid by their own notes (") and "\\u001b]0;pwned" in said
    assert not any(char in said for char in "\x1b\x07\u2028\u202e")


def _system(notes: str) -> System:
    return expand(parse_text(notes, "notes.bml"))


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_at_the_table_their_calls_are_alerted_before_you_call(ours: Path) -> None:
    """East opens 1H by their notes: the player hears the alert, then is asked."""
    board = Board("N:654.QT9.JT9.AQJ6 2.AK432.KQ432.K2 KQJ93.J5.A5.T987 AT87.876.876.543", "E", "None", 1)
    robot = Robot(_system(OURS), opponents=_system(THEIRS))
    out = io.StringIO()
    assert interactive(robot, [board], "S", io.StringIO("q\n"), out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == (
        "East-West bid by their own notes (Theirs); each of their calls is explained as they would alert it."
    )
    alert = lines.index("East bids 1H, from their notes: five hearts (notes.bml:2).")
    assert lines[alert + 1] == "Auction so far: 1H"


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_example_site_against_its_opponents(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32, done when: on 200 boards East-West bid on at least a quarter, and our answers after
    their calls come from the competitive tables; ``--sequence 1N-2C`` puts the player's side on the
    sequence on every board."""
    needs("endplay")
    arguments = [str(EXAMPLE_SITE), "--opponents", str(EXAMPLE_OPPONENTS), "--json", "--seed", "32"]
    assert main([*arguments, "--boards", "200"]) == 0
    records = json.loads(capsys.readouterr().out)
    bidding = [
        record for record in records if any(c["notes"] == "theirs" and c["call"] != "P" for c in record["calls"])
    ]
    assert len(records) == 200 and len(bidding) >= 50
    answers: Counter[tuple[str, int]] = Counter()
    for record in bidding:
        calls = record["calls"]
        first = next(i for i, c in enumerate(calls) if c["notes"] == "theirs" and c["call"] != "P")
        for call in calls[first + 1 :]:
            if call["notes"] == "ours" and call["call"] != "P" and call["row"] is not None:
                answers[(Path(call["row"]["file"]).name, call["row"]["line"])] += 1
    competitive = {"competition.rst", "defence_1nt.bml", "lebensohl.bml", "strong_club.rst"}
    assert sum(answers.values()) >= 20
    assert sum(count for (file, _), count in answers.items() if file in competitive) >= 20, answers

    assert main([*arguments, "--boards", "20", "--sequence", "1N-2C"]) == 0
    for record in json.loads(capsys.readouterr().out):
        calls = record["calls"]
        opening = next(i for i, c in enumerate(calls) if c["call"] != "P")
        assert [c["call"] for c in calls[opening : opening + 3]] == ["1N", "P", "2C"]
        assert calls[opening]["seat"] in "NS" and calls[opening + 2]["seat"] in "NS"
        assert calls[opening + 1]["notes"] == "theirs"
