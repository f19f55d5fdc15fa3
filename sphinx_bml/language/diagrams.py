"""Deal and auction diagrams in words and plain text: how a hand and a direction are shown.

What a deal's header says (board, dealer, vulnerability, contract, lead),
each hand's holdings, the auction's calls: as text with suit symbols, read
from the :class:`~sphinx_bml.language.model.Deal` and
:class:`~sphinx_bml.language.model.Auction` of the notes. The HTML
visitors dress these texts up; the text builder and the fallback for other
builders lay them out as plain-text diagrams; the practice page shows a
dealt hand (:func:`hand_text`) and its auction's columns
(:data:`~sphinx_bml.language.model.AUCTION_SEATS`) the same way.
"""

from __future__ import annotations

from .calls import Strain
from .model import AUCTION_SEATS, Auction, Deal, Direction
from .notation import cell_label
from .suits import SUIT_GLYPHS, SUIT_ORDER

#: North on top, West and East beside, South below: the order of a compass.
COMPASS = (Direction.NORTH, Direction.WEST, Direction.EAST, Direction.SOUTH)
_VULNERABLE = {"None": "None vulnerable", "All": "All vulnerable", "NS": "N-S vulnerable", "EW": "E-W vulnerable"}
#: A void in a hand: a dash.
VOID = "\u2014"


def strain_text(strain: Strain) -> str:
    return "NT" if strain is Strain.NOTRUMP else SUIT_GLYPHS[strain.value]


def holding_text(suit: str, holding: str, *, space: str = " ", glyphs: bool = True) -> str:
    """``♠ KQ4``; a void is a dash. ``glyphs=False``: the suit's letter and a hyphen
    (``S KQ4``, ``H -``), for output that cannot print the symbols."""
    if not glyphs:
        return f"{suit}{space}{holding or '-'}"
    return f"{SUIT_GLYPHS[suit]}{space}{holding or VOID}"


def hand_lines(cards: tuple[str, ...]) -> list[str]:
    """The four holdings of a hand, spades first."""
    return [holding_text(suit, holding) for suit, holding in zip(SUIT_ORDER, cards, strict=False)]


def hand_text(cards: tuple[str, ...], *, space: str = " ", glyphs: bool = True) -> str:
    """A hand on one line, spades first, three spaces between the suits: ``♠ AK5   ♥ QJ3 ...``."""
    return "   ".join(
        holding_text(suit, holding, space=space, glyphs=glyphs)
        for suit, holding in zip(SUIT_ORDER, cards, strict=False)
    )


def direction_name(letter: str) -> str:
    """``N`` → ``North``."""
    return Direction(letter).label


def deal_facts(deal: Deal) -> list[str]:
    """Board, dealer and vulnerability, in words."""
    facts = []
    if deal.board:
        facts.append(f"Board {deal.board}")
    if deal.dealer is not None:
        facts.append(f"Dealer {deal.dealer.label}")
    if deal.vulnerable:
        facts.append(_VULNERABLE.get(deal.vulnerable, deal.vulnerable))
    return facts


def deal_play(deal: Deal) -> list[str]:
    """Contract and opening lead, in words."""
    play = []
    contract = deal.contract
    if contract is not None:
        if contract.passed_out or contract.strain is None:
            play.append("Passed out")
        else:
            text = f"{contract.level}{strain_text(contract.strain)}" + "X" * contract.doubled
            play.append(f"{text} by {contract.declarer.label}" if contract.declarer else text)
    if deal.lead is not None:
        play.append(f"Lead {strain_text(deal.lead.suit)}{deal.lead.card}")
    return play


def deal_lines(deal: Deal) -> list[str]:
    """A deal as a plain-text compass: North on top, West and East beside, South below."""
    shown = {seat: hand_lines(cards) for seat, cards in deal.hands.items()}
    west, east = shown.get(Direction.WEST, []), shown.get(Direction.EAST, [])
    west_width = max((len(line) for line in west), default=0)
    middle = max(west_width + 4, 12)
    centre = (*shown.get(Direction.NORTH, []), *shown.get(Direction.SOUTH, []))
    east_column = middle + max(max((len(line) for line in centre), default=0) + 4, 12)

    lines = [line for line in (", ".join(deal_facts(deal)), ", ".join(deal_play(deal))) if line]
    if lines:
        lines.append("")
    lines += [" " * middle + line for line in shown.get(Direction.NORTH, [])]
    for index in range(4 if (west or east) else 0):
        left = west[index] if west else ""
        right = east[index] if east else ""
        lines.append((left.ljust(east_column) + right).rstrip())
    lines += [" " * middle + line for line in shown.get(Direction.SOUTH, [])]
    return lines


def auction_cells(auction: Auction) -> list[list[str]]:
    """The auction's rows as shown, West first: ``1♣``, ``Pass``, ``All pass``, ``""``."""
    return [[cell_label(cell) for cell in row] for row in auction.rows]


def auction_lines(auction: Auction) -> list[str]:
    """An auction as plain-text columns headed West North East South."""
    cells = [[seat.label for seat in AUCTION_SEATS], *auction_cells(auction)]
    width = max(len(cell) for row in cells for cell in row) + 2
    return ["".join(cell.ljust(width) for cell in row).rstrip() for row in cells]
