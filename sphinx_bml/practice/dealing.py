"""Dealing boards and solving them double dummy, with endplay (imported only here, only when needed).

``pip install 'sphinx-bml[practice]'`` installs endplay; without it every
function here raises :class:`PracticeUnavailable` with that advice, and the
rest of sphinx-bml works as before.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from types import ModuleType

from ..language.calls import Strain
from .boards import SEATS, Board
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
    """``count`` boards numbered from 1 (dealer and vulnerability as at the club, unless given)."""
    dealt = deals(seed)
    return [Board.numbered(next(dealt), number, dealer, vulnerability) for number in range(1, count + 1)]


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
    best_for_defence = max(tricks for _, tricks in dds.solve_board(deal))
    return 13 - int(best_for_defence)
