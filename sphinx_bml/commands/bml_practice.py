"""``bml-practice``: practise a BML system on random deals, check how well it covers them, measure it.

::

    bml-practice [--seed N] [--boards N] [--dealer NESW] [--vulnerability None|NS|EW|All]
                 [--seat NESW] [--system NAME] [--json] [--check] [--double-dummy] [--par] [--jobs N]
                 [--sequence 1N-2C] [--pbn FILE] [--compare OTHER] [--dealer-script FILE] SOURCE

SOURCE is a ``.bml`` file or a Sphinx project folder (with its ``conf.py``),
read as the build reads it: the site's system, with the project's settings
and the build's warnings (``--system NAME`` picks one of ``bml_systems``;
the first by default). In a terminal it is
interactive: it shows your hand (``--seat``, South by default), you bid, it
tells you the system's call, its meaning and where it is defined, and at the
end shows the four hands, the contract and the double-dummy tricks; ``q``
stops, with the score. Not in a terminal (or with ``--no-interactive``) it
prints each board: the deal as PBN and the robot's auction. ``--json``
prints a JSON array, one object per board. ``--check`` prints the coverage
report. ``--par`` the IMPs to par per opening, ``--compare`` the boards two
versions of the notes bid differently, ``--sequence`` deals only boards that
start with a sequence, ``--pbn`` writes the boards to a PBN file, and
``--dealer-script`` (with ``--sequence``) writes a script of the dealer
program instead (:mod:`sphinx_bml.practice.dealer_script`), for BBO's
advanced deal source. Boards
stream: memory does not grow with ``--boards``. ``--seed`` makes it all
reproducible. A call the laws of the auction forbid is refused at the table
with the reason; long work shows one line of progress on a terminal (standard
error), nothing in a pipe. Exit status: 0, 1 when the system could not be
read, endplay is missing or no board reaches the sequence (the message says
why), 2 for a mistake on the command line (an illegal ``--sequence`` too),
130 when Ctrl-C stopped it (one line says so, no traceback). A project folder is read by Sphinx
(:mod:`sphinx_bml.sphinx.project`): commands are the layer above the Sphinx
adapters.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from sphinx.errors import SphinxError

from ..language.calls import Call, Sequence
from ..language.errors import BMLError, Location, Problems, one_line, shown_lines
from ..language.notation import parse_reference
from ..language.system import System
from ..practice.aiming import OutOfReach, aimed, legal_sequence
from ..practice.boards import SEATS, VULNERABILITIES, Board
from ..practice.coverage import check
from ..practice.dealer_script import dealer_script
from ..practice.dealing import (
    MAX_SEED,
    DoubleDummy,
    PracticeUnavailable,
    cores,
    double_dummy_tricks,
    seed_of,
    solve,
    solver_busy,
    stream,
)
from ..practice.pbn import pbn_board
from ..practice.robot import Auction, Choice, Robot, situation
from ..practice.session import ACCEPTED, STOP, Score, hand_text, read_call, refusal, robot_pass
from ..practice.source import load_system
from ..practice.study import Played, Study, Versions
from ..sphinx.project import CONFIGURATION, read_project
from ..versions.reading import SUFFIXES as VERSION_SUFFIXES
from ..versions.reading import NotABssFile, holds_conditions, read_version
from .command_line import (
    FAILED,
    MISTAKE,
    STDIO,
    CommandError,
    Progress,
    closed_pipe,
    is_terminal,
    stopped,
    write_output,
)

PROGRAM = "bml-practice"


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bml-practice", description="Practise a BML system on random deals.")
    parser.add_argument("source", type=Path, help="a .bml file or a Sphinx project folder")
    parser.add_argument("--system", default=None, help="which system of bml_systems (default: the first)")
    parser.add_argument(
        "--seed", type=_seed, default=None, help=f"the same seed deals the same boards (0 to {MAX_SEED})"
    )
    parser.add_argument(
        "--boards", type=int, default=None, help="how many boards (default 4; 1000 with --check; 100 with --par)"
    )
    parser.add_argument("--dealer", choices=list(SEATS), default=None, help="who deals every board")
    parser.add_argument("--vulnerability", choices=list(VULNERABILITIES), default=None)
    parser.add_argument("--seat", choices=list(SEATS), default="S", help="your hand (default S)")
    parser.add_argument("--json", action="store_true", help="print the boards as JSON, for scripts")
    parser.add_argument("--check", action="store_true", help="print how well the system covers random hands")
    parser.add_argument("--double-dummy", action="store_true", help="add the double-dummy tricks (slower)")
    parser.add_argument("--par", action="store_true", help="IMPs to double-dummy par, per opening")
    parser.add_argument("--jobs", type=int, default=None, help="threads solving double dummy (default: every core)")
    parser.add_argument("--sequence", default=None, help="deal only boards whose auction starts so, e.g. 1N-2C")
    parser.add_argument("--pbn", type=Path, default=None, metavar="FILE", help="write the boards to a PBN file")
    parser.add_argument(
        "--dealer-script",
        default=None,
        metavar="FILE",
        help="with --sequence: write a script of the dealer program (BBO's advanced deal source) instead, - for "
        "standard output",
    )
    parser.add_argument(
        "--compare", type=Path, default=None, metavar="OTHER", help="bid the boards through another version too"
    )
    parser.add_argument("--no-interactive", action="store_true", help="print the boards even in a terminal")
    return parser


def _seed(written: str) -> int:
    try:
        return seed_of(written)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class _Mistake(Exception):
    """A mistake on the command line, said in words: exit status 2."""


def main(argv: list[str] | None = None) -> int:
    """Run ``bml-practice`` with ``argv`` (default: the command line); the exit status."""
    options = argument_parser().parse_args(argv)
    if options.boards is not None and options.boards < 1:
        _say("--boards needs a number of boards, 1 or more", sys.stderr)
        return MISTAKE
    if options.jobs is not None and options.jobs < 1:
        _say("--jobs needs a number of threads, 1 or more", sys.stderr)
        return MISTAKE
    try:
        return run(options, sys.stdin, sys.stdout, sys.stderr)
    except KeyboardInterrupt:
        status = stopped(PROGRAM, sys.stderr)
        if solver_busy():  # pragma: no cover - in a process of its own (the terminal tests)
            _leave_now(status)
        return status
    except BrokenPipeError:
        return closed_pipe()
    except PracticeUnavailable as error:
        print(error, file=sys.stderr)
        return FAILED
    except (BMLError, OSError) as error:
        _say(f"{error}", sys.stderr)
        return FAILED
    except SphinxError as error:
        _say(f"{options.source} cannot be read as a Sphinx project: {error}", sys.stderr)
        return FAILED
    except _Mistake as error:
        _say(f"{error}", sys.stderr)
        return MISTAKE


def _leave_now(status: int) -> None:
    """End the process at once with ``status``, what was printed flushed: the solver's threads are
    still at work and would crash the process as it tears their library down."""
    for written in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            written.flush()
    os._exit(status)


def _say(message: str, err: TextIO) -> None:
    """A message of ``bml-practice`` on one line, what the user typed or wrote shown with its
    control characters escaped (an escape typed into --sequence never reaches the terminal)."""
    print(one_line(f"{PROGRAM}: {message}"), file=err)


def read_system(source: Path, name: str | None, err: TextIO) -> System | None:
    """The system of ``source`` (``name``: which of a project's ``bml_systems``), its problems
    printed; ``None`` (said why) when nothing can be bid."""
    if not source.exists():
        _say(f"{source} does not exist: give a .bml file or a Sphinx project folder", err)
        return None
    if source.is_dir():
        if not (source / CONFIGURATION).is_file():
            _say(f"{source} has no {CONFIGURATION}: give a .bml file or a Sphinx project folder", err)
            return None
        project = read_project(source)
        for reported in project.reported:
            print(shown_lines(str(reported.seen_from(Path.cwd()))), file=err)
        if name is not None and name not in project.systems:
            raise _Mistake(f"{source} {_has_no_system(name, list(project.systems))}")
        system = project.systems[name or next(iter(project.systems))]
    elif name is not None:
        raise _Mistake(f"--system picks one of bml_systems of a project folder, not of {source}")
    else:
        system, problems = _read_file(source)
        for problem in problems:
            print(one_line(str(problem)), file=err)
    if not any(meaning.condition is not None for meaning in system):
        if not holds_conditions(source):
            _say(
                f"{source} is a .bss file, which keeps no hand conditions (they never go into a .bss), "
                "so the robot can bid nothing from it; give that version's .bml file or project folder",
                err,
            )
            return None
        _say(
            f"no row of {source} has a hand condition, so the robot can bid nothing; "
            "add one such as {{ 15-17 hcp, balanced }} under a row's meaning",
            err,
        )
        return None
    return system


def _read_file(source: Path) -> tuple[System, Problems]:
    """The system of a file, as a version of the notes is read
    (:func:`~sphinx_bml.versions.reading.read_version`, as ``bml-diff`` and the site read one):
    a ``.bss`` file as the ``bss`` builder wrote it, a ``.bml`` file (or one of another ending)
    as a ``.bml`` page, with its includes inside its folder."""
    if source.suffix.lower() not in VERSION_SUFFIXES:
        return load_system(source)
    try:
        return read_version(source, source.parent)
    except NotABssFile as error:
        raise BMLError(str(error)) from None


def _has_no_system(name: str, systems: list[str]) -> str:
    if systems == [""]:
        return f"has one system only (no bml_systems in its conf.py), so there is no system {name!r} to pick"
    return f"has no system {name!r} in bml_systems; it has " + ", ".join(repr(system) for system in systems)


def run(options: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    system = read_system(options.source, options.system, err)
    if system is None:
        return FAILED
    other: System | None = None
    if options.compare is not None:
        other = read_system(options.compare, options.system if options.compare.is_dir() else None, err)
        if other is None:
            return FAILED
        if system.metadata.title != other.metadata.title:
            _say(
                f"{options.compare} is another system ({other.metadata.title or 'no title'!r}, "
                f"not {system.metadata.title or 'no title'!r}); comparing them all the same",
                err,
            )
    sequence: Sequence | None = None
    if options.sequence is not None:
        try:
            sequence = parse_reference(options.sequence).sequence
            legal_sequence(sequence)
        except BMLError as error:
            _say(f"--sequence {options.sequence}: {error}", err)
            return MISTAKE
    measuring = options.par or other is not None
    count = options.boards or (1000 if options.check else 100 if measuring else 4)
    robot = Robot(system)
    if options.dealer_script is not None:
        return write_dealer_script(options, robot, sequence, out, err)
    # at the table the player sits on the side that bids the sequence, as opener or as responder
    seat = options.seat if _plays(options, stdin, out) else None
    if sequence is not None:
        dealt: Iterable[Board] = aimed(
            robot, sequence, count, options.seed, options.dealer, options.vulnerability, seat
        )
    else:
        dealt = stream(count, options.seed, options.dealer, options.vulnerability)
    pbn = None
    if options.pbn is not None:
        try:
            pbn = options.pbn.open("w", encoding="utf-8")
        except OSError as error:
            _say(f"cannot write the boards to {options.pbn}: {error.strerror or error}", err)
            return FAILED
    try:
        return _run(options, robot, other, sequence, (dealt, count), pbn, stdin, out, err)
    except OutOfReach as error:
        _say(f"--sequence {options.sequence}: {error}", err)
        if pbn is not None:
            pbn.close()
            if not options.pbn.stat().st_size:
                options.pbn.unlink()  # no board: no file
        return FAILED
    finally:
        if pbn is not None:
            pbn.close()


#: what a dealer script cannot go with: it is written instead of boards
_NOT_WITH_A_SCRIPT = ("check", "par", "compare", "json", "pbn", "double_dummy")


def write_dealer_script(
    options: argparse.Namespace, robot: Robot, sequence: Sequence | None, out: TextIO, err: TextIO
) -> int:
    """``--dealer-script FILE``: the dealer script of ``--sequence`` to ``FILE`` (``-``: standard
    output) as a whole or not at all, what it cannot say exactly on standard error."""
    if sequence is None:
        _say(
            "--dealer-script writes the script of one sequence: give it with --sequence, such as --sequence 1N-2C", err
        )
        return MISTAKE
    others = [name for name in _NOT_WITH_A_SCRIPT if getattr(options, name)]
    if others:
        given = " and ".join("--" + name.replace("_", "-") for name in others)
        _say(f"--dealer-script writes a script, not boards: leave out {given}", err)
        return MISTAKE
    shown_from = Path.cwd()
    try:
        written = dealer_script(
            robot,
            sequence,
            options.seat,
            options.dealer,
            options.vulnerability,
            lambda place: _place(place, shown_from),
        )
    except OutOfReach as error:
        _say(f"--sequence {options.sequence}: {error}", err)
        return FAILED
    target = None if options.dealer_script == STDIO else Path(options.dealer_script)
    if target is None:
        out.write(written.text)
    else:
        try:
            write_output(target, written.text)
        except CommandError as error:
            _say(f"{error}", err)
            return FAILED
    for difference in written.differences:
        _say(f"the script is not exact: {difference}", err)
    if target is not None:
        print(one_line(f"The dealer script of {sequence.notation()} is in {target}."), file=err)
    return 0


def _place(location: Location, folder: Path) -> str:
    """A row's place as the script's comments give it: its file from ``folder`` when inside it."""
    path = Path(location.file)
    try:
        shown = path.relative_to(folder) if path.is_absolute() else path
    except ValueError:
        shown = path
    return f"{shown.as_posix()}:{location.line}"


def _run(
    options: argparse.Namespace,
    robot: Robot,
    other: System | None,
    sequence: Sequence | None,
    boards: tuple[Iterable[Board], int],
    pbn: TextIO | None,
    stdin: TextIO,
    out: TextIO,
    err: TextIO,
) -> int:
    dealt, count = boards
    if options.check:
        with Progress(err, PROGRAM, count, "boards dealt and bid") as progress:
            report = check(robot.system, progress.counted(dealt)).report()
        print(shown_lines(report), file=out)
        return 0
    measuring = options.par or other is not None
    if _plays(options, stdin, out):
        return interactive(robot, dealt, options.seat, stdin, out)
    if other is not None and not (options.par or options.double_dummy or options.json or pbn is not None):
        with Progress(err, PROGRAM, count, "boards dealt and bid by both versions") as progress:
            versions = compare(robot, Robot(other), progress.counted(dealt), options)
        print(shown_lines(versions.report()), file=out)
        return 0
    solving = measuring or options.double_dummy
    # a line of progress on the terminal, unless the boards themselves go to it one by one
    shown = measuring or not is_terminal(out)
    what = "boards solved double dummy" if solving else "boards dealt and bid"
    with Progress(err, PROGRAM, count, what, shown=shown) as progress:
        _write_boards(options, robot, other, sequence, dealt, pbn, out, progress)
    if options.json:
        return 0
    if pbn is not None:
        print(one_line(f"The boards are in {options.pbn}."), file=err)
    return 0


def _write_boards(
    options: argparse.Namespace,
    robot: Robot,
    other: System | None,
    sequence: Sequence | None,
    dealt: Iterable[Board],
    pbn: TextIO | None,
    out: TextIO,
    progress: Progress,
) -> None:
    """Bid (and solve) the boards one at a time: each written as it comes (JSON, text, PBN),
    or measured, the report printed at the end."""
    measuring = options.par or other is not None
    bid = ((board, robot.bid(board)) for board in dealt)
    played: Iterator[tuple[Board, Auction, DoubleDummy | None]]
    if measuring or options.double_dummy:
        played = (
            (board, auction, solved)
            for (board, auction), solved in solve(bid, lambda item: item[0], options.jobs or cores())
        )
    else:
        played = ((board, auction, None) for board, auction in bid)
    study = Study()
    versions = Versions(str(options.source), str(options.compare)) if other is not None else None
    other_robot = Robot(other) if other is not None else None
    name = sequence.notation() if sequence is not None else None
    first = True
    if options.json:
        out.write("[")
    for board, auction, solved in played:
        progress.step()
        if pbn is not None:
            par = None if solved is None else (solved.par, solved.par_contracts)
            pbn.write(pbn_board(board, auction, None if solved is None else solved.taken(auction.contract()), par))
        if solved is not None and measuring:
            result = Played.of(board, auction, solved)
            study.add(result, name)
            if versions is not None and other_robot is not None:
                versions.add(result, Played.of(board, other_robot.bid(board), solved))
        if options.json:
            # one_line: JSON escapes control characters, not the line separators a terminal breaks on
            record = one_line(json.dumps(board_record(board, auction, solved), ensure_ascii=False))
            out.write(("\n" if first else ",\n") + record)
        elif not measuring:
            print(board_text(board, auction, solved), file=out)
        first = False
    progress.clear()
    if options.json:
        out.write("\n]\n")
        return
    if options.par:
        print(shown_lines(study.report()), file=out)
    if versions is not None:
        if options.par:
            print(file=out)
        print(shown_lines(versions.report()), file=out)


def _plays(options: argparse.Namespace, stdin: TextIO, out: TextIO) -> bool:
    """Whether the player bids at the terminal: both ends are a terminal, and boards are not
    asked for in a file or measured."""
    if options.no_interactive or options.json or options.check or options.par or options.pbn is not None:
        return False
    if options.compare is not None:
        return False
    return is_terminal(stdin) and is_terminal(out)


def compare(robot: Robot, other: Robot, dealt: Iterable[Board], options: argparse.Namespace) -> Versions:
    """The two versions on the same boards, solving double dummy only the boards they bid differently
    (the same auction scores the same against par)."""
    versions = Versions(str(options.source), str(options.compare))
    both = ((board, robot.bid(board), other.bid(board)) for board in dealt)

    def apart() -> Iterator[tuple[Board, Auction, Auction]]:
        for board, one, two in both:
            if one.calls == two.calls:
                versions.boards += 1
            else:
                yield board, one, two

    for (board, one, two), solved in solve(apart(), lambda item: item[0], options.jobs or cores()):
        versions.add(Played.of(board, one, solved), Played.of(board, two, solved))
    return versions


def board_record(board: Board, auction: Auction, solved: DoubleDummy | None = None) -> dict[str, object]:
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
    contract = auction.contract()
    record["declarer"] = contract.declarer
    if solved is not None:
        played = Played.of(board, auction, solved)
        record["tricks"] = played.tricks
        record["score"] = played.score
        record["par"] = played.par
        record["par_contracts"] = played.par_contracts
        record["imps"] = played.imps
        record["imps_for"] = played.opening_side
    return record


def call_record(choice: Choice) -> dict[str, object]:
    meaning = choice.meaning
    return {
        "seat": choice.seat,
        "call": str(choice.call),
        "row": None if meaning is None else {"file": meaning.location.file, "line": meaning.location.line},
        "meaning": None if meaning is None else meaning.plain_text,
        "off_notes": choice.off_notes,
        "rows_without_condition": [
            {"file": row.location.file, "line": row.location.line} for row in choice.unconditioned
        ],
    }


def board_text(board: Board, auction: Auction, solved: DoubleDummy | None = None) -> str:
    lines = [
        f"Board {board.number}, dealer {board.dealer}, vulnerable {board.vulnerability}",
        board.deal,
        f"{auction.notation()}   ({auction.contract()})",
    ]
    if solved is not None:
        played = Played.of(board, auction, solved)
        if played.tricks is not None:
            lines[-1] += f", {played.tricks} tricks double dummy"
        lines[-1] += (
            f"; NS {played.score:+d}, par NS {played.par:+d} ({played.par_contracts}): "
            f"{played.imps:+d} IMPs for {played.opening_side}"
        )
    for choice in auction.choices:
        if choice.off_notes:
            row = f"the row at {choice.meaning.location}" if choice.meaning is not None else "no row of the notes"
            lines.append(f"off the notes: {choice.seat} bids {choice.call} ({row}): partner's call forces, no row fits")
        if choice is auction.wanting:
            lines.append(f"{choice.seat} passes for want of hand conditions: {choice.wanting()}")
    return shown_lines("\n".join(lines)) + "\n"


def interactive(robot: Robot, dealt: Iterable[Board], seat: str, stdin: TextIO, out: TextIO) -> int:
    """Bid your hand; the robot bids the others and tells you what the system says; ``q`` stops."""
    score = Score()
    try:
        for board in dealt:
            if not _play(robot, board, seat, score, stdin, out):
                break
    finally:
        print(f"\n{shown_lines(score.report())}", file=out)
    return 0


def _play(robot: Robot, board: Board, seat: str, score: Score, stdin: TextIO, out: TextIO) -> bool:
    """One board at the terminal; ``False`` when the player stops."""
    hands = board.hands
    print(f"\nBoard {board.number}, dealer {board.dealer}, vulnerable {board.vulnerability}", file=out)
    print(f"Your hand ({seat}): {hand_text(hands[seat])}   {hands[seat].hcp():g} HCP", file=out)
    auction = Auction(board)
    while not auction.finished:
        choice = robot.choose(board, auction.calls)
        if choice.seat == seat:
            print(f"Auction so far: {auction.notation() or '(you open)'}", file=out)
            yours = _your_call(auction.calls, stdin, out)
            if yours is None:
                return False
            rows_here = robot.meanings_after(situation(auction.calls, len(auction.calls)))
            print(score.verdict(board.number, auction.notation(), yours, choice, rows_here), file=out)
        elif (said := robot_pass(choice, seat)) is not None:
            print(said, file=out)
        auction.choices.append(choice)
    contract = auction.contract()
    print(f"Auction: {auction.notation()}   {contract}", file=out)
    for other in SEATS:
        print(f"  {other}: {hand_text(hands[other])}", file=out)
    if contract.call is not None:
        print(f"Double dummy: {double_dummy_tricks(board, contract)} tricks for declarer", file=out)
    return True


def _your_call(calls: list[Call], stdin: TextIO, out: TextIO) -> Call | None:
    """The call the player types, asked again until it is a call the laws allow here;
    ``None`` when the player stops (``q``, or the end of the input)."""
    while True:
        out.write("Your call: ")
        out.flush()
        answer = stdin.readline()
        if not answer or answer.strip().lower() in STOP:
            return None
        yours = read_call(answer)
        if yours is None:
            print(one_line(f"{answer.strip()!r} is not a call: type {ACCEPTED}."), file=out)
            continue
        refused = refusal(yours, calls)
        if refused is None:
            return yours
        print(refused, file=out)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
