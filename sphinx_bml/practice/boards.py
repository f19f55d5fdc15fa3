"""Boards: four hands, a dealer and a vulnerability, as PBN writes them.

Pure Python: a board is read from and written as PBN text
(``N:AKJ5.K65.Q43.KT5 63.QT872.862.874 ...``), whoever dealt it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count

from ..language.conditions import Hand

#: The seats in playing order, from North.
SEATS = "NESW"
#: Vulnerability names, as PBN writes them.
VULNERABILITIES = ("None", "NS", "EW", "All")
_ROTATION = ("None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW")


@dataclass(frozen=True)
class Board:
    """A deal (PBN, hands from North on), who deals, who is vulnerable, and its number."""

    deal: str
    dealer: str = "N"
    vulnerability: str = "None"
    number: int = 1

    @classmethod
    def numbered(cls, deal: str, number: int, dealer: str | None = None, vulnerability: str | None = None) -> Board:
        """A board with the dealer and vulnerability of its number, as at the club, unless given."""
        club_dealer, club_vulnerability = rotation(number)
        return cls(normalised_deal(deal), dealer or club_dealer, vulnerability or club_vulnerability, number)

    @property
    def hands(self) -> dict[str, Hand]:
        return hands_of(self.deal)

    def vulnerable(self, seat: str) -> bool:
        return self.vulnerability == "All" or self.vulnerability == side_of(seat)


def side_of(seat: str) -> str:
    """The side ``seat`` sits on: ``NS`` or ``EW``."""
    return "NS" if seat in "NS" else "EW"


def partner_of(seat: str) -> str:
    """The seat across the table: N and S, E and W."""
    return SEATS[(SEATS.index(seat) + 2) % 4]


def rotation(number: int) -> tuple[str, str]:
    """Who deals board ``number`` and who is vulnerable, as at the club (board 1: North, None)."""
    return SEATS[(number - 1) % 4], _ROTATION[(number - 1) % 16]


def numbers(dealer: str | None = None, vulnerability: str | None = None) -> Iterator[int]:
    """The board numbers from 1 on whose dealer and vulnerability at the club are ``dealer`` and
    ``vulnerability`` (any, where not given): boards dealt by South are 3, 7, 11, 15, 19...,
    South dealing with nobody vulnerable 11, 27, 43... A program that tells the dealer and the
    vulnerability by the board's number (a dealing machine, a scorer) then agrees with the file."""
    for number in count(1):
        club_dealer, club_vulnerability = rotation(number)
        if dealer in (None, club_dealer) and vulnerability in (None, club_vulnerability):
            yield number


def hands_of(deal: str) -> dict[str, Hand]:
    """The four hands of a PBN deal, by seat."""
    first, _, rest = deal.partition(":")
    parts = rest.split()
    if len(first) != 1 or first.upper() not in SEATS or len(parts) != 4:
        raise ValueError(f"{deal!r} is not a PBN deal")
    start = SEATS.index(first.upper())
    return {SEATS[(start + i) % 4]: Hand.from_pbn(part) for i, part in enumerate(parts)}


def normalised_deal(deal: str) -> str:
    """The deal written from North."""
    hands = hands_of(deal)
    return "N:" + " ".join(str(hands[seat]) for seat in SEATS)
