"""``bml-practice``: practise a BML system on random deals, check how well it covers them, measure it.

::

    bml-practice [--seed N]... [--boards N] [--dealer NESW] [--vulnerability None|NS|EW|All]
                 [--seat NESW] [--system NAME] [--json] [--check] [--double-dummy] [--par] [--jobs N]
                 [--sequence 1N-2C] [--pbn FILE] [--lin FILE] [--compare OTHER] [--opponents THEIRS]
                 [--dealer-script FILE] SOURCE
    bml-practice --merge FILE... [--json]

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
versions of the notes bid differently, each with the mean a board and its
95% interval (:mod:`sphinx_bml.practice.figures`), ``--sequence`` deals only
boards that start with a sequence, ``--pbn`` and ``--lin`` write the boards to
a PBN file and to BBO's LIN, each call the notes explain with its
explanation (``-``: to standard output instead of the text), the file whole
or not at all, and ``--dealer-script`` (with ``--sequence``) writes a script
of the dealer program instead (:mod:`sphinx_bml.practice.dealer_script`),
for BBO's advanced deal source. ``--opponents THEIRS`` has the other side bid by their own
notes (a ``.bml`` file, a project folder, a ``.bss`` or BBOalert file; their
rows need hand conditions to be bid): each of their calls is shown with its
meaning from THEIRS, as an alert at the table, ``--json`` says whose notes
gave each call, and ``--sequence`` puts your side on the sequence. Boards
stream: memory does not grow with ``--boards``.
``--seed`` makes it all reproducible; several deal the boards of each in
turn. With ``--par`` or ``--compare``, ``--json`` writes what was studied,
the boards and the figures, and ``--merge`` adds up such files of other
seeds into exactly the figures of one run over them all
(:mod:`sphinx_bml.practice.merging`). A call the laws of the auction forbid
is refused at the table with the reason; long work shows one line of
progress on a terminal (standard error), nothing in a pipe. Exit status: 0,
1 when the system could not be read, endplay is missing or no board reaches
the sequence (the message says why), 2 for a mistake on the command line
(an illegal ``--sequence``, an ``--opponents`` file that cannot be read,
describes no opening, or is your own notes, and files ``--merge`` cannot add
up), 130
when Ctrl-C stopped it (one line says so, no traceback). A project folder is
read by Sphinx (:mod:`sphinx_bml.sphinx.project`): commands are the layer
above the Sphinx adapters.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from sphinx.errors import SphinxError

from ..language.calls import Call, Sequence
from ..language.errors import BMLError, Location, Problems, one_line, shown_lines
from ..language.notation import parse_reference
from ..language.system import System
from ..practice import merging
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
from ..practice.lin import lin_board
from ..practice.pbn import pbn_board
from ..practice.robot import THEIRS, Auction, Choice, Robot
from ..practice.session import ACCEPTED, STOP, Score, hand_text, read_call, refusal, robot_pass, their_call
from ..practice.source import opponents_problem
from ..practice.study import Played, Study, Versions, difference
from ..sphinx.project import CONFIGURATION, read_project
from ..versions.reading import NotABssFile, holds_conditions, read_notes
from .command_line import (
    FAILED,
    MISTAKE,
    STDIO,
    CommandError,
    Progress,
    Unwritable,
    closed_pipe,
    file_to_write,
    is_terminal,
    json_text,
    stopped,
    version_text,
    whole_file,
    write_output,
)

PROGRAM = "bml-practice"


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bml-practice", description="Practise a BML system on random deals.")
    parser.add_argument("source", type=Path, nargs="?", help="a .bml file or a Sphinx project folder")
    parser.add_argument("--system", default=None, help="which system of bml_systems (default: the first)")
    parser.add_argument(
        "--seed",
        type=_seed,
        action="append",
        dest="seeds",
        default=None,
        metavar="N",
        help=f"the same seed deals the same boards (0 to {MAX_SEED}); several: the boards of each in turn",
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
    parser.add_argument("--pbn", default=None, metavar="FILE", help="write the boards as PBN (- for standard output)")
    parser.add_argument("--lin", default=None, metavar="FILE", help="write the boards as LIN (- for standard output)")
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
    parser.add_argument(
        "--opponents",
        type=Path,
        default=None,
        metavar="THEIRS",
        help="the other side bids by these notes (a .bml file, a project folder, a .bss or BBOalert file)",
    )
    parser.add_argument("--no-interactive", action="store_true", help="print the boards even in a terminal")
    parser.add_argument(
        "--merge", type=Path, nargs="+", default=None, metavar="FILE", help="add up the --json files of a study"
    )
    return parser


def _seed(written: str) -> int:
    try:
        return seed_of(written)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


#: what --merge takes
_MERGING = ("merge", "json")


def _option(name: str) -> str:
    """How an option is written on the command line: ``--sequence``, ``SOURCE``."""
    return "SOURCE" if name == "source" else "--seed" if name == "seeds" else "--" + name.replace("_", "-")


def merge(files: list[Path], as_json: bool, out: TextIO, err: TextIO) -> int:
    """``--merge``: the figures of the --json files of a study, added up, as text or JSON."""
    try:
        merged = merging.merge(merging.load(file) for file in files)
    except merging.NotAStudy as error:
        _say(str(error), err)
        return MISTAKE
    print(json_text(merged.to_json()) if as_json else shown_lines(merged.report()), file=out)
    return 0


class _Mistake(Exception):
    """A mistake on the command line, said in words: exit status 2."""


def main(argv: list[str] | None = None) -> int:
    """Run ``bml-practice`` with ``argv`` (default: the command line); the exit status."""
    parser = argument_parser()
    options = parser.parse_args(argv)
    if options.merge is not None:
        given = [
            name for name, value in vars(options).items() if name not in _MERGING and value != parser.get_default(name)
        ]
        if given:
            parser.error(f"--merge adds up the --json files of a study, and takes no {_option(given[0])}")
        try:
            return merge(options.merge, options.json, sys.stdout, sys.stderr)
        except BrokenPipeError:
            return closed_pipe()
    if options.source is None:
        parser.error("give a .bml file or a Sphinx project folder (or --merge FILE... to add up a study)")
    if options.seeds is not None:
        twice = next((seed for number, seed in enumerate(options.seeds) if seed in options.seeds[:number]), None)
        if twice is not None:
            parser.error(f"--seed {twice} is given twice: its boards would count twice")
    if options.boards is not None and options.boards < 1:
        _say("--boards needs a number of boards, 1 or more", sys.stderr)
        return MISTAKE
    if options.jobs is not None and options.jobs < 1:
        _say("--jobs needs a number of threads, 1 or more", sys.stderr)
        return MISTAKE
    clash = _clash(options)
    if clash:
        _say(clash, sys.stderr)
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


#: The options that write the boards to a file.
BOARD_FILES = ("pbn", "lin")


def _clash(options: argparse.Namespace) -> str:
    """What the options ask that cannot be done together (``""``: nothing)."""
    asked = [f"--{name}" for name in BOARD_FILES if getattr(options, name) is not None]
    if options.check and asked:
        return f"--check reports on the notes and deals no boards to write: leave out {' and '.join(asked)}"
    to_output = [f"--{name} {STDIO}" for name in BOARD_FILES if getattr(options, name) == STDIO]
    reports = [option for option in ("--json", "--par") if getattr(options, option[2:])]
    if options.compare is not None:
        reports.append("--compare")
    if to_output and (len(to_output) > 1 or reports):
        printing = to_output + reports
        return (
            f"{' and '.join(printing)} would {'both' if len(printing) == 2 else 'all'} print to standard output: "
            f"give {to_output[0].split()[0]} a file name instead of {STDIO}"
        )
    return ""


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
    if (missing := _not_notes(source)) is not None:
        _say(missing, err)
        return None
    system = _notes(source, name, err)
    if not any(meaning.condition is not None for meaning in system):
        if not holds_conditions(source):
            _say(
                f"{source} {_keeps_no_conditions(source)}, so the robot can bid nothing from it; "
                "give that version's .bml file or project folder",
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


def _not_notes(source: Path) -> str | None:
    """Why ``source`` is no file of notes nor project folder (``None``: it may be one)."""
    if not source.exists():
        return f"{source} does not exist: give a .bml file or a Sphinx project folder"
    if source.is_dir() and not (source / CONFIGURATION).is_file():
        return f"{source} has no {CONFIGURATION}: give a .bml file or a Sphinx project folder"
    return None


def _notes(source: Path, name: str | None, err: TextIO) -> System:
    """The system of the file or project folder ``source``, its problems printed."""
    if source.is_dir():
        project = read_project(source)
        for reported in project.reported:
            print(shown_lines(str(reported.seen_from(Path.cwd()))), file=err)
        if name is not None and name not in project.systems:
            raise _Mistake(f"{source} {_has_no_system(name, list(project.systems))}")
        return project.systems[name or next(iter(project.systems))]
    if name is not None:
        raise _Mistake(f"--system picks one of bml_systems of a project folder, not of {source}")
    system, problems = _read_file(source)
    for problem in problems:
        print(one_line(str(problem)), file=err)
    return system


def _keeps_no_conditions(source: Path) -> str:
    """Why a file holds no hand condition, in a player's words."""
    if source.suffix.lower() == ".bss":
        return "is a .bss file, which keeps no hand conditions (they never go into a .bss)"
    return "is a BBOalert file, which keeps no hand conditions (BBOalert has no place for them)"


def read_opponents(source: Path, ours: Path, system: System, err: TextIO) -> System:
    """The opponents' notes ``--opponents`` names, read as ``source`` is, their problems printed;
    :class:`_Mistake` (said why) when they cannot be read, are our own notes, or open nothing."""
    if (missing := _not_notes(source)) is not None:
        raise _Mistake(f"--opponents {missing}")
    if source.resolve() == ours.resolve():
        theirs = system  # the same notes: not read twice
    else:
        try:
            theirs = _notes(source, None, err)
        except (BMLError, OSError, SphinxError) as error:
            raise _Mistake(f"--opponents {source} cannot be read: {error}") from None
    problem = opponents_problem(theirs, system, str(source), conditions=holds_conditions(source))
    if problem is not None:
        raise _Mistake(f"--opponents {source}: {problem}")
    return theirs


def _read_file(source: Path) -> tuple[System, Problems]:
    """The system of a file, as a version of the notes is read
    (:func:`~sphinx_bml.versions.reading.read_notes`, as ``bml-diff`` and the site read one):
    a ``.bss`` file as the ``bss`` builder wrote it, a BBOalert file as ``bboalert2bml`` reads
    it, a ``.bml`` file (or one of another ending) as a ``.bml`` page, with its includes inside
    its folder."""
    try:
        return read_notes(source, source.parent)
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
    theirs: System | None = None
    if options.opponents is not None:
        theirs = read_opponents(options.opponents, options.source, system, err)
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
    # without --seed, a seed drawn at random: every board can be dealt again, and a study merged
    options.seeds = options.seeds or [secrets.randbelow(MAX_SEED + 1)]
    robot = Robot(system, opponents=theirs, seats=options.seat)
    if options.dealer_script is not None:
        return write_dealer_script(options, robot, sequence, out, err)
    # at the table the player sits on the side that bids the sequence, as opener or as responder
    # (against the opponents' own notes, the player's side bids it, at the table or not)
    seat = options.seat if _plays(options, stdin, out) or theirs is not None else None
    options.boards = count
    dealt = _deal(options, robot, sequence, count, seat)
    try:
        with contextlib.ExitStack() as opened:  # the files are written whole when it closes, or not at all
            files = BoardFiles(**{name: _board_file(opened, options, name, out) for name in BOARD_FILES})
            status = _run(options, robot, other, sequence, (dealt, count * len(options.seeds)), files, stdin, out, err)
    except Unwritable as error:
        _say(f"cannot write the boards to {error.path}: {error.reason}", err)
        return FAILED
    except OutOfReach as error:
        _say(f"--sequence {options.sequence}: {error}", err)
        return FAILED
    if not options.json:
        for name in BOARD_FILES:
            target = getattr(options, name)
            if target not in (None, STDIO):
                print(one_line(f"The boards are in {target}."), file=err)
    return status


@dataclass
class BoardFiles:
    """Where the boards are written: the streams of ``--pbn`` and ``--lin`` (``None``: not asked)."""

    pbn: TextIO | None = None
    lin: TextIO | None = None

    @property
    def any(self) -> bool:
        return self.pbn is not None or self.lin is not None


def _board_file(opened: contextlib.ExitStack, options: argparse.Namespace, name: str, out: TextIO) -> TextIO | None:
    """The stream of the ``--NAME`` file: standard output for ``-``, else a file written whole
    (:func:`~.command_line.whole_file`), its folder checked now, before any board is dealt."""
    target: str | None = getattr(options, name)
    if target is None:
        return None
    if target == STDIO:
        return out
    return opened.enter_context(whole_file(file_to_write(Path(target), f"--{name}")))


def _deal(
    options: argparse.Namespace, robot: Robot, sequence: Sequence | None, count: int, seat: str | None
) -> Iterator[tuple[int, Board]]:
    """The boards of each seed in turn, each with its seed: ``count`` boards a seed, numbered from 1,
    exactly those a run with that seed alone deals."""
    for seed in options.seeds:
        if sequence is not None:
            boards = aimed(robot, sequence, count, seed, options.dealer, options.vulnerability, seat)
        else:
            boards = stream(count, seed, options.dealer, options.vulnerability)
        for board in boards:
            yield seed, board


#: what a dealer script cannot go with: it is written instead of boards
_NOT_WITH_A_SCRIPT = ("check", "par", "compare", "json", "pbn", "lin", "opponents", "double_dummy")


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
    for inexact in written.differences:
        _say(f"the script is not exact: {inexact}", err)
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
    boards: tuple[Iterable[tuple[int, Board]], int],
    files: BoardFiles,
    stdin: TextIO,
    out: TextIO,
    err: TextIO,
) -> int:
    dealt, count = boards
    if options.check:
        with Progress(err, PROGRAM, count, "boards dealt and bid") as progress:
            theirs = None if robot.opponents is None else robot.opponents.system
            report = check(robot.system, progress.counted(board for _, board in dealt), theirs, robot.seats).report()
        print(shown_lines(report), file=out)
        return 0
    measuring = options.par or other is not None
    if _plays(options, stdin, out):
        return interactive(robot, (board for _, board in dealt), options.seat, stdin, out)
    if other is not None and not (options.par or options.double_dummy or files.any):
        written = _Written(out, study_header(options, robot, other, sequence)) if options.json else None
        versions = Versions(str(options.source), str(options.compare))
        with Progress(err, PROGRAM, count, "boards dealt and bid by both versions") as progress:
            for seed, board, solved, one, two in compare(
                robot, _other_robot(other, robot), progress.counted(dealt), versions, options
            ):
                if written is not None:
                    written.board({**board_record(board, one.auction, solved, seed), **compared_record(one, two)})
        if written is not None:
            written.close({"compare": versions.figures.to_json()})
        else:
            print(shown_lines(versions.report()), file=out)
        return 0
    solving = measuring or options.double_dummy
    # a line of progress on the terminal, unless the boards themselves go to it one by one
    shown = measuring or not is_terminal(out)
    what = "boards solved double dummy" if solving else "boards dealt and bid"
    with Progress(err, PROGRAM, count, what, shown=shown) as progress:
        _write_boards(options, robot, other, sequence, dealt, files, out, progress)
    return 0


def _write_boards(
    options: argparse.Namespace,
    robot: Robot,
    other: System | None,
    sequence: Sequence | None,
    dealt: Iterable[tuple[int, Board]],
    files: BoardFiles,
    out: TextIO,
    progress: Progress,
) -> None:
    """Bid (and solve) the boards one at a time: each written as it comes (JSON, text, PBN, LIN),
    or measured, the report printed at the end (with ``--json``, the figures after the boards). A
    file of boards on standard output takes the place of the text."""
    measuring = options.par or other is not None
    bid = ((seed, board, robot.bid(board)) for seed, board in dealt)
    played: Iterator[tuple[int, Board, Auction, DoubleDummy | None]]
    if measuring or options.double_dummy:
        played = (
            (seed, board, auction, solved)
            for (seed, board, auction), solved in solve(bid, lambda item: item[1], options.jobs or cores())
        )
    else:
        played = ((seed, board, auction, None) for seed, board, auction in bid)
    study = Study()
    versions = Versions(str(options.source), str(options.compare)) if other is not None else None
    other_robot = _other_robot(other, robot) if other is not None else None
    name = sequence.notation() if sequence is not None else None
    written = None
    if options.json:
        written = _Written(out, study_header(options, robot, other, sequence) if measuring else None)
    for seed, board, auction, solved in played:
        progress.step()
        if files.pbn is not None:
            par = None if solved is None else (solved.par, solved.par_contracts)
            tricks = None if solved is None else solved.taken(auction.contract())
            files.pbn.write(pbn_board(board, auction, tricks, par))
        if files.lin is not None:
            files.lin.write(lin_board(board, auction))
        record = board_record(board, auction, solved, seed) if written is not None else {}
        if solved is not None and measuring:
            result = Played.of(board, auction, solved)
            group, apart = study.add(result, name)
            if options.par:
                record.update(group=group, counted_apart=apart)
            if versions is not None and other_robot is not None:
                second = Played.of(board, other_robot.bid(board), solved)
                versions.add(result, second)
                record.update(compared_record(result, second))
        if written is not None:
            written.board(record)
        elif not measuring and out not in (files.pbn, files.lin):
            print(board_text(board, auction, solved), file=out)
    progress.clear()
    if written is not None:
        figures: dict[str, object] = {}
        if options.par:
            figures["par"] = study.figures().to_json()
        if versions is not None:
            figures["compare"] = versions.figures.to_json()
        written.close(figures if measuring else None)
        return
    if options.par:
        print(shown_lines(study.report()), file=out)
    if versions is not None:
        if options.par:
            print(file=out)
        print(shown_lines(versions.report()), file=out)


class _Written:
    """Boards written as JSON one at a time, as they come: an array of boards, or for a study an
    object with what was studied (``header``), the boards, and at the end the figures."""

    def __init__(self, out: TextIO, header: dict[str, object] | None = None) -> None:
        self.out, self.study, self.first = out, header is not None, True
        out.write("[" if header is None else '{"study": ' + _json_line(header) + ',\n"boards": [')

    def board(self, record: dict[str, object]) -> None:
        self.out.write(("\n" if self.first else ",\n") + _json_line(record))
        self.first = False

    def close(self, figures: dict[str, object] | None = None) -> None:
        """The end: of the array, or of the boards, and the figures."""
        self.out.write("\n]\n" if not self.study else '\n],\n"figures": ' + json_text(figures) + "}\n")


def _json_line(data: object) -> str:
    # one_line: JSON escapes control characters, not the line separators a terminal breaks on
    return one_line(json.dumps(data, ensure_ascii=False))


def study_header(
    options: argparse.Namespace, robot: Robot, other: System | None, sequence: Sequence | None
) -> dict[str, object]:
    """What a study's ``--json`` starts with: the notes (and the opponents' with ``--opponents``),
    the options, the seeds (:func:`~sphinx_bml.practice.merging.study`)."""
    opponents = robot.opponents
    return merging.study(
        version_text(PROGRAM),
        merging.notes(str(options.source), robot.system),
        None if other is None else merging.notes(str(options.compare), other),
        options.par,
        {
            "sequence": None if sequence is None else sequence.notation(),
            "dealer": options.dealer,
            "vulnerability": options.vulnerability,
            "opponents": None if opponents is None else merging.notes(str(options.opponents), opponents.system),
        },
        options.seeds,
        options.boards,
    )


def _other_robot(other: System, robot: Robot) -> Robot:
    """The robot of another version of the notes, against the same opponents as ``robot``."""
    theirs = None if robot.opponents is None else robot.opponents.system
    return Robot(other, opponents=theirs, seats=robot.seats)


def _plays(options: argparse.Namespace, stdin: TextIO, out: TextIO) -> bool:
    """Whether the player bids at the terminal: both ends are a terminal, and boards are not
    asked for in a file or measured."""
    if options.no_interactive or options.json or options.check or options.par or options.pbn or options.lin:
        return False
    if options.compare is not None:
        return False
    return is_terminal(stdin) and is_terminal(out)


def compare(
    robot: Robot,
    other: Robot,
    dealt: Iterable[tuple[int, Board]],
    versions: Versions,
    options: argparse.Namespace,
) -> Iterator[tuple[int, Board, DoubleDummy, Played, Played]]:
    """The two versions on the same boards, counted in ``versions``, solving double dummy only the
    boards they bid differently (the same auction scores the same against par); those boards,
    each with its seed, as they are solved."""
    both = ((seed, board, robot.bid(board), other.bid(board)) for seed, board in dealt)

    def apart() -> Iterator[tuple[int, Board, Auction, Auction]]:
        for seed, board, one, two in both:
            if one.calls == two.calls:
                versions.alike(one)
            else:
                yield seed, board, one, two

    for (seed, board, one, two), solved in solve(apart(), lambda item: item[1], options.jobs or cores()):
        first, second = Played.of(board, one, solved), Played.of(board, two, solved)
        versions.add(first, second)
        yield seed, board, solved, first, second


def board_record(
    board: Board, auction: Auction, solved: DoubleDummy | None = None, seed: int | None = None
) -> dict[str, object]:
    """One board for ``--json`` (``seed``: the seed that dealt it)."""
    record: dict[str, object] = {
        "seed": seed,
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
        record.update(tricks=played.tricks, score=played.score, par=played.par, par_contracts=played.par_contracts)
        record.update(imps=played.imps, imps_for=played.opening_side)
    return record


def compared_record(one: Played, other: Played) -> dict[str, object]:
    """What ``--compare`` adds to a board for ``--json``: the other version's auction and its result
    (``null`` when it bid the board alike), and the difference in IMPs to par, the first's less the other's."""
    compared: dict[str, object] | None = None
    if one.auction.calls != other.auction.calls:
        compared = {
            "auction": [str(call) for call in other.auction.calls],
            "contract": str(other.auction.contract()),
            "declarer": other.auction.contract().declarer,
            "tricks": other.tricks,
            "score": other.score,
            "imps": other.imps,
            "imps_for": other.opening_side,
        }
    return {"compared": compared, "difference": difference(one, other)}


def call_record(choice: Choice) -> dict[str, object]:
    """One call for ``--json``: by whom, whose notes gave it (``ours``, or ``theirs`` with
    ``--opponents``), and the row it came from with its meaning."""
    meaning = choice.meaning
    return {
        "seat": choice.seat,
        "call": str(choice.call),
        "notes": choice.notes,
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
        if (alert := their_call(choice)) is not None:
            lines.append(alert)
        if choice.off_notes:
            notes = "their notes" if choice.notes == THEIRS else "the notes"
            row = f"the row at {choice.meaning.location}" if choice.meaning is not None else f"no row of {notes}"
            lines.append(f"off {notes}: {choice.seat} bids {choice.call} ({row}): partner's call forces, no row fits")
        if choice is auction.wanting:
            lines.append(f"{choice.seat} passes for want of hand conditions: {choice.wanting()}")
    return shown_lines("\n".join(lines)) + "\n"


def interactive(robot: Robot, dealt: Iterable[Board], seat: str, stdin: TextIO, out: TextIO) -> int:
    """Bid your hand; the robot bids the others and tells you what the system says; ``q`` stops."""
    score = Score()
    if robot.opponents is not None:
        print(opponents_line(robot), file=out)
    try:
        for board in dealt:
            if not _play(robot, board, seat, score, stdin, out):
                break
    finally:
        print(f"\n{shown_lines(score.report())}", file=out)
    return 0


def opponents_line(robot: Robot) -> str:
    """Who the opponents are, when they bid by their own notes: ``East-West bid by their notes
    (Acol); each of their calls is explained as they would alert it.``"""
    theirs = robot.opponents.system.metadata.title if robot.opponents is not None else ""
    named = f" ({theirs})" if theirs else ""
    sides = "East-West" if robot.seats == "NS" else "North-South"
    return one_line(f"{sides} bid by their own notes{named}; each of their calls is explained as they would alert it.")


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
            rows_here = robot.meanings_at(board, auction.calls)
            print(score.verdict(board.number, auction.notation(), yours, choice, rows_here), file=out)
        elif (said := robot_pass(choice, seat)) is not None:
            print(said, file=out)
        elif (alert := their_call(choice)) is not None:
            print(alert, file=out)
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
