"""Auction diagrams: reading them as players type them, and checking that
they could happen at a table.

An auction diagram is a block of rows of up to four calls, one per seat,
West North East South, optionally under a header line naming the seats
(``West North East South``, ``W N E S``, or another seat first, clockwise).
Calls are spelled as players type them: ``1C``, ``1nt``, ``1!h``, ``1♥``,
``P``/``Pass``, ``X``/``D``/``Dbl``/``Double``, ``XX``/``R``/``Rdbl``/
``Redouble``, ``AP``/``All pass``; ``-`` is a seat before the dealer and
``?`` the call being asked about. Opponents' calls may be in parentheses.

A block that looks like an auction (a seat header, or a first row of three
or four calls) but cannot be read is reported at the line, never turned into
a bidding table. A readable auction that could not happen at a table (an
opening double, a double of partner's bid, an insufficient bid...) is kept
and reported at the line of the call.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .calls import CALL_WORDS, PASS, Call, Strain
from .errors import BMLError, Kind, Location, Problems
from .laws import Bidding
from .model import AUCTION_SEATS, DIRECTION_WORDS, Auction, AuctionMark, Direction
from .reader import Line
from .suits import TYPED_SUITS

_ALL_PASS = re.compile(r"\ball[\s_-]*pass(?:es|ed)?\b", re.IGNORECASE)
_BID = re.compile(rf"([1-7])\s*(NT|N|C|D|H|S|!C|!D|!H|!S|[{''.join(TYPED_SUITS)}])", re.IGNORECASE)
_WORDS: dict[str, Call | AuctionMark] = {
    **CALL_WORDS,
    **dict.fromkeys(("AP", "ALLPASS"), AuctionMark.ALL_PASS),
    "-": AuctionMark.EMPTY,
    "—": AuctionMark.EMPTY,
    "–": AuctionMark.EMPTY,
    "?": AuctionMark.QUESTION,
}
_SEAT_NAMES = [direction.name for direction in Direction]
_SPELLINGS = (
    "write bids as 1C or 1NT (1!c, 1♣ and lower case also work), Pass or P, Dbl or X, Rdbl or XX, "
    "All pass or AP, - for a seat before the dealer and ? for the call asked about"
)


def read_cell(word: str) -> Call | AuctionMark | None:
    """The call or mark ``word`` spells (``None``: not a call)."""
    word = word.strip().removeprefix("(").removesuffix(")").strip()
    if mark := _WORDS.get(word.upper()):
        return mark
    if match := _BID.fullmatch(word):
        letter = match.group(2).upper().removeprefix("!")
        letter = TYPED_SUITS.get(letter, letter)
        return Call.bid(int(match.group(1)), Strain.from_letter("N" if letter == "NT" else letter))
    return None


def row_words(text: str) -> list[str]:
    """The words of an auction row, ``All pass`` counting as one."""
    return _ALL_PASS.sub("AP", text).split()


def header_seats(text: str) -> tuple[Direction, ...] | None:
    """The seats a header line names (``West North East South``, ``W N E S``), else ``None``."""
    seats = []
    for word in text.replace(",", " ").split():
        seat = DIRECTION_WORDS.get(word.strip(":").upper())
        if seat is None:
            return None
        seats.append(seat)
    return tuple(seats) if len(seats) >= 2 else None


def _misspelt_seat(text: str) -> str | None:
    """The word of a header line that names the four seats but one, mistyped
    (``W N E Z``, ``West North East Soth``): a letter, or a word close to a seat's name."""
    words = [word.strip(":") for word in text.replace(",", " ").split()]
    others = [word for word in words if word.upper() not in DIRECTION_WORDS]
    if len(words) != 4 or len(others) != 1 or not others[0].isalpha():
        return None
    odd = others[0]
    return odd if len(odd) == 1 or difflib.get_close_matches(odd.upper(), _SEAT_NAMES, n=1, cutoff=0.6) else None


def looks_like_auction(lines: list[Line], *, under_a_deal: bool = False) -> bool:
    """A seat header line (one seat mistyped too), or a first row of three calls, or
    of four or more words all calls but one (a typo in an auction is still an
    auction); never a line with an ``=``, which is a bidding table's row.

    Right under a deal, where a bidding problem's auction stands, a first row of
    two calls (``1H ?``), or of three or more words all calls but one
    (``1H 2Z ?``), is an auction too."""
    if header_seats(lines[0].text) is not None or _misspelt_seat(lines[0].text) is not None:
        return True
    words = row_words(lines[0].text)
    if any(word.endswith("=") for word in words):
        return False  # a row of a bidding table: ``1S = (P) no bid`` describes 1S
    calls = sum(1 for word in words if read_cell(word) is not None)
    if under_a_deal and (calls == len(words) >= 2 or calls >= len(words) - 1 >= 2):
        return True
    return calls == len(words) == 3 or (len(words) >= 4 and calls >= len(words) - 1)


@dataclass(frozen=True)
class _Turn:
    cell: Call | AuctionMark
    location: Location


def read_auction(lines: list[Line], problems: Problems, *, under_a_deal: bool = False) -> Auction | None:
    """The auction diagram of ``lines``; ``None`` when they do not look like one
    (``under_a_deal``: the block right under a deal, see :func:`looks_like_auction`).

    Raises :class:`BMLError` at the line when they look like an auction but
    cannot be read. Calls that could not happen are reported in ``problems``.
    """
    if not looks_like_auction(lines, under_a_deal=under_a_deal):
        return None
    location = lines[0].location
    first_seat = Direction.WEST
    if (odd := _misspelt_seat(lines[0].text)) is not None:
        message = f"the auction's header has '{odd}', which is not a seat: write West North East South (or W N E S)"
        raise BMLError(message, location, Kind.SYNTAX)
    seats = header_seats(lines[0].text)
    if seats is not None:
        first_seat = _first_seat(seats, lines[0].location)
        lines = lines[1:]
        if not lines:
            raise BMLError("the auction has seats but no calls", None, Kind.SYNTAX)
    rows = [_row(line) for line in lines]
    rows_complete = _check_rows(rows, lines, problems)
    turns = [_Turn(AuctionMark.EMPTY, lines[0].location)] * AUCTION_SEATS.index(first_seat)
    turns += [_Turn(cell, line.location) for row, line in zip(rows, lines, strict=True) for cell in row]
    if rows_complete:
        AuctionCheck(problems).check(turns)
    if first_seat is not Direction.WEST:  # lay the calls out under West North East South
        cells = [turn.cell for turn in turns]
        rows = [cells[start : start + 4] for start in range(0, len(cells), 4)]
    return Auction(rows, location)


def _first_seat(seats: tuple[Direction, ...], location: Location) -> Direction:
    """The seat of the first column, when ``seats`` go clockwise round the table."""
    names = " ".join(seat.label for seat in seats)
    if len(seats) != 4:
        message = (
            f"the auction's header names {len(seats)} seats ({names}): an auction diagram has a column for each "
            "of the four seats, West North East South; give the silent seats' passes"
        )
        raise BMLError(message, location, Kind.SYNTAX)
    start = AUCTION_SEATS.index(seats[0])
    if seats != AUCTION_SEATS[start:] + AUCTION_SEATS[:start]:
        message = (
            f"the auction's header names the seats in the order {names}: write them clockwise, as they sit at "
            "the table (West North East South)"
        )
        raise BMLError(message, location, Kind.SYNTAX)
    return seats[0]


def _row(line: Line) -> list[Call | AuctionMark]:
    words = row_words(line.text)
    if len(words) > 4:
        message = (
            f"this auction row has {len(words)} calls ({' '.join(words)}): a row has one call for each of "
            "the four seats"
        )
        raise BMLError(message, line.location, Kind.SYNTAX)
    cells = []
    for word in words:
        cell = read_cell(word)
        if cell is None:
            raise BMLError(f"'{word}' is not a call in this auction: {_SPELLINGS}", line.location, Kind.SYNTAX)
        cells.append(cell)
    return cells


def _check_rows(rows: list[list[Call | AuctionMark]], lines: list[Line], problems: Problems) -> bool:
    """Whether every row but the last has four calls (reported when not)."""
    for row, line in zip(rows[:-1], lines[:-1], strict=True):
        if len(row) < 4:
            message = (
                f"this auction row has only {len(row)} calls: every row but the last has one call for each "
                "of the four seats, West North East South (write - for a seat before the dealer)"
            )
            problems.report(message, line.location, Kind.SYNTAX)
            return False
    return True


class AuctionCheck:
    """Follows an auction call by call and reports the first call that could
    not happen at a table, by the laws of the auction (:mod:`.laws`); what
    follows it is not checked: it would only repeat the same mistake."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        self.bidding = Bidding()
        self.reported = False

    def check(self, turns: list[_Turn]) -> None:
        started = False
        for turn in turns:
            cell = turn.cell
            if cell is AuctionMark.EMPTY and not started:
                continue
            started = True
            if cell is AuctionMark.QUESTION:
                return  # what comes after the question is not part of the auction
            call = PASS if cell is AuctionMark.EMPTY or cell is AuctionMark.ALL_PASS else cell
            refused = self.bidding.refusal(call)
            if refused is not None:
                self._report(refused, turn)
                return
            if cell is AuctionMark.ALL_PASS:
                self.bidding.end = "all pass"
            else:
                self.bidding.add(call)

    def _report(self, message: str, turn: _Turn) -> None:
        self.problems.report(message, turn.location, Kind.SEQUENCE)
        self.reported = True
