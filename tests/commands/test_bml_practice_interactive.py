"""``bml-practice`` in a pseudo-terminal: the hand, a call typed, the system's call and meaning, the end."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support import ROOT, needs

pty = pytest.importorskip("pty")

NOTES = """\
1C = Strong {{ 16+ hcp }}
  1D = Negative {{ 0-7 hcp }}
  1H = Positive {{ 8+ hcp }}
1N = 13-15 balanced {{ 13-15 hcp, balanced }}
1D = The rest {{ 11-15 hcp }}
P = Nothing to open {{ 10- hcp }}
"""


def run_in_terminal(arguments: list[str], answer: bytes | list[bytes], timeout: float = 60) -> tuple[int, str]:
    """Run bml-practice on a pseudo-terminal, typing ``answer`` at each "Your call:" (a list: one answer
    after the other, the last one again after them); its status and screen."""
    answers = answer if isinstance(answer, list) else [answer]
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "sphinx_bml.commands.bml_practice", *arguments],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    os.close(terminal)
    screen = b""
    answered = 0
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            ready, _, _ = select.select([controller], [], [], 1)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                data = os.read(controller, 4096)
            except OSError:  # the terminal closed: the program ended
                break
            if not data:
                break
            screen += data
            while screen.count(b"Your call: ") > answered:
                os.write(controller, answers[min(answered, len(answers) - 1)] + b"\n")
                answered += 1
        status = process.wait(timeout=10)
    finally:
        os.close(controller)
        if process.poll() is None:
            process.kill()
    return status, screen.decode("utf-8", "replace").replace("\r\n", "\n")


@pytest.mark.slow  # a subprocess with endplay and a double-dummy solve: about 5 s
def test_a_board_played_in_the_terminal(tmp_path: Path) -> None:
    needs("endplay")
    notes = tmp_path / "notes.bml"
    notes.write_text(NOTES, encoding="utf-8")
    status, screen = run_in_terminal(["--boards", "1", "--seed", "11", "--dealer", "S", str(notes)], b"1D")
    assert status == 0, screen
    assert "Board 1, dealer S" in screen
    assert "Your hand (S): " in screen and " HCP" in screen
    assert "Auction so far: (you open)" in screen  # South deals: the first question is the opening
    assert "Your call: 1D" in screen  # the terminal echoes what was typed
    verdict = next(line for line in screen.splitlines() if "the system bids" in line)
    assert verdict.startswith(("Right: the system bids 1D", "The system says otherwise: the system bids"))
    if "(no row fits this hand)" not in verdict:
        assert f"({notes}:" in verdict  # where the row is defined
    assert "Auction: " in screen
    assert all(f"  {seat}: " in screen for seat in "NESW")  # the four hands at the end


@pytest.mark.slow  # a subprocess with endplay: about 5 s
def test_a_typo_is_refused_and_q_stops_with_the_score(tmp_path: Path) -> None:
    needs("endplay")
    notes = tmp_path / "notes.bml"
    notes.write_text(NOTES, encoding="utf-8")
    arguments = ["--boards", "3", "--seed", "11", "--dealer", "S", str(notes)]
    status, screen = run_in_terminal(arguments, [b"xyz", b"1D", b"q"])
    assert status == 0, screen
    assert "'xyz' is not a call: type a bid such as 1C, 1♣, 2nt or 3NT; P or pass" in screen
    assert screen.count("the system bids") == 1  # xyz was not taken for a call; q stopped the session
    assert "You agreed with the notes on " in screen and " of 1 call." in screen
    assert "♠ " in screen and "♣ " in screen
    assert "Board 2" not in screen
