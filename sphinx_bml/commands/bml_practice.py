"""``bml-practice``: practise a BML system on random deals, or check how well it covers them.

::

    bml-practice [--seed N] [--boards N] [--dealer NESW] [--vulnerability None|NS|EW|All]
                 [--seat NESW] [--json] [--check] [--double-dummy] SOURCE

SOURCE is a ``.bml`` file or a Sphinx project folder. In a terminal it is
interactive: it shows your hand (``--seat``, South by default), you bid, it
tells you the system's call, its meaning and where it is defined, and at the
end shows the four hands, the contract and the double-dummy tricks. Not in a
terminal (or with ``--no-interactive``) it prints each board: the deal as
PBN and the robot's auction. ``--json`` prints a JSON array, one object per
board. ``--check`` prints the coverage report. ``--seed`` makes it all
reproducible. Exit status: 0, 1 when the system could not be read or endplay
is missing (the message says why), 2 for a mistake on the command line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from ..language.calls import Call
from ..language.errors import BMLError
from ..practice.boards import SEATS, VULNERABILITIES, Board
from ..practice.coverage import check
from ..practice.dealing import PracticeUnavailable, boards, double_dummy_tricks
from ..practice.robot import Auction, Choice, Robot
from ..practice.source import load_system

FAILED = 1


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bml-practice", description="Practise a BML system on random deals.")
    parser.add_argument("source", type=Path, help="a .bml file or a Sphinx project folder")
    parser.add_argument("--seed", type=int, default=None, help="the same seed deals the same boards")
    parser.add_argument("--boards", type=int, default=None, help="how many boards (default 4; 1000 with --check)")
    parser.add_argument("--dealer", choices=list(SEATS), default=None, help="who deals every board")
    parser.add_argument("--vulnerability", choices=list(VULNERABILITIES), default=None)
    parser.add_argument("--seat", choices=list(SEATS), default="S", help="your hand (default S)")
    parser.add_argument("--json", action="store_true", help="print the boards as JSON, for scripts")
    parser.add_argument("--check", action="store_true", help="print how well the system covers random hands")
    parser.add_argument("--double-dummy", action="store_true", help="add the double-dummy tricks (slower)")
    parser.add_argument("--no-interactive", action="store_true", help="print the boards even in a terminal")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``bml-practice`` with ``argv`` (default: the command line); the exit status."""
    options = argument_parser().parse_args(argv)
    if options.boards is not None and options.boards < 1:
        print("bml-practice: --boards needs a number of boards, 1 or more", file=sys.stderr)
        return 2
    try:
        return run(options, sys.stdin, sys.stdout, sys.stderr)
    except PracticeUnavailable as error:
        print(error, file=sys.stderr)
        return FAILED
    except (BMLError, OSError) as error:
        print(f"bml-practice: {error}", file=sys.stderr)
        return FAILED


def run(options: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    source: Path = options.source
    if not source.exists():
        print(f"bml-practice: {source} does not exist: give a .bml file or a Sphinx project folder", file=err)
        return FAILED
    system, problems = load_system(source)
    for problem in problems:
        print(problem, file=err)
    if not any(meaning.condition is not None for meaning in system):
        print(
            f"bml-practice: no row of {source} has a hand condition, so the robot can bid nothing; "
            "add one such as {{ 15-17 hcp, balanced }} under a row's meaning",
            file=err,
        )
        return FAILED
    count = options.boards or (1000 if options.check else 4)
    dealt = boards(count, options.seed, options.dealer, options.vulnerability)
    if options.check:
        print(check(system, dealt).report(), file=out)
        return 0
    robot = Robot(system)
    if options.json:
        records = [board_record(board, robot.bid(board), options.double_dummy) for board in dealt]
        json.dump(records, out, indent=1, ensure_ascii=False)
        print(file=out)
        return 0
    if stdin.isatty() and out.isatty() and not options.no_interactive:
        return interactive(robot, dealt, options.seat, stdin, out)
    for board in dealt:
        print(board_text(board, robot.bid(board), options.double_dummy), file=out)
    return 0


def board_record(board: Board, auction: Auction, double_dummy: bool = False) -> dict[str, object]:
    """One board for ``--json``."""
    record: dict[str, object] = {
        "board": board.number,
        "deal": board.deal,
        "dealer": board.dealer,
        "vulnerability": board.vulnerability,
        "auction": [str(call) for call in auction.calls],
        "calls": [call_record(choice) for choice in auction.choices],
        "contract": str(auction.contract()),
    }
    if double_dummy:
        record["tricks"] = double_dummy_tricks(board, auction.contract())
    return record


def call_record(choice: Choice) -> dict[str, object]:
    meaning = choice.meaning
    return {
        "seat": choice.seat,
        "call": str(choice.call),
        "row": None if meaning is None else {"file": meaning.location.file, "line": meaning.location.line},
        "meaning": None if meaning is None else meaning.plain_text,
        "off_notes": choice.off_notes,
    }


def board_text(board: Board, auction: Auction, double_dummy: bool = False) -> str:
    lines = [
        f"Board {board.number}, dealer {board.dealer}, vulnerable {board.vulnerability}",
        board.deal,
        f"{auction.notation()}   ({auction.contract()})",
    ]
    if double_dummy and auction.contract().call is not None:
        lines[-1] += f", {double_dummy_tricks(board, auction.contract())} tricks double dummy"
    return "\n".join(lines) + "\n"


def interactive(robot: Robot, dealt: list[Board], seat: str, stdin: TextIO, out: TextIO) -> int:
    """Bid your hand; the robot bids the others and tells you what the system says."""
    for board in dealt:
        hands = board.hands
        print(f"\nBoard {board.number}, dealer {board.dealer}, vulnerable {board.vulnerability}", file=out)
        print(f"Your hand ({seat}): {hands[seat]}   {hands[seat].hcp():g} HCP", file=out)
        auction = Auction(board)
        while not auction.finished:
            choice = robot.choose(board, auction.calls)
            if choice.seat == seat:
                print(f"Auction so far: {auction.notation() or '(you open)'}", file=out)
                out.write("Your call: ")
                out.flush()
                answer = stdin.readline()
                if not answer:
                    return 0
                print(verdict(answer.strip(), choice), file=out)
            auction.choices.append(choice)
        contract = auction.contract()
        print(f"Auction: {auction.notation()}   {contract}", file=out)
        for other in SEATS:
            print(f"  {other}: {hands[other]}", file=out)
        if contract.call is not None:
            print(f"Double dummy: {double_dummy_tricks(board, contract)} tricks for declarer", file=out)
    return 0


def verdict(answer: str, choice: Choice) -> str:
    """What the system says about the call you made."""
    try:
        yours = Call.parse(answer or "P")
    except BMLError:
        yours = None
    said = "Right" if yours == choice.call else "The system says otherwise"
    if choice.meaning is None:
        return f"{said}: the system bids {choice.call} (no row fits this hand)."
    where = choice.meaning.location
    return f"{said}: the system bids {choice.call}: {choice.meaning.plain_text} ({where})."


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
