"""Boards as PBN (Portable Bridge Notation 2.1): for endplay, BBO, BridgeComposer and dealing machines.

Each board is a game in PBN's export format: the fifteen tags of the
mandatory set in their order (``Event`` ... ``Board``, ``Dealer``,
``Vulnerable``, ``Deal`` from the dealer's hand, ``Scoring``, ``Declarer``,
``Contract``, and ``Result``: the tricks declarer takes, when the board was
solved double dummy; empty for a passed-out board), then ``OptimumScore`` and
``ParContract`` when solved, in alphabetical order; last the ``Auction``
section, four calls a line from the dealer, ending with the three passes, or
``*`` when the robot stopped first. A call the notes explain is followed by a
note reference, ``2C =1=``, and the notes follow the auction as ``Note`` tags,
numbered from 1 on each board, ``[Note "1:Stayman: asks for a major"]``: the
explanation of the row of the notes that gave the call, as BBO writes it
(:mod:`.explanations`: suits as ``!S``). Written one board at a time.

A tag's value is a PBN string: a ``"`` in it is written ``\\"`` and a
backslash ``\\\\``, as PBN 2.1 (after PGN) says; it holds no line break
(:mod:`.explanations` makes them spaces), so nothing a meaning says ends its
tag or starts another.
"""

from __future__ import annotations

from ..language.calls import Call, CallKind, Strain
from ..language.laws import Bidding
from ..language.suits import spell_suits
from .boards import SEATS, Board
from .explanations import explained
from .robot import Auction

_STRAINS = {Strain.CLUBS: "C", Strain.DIAMONDS: "D", Strain.HEARTS: "H", Strain.SPADES: "S", Strain.NOTRUMP: "NT"}


def pbn_call(call: Call) -> str:
    """A call as PBN writes it: ``Pass``, ``X``, ``XX``, ``1NT``, ``2H``."""
    if call.kind is CallKind.PASS:
        return "Pass"
    if call.kind is CallKind.DOUBLE:
        return "X"
    if call.kind is CallKind.REDOUBLE:
        return "XX"
    assert call.strain is not None
    return f"{call.level}{_STRAINS[call.strain]}"


def _tag(name: str, value: str) -> str:
    return f'[{name} "{pbn_string(value)}"]'


def pbn_string(text: str) -> str:
    """``text`` as the value of a tag: ``"`` and ``\\`` after a backslash."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def pbn_board(
    board: Board,
    auction: Auction,
    tricks: int | None = None,
    par: tuple[int, str] | None = None,
    event: str = "",
) -> str:
    """One board as a PBN game, ending with an empty line. ``tricks``: what declarer takes
    double dummy; ``par``: the par score for North-South and the par contracts."""
    contract = auction.contract()
    lines = [
        _tag("Event", event),
        _tag("Site", ""),
        _tag("Date", ""),
        _tag("Board", str(board.number)),
        _tag("West", ""),
        _tag("North", ""),
        _tag("East", ""),
        _tag("South", ""),
        _tag("Dealer", board.dealer),
        _tag("Vulnerable", board.vulnerability),
        _tag("Deal", deal_from(board, board.dealer)),
        _tag("Scoring", "IMP"),
        _tag("Declarer", contract.declarer or ""),
    ]
    if contract.call is None:
        lines.append(_tag("Contract", "Pass"))
    else:
        lines.append(_tag("Contract", pbn_call(contract.call) + "X" * contract.doubled))
    lines.append(_tag("Result", "" if tricks is None else str(tricks)))
    if par is not None:
        score, contracts = par
        lines.append(_tag("OptimumScore", f"NS {score}"))
        lines.append(_tag("ParContract", spell_suits(contracts)))  # endplay writes 4♥N=, PBN 4HN=
    lines.append(_tag("Auction", board.dealer))
    calls: list[str] = []
    notes: list[str] = []
    for call in explained(auction):
        written = pbn_call(call.call)
        if call.explanation:
            notes.append(call.explanation)
            written += f" ={len(notes)}="
        calls.append(written)
    if Bidding.of(auction.calls).end is None:
        calls.append("*")  # the robot stopped before the auction ended: no more calls will be given
    lines.extend(" ".join(calls[start : start + 4]) for start in range(0, len(calls), 4))
    lines.extend(_tag("Note", f"{number}:{note}") for number, note in enumerate(notes, start=1))
    return "\n".join(lines) + "\n\n"


def deal_from(board: Board, first: str) -> str:
    """The deal as PBN writes it, the hands from ``first`` on, clockwise (the export format
    starts with the dealer)."""
    hands = board.hands
    start = SEATS.index(first)
    return f"{first}:" + " ".join(str(hands[SEATS[(start + turn) % 4]]) for turn in range(4))
