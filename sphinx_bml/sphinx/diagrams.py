"""Deal and auction diagrams in words and plain text.

What a deal's header says (board, dealer, vulnerability, contract, lead),
each hand's holdings, the auction's calls: as text with suit symbols, read
from the attributes of the :class:`~.nodes.deal` and :class:`~.nodes.auction`
nodes. The HTML visitors dress these texts up; the text builder and the
fallback for other builders lay them out as plain-text diagrams.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes

from . import nodes as bml

#: Spades first, as a hand is written.
SUIT_ORDER = ("S", "H", "D", "C")
#: West, North, East, South: the columns of an auction.
AUCTION_SEATS = ("W", "N", "E", "S")
_VULNERABLE = {"None": "None vulnerable", "All": "All vulnerable", "NS": "N-S vulnerable", "EW": "E-W vulnerable"}
_VOID = "\u2014"


def call_text(code: str) -> str:
    """An auction cell as shown: ``1C`` → ``1♣``, ``3N`` → ``3NT``, ``P`` → ``Pass``, ``-`` → ``""``."""
    if len(code) == 2 and code[0] in "1234567" and code[1] in "CDHSN":
        return code[0] + ("NT" if code[1] == "N" else bml.SUIT_SYMBOLS[code[1]])
    return bml.CALL_NAMES.get(code, code)


def holding_text(suit: str, holding: str) -> str:
    """``♠ KQ4``; a void is a dash."""
    return f"{bml.SUIT_SYMBOLS[suit]} {holding or _VOID}"


def hand_lines(cards: list[str]) -> list[str]:
    """The four holdings of a hand, spades first."""
    return [holding_text(suit, holding) for suit, holding in zip(SUIT_ORDER, cards, strict=False)]


def deal_facts(node: nodes.Element) -> list[str]:
    """Board, dealer and vulnerability, in words."""
    facts = []
    if node.get("board"):
        facts.append(f"Board {node['board']}")
    if node.get("dealer"):
        facts.append(f"Dealer {bml.DIRECTION_NAMES[node['dealer']]}")
    if node.get("vulnerable"):
        facts.append(_VULNERABLE.get(node["vulnerable"], node["vulnerable"]))
    return facts


def deal_play(node: nodes.Element) -> list[str]:
    """Contract and opening lead, in words."""
    play = []
    contract: dict[str, Any] | None = node.get("contract")
    if contract:
        if not contract.get("level"):
            play.append("Passed out")
        else:
            text = call_text(f"{contract['level']}{contract['strain']}") + "X" * int(contract.get("doubled", 0))
            declarer = contract.get("declarer")
            play.append(f"{text} by {bml.DIRECTION_NAMES[declarer]}" if declarer else text)
    lead: dict[str, str] | None = node.get("lead")
    if lead:
        play.append(f"Lead {bml.SUIT_SYMBOLS[lead['suit']]}{lead['card']}")
    return play


def deal_lines(node: nodes.Element) -> list[str]:
    """A deal as a plain-text compass: North on top, West and East beside, South below."""
    hands: dict[str, list[str]] = node.get("hands", {})
    shown = {seat: hand_lines(cards) for seat, cards in hands.items()}
    west_width = max((len(line) for line in shown.get("W", [])), default=0)
    middle = max(west_width + 4, 12)
    centre_width = max((len(line) for seat in "NS" for line in shown.get(seat, [])), default=0)
    east_column = middle + max(centre_width + 4, 12)

    lines = [line for line in (", ".join(deal_facts(node)), ", ".join(deal_play(node))) if line]
    if lines:
        lines.append("")
    lines += [" " * middle + line for line in shown.get("N", [])]
    for index in range(4 if ("W" in shown or "E" in shown) else 0):
        west = shown["W"][index] if "W" in shown else ""
        east = shown["E"][index] if "E" in shown else ""
        lines.append((west.ljust(east_column) + east).rstrip())
    lines += [" " * middle + line for line in shown.get("S", [])]
    return lines


def auction_lines(node: nodes.Element) -> list[str]:
    """An auction as plain-text columns headed West North East South."""
    rows: list[list[str]] = node.get("rows", [])
    cells = [
        [bml.DIRECTION_NAMES[seat] for seat in AUCTION_SEATS],
        *([call_text(code) for code in row] for row in rows),
    ]
    width = max(len(cell) for row in cells for cell in row) + 2
    return ["".join(cell.ljust(width) for cell in row).rstrip() for row in cells]
