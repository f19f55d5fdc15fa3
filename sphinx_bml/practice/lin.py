"""Boards as BBO's LIN: for BBO's hand viewer, its teaching tables and movies.

A LIN file is a run of ``key|value|`` pairs. Each board is one line, as BBO
writes its hand records, ready to open on its own::

    qx|o4|pn|South,West,North,East|st||md|2S8HQJ7DAK87CJ9863,ST943H94DJ962CQT4,SAKQ5HAK65DQ43CK5,
    SJ762HT832DT5CA72|rh||ah|Board 4|sv|b|mb|p|mb|1N|an|15-17 balanced|mb|p|mb|2C!|an|Stayman|
    mb|p|mb|2H|mb|p|mb|p|mb|p|pg||

(one line in the file). ``qx|o4|`` names the board (``o``: the open room),
``pn|`` the players from South on, clockwise, ``md|`` the dealer as a digit
(1 South, 2 West, 3 North, 4 East) and the four hands from South on, each as
``S``, ``H``, ``D``, ``C`` followed by its cards, ``ah|Board 1|`` the title,
``sv|`` who is vulnerable (``o`` nobody, ``n`` North-South, ``e``
East-West, ``b`` both), then the calls (``mb|``: ``p`` pass, ``d`` double,
``r`` redouble, ``1C`` .. ``7N``, followed by ``!`` when the notes mark the
call alertable) and after each call the notes explain, its explanation
(``an|``: :mod:`.explanations`, suits as ``!S`` as BBO writes them). ``pg||``
ends the auction; there is no play, as the robot does not play the cards.

LIN has no way to escape its separator: a ``|`` of an explanation is written
as ``｜`` (the full-width vertical line, U+FF5C), as the BBOalert file writes
a ``#`` full-width; line breaks are spaces and other control characters
``\\u`` escapes already (:mod:`.explanations`), so an explanation never ends
its field, its board or the file early, nor starts a pair of its own.
"""

from __future__ import annotations

from ..language.calls import Call, CallKind, Strain
from .boards import Board
from .explanations import explained
from .robot import Auction

#: The seats in LIN's order, from South on clockwise: ``md|`` and ``pn|`` list them so.
LIN_SEATS = "SWNE"
#: The dealer as ``md|`` writes it.
DEALER_DIGITS = {seat: str(digit) for digit, seat in enumerate(LIN_SEATS, start=1)}
#: Who is vulnerable, as ``sv|`` writes it.
VULNERABILITY_LETTERS = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
#: The players of ``pn|``: the seats, as BBO's viewers show them.
PLAYERS = "South,West,North,East"
#: What a ``|`` of an explanation is written as: LIN has no escape for its separator.
BAR = "\uff5c"

_CALLS = {CallKind.PASS: "p", CallKind.DOUBLE: "d", CallKind.REDOUBLE: "r"}
_STRAINS = {Strain.CLUBS: "C", Strain.DIAMONDS: "D", Strain.HEARTS: "H", Strain.SPADES: "S", Strain.NOTRUMP: "N"}
_SUITS = "SHDC"


def lin_call(call: Call) -> str:
    """A call as ``mb|`` writes it: ``p``, ``d``, ``r``, ``1N``, ``2H``."""
    if not call.is_bid:
        return _CALLS[call.kind]
    assert call.strain is not None
    return f"{call.level}{_STRAINS[call.strain]}"


def lin_text(text: str) -> str:
    """``text`` (one line, no control character) safe in a LIN field: no ``|``."""
    return text.replace("|", BAR)


def lin_deal(board: Board) -> str:
    """The dealer's digit and the four hands from South on: ``3SAK5H..D..C..,S..,S..,S..``."""
    hands = board.hands
    written = []
    for seat in LIN_SEATS:
        holdings = str(hands[seat]).split(".")
        written.append("".join(suit + cards for suit, cards in zip(_SUITS, holdings, strict=True)))
    return DEALER_DIGITS[board.dealer] + ",".join(written)


def lin_board(board: Board, auction: Auction) -> str:
    """One board as a line of LIN, ending with a line break."""
    pairs = [
        ("qx", f"o{board.number}"),
        ("pn", PLAYERS),
        ("st", ""),
        ("md", lin_deal(board)),
        ("rh", ""),
        ("ah", f"Board {board.number}"),
        ("sv", VULNERABILITY_LETTERS[board.vulnerability]),
    ]
    for call in explained(auction):
        pairs.append(("mb", lin_call(call.call) + ("!" if call.alert else "")))
        if call.explanation:
            pairs.append(("an", lin_text(call.explanation)))
    pairs.append(("pg", ""))
    return "".join(f"{key}|{value}|" for key, value in pairs) + "\n"
