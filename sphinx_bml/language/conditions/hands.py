"""Hands and scales: what a hand holds and how its honours, points, playing tricks and freakiness count."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..calls import SUITS, Strain

__all__ = ["STANDARD", "Hand", "Scale", "Shape", "figure", "playing_tricks_in"]


def figure(value: float) -> str:
    """A number as a bridge player writes it: ``16``, ``4.5``."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass(frozen=True)
class Scale:
    """What the A, K, Q, J and T count for."""

    ace: float = 4
    king: float = 3
    queen: float = 2
    jack: float = 1
    ten: float = 0

    @property
    def values(self) -> tuple[float, float, float, float, float]:
        return (self.ace, self.king, self.queen, self.jack, self.ten)

    @property
    def is_standard(self) -> bool:
        return self == STANDARD

    @property
    def written(self) -> str:
        values = list(self.values)
        if values[-1] == 0:
            values.pop()
        return "-".join(figure(value) for value in values)


STANDARD = Scale()

#: Pavlicek's honour tricks as redeal (in the version practice_bidding runs) counts them: the first line whose
#: honours the suit holds, with at least so many cards, gives its tricks.
_HONOUR_TRICKS: tuple[tuple[str, int, float], ...] = (
    ("AKQ", 0, 3),
    ("AKJ", 0, 2.5),
    ("AQJ", 0, 2.5),
    ("AK", 0, 2),
    ("AQT", 0, 2),
    ("KQJ", 0, 2),
    ("AQ", 0, 1.5),
    ("KJT", 0, 1.5),
    ("AJ", 0, 1.5),
    ("KQ", 3, 1.5),
    ("A", 0, 1),
    ("KQ", 0, 1),
    ("KJ", 0, 1),
    ("KT", 0, 1),
    ("QJ", 3, 1),
    ("K", 2, 0.5),
    ("Q", 3, 0.5),
)


def playing_tricks_in(holding: str) -> float:
    """Pavlicek's playing tricks in one suit (``"AQT54"``), as redeal's ``Holding.pt`` counts them.

    One trick for each card over three, plus the honour tricks of the first of these that the suit holds:
    AKQ 3; AKJ or AQJ 2.5; AK, AQT or KQJ 2; AQ, KJT, AJ, or KQ with three cards or more 1.5; A, KQ
    (doubleton), KJ, KT, or QJ with three cards or more 1; K with two cards or more, or Q with three cards
    or more, 0.5; otherwise nothing. So ``AQT54`` is 2 + 2 = 4 and ``K3`` is 0.5. This is the table of the
    redeal that practice_bidding runs (early 2018); redeal changed it in 2024 (KT no longer counts 1).
    """
    length = len(holding)
    extra = max(length - 3, 0)
    for honours, shortest, tricks in _HONOUR_TRICKS:
        if length >= shortest and all(card in holding for card in honours):
            return tricks + extra
    return extra


class Hand:
    """A hand as four holdings, spades first (``"AKJ5"``, ``""`` for a void, ``T`` or ``10``)."""

    __slots__ = ("_points", "holdings", "lengths")

    def __init__(self, holdings: tuple[str, str, str, str] | list[str]) -> None:
        if len(holdings) != 4:
            raise ValueError("a hand has four suits")
        self.holdings = tuple(h.upper().replace("10", "T") for h in holdings)
        #: lengths by strain
        self.lengths = {suit: len(self.holdings[3 - suit.rank]) for suit in SUITS}
        self._points: dict[Scale, float] = {}

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """A hand as PBN writes it: ``AKJ5.K65.Q43.KT5``."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ValueError(f"{text!r} is not a PBN hand")
        return cls(parts)

    def length(self, suit: Strain) -> int:
        return self.lengths[suit]

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Lengths spades first."""
        return (len(self.holdings[0]), len(self.holdings[1]), len(self.holdings[2]), len(self.holdings[3]))

    def hcp(self, scale: Scale = STANDARD) -> float:
        known = self._points.get(scale)
        if known is None:
            values = dict(zip("AKQJT", scale.values, strict=True))
            known = sum(values.get(card, 0) for holding in self.holdings for card in holding)
            self._points[scale] = known
        return known

    def points(self, scale: Scale = STANDARD, *, freakiness: bool = False) -> float:
        """HCP plus one a card over four in a suit; with ``freakiness``, HCP plus half the freakiness less
        one half (practice_bidding's ``shape="freakiness"``: a 4333 hand counts its HCP less 0.5)."""
        if freakiness:
            return self.hcp(scale) + self.freakiness / 2 - 0.5
        return self.hcp(scale) + sum(max(length - 4, 0) for length in self.shape)

    @property
    def freakiness(self) -> int:
        """Pavlicek's *freakness* (rpbridge.net, "hand evaluation", section 7; redeal's ``Hand.freakness``).

        Each suit counts its cards over four, or its cards short of three, whichever is more (a void 3, a
        singleton 2, a doubleton 1, three or four cards 0, five cards 1, six 2...); a void adds 2 more, a
        singleton (and no void) 1 more: 4333 is 0, 4432 is 1, 5332 is 2, 4441 is 3, 5440 is 6.
        endplay has no such count.
        """
        shortest = min(self.shape)
        return sum(max(length - 4, 3 - length) for length in self.shape) + {0: 2, 1: 1}.get(shortest, 0)

    def playing_tricks(self, suit: Strain | None = None) -> float:
        """Pavlicek's playing tricks in ``suit``, or in the whole hand (the sum over the suits).

        See :func:`playing_tricks_in`; endplay has no such count (its ``losers`` is the losing trick count).
        """
        if suit is not None:
            return playing_tricks_in(self.holdings[3 - suit.rank])
        return sum(playing_tricks_in(holding) for holding in self.holdings)

    def __str__(self) -> str:
        return ".".join(self.holdings)


class Shape(Hand):
    """A hand of which only the shape is known (spades first): its lengths and freakiness are its
    shape's, its HCP, points and playing tricks unknown. They are NaN, which no comparison decides,
    so a test on them is left undecided (:func:`.evaluation.may_hold`)."""

    __slots__ = ()

    def __init__(self, shape: tuple[int, int, int, int]) -> None:
        super().__init__(["x" * length for length in shape])

    def hcp(self, scale: Scale = STANDARD) -> float:
        return math.nan

    def points(self, scale: Scale = STANDARD, *, freakiness: bool = False) -> float:
        return math.nan

    def playing_tricks(self, suit: Strain | None = None) -> float:
        return math.nan
