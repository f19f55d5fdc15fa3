"""``bml-practice`` in a real pseudo-terminal (pexpect): the hand, the calls typed, the calls the laws
refuse, Ctrl-C, the line of progress, and a sequence practised from the side that bids it.

The program runs as a player runs it: its own session with the pseudo-terminal as its controlling
terminal, so Ctrl-C typed there is the SIGINT the terminal sends to the foreground process group.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support import ROOT, needs

pytestmark = pytest.mark.slow  # each test runs the program in a terminal, with endplay: seconds each

NOTES = """\
1C = Strong {{ 16+ hcp }}
  1D = Negative {{ 0-7 hcp }}
  1H = Positive {{ 8+ hcp }}
1N = 13-15 balanced {{ 13-15 hcp, balanced }}
1D = The rest {{ 11-15 hcp }}
P = Nothing to open {{ 10- hcp }}
"""

#: Stayman with conditions; the answers to 1D without any (the robot cannot bid them)
STAYMAN = """\
1N = 15-17 balanced {{ 15-17 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4 hearts or 4 spades }}
    2D = no four-card major {{ 3- hearts, 3- spades }}
    2H = four hearts {{ 4+ hearts }}
    2S = four spades, not four hearts {{ 4+ spades, 3- hearts }}
1D = the rest {{ 11-14 hcp }}
  1H = four hearts
  1S = four spades
P = nothing to open {{ 10- hcp }}
"""

CALL = "Your call: "
ANSWERED = re.compile(r"(Right|The system says otherwise|Off the notes): ")
PROMPT_OR_END = [CALL, "You agreed with the notes on", "No calls made."]


def spawn(arguments: list[str], timeout: float = 120) -> Any:
    """bml-practice in a pseudo-terminal of its own; what it writes is kept in ``child.screen``."""
    pexpect = needs("pexpect")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sphinx_bml.commands.bml_practice", *arguments],
        cwd=str(ROOT),
        env={**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm"},
        encoding="utf-8",
        codec_errors="replace",
        timeout=timeout,
        dimensions=(50, 200),
    )
    child.screen = io.StringIO()
    child.logfile_read = child.screen
    return child


def finish(child: Any) -> tuple[int | None, str]:
    """Wait for the end of the program; its exit status and all it wrote (line ends as ``\\n``).
    Its terminal closed, the program is given up to 30 s to end before ``close`` would kill it
    (pexpect waits 0.1 s; a process ending its solver's threads may take longer)."""
    pexpect = needs("pexpect")
    child.expect(pexpect.EOF)
    deadline = time.monotonic() + 30
    while child.isalive() and time.monotonic() < deadline:
        time.sleep(0.05)
    child.close()
    return child.exitstatus, child.screen.getvalue().replace("\r\n", "\n")


def gone(pid: int) -> bool:
    """Whether neither the process nor anything of its process group is left."""
    try:
        os.killpg(pid, 0)
    except ProcessLookupError:
        return True
    return False


def auction_so_far(child: Any) -> str:
    """The auction shown before the question just asked."""
    asked = child.screen.getvalue().replace("\r\n", "\n")
    return asked.rsplit("Auction so far: ", 1)[1].split("\n", 1)[0]


def write(folder: Path, text: str) -> Path:
    notes = folder / "notes.bml"
    notes.write_text(text, encoding="utf-8")
    return notes


def test_a_board_played_in_the_terminal(tmp_path: Path) -> None:
    notes = write(tmp_path, NOTES)
    child = spawn(["--boards", "1", "--seed", "11", "--dealer", "S", str(notes)])
    child.expect(CALL)
    child.sendline("1D")
    while child.expect(PROMPT_OR_END) == 0:
        child.sendline("P")
    status, screen = finish(child)
    assert status == 0, screen
    assert "Board 3, dealer S, vulnerable EW" in screen  # the first board South deals at the club
    assert "Your hand (S): " in screen and " HCP" in screen
    assert "Auction so far: (you open)" in screen  # South deals: the first question is the opening
    assert "Your call: 1D" in screen  # the terminal echoes what was typed
    verdict = next(line for line in screen.splitlines() if "the system bids" in line)
    assert verdict.startswith(("Right: the system bids 1D", "The system says otherwise: the system bids"))
    if "(no row fits this hand)" not in verdict:
        assert f"({notes}:" in verdict  # where the row is defined
    assert "Auction: " in screen
    assert all(f"  {seat}: " in screen for seat in "NESW")  # the four hands at the end


def test_a_typo_is_refused_and_q_stops_with_the_score(tmp_path: Path) -> None:
    notes = write(tmp_path, NOTES)
    child = spawn(["--boards", "3", "--seed", "11", "--dealer", "S", str(notes)])
    child.expect(CALL)
    child.sendline("xyz")
    child.expect(CALL)
    child.sendline("1D")
    child.expect(CALL)
    child.sendline("q")
    status, screen = finish(child)
    assert status == 0, screen
    assert "'xyz' is not a call: type a bid such as 1C, 1♣, 2nt or 3NT; P or pass" in screen
    assert screen.count("the system bids") == 1  # xyz was not taken for a call; q stopped the session
    assert "You agreed with the notes on " in screen and " of 1 call." in screen
    assert "♠ " in screen and "♣ " in screen
    assert "Board 2" not in screen


def test_calls_the_laws_forbid_are_refused_with_the_reason_and_not_graded(tmp_path: Path) -> None:
    """At every question: with no bid yet a double and a redouble, after a bid 1C, each refused with
    its reason and asked again; then a pass, the only call graded."""
    notes = write(tmp_path, NOTES)
    child = spawn(["--boards", "2", "--seed", "3", "--seat", "E", str(notes)])
    questions = 0
    reasons: set[str] = set()
    while child.expect(PROMPT_OR_END) == 0:
        questions += 1
        if re.search(r"\b[1-7][CDHSN]\b", auction_so_far(child)):
            child.sendline("1C")  # no bid can follow a bid of 1C or higher with 1C
            child.expect(r"1C is not a legal call here: 1C is (lower than|not higher than) \w+, the last bid: each bid")
            reasons.add("insufficient")
        else:
            child.sendline("X")
            child.expect("D is not a legal call here: a double with no bid before it: a double is only allowed")
            child.expect(CALL)
            child.sendline("xx")
            child.expect("R is not a legal call here: a redouble with no double before it: a redouble is only")
            reasons.add("nothing doubled")
        child.expect(CALL)
        child.sendline("P")
        child.expect(ANSWERED)
    status, screen = finish(child)
    assert status == 0, screen
    assert questions >= 2 and reasons == {"insufficient", "nothing doubled"}, screen
    calls = "1 call" if questions == 1 else f"{questions} calls"
    assert f" of {calls}." in screen  # the refused calls were never graded
    assert "Traceback" not in screen


def test_ctrl_c_at_a_prompt_stops_quietly(tmp_path: Path) -> None:
    notes = write(tmp_path, NOTES)
    child = spawn(["--boards", "3", "--seed", "11", str(notes)])
    child.expect(CALL)
    child.sendintr()  # Ctrl-C, as typed at the terminal
    status, screen = finish(child)
    assert status == 130, screen
    assert screen.rstrip().endswith("bml-practice: stopped")
    assert "Traceback" not in screen and "KeyboardInterrupt" not in screen
    assert gone(child.pid)


def test_ctrl_c_while_solving_stops_at_once_and_nothing_lingers(tmp_path: Path) -> None:
    """Ctrl-C while endplay's solver threads work on a batch: the program says so and ends, its
    threads with it, without waiting for the boards still to solve."""
    notes = write(tmp_path, NOTES)
    child = spawn(["--par", "--boards", "500", "--seed", "2", "--jobs", "2", str(notes)])
    child.expect(r"bml-practice: \d+ of 500 boards solved double dummy…")  # the solver is at work
    child.sendintr()
    started = time.monotonic()
    status, screen = finish(child)
    waited = time.monotonic() - started
    assert status == 130, screen
    assert screen.rstrip().endswith("bml-practice: stopped")
    assert "Traceback" not in screen and "IMPs to par" not in screen
    assert gone(child.pid)
    assert waited < 60, f"{waited:.1f} s after Ctrl-C"  # not the many minutes the 500 boards take


def test_progress_shows_on_a_terminal_and_never_in_a_pipe(tmp_path: Path) -> None:
    """The line of progress goes to a terminal only: with standard output piped to a file while
    standard error is the terminal, the file holds clean JSON and the terminal the progress."""
    notes = write(tmp_path, NOTES)
    out = tmp_path / "boards.json"
    pexpect = needs("pexpect")
    command = (
        f"{sys.executable} -m sphinx_bml.commands.bml_practice --json --double-dummy --boards 60 --seed 6 "
        f"--jobs 1 {notes} > {out}"
    )
    child = pexpect.spawn(
        "/bin/sh",
        ["-c", command],
        cwd=str(ROOT),
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        encoding="utf-8",
        timeout=300,
    )
    child.screen = io.StringIO()
    child.logfile_read = child.screen
    child.expect(r"\rbml-practice: (\d+) of 60 boards solved double dummy…\x1b\[K")
    first = int(child.match.group(1))
    status, screen = finish(child)
    assert status == 0, screen
    counts = [int(n) for n in re.findall(r"bml-practice: (\d+) of 60 boards", screen)]
    assert counts == sorted(counts) and first >= 1 and counts[-1] <= 60
    assert screen.endswith("\r\x1b[K")  # the line is wiped at the end
    records = json.loads(out.read_text(encoding="utf-8"))
    assert len(records) == 60
    assert "\x1b" not in out.read_text(encoding="utf-8")


def test_a_sequence_at_the_table_puts_you_on_the_side_that_bids_it(tmp_path: Path) -> None:
    """--sequence 1N-2C with South at the table: on every board North or South opens 1N and the
    other bids 2C (you are opener on some boards, responder on others); where partner passes your
    1D for want of hand conditions, the board says so."""
    notes = write(tmp_path, STAYMAN)
    child = spawn(["--sequence", "1N-2C", "--boards", "6", "--seed", "5", str(notes)])
    while child.expect(PROMPT_OR_END) == 0:
        child.sendline("P")
    status, screen = finish(child)
    assert status == 0, screen
    dealers = re.findall(r"Board \d+, dealer ([NESW])", screen)
    auctions = re.findall(r"^Auction: ((?:\S+ )*?\S+)   ", screen, re.MULTILINE)
    assert len(dealers) == len(auctions) == 6, screen
    roles = set()
    for dealer, auction in zip(dealers, auctions, strict=True):
        calls = auction.split()
        opening = next(turn for turn, call in enumerate(calls) if call != "P")
        seat = "NESW"[("NESW".index(dealer) + opening) % 4]
        assert seat in "NS" and calls[opening : opening + 3] == ["1N", "P", "2C"], (dealer, auction)
        roles.add("opener" if seat == "S" else "responder")
    assert roles == {"opener", "responder"}

    child = spawn(["--sequence", "1D", "--boards", "4", "--seed", "2", "--dealer", "S", str(notes)])
    while child.expect(PROMPT_OR_END) == 0:
        child.sendline("1D" if auction_so_far(child) in ("(you open)", "P P") else "P")
    status, screen = finish(child)
    assert status == 0, screen
    said = [line for line in screen.splitlines() if line.startswith("Partner (N) passes: ")]
    assert said, screen
    assert said[0] == (
        f"Partner (N) passes: no row after 1D-(P) says which hands bid it ({notes}:7, {notes}:8): "
        "add a hand condition such as {{ 6+ hcp }} to each."
    )


def test_against_their_notes_their_calls_are_alerted_at_the_table(tmp_path: Path) -> None:
    """--opponents: who they are, then each of their calls with its meaning before you call;
    --sequence (1H) has them open 1H on every board, and your side answer it."""
    ours = write(tmp_path, NOTES + "(1H) = their 1H\n  1S = overcall {{ 8-16 hcp, 5+ spades }}\n")
    theirs = tmp_path / "theirs.bml"
    theirs.write_text("#+TITLE: Theirs\n1H = five hearts {{ 11-20 hcp, 5+ hearts }}\nP = {{ 10- hcp }}\n", "utf-8")
    child = spawn(["--opponents", str(theirs), "--sequence", "(1H)", "--boards", "3", "--seed", "5", str(ours)])
    while child.expect(PROMPT_OR_END) == 0:
        child.sendline("P")
    status, screen = finish(child)
    assert status == 0, screen
    assert screen.startswith("East-West bid by their own notes (Theirs); each of their calls is explained")
    alerts = re.findall(r"^(East|West) bids 1H, from their notes: five hearts \(.*theirs\.bml:2\)\.$", screen, re.M)
    assert len(alerts) == 3, screen
