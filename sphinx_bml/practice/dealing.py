"""Dealing boards and solving them double dummy, with endplay (imported only here, only when needed).

``pip install 'sphinx-bml[practice]'`` installs endplay; without it every
function here raises :class:`PracticeUnavailable` with that advice, and the
rest of sphinx-bml works as before.
"""

from __future__ import annotations

import os
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from types import ModuleType
from typing import TypeVar

from ..language.calls import Strain
from .boards import SEATS, Board, numbers
from .robot import Contract

NEEDS_ENDPLAY = "bml-practice needs endplay: pip install 'sphinx-bml[practice]'"


#: endplay deals with numpy's random generator, which takes seeds from 0 to 2**32 - 1.
MAX_SEED = 2**32 - 1


def seed_of(written: str) -> int:
    """The seed ``written`` (on the command line, in a ``:seed:`` option); a :class:`ValueError`
    in plain words for anything but a whole number from 0 to :data:`MAX_SEED`."""
    text = (written or "").strip()
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_SEED:
        raise ValueError(
            f"'{text}' is not a seed: give a whole number from 0 to {MAX_SEED} (the same seed deals the same boards)"
        )
    return value


class PracticeUnavailable(RuntimeError):
    """endplay is not installed."""

    def __init__(self) -> None:
        super().__init__(NEEDS_ENDPLAY)


def _endplay(module: str) -> ModuleType:
    import importlib

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # endplay's own use of pyparsing
            return importlib.import_module(module)
    except ImportError:
        raise PracticeUnavailable() from None


def deals(seed: int | None = None) -> Iterator[str]:
    """Random deals as PBN, the same ones for the same seed."""
    generate = _endplay("endplay.dealer.generate")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for deal in generate.generate_deals(produce=10**9, seed=seed):
            yield deal.to_pbn()


def boards(
    count: int, seed: int | None = None, dealer: str | None = None, vulnerability: str | None = None
) -> list[Board]:
    """``count`` boards, dealer and vulnerability as at the club, or as given: numbered so that
    they match, from 1 on (:func:`~.boards.numbers`)."""
    return list(stream(count, seed, dealer, vulnerability))


def stream(
    count: int, seed: int | None = None, dealer: str | None = None, vulnerability: str | None = None
) -> Iterator[Board]:
    """The same boards as :func:`boards`, one at a time: a study of any size holds one board."""
    for number, deal in zip(islice(numbers(dealer, vulnerability), count), deals(seed), strict=False):
        yield Board.numbered(deal, number, dealer, vulnerability)


_DENOMS = {Strain.SPADES: "spades", Strain.HEARTS: "hearts", Strain.DIAMONDS: "diamonds", Strain.CLUBS: "clubs"}


def double_dummy_tricks(board: Board, contract: Contract) -> int | None:
    """How many tricks declarer takes double dummy (``None`` for a passed-out board)."""
    if contract.call is None or contract.declarer is None or contract.call.strain is None:
        return None
    types = _endplay("endplay.types")
    dds = _endplay("endplay.dds")
    deal = types.Deal(board.deal)
    strain = contract.call.strain
    deal.trump = types.Denom.nt if strain is Strain.NOTRUMP else getattr(types.Denom, _DENOMS[strain])
    leader = SEATS[(SEATS.index(contract.declarer) + 1) % 4]
    deal.first = types.Player.find(leader)
    best_for_defence = max(tricks for _, tricks in interruptible(dds.solve_board, deal))
    return 13 - int(best_for_defence)


@dataclass(frozen=True)
class DoubleDummy:
    """A board solved double dummy: the tricks each seat takes as declarer in each strain, and par."""

    #: tricks by strain letter (``C D H S N``) and declarer seat
    tricks: dict[tuple[Strain, str], int]
    #: the par score, for North-South
    par: int
    #: the par contracts, as endplay writes them (``4♥N=, 4♥S=``)
    par_contracts: str

    def taken(self, contract: Contract) -> int | None:
        """The tricks declarer takes in ``contract`` (``None`` for a passed-out board)."""
        if contract.call is None or contract.declarer is None or contract.call.strain is None:
            return None
        return self.tricks[(contract.call.strain, contract.declarer)]


T = TypeVar("T")
R = TypeVar("R")
#: the most boards handed to the solver at once (endplay's ``calc_all_tables`` takes up to 200)
BATCH = 40


#: the name of the threads :func:`interruptible` runs the solver on
SOLVER_THREAD = "double dummy"


def solver_busy() -> bool:
    """Whether a solver thread is still at work (left behind by Ctrl-C): such a process must end
    at once (``os._exit``), since the solver's own threads cannot be stopped and a process
    leaving normally would tear the solver's library down under them."""
    return any(thread.name == SOLVER_THREAD and thread.is_alive() for thread in threading.enumerate())


def interruptible(solver: Callable[[T], R], argument: T) -> R:
    """``solver(argument)`` on a thread of its own, waited for: the solver is C code that holds
    the main thread until it is done, so Ctrl-C would wait for it; while waiting for the thread,
    Ctrl-C stops at once (:class:`KeyboardInterrupt`), and the thread, a daemon, ends with
    the process (see :func:`solver_busy`)."""
    answer: list[R] = []
    failure: list[BaseException] = []

    def work() -> None:
        try:
            answer.append(solver(argument))
        except BaseException as error:  # handed to the waiting thread, raised there
            failure.append(error)

    thread = threading.Thread(target=work, name=SOLVER_THREAD, daemon=True)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return answer[0]


_VULNERABILITY = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def batch_for(jobs: int) -> int:
    """The boards handed to the solver at once on ``jobs`` threads: four a thread, so that each
    batch keeps every thread busy and a terminal sees the boards come, at most :data:`BATCH`."""
    return max(1, min(BATCH, 4 * jobs))


def solve(
    items: Iterable[T], board_of: Callable[[T], Board], jobs: int | None = None
) -> Iterator[tuple[T, DoubleDummy]]:
    """Each item with its board solved double dummy, in order, solved in batches
    (:func:`batch_for`) by endplay's solver on ``jobs`` threads (default: every core)."""
    dds = _endplay("endplay.dds")
    types = _endplay("endplay.types")
    threads = _endplay("endplay._dds")
    jobs = jobs or cores()
    threads.SetMaxThreads(jobs)
    denoms = {strain: getattr(types.Denom, name) for strain, name in {**_DENOMS, Strain.NOTRUMP: "nt"}.items()}
    players = {seat: types.Player.find(seat) for seat in SEATS}
    pending = iter(items)
    while batch := list(islice(pending, batch_for(jobs))):
        dealt = [board_of(item) for item in batch]
        tables = interruptible(dds.calc_all_tables, [types.Deal(board.deal) for board in dealt])
        for item, board, table in zip(batch, dealt, tables, strict=True):
            tricks = {
                (strain, seat): int(table[denom, players[seat]]) for strain, denom in denoms.items() for seat in SEATS
            }
            par = dds.par(table, getattr(types.Vul, _VULNERABILITY[board.vulnerability]), players[board.dealer])
            contracts = ", ".join(str(contract) for contract in par)
            yield item, DoubleDummy(tricks, int(par.score), contracts)
