"""Deal diagrams: reading them as players type them, and checking that the
cards could have been dealt.

A deal diagram is a block of hand lines (a seat ``N E S W``, a colon if you
like, then four holdings, spades first, ``-`` for a void) under an optional
header line that gives, in any order among other words, the board number,
the dealer, the vulnerability, the contract with its declarer and the lead.

BML allows partial diagrams: any hand may be left out, a hand may hold any
number of cards, and ``x`` is a small card whose rank does not matter. What
can be checked is checked, each problem reported at its line with the
diagram kept as written:

- a card (``A K Q J T``/``10``, ``9`` ... ``2``) in two hands, or twice in
  one; an ``x`` is never a duplicate;
- a hand of more than 13 cards, a suit with more than 13 cards in all;
- a full deal: once a hand holds 13 cards the diagram shows a deal as it
  was dealt, and every hand shown must hold 13 cards. A diagram whose hands
  all hold fewer (an ending, a suit combination) may hold any number each;
- the lead: a card the leader, on declarer's left, can hold;
- header words that name a vulnerability or a dealer BML cannot read;
- the auction diagram written right after the deal (the next block): its
  first call is the dealer's, and once it has ended, its last bid is the
  contract, doubled as it was, played by the declarer the header names.

A block that looks like a deal but cannot be read as one (a mistyped card, a
hand of three suits, a seat twice, a line that is no hand, a ``#5`` header
with no hand under it) is reported at the line of the slip and kept as
written (:class:`.AsWritten`): never dropped, never read as a bidding table.
A single line is a hand with a slip only when it would be a hand but for it,
so prose that starts with a seat (``S: this is what South needs``) stays prose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from .auction import looks_like_auction
from .calls import Call, CallKind, Strain
from .errors import Kind, Location, Problems
from .model import (
    AUCTION_SEATS,
    DIRECTION_WORDS,
    AsWritten,
    Auction,
    AuctionMark,
    Block,
    Contract,
    Deal,
    Direction,
    Lead,
)
from .reader import Line
from .suits import SUIT_NAMES, SUIT_ORDER, TYPED_SUITS, spell_suits

#: Seats clockwise from North, as the cards go round the table.
CLOCKWISE = (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)
_SUITS = tuple(SUIT_NAMES[letter] for letter in SUIT_ORDER)
_RANKS = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    **dict(zip("23456789", ("two", "three", "four", "five", "six", "seven", "eight", "nine"), strict=True)),
}
_FULL_HAND = 13

_HAND = re.compile(r"^\s*([NESW])\s*:?\s+(\S.*)$")
_CARD = re.compile(r"10|[2-9AKQJTx]")
_RANKS_WRITTEN = frozenset("AKQJT98765432x")
#: A line that starts with a seat, as a hand does.
_SEAT_FIRST = re.compile(r"^\s*[NESW](?::|\s)")
#: A header that starts with the board number, ``#5``: no BML command nor call starts so.
_NUMBERED_HEADER = re.compile(r"^\s*#\s*\d")
#: A hand with a slip has three to five words: four holdings, one too few or too many.
_SLIPPED_WORDS = range(3, 6)
_CARDS_TO_WRITE = "write the cards A K Q J T (or 10) 9 to 2, x for a small card and - for a void"
_HAND_TO_WRITE = "a seat N, E, S or W, then four holdings, spades hearts diamonds clubs"

_DEALER_WORD = re.compile(r"(?<!\w)(?:dealer|dlr)(?![\w'’])\.?\s*:?\s*(\S*)", re.IGNORECASE | re.ASCII)
_SEAT_DEALS = re.compile(r"(?:^|\s)(north|east|south|west|[NESW]),?\s+(?:dealer|deals)\b", re.IGNORECASE | re.ASCII)
_DEALER_LETTER = re.compile(r"(?:^|\s)([NESW]),?(?=\s|$)")
_BOARD = re.compile(r"(?:^|\s)#?(\d+),?(?=\s|$)")
_SYMBOLS = "".join(TYPED_SUITS)
_LEAD = re.compile(rf"(?:^|\s)([shdc{_SYMBOLS}])(10|[2-9AKQJT]),?(?=\s|$)")
_CONTRACT = re.compile(
    rf"(?:^|\s)(?:([1-7])(NT|[SHDCN{_SYMBOLS}])(XX?)?(?:\s+(?i:by)\s+((?i:north|east|south|west|[nesw]))\b|([NESW]))"
    r"|(P|PASS|(?i:passed\s+out)))(?=[\s,.;]|$)",
    re.ASCII,
)
_VULNERABILITY = re.compile(
    r"(?<![\w/-])(love[\s-]*all|game[\s-]*all|none|nil|neither|both|all|n[-/]?s|e[-/]?w)(?![\w/-])(?!\s+pass)",
    re.IGNORECASE | re.ASCII,
)
_VUL_WORD = re.compile(r"\bvul(?:nerable|nerability|n?\.)?(?!\w)", re.IGNORECASE | re.ASCII)
_VULNERABILITIES = {
    **dict.fromkeys(("none", "loveall", "nil", "neither"), "None"),
    "ns": "NS",
    "ew": "EW",
    **dict.fromkeys(("all", "both", "gameall"), "All"),
}
#: Words that, in small letters and away from ``vul``, are more likely prose than a vulnerability.
_PROSE_WORDS = frozenset(("none", "nil", "neither", "both", "all"))
_VULNERABILITY_WORDS = "None (or Love all, Nil), NS (or N-S), EW (or E-W), All (or Both, Game all)"
#: A contract named but not readable: ``played 4S`` (no declarer), ``contract: 4 spades``.
_CONTRACT_WORD = re.compile(r"\b(?:contract|played|plays)\b\s*:?\s*[1-7][^\s,;]*", re.IGNORECASE | re.ASCII)


def _not_cards(word: str) -> list[str]:
    """The characters of a holding as written that are no card, each once (``10`` is a card; ``-`` alone a void)."""
    if word == "-":
        return []
    return list(dict.fromkeys(char for char in word.replace("10", "") if char not in _RANKS_WRITTEN))


def _in_capitals(word: str) -> str:
    """A holding written in small letters, as BML writes it: ``akjxx`` is ``AKJxx``."""
    return word.upper().replace("X", "x")


@dataclass(frozen=True)
class _HandLine:
    """A line that gives (or tries to give) a hand: a seat, then holdings."""

    direction: Direction
    holdings: list[str]
    line: Line

    @property
    def problem(self) -> str:
        """What is wrong with the hand, in words, after "the South hand" (``""``: nothing)."""
        if len(self.holdings) != 4:
            return (
                f"gives {len(self.holdings)} suits ({' '.join(self.holdings)}): write four holdings, spades hearts "
                "diamonds clubs, with - for a void"
            )
        for holding in self.holdings:
            if _not_cards(_in_capitals(holding)):
                wrong = _not_cards(holding)
                if len(wrong) > 2:
                    return f"has '{holding}', which is no holding: {_CARDS_TO_WRITE}"
                named = " and ".join(f"'{char}'" for char in wrong)
                verb = "is not a card" if len(wrong) == 1 else "are not cards"
                return f"has '{holding}', and {named} {verb}: {_CARDS_TO_WRITE}"
        if cased := [holding for holding in self.holdings if _not_cards(holding)]:
            named = cased[0] if len(cased) == 1 else " ".join(self.holdings)
            capitals = " ".join(_in_capitals(holding) for holding in self.holdings)
            return f"has '{named}': write the cards in capitals and x in small letters, as {capitals}"
        return ""

    @property
    def slipped(self) -> bool:
        """Whether the line is a hand but for a slip, not prose that starts with a seat
        (``S: this is what South needs``): three to five words (four holdings, or one
        too few or too many), each a holding, or one in small letters, or one
        character off one (``AQxz``), at least two of them holdings as written, or all
        of them in small letters; or three holdings as written and one word that is none."""
        if len(self.holdings) not in _SLIPPED_WORDS:
            return False
        as_written = sum(1 for word in self.holdings if not _not_cards(word))
        odd = [word for word in self.holdings if _not_cards(_in_capitals(word))]
        if len(odd) == 1 and as_written >= 3:
            return True
        if any(len(_not_cards(word)) > 1 for word in odd):
            return False
        return as_written >= 2 or not odd


def _hand_line(line: Line) -> _HandLine | None:
    """The hand ``line`` gives: a seat letter, then words that are mostly holdings, or a hand with a slip."""
    match = _HAND.match(line.text)
    if match is None:
        return None
    words = match.group(2).split()
    hand = _HandLine(Direction(match.group(1)), words, line)
    holdings = sum(1 for word in words if not _not_cards(word))
    if (holdings < 2 or holdings * 2 < len(words)) and not hand.slipped:
        return None
    return hand


def read_deal(lines: list[Line], problems: Problems) -> Deal | AsWritten | None:
    """The deal diagram of ``lines``: hand lines, with an optional header line first;
    ``None`` when they do not look like one.

    A block that looks like a deal but cannot be read (a line that is no hand, a
    hand with a slip, a seat given twice, a ``#5`` header with no hand under it) is
    reported at the line and returned as its lines as written: what the player
    wrote is never dropped nor read as something else. What could not
    have been dealt is reported in ``problems``, the deal kept.
    """
    hands = [_hand_line(line) for line in lines]
    header = None
    if hands[0] is None:
        header, hands = lines[0], hands[1:]
    found = [hand for hand in hands if hand is not None]
    if header is not None and _NUMBERED_HEADER.match(header.text):
        if not any(_SEAT_FIRST.match(line.text) for line in lines[1:]):
            return _header_without_hands(lines, problems)
    elif not any(not hand.problem or hand.slipped for hand in found) and len(found) < 2:
        return None
    shown = "the hand" if len(hands) == 1 else "the deal"
    if (index := next((i for i, hand in enumerate(hands) if hand is None), None)) is not None:
        rest = lines[index + (1 if header else 0) :]
        glued = looks_like_auction(rest, under_a_deal=True)
        auction = ", and an auction under a deal needs a blank line before it" if glued else ""
        problems.report(
            f"this deal cannot be read: '{rest[0].text.strip()}' is not a hand ({_HAND_TO_WRITE}){auction}; "
            f"{shown} is shown as text",
            rest[0].location,
        )
        return _as_text(lines)
    seats: dict[Direction, Line] = {}
    unreadable = False
    for hand in found:
        if problem := hand.problem:
            problems.report(
                f"this deal cannot be read: the {hand.direction.label} hand {problem}; {shown} is shown as text",
                hand.line.location,
            )
            unreadable = True
        elif (first := seats.setdefault(hand.direction, hand.line)) is not hand.line:
            problems.report(
                f"this deal cannot be read: it gives the {hand.direction.label} hand twice (at line "
                f"{first.location.line} too): write each seat once, N, E, S or W; the deal is shown as text",
                hand.line.location,
            )
            unreadable = True
    if unreadable:
        return _as_text(lines)
    deal = Deal({}, lines[0].location)
    places: dict[Direction, Location] = {}
    for hand in found:
        holdings = ["" if holding == "-" else holding for holding in hand.holdings]
        deal.hands[hand.direction] = (holdings[0], holdings[1], holdings[2], holdings[3])
        places[hand.direction] = hand.line.location
    if header is not None:
        _read_header(deal, header, problems)
    _check_cards(deal, places, problems)
    return deal


def _as_text(lines: list[Line]) -> AsWritten:
    return AsWritten([line.text for line in lines], lines[0].location)


def _header_without_hands(lines: list[Line], problems: Problems) -> AsWritten | None:
    """A block that starts with a board number (``#5, Dealer S, None vul``) and has no
    hand: when that line names a dealer or a vulnerability, a deal whose hands were
    left out or cut off by a blank line, shown as text; else prose (``None``)."""
    header = lines[0]
    facts = Deal({}, header.location)
    _read_header(facts, header, Problems())
    if facts.dealer is None and facts.vulnerable is None:
        return None
    problems.report(
        f"'{header.text.strip()}' begins this block as the header of a deal, but no hand follows it "
        f"({_HAND_TO_WRITE}): write the hands on the lines right under it, with no blank line between; "
        "the block is shown as text",
        header.location,
    )
    return _as_text(lines)


# -- the header -----------------------------------------------------------------


def _read_header(deal: Deal, header: Line, problems: Problems) -> None:
    """Board, dealer, vulnerability, contract and lead, in any order, among other words."""
    text = header.text
    if match := _BOARD.search(text):
        deal.board = match.group(1)
    deal.vulnerable = _vulnerability(text, header.location, problems)
    if match := _CONTRACT.search(text):
        if match.group(6):
            deal.contract = Contract()
        else:
            strain = Strain.from_letter("N" if match.group(2) == "NT" else spell_suits(match.group(2)))
            seat = match.group(4) or match.group(5)
            declarer = DIRECTION_WORDS[seat.upper()]
            deal.contract = Contract(int(match.group(1)), strain, len(match.group(3) or ""), declarer)
        text = text[: match.start()] + " " + text[match.end() :]
    elif written := _CONTRACT_WORD.search(text):
        message = (
            f"the deal's header says '{written.group(0)}' but gives no contract that can be read: write the "
            "contract with its declarer, as 4SXS (four spades doubled by South), 3NT by N, or P for passed out"
        )
        problems.report(message, header.location)
    deal.dealer = _dealer(text, header.location, problems)
    if match := _LEAD.search(text):
        deal.lead = Lead(Strain.from_letter(spell_suits(match.group(1))), match.group(2))


def _vulnerability(text: str, location: Location, problems: Problems) -> str | None:
    """The vulnerability the header names, in the model's words (``None``, ``NS``, ``EW``, ``All``).

    Of several, the one next to ``vul`` is taken; ``none``, ``nil``, ``neither``,
    ``both`` and ``all`` in small letters count only next to ``vul``. A header
    that says ``vul`` with no vulnerability BML knows is reported."""
    found = list(_VULNERABILITY.finditer(text))
    if not found:
        if mention := _VUL_WORD.search(text):
            before = text[: mention.start()].split()
            after = text[mention.end() :].lstrip(" :").split()
            phrase = f"{before[-1]} {mention.group(0)}" if before else f"{mention.group(0)} {after[0]}" if after else ""
            said = f"'{phrase.strip(',;')}'" if phrase else f"'{mention.group(0)}'"
            message = (
                f"the deal's header says {said}, which is not a vulnerability BML knows: write "
                f"{_VULNERABILITY_WORDS}; the deal is shown without it"
            )
            problems.report(message, location)
        return None

    def next_to_vul(match: re.Match[str]) -> bool:
        return bool(
            re.match(r"[\s,:]*vul", text[match.end() :], re.IGNORECASE | re.ASCII)
            or re.search(r"vul\w*\.?[\s:]*$", text[: match.start()], re.IGNORECASE | re.ASCII)
        )

    # a word of everyday prose in small letters ("with both majors") is no vulnerability without "vul"
    found = [match for match in found if next_to_vul(match) or match.group(1) not in _PROSE_WORDS]
    if not found:
        return None
    chosen = next((match for match in found if next_to_vul(match)), found[0])
    return _VULNERABILITIES[re.sub(r"[\s/-]", "", chosen.group(1).lower())]


def _dealer(text: str, location: Location, problems: Problems) -> Direction | None:
    """The dealer: ``Dealer N`` (``Dealer: North``, ``Dlr S``, ``S deals``), or a seat letter on its own."""
    if deals := _SEAT_DEALS.search(text):
        return DIRECTION_WORDS[deals.group(1).upper()]
    if named := _DEALER_WORD.search(text):
        word = named.group(1).strip(",;.:!?()")
        if word.upper() in DIRECTION_WORDS:
            return DIRECTION_WORDS[word.upper()]
        message = (
            f"the deal's header says '{named.group(0).strip(',;')}', but '{word}' is not a seat: write the dealer "
            "as N, E, S or W (or North, East, South, West); the deal is shown without a dealer"
        )
        problems.report(message, location)
        return None
    if match := _DEALER_LETTER.search(text):
        return Direction(match.group(1))
    return None


# -- the cards ------------------------------------------------------------------


def cards(holding: str) -> list[str]:
    """The cards of a holding as written, ``10`` read as ``T``; ``x`` is a small card."""
    return ["T" if card == "10" else card for card in _CARD.findall(holding)]


def card_name(suit: int, rank: str) -> str:
    """``the king of spades``; ``suit`` counts from spades (0) to clubs (3)."""
    return f"the {_RANKS[rank]} of {_SUITS[suit]}"


def _check_cards(deal: Deal, places: dict[Direction, Location], problems: Problems) -> None:
    held: dict[tuple[int, str], Direction] = {}
    in_suit = [0, 0, 0, 0]
    written = {direction: [cards(holding) for holding in hand] for direction, hand in deal.hands.items()}
    sizes = {direction: sum(map(len, suits)) for direction, suits in written.items()}
    for direction, suits in written.items():
        twice: list[str] = []
        for suit, ranks in enumerate(suits):
            here: set[str] = set()
            for rank in ranks:
                if rank == "x":
                    continue
                owner = held.setdefault((suit, rank), direction)
                if owner is not direction:
                    twice.append(f"{card_name(suit, rank)} (in the {owner.label} hand too)")
                elif rank in here:
                    twice.append(f"{card_name(suit, rank)} (twice in this hand)")
                here.add(rank)
            in_suit[suit] += len(ranks)
            if in_suit[suit] > _FULL_HAND and in_suit[suit] - len(ranks) <= _FULL_HAND:
                problems.report(
                    f"with the {direction.label} hand the deal has {in_suit[suit]} {_SUITS[suit]}: a suit has 13 "
                    "cards in all",
                    places[direction],
                    Kind.DEAL,
                )
        if twice:
            listed = ", ".join(dict.fromkeys(twice))
            problems.report(
                f"the {direction.label} hand holds {listed}: each card is dealt once (write x for a small card "
                "whose rank does not matter)",
                places[direction],
                Kind.DEAL,
            )
        if sizes[direction] > _FULL_HAND:
            problems.report(
                f"the {direction.label} hand has {sizes[direction]} cards: a hand holds 13",
                places[direction],
                Kind.DEAL,
            )
    full = next((direction for direction, size in sizes.items() if size == _FULL_HAND), None)
    if full is not None:
        for direction, size in sizes.items():
            if size < _FULL_HAND:
                problems.report(
                    f"the {direction.label} hand has {size} cards, but the {full.label} hand has 13: in a full "
                    "deal every hand holds 13 (a diagram of fewer cards, such as an ending, has no hand of 13)",
                    places[direction],
                    Kind.DEAL,
                )
    _check_lead(deal, places, problems)


def _check_lead(deal: Deal, places: dict[Direction, Location], problems: Problems) -> None:
    """The lead is a card the leader, on declarer's left, may hold."""
    contract, lead = deal.contract, deal.lead
    if contract is None or contract.declarer is None or lead is None:
        return
    leader = CLOCKWISE[(CLOCKWISE.index(contract.declarer) + 1) % 4]
    suit = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS).index(lead.suit)
    (card,) = cards(lead.card)
    name = card_name(suit, card)
    for direction, hand in deal.hands.items():
        written = cards(hand[suit])
        if direction is leader and (card in written or (card.isdigit() and "x" in written)):
            return
        if direction is not leader and card in written:
            problems.report(
                f"the lead is {name}, but the {direction.label} hand holds it: the lead is {leader.label}'s, on "
                f"the left of declarer {contract.declarer.label}",
                places[direction],
                Kind.DEAL,
            )
            return
    if leader in deal.hands:
        holding = deal.hands[leader][suit] or "-"
        problems.report(
            f"the lead is {name}, but {leader.label}, on the left of declarer {contract.declarer.label}, holds "
            f"{holding} in {_SUITS[suit]}",
            places[leader],
            Kind.DEAL,
        )


# -- the auction of a deal ---------------------------------------------------------


def check_auctions(blocks: list[Block], problems: Problems) -> None:
    """Check each auction diagram written right after a deal against that deal."""
    for before, block in pairwise(blocks):
        if isinstance(before, Deal) and isinstance(block, Auction):
            _check_auction(before, block, problems)


@dataclass(frozen=True)
class _Outcome:
    """What an auction diagram shows: who dealt, and the contract once it has ended."""

    dealer: Direction
    contract: Contract | None  # None: the auction has not ended, or could not happen


def _outcome(auction: Auction) -> _Outcome | None:
    """Who dealt, and the contract if the auction ended; ``None`` for an auction without calls."""
    cells = [cell for row in auction.rows for cell in row]
    start = next((number for number, cell in enumerate(cells) if cell is not AuctionMark.EMPTY), None)
    if start is None:
        return None
    dealer = AUCTION_SEATS[start % 4]
    bid: Call | None = None
    declarer: Direction | None = None
    doubled = passes = 0
    first_to_name: dict[tuple[int, Strain], Direction] = {}
    for number, cell in enumerate(cells[start:], start):
        seat = AUCTION_SEATS[number % 4]
        if cell is AuctionMark.QUESTION:
            return _Outcome(dealer, None)
        if cell is AuctionMark.ALL_PASS:
            break
        if cell is AuctionMark.EMPTY or cell.kind is CallKind.PASS:
            passes += 1
            if passes == (3 if bid else 4):
                break
            continue
        passes = 0
        if cell.kind is CallKind.BID:
            if bid is not None and cell <= bid:
                return _Outcome(dealer, None)  # reported with the auction
            assert cell.strain is not None
            side = CLOCKWISE.index(seat) % 2
            bid, doubled = cell, 0
            declarer = first_to_name.setdefault((side, cell.strain), seat)
        else:
            doubled = 1 if cell.kind is CallKind.DOUBLE else 2
    else:
        return _Outcome(dealer, None)  # the diagram stops before the auction ends
    if bid is None:
        return _Outcome(dealer, Contract())
    return _Outcome(dealer, Contract(bid.level, bid.strain, doubled, declarer))


def _spell_cell(cell: Call | AuctionMark) -> str:
    if isinstance(cell, AuctionMark):
        return cell.value
    return {CallKind.PASS: "P", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}.get(cell.kind) or str(cell)


def spell_contract(contract: Contract) -> str:
    """``4SX by South``, ``3NT by North``, ``passed out``."""
    if contract.passed_out or contract.strain is None:
        return "passed out"
    strain = "NT" if contract.strain is Strain.NOTRUMP else contract.strain.value
    by = f" by {contract.declarer.label}" if contract.declarer else ""
    return f"{contract.level}{strain}{'X' * contract.doubled}{by}"


def _check_auction(deal: Deal, auction: Auction, problems: Problems) -> None:
    shown = _outcome(auction)
    if shown is None:
        return
    dealer_differs = deal.dealer is not None and shown.dealer is not deal.dealer
    if deal.dealer is not None and dealer_differs:
        calls = [cell for row in auction.rows for cell in row if cell is not AuctionMark.EMPTY]
        example = " ".join(["-"] * AUCTION_SEATS.index(deal.dealer) + [_spell_cell(cell) for cell in calls])
        problems.report(
            f"this auction starts with {shown.dealer.label}, but the deal above says {deal.dealer.label} deals: "
            "the first call is the dealer's; the columns are West North East South, so write - for each seat "
            f"before the dealer, as in '{' '.join(example.split()[:4])}'",
            auction.location,
            Kind.DEAL,
        )
    contract, said = shown.contract, deal.contract
    if contract is None or said is None:
        return
    if said.declarer is None or dealer_differs:  # a declarer seen from the wrong dealer is no news
        said = Contract(said.level, said.strain, said.doubled)
        contract = Contract(contract.level, contract.strain, contract.doubled)
    if contract != said:
        problems.report(
            f"this auction ends in {spell_contract(contract)}, but the deal above says {spell_contract(said)}: "
            "the contract is the auction's last bid, doubled or redoubled as the auction left it, played by "
            "the first player of the declaring side to name its strain",
            auction.location,
            Kind.DEAL,
        )
