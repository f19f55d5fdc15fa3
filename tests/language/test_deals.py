"""Deal diagrams checked: cards that could have been dealt, the header words
players write, and the auction written under a deal. Partial diagrams, ``x``
spots and endings are allowed; every problem is reported at its line and the
diagram is kept as written."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from sphinx_bml.language import parse_text
from sphinx_bml.language.calls import Strain
from sphinx_bml.language.errors import Kind
from sphinx_bml.language.model import AsWritten, Auction, BidTable, Contract, Deal, Direction, Document, Paragraph

HANDS = "N: Kxx    T9     xxx  Q987x\nE: Jx     AJxxx  AJx  KTx\nS: A987xx -      Q9xx Axx\nW: QT     KQxxxx KTx  Jx\n"


def read(text: str) -> tuple[Document, Deal]:
    document = parse_text(text, "deal.bml")
    deal = document.blocks[0]
    assert isinstance(deal, Deal)
    return document, deal


def problems(document: Document) -> list[tuple[int, Kind, str]]:
    return [(p.location.line if p.location else 0, p.kind, p.message) for p in document.problems]


def clean(text: str) -> Deal:
    document, deal = read(text)
    assert not document.problems, [str(p) for p in document.problems]
    return deal


# -- the header -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "vulnerable"),
    [
        ("None vul", "None"),
        ("none vul", "None"),
        ("Love all", "None"),  # not "All": nobody is vulnerable
        ("love-all", "None"),
        ("Nil vul", "None"),
        ("NS", "NS"),
        ("N-S vul", "NS"),
        ("n/s vulnerable", "NS"),
        ("EW", "EW"),
        ("E-W vul", "EW"),
        ("e-w", "EW"),
        ("Both vul", "All"),
        ("BOTH", "All"),
        ("All", "All"),
        ("Game all", "All"),
        ("game all vul", "All"),
        ("Vul: E-W", "EW"),
        ("Vulnerable: both", "All"),
    ],
)
def test_the_vulnerability_words_players_write(words: str, vulnerable: str) -> None:
    deal = clean(f"#7, Dealer S, {words}\n{HANDS}")
    assert deal.vulnerable == vulnerable
    assert deal.dealer is Direction.SOUTH and deal.board == "7"


def test_the_vulnerability_next_to_vul_wins_over_other_words() -> None:
    deal = clean(f"Board 12, E-W vul, none of us found the slam\n{HANDS}")
    assert deal.vulnerable == "EW"


def test_prose_in_the_header_is_no_vulnerability() -> None:
    deal = clean(f"Problem 3, Dealer S: what now with both majors? none of the books agree\n{HANDS}")
    assert deal.vulnerable is None
    assert clean(f"Problem 4, Dealer S, both vul\n{HANDS}").vulnerable == "All"


def test_all_pass_in_the_header_is_no_vulnerability() -> None:
    deal = clean(f"Dealer W, all pass\n{HANDS}")
    assert deal.vulnerable is None and deal.dealer is Direction.WEST


def test_a_vulnerability_not_understood_is_reported_and_the_deal_kept() -> None:
    document, deal = read(f"Dealer N, Fav vul, 4SS\n{HANDS}")
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (1, Kind.SYNTAX)
    assert message.startswith("the deal's header says 'Fav vul', which is not a vulnerability BML knows: write None")
    assert deal.vulnerable is None and len(deal.hands) == 4
    assert deal.contract == Contract(4, Strain.SPADES, 0, Direction.SOUTH)


@pytest.mark.parametrize(
    ("words", "dealer"),
    [("Dealer N", "N"), ("Dealer: North", "N"), ("Dlr S", "S"), ("dealer east", "E"), ("W deals", "W"), ("E", "E")],
)
def test_the_dealer_as_players_write_it(words: str, dealer: str) -> None:
    assert clean(f"#3, {words}, None vul\n{HANDS}").dealer is Direction(dealer)


def test_a_dealer_that_is_no_seat_is_reported() -> None:
    document, deal = read(f"Dealer: me, None vul\n{HANDS}")
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (1, Kind.SYNTAX)
    assert message.startswith("the deal's header says 'Dealer: me', but 'me' is not a seat")
    assert deal.dealer is None and deal.vulnerable == "None"


@pytest.mark.parametrize(
    ("words", "contract"),
    [
        ("4SXS", Contract(4, Strain.SPADES, 1, Direction.SOUTH)),
        ("3NT by North", Contract(3, Strain.NOTRUMP, 0, Direction.NORTH)),
        ("2HXX by w", Contract(2, Strain.HEARTS, 2, Direction.WEST)),
        ("4♠ by S", Contract(4, Strain.SPADES, 0, Direction.SOUTH)),
        ("passed out", Contract()),
    ],
)
def test_the_contract_as_players_write_it(words: str, contract: Contract) -> None:
    assert clean(f"Dealer N, {words}\n{HANDS}").contract == contract


def test_a_contract_without_declarer_is_reported() -> None:
    document, deal = read(f"Dealer N, played 4S\n{HANDS}")
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (1, Kind.SYNTAX)
    assert "'played 4S' but gives no contract that can be read" in message
    assert deal.contract is None


HEADER_WORDS = st.sampled_from(
    [
        "Dealer",
        "dlr",
        "N",
        "s",
        "North",
        "vul",
        "Vul:",
        "none",
        "Both",
        "all",
        "pass",
        "Love",
        "Game",
        "nſ",
        "E-W",
        "4SXS",
        "3NT",
        "by",
        "K",
        "played",
        "hK",
        "d10",
        "#7",
        ":",
        ",",
        "?",
        "ſouth",
        "Ⅻ",
        "１",
    ]
)


@given(st.lists(HEADER_WORDS | st.text(max_size=6), max_size=8).map(" ".join))
@example("Dealer N, nſ vul")  # the long s matched 's' in any case and was no key of the table: a crash
def test_any_header_is_read_or_reported_never_a_crash(header: str) -> None:
    document = parse_text(f"{header.replace(chr(10), ' ')}\n{HANDS}", "deal.bml")
    for deal in (block for block in document.blocks if isinstance(block, Deal)):
        assert deal.vulnerable in (None, "None", "NS", "EW", "All")
    assert all(problem.location is not None for problem in document.problems)


# -- the cards ---------------------------------------------------------------------


def test_a_card_in_two_hands_is_reported_at_the_second() -> None:
    document, deal = read("N: AKxx T9 xxx Q98x\nS: A987x - Q9xx Axxx\n")
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (2, Kind.DEAL)
    assert message.startswith("the South hand holds the ace of spades (in the North hand too): each card is dealt once")
    assert set(deal.hands) == {Direction.NORTH, Direction.SOUTH}  # kept as written


def test_a_card_twice_in_one_hand_and_ten_written_both_ways() -> None:
    document, _ = read("N: AKQ T9x xT10 AKxx\n")
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (1, Kind.DEAL)
    assert message.startswith("the North hand holds the ten of diamonds (twice in this hand)")


def test_x_spots_are_never_duplicates() -> None:
    clean("N: xxxx xxx xxx xxx\nE: xxx xxxx xxx xxx\nS: xxx xxx xxxx xxx\nW: xxx xxx xxx xxxx\n")


def test_a_hand_of_fourteen_cards() -> None:
    document, _ = read("N: AKQJx xxx xxx xxx\n")
    assert problems(document) == [(1, Kind.DEAL, "the North hand has 14 cards: a hand holds 13")]


def test_a_suit_with_more_than_thirteen_cards() -> None:
    document, _ = read("N: AKxxxxx - x -\nS: xxxxxxx - - x\n")
    assert problems(document) == [
        (2, Kind.DEAL, "with the South hand the deal has 14 spades: a suit has 13 cards in all")
    ]


def test_in_a_full_deal_every_hand_holds_thirteen() -> None:
    document, _ = read(HANDS.replace("KTx\n", "KT\n"))
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (2, Kind.DEAL)
    assert message.startswith("the East hand has 12 cards, but the North hand has 13: in a full deal")


def test_partial_diagrams_are_fine() -> None:
    clean("S: AKJxx Kx x AQxx\n")  # a bidding problem
    clean("N: Kxx T9 xxx Q987x\nS: A987xx - Q9xx Axx\n")  # declarer's view
    clean("N: AQ - x -\nE: K - - x\nS: x x - x\nW: xx - - -\n")  # an ending: no hand of 13
    clean("N: AQT9 - - -\nS: xxx - - -\n")  # a suit combination


def test_the_lead_held_by_another_hand() -> None:
    document, _ = read(f"Dealer N, None vul, 4SXS, lead dA\n{HANDS}")
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (3, Kind.DEAL)
    assert message == (
        "the lead is the ace of diamonds, but the East hand holds it: the lead is West's, on the left of declarer South"
    )


def test_the_lead_the_leader_cannot_hold() -> None:
    document, _ = read("Dealer N, 4HS, lead sK\nN: Kxx T9 xxx Q987x\nW: QT KQxxxx KTx Jx\n")
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (2, Kind.DEAL)
    assert "but the North hand holds it" in message
    document, _ = read("Dealer N, 4HS, lead cA\nW: QT KQxxxx KTx Jx\n")
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (2, Kind.DEAL)
    assert message == "the lead is the ace of clubs, but West, on the left of declarer South, holds Jx in clubs"


@pytest.mark.parametrize("lead", ["hK", "h2", "sQ", "d10"])
def test_a_lead_the_leader_may_hold(lead: str) -> None:
    clean(f"Dealer N, 4SXS, lead {lead}\n{HANDS}")  # h2: one of West's x; d10: West's T


# -- the auction under a deal ---------------------------------------------------------


def checked(deal: str, auction: str) -> list[tuple[int, Kind, str]]:
    document = parse_text(f"{deal}\n{HANDS}\n{auction}", "deal.bml")
    assert [type(block) for block in document.blocks] == [Deal, Auction]
    return problems(document)


def test_an_auction_that_fits_its_deal() -> None:
    assert checked("#35, Dealer N, None vul, 4SXS", "W N E S\n- P 1H 1S\n2H 2S 3H 4S\nX AP") == []
    assert checked("#35, Dealer N, 4SXS", "North East South West\nP 1H 1S 2H\n2S 3H 4S X\nAP") == []
    assert checked("Dealer S, P", "- - - P\nP P P") == []


def test_the_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    assert checked("Dealer S, 4SS", "- - - 1S\nP 2D P 2S\nP 4S AP") == []
    ((line, kind, message),) = checked("Dealer S, 4SN", "- - - 1S\nP 2D P 2S\nP 4S AP")
    assert (line, kind) == (7, Kind.DEAL)
    assert message.startswith("this auction ends in 4S by South, but the deal above says 4S by North")


def test_an_auction_that_does_not_start_with_the_dealer() -> None:
    ((line, kind, message),) = checked("#35, Dealer N, None vul", "P 1H 1S 2H\n2S 3H 4S AP")
    assert (line, kind) == (7, Kind.DEAL)
    assert message == (
        "this auction starts with West, but the deal above says North deals: the first call is the dealer's; the "
        "columns are West North East South, so write - for each seat before the dealer, as in '- P 1H 1S'"
    )


def test_a_contract_that_is_not_the_last_bid() -> None:
    ((line, kind, message),) = checked("#35, Dealer N, 4HS", "- P 1H 1S\n2H 2S 3H 4S\nX AP")
    assert (line, kind) == (7, Kind.DEAL)
    assert message.startswith("this auction ends in 4SX by South, but the deal above says 4H by South")


def test_a_contract_not_doubled_as_the_auction_left_it() -> None:
    ((_, _, message),) = checked("#35, Dealer N, 4SS", "- P 1H 1S\n2H 2S 3H 4S\nX AP")
    assert message.startswith("this auction ends in 4SX by South, but the deal above says 4S by South")


@pytest.mark.parametrize("auction", ["- P 1H 1S\n2H 2S ?", "- P 1H 1S\n2H 2S 3H 4S"])
def test_an_auction_that_has_not_ended_gives_no_contract(auction: str) -> None:
    assert checked("#35, Dealer N, 3NTN", auction) == []


def test_only_the_auction_right_after_the_deal_is_its_auction() -> None:
    document = parse_text(f"Dealer N, 3NTN\n{HANDS}\nThe auction at the other table:\n\nP 1C P 1H\nP 1S AP\n", "d.bml")
    assert not document.problems, [str(p) for p in document.problems]


# -- a deal with a slip: shown as written, the slip said at its line ----------------

PROBLEM = "#5, Dealer S, None vul\nS: AKJxx Kx x AQxx\n"


def as_written(text: str) -> tuple[Document, AsWritten]:
    document = parse_text(text, "problems.bml")
    assert [type(block) for block in document.blocks] == [AsWritten], document.blocks
    (shown,) = document.blocks
    assert isinstance(shown, AsWritten)
    assert shown.lines == text.splitlines()  # every line the player wrote, as written
    return document, shown


def test_a_bidding_problem_with_a_mistyped_card_is_shown_as_written() -> None:
    """It used to go to the bidding-table reader, which said "'#5,' is not a call" and showed nothing."""
    document, _ = as_written(PROBLEM.replace("AQxx", "AQxz"))
    assert problems(document) == [
        (
            2,
            Kind.SYNTAX,
            "this deal cannot be read: the South hand has 'AQxz', and 'z' is not a card: write the cards "
            "A K Q J T (or 10) 9 to 2, x for a small card and - for a void; the hand is shown as text",
        )
    ]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("S: AKJxx Kx x AQxz\n", 1, "the South hand has 'AQxz', and 'z' is not a card"),  # no header
        ("Board 5\nS: AKJxx Kx x AQ1x\n", 2, "the South hand has 'AQ1x', and '1' is not a card"),
        ("Dealer: North\nN: AKJxx Kx z AQxx\n", 2, "the North hand has 'z', and 'z' is not a card"),
        ("W deals, E-W vul\nN: AKJxx K♥x x AQxx\n", 2, "the North hand has 'K♥x', and '♥' is not a card"),
        ("S: AKJxx Kx x AQ1z\n", 1, "the South hand has 'AQ1z', and '1' and 'z' are not cards: write the cards"),
        ("S: AKJxx Kx x what?\n", 1, "the South hand has 'what?', which is no holding: write the cards"),
        ("#5, Dealer S, None vul\nS: AKJxx Kx AQxx\n", 2, "the South hand gives 3 suits (AKJxx Kx AQxx): write four"),
        ("#5, Dealer S\nS: AKJxx Kx x AQxx x\n", 2, "the South hand gives 5 suits (AKJxx Kx x AQxx x)"),
        (
            "S: akjxx kx x aqxx\n",
            1,
            "has 'akjxx kx x aqxx': write the cards in capitals and x in small letters, as AKJxx Kx x AQxx",
        ),
        ("S: AKJXX Kx x AQxx\n", 1, "has 'AKJXX': write the cards in capitals and x in small letters, as AKJxx"),
        (f"N None 35 4SXS hK\n{HANDS.replace('Q9xx', 'Q9xz')}", 4, "the South hand has 'Q9xz', and 'z' is"),
        (f"#35, Dealer N, None vul\n{HANDS.replace('KTx  Jx', 'KTx Jx x')}", 5, "the West hand gives 5 suits"),
        (HANDS.replace("W:", "S:"), 4, "it gives the South hand twice (at line 3 too): write each seat once"),
        (
            "#5, Dealer S, None vul\nS: AKJxx Kx x AQxx\nW N E S\n- - - 1S\n",
            3,
            "'W N E S' is not a hand (a seat N, E, S or W, then four holdings, spades hearts diamonds clubs), and "
            "an auction under a deal needs a blank line before it",
        ),
    ],
)
def test_a_deal_with_a_slip_is_shown_as_written_with_the_slip_at_its_line(text: str, line: int, words: str) -> None:
    document, _ = as_written(text)
    ((where, kind, message),) = problems(document)
    assert (where, kind) == (line, Kind.SYNTAX)
    assert message.startswith("this deal cannot be read: ") and words in message, message
    assert message.endswith(f"; the {'hand' if text.count(chr(10)) <= 2 else 'deal'} is shown as text")


def test_each_hand_with_a_slip_is_reported() -> None:
    document, _ = as_written(HANDS.replace("Q987x", "Q987z").replace("KQxxxx", "KQxxx x"))
    assert [(line, message.split(",")[0]) for line, _, message in problems(document)] == [
        (1, "this deal cannot be read: the North hand has 'Q987z'"),
        (4, "this deal cannot be read: the West hand gives 5 suits (QT KQxxx x KTx Jx): write four holdings"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "S: this is what South needs\n",
        "N: no agreement yet\n",
        "S: this is what South needs\nN: no agreement yet\n",
        "S: 2C is Stayman, 2D a transfer\n",
        "E: 12-14 HCP, 5+ clubs\n",
        "W: AK of hearts and out\n",
        "N: should have opened 1S\n",
        "N: 4 spades, 5 hearts\n",
        "S is the strongest hand here.\n",
        "S: AKJxx Kx x AQxx? Not with this partner.\n",
        "#1 priority is to find a fit\n",
        "#2 of the series: the bidding problems.\n",
        "Board 5 was a disaster.\nWe bid 7NT off an ace.\n",
        "South: ♠AKJxx ♥Kx ♦x ♣AQxz\n",  # suit symbols and the seat in full: prose, as BML reads it
    ],
)
def test_prose_that_starts_with_a_seat_or_a_number_is_a_paragraph(text: str) -> None:
    document = parse_text(text, "notes.bml")
    assert not document.problems, [str(p) for p in document.problems]
    assert all(isinstance(block, Paragraph) for block in document.blocks), document.blocks


def test_a_header_cut_off_from_its_hand_by_a_blank_line() -> None:
    """The header line used to go to the bidding-table reader, which said "'#14,' is not a call" and dropped it."""
    document = parse_text("#14, Dealer E, Both vul\n\nW: AQ9xx Kxx - KJxx\n", "quiz.bml")
    assert problems(document) == [
        (
            1,
            Kind.SYNTAX,
            "'#14, Dealer E, Both vul' begins this block as the header of a deal, but no hand follows it (a seat N, "
            "E, S or W, then four holdings, spades hearts diamonds clubs): write the hands on the lines right under "
            "it, with no blank line between; the block is shown as text",
        )
    ]
    header, deal = document.blocks
    assert isinstance(header, AsWritten) and header.lines == ["#14, Dealer E, Both vul"]
    assert isinstance(deal, Deal) and deal.hands[Direction.WEST] == ("AQ9xx", "Kxx", "", "KJxx")


def test_the_auction_of_a_bidding_problem_with_a_slip_is_shown_as_written() -> None:
    document = parse_text(f"{PROBLEM}\nW N E S\n1H P 2Z ?\n", "problems.bml")
    deal, auction = document.blocks
    assert isinstance(deal, Deal) and deal.hands[Direction.SOUTH] == ("AKJxx", "Kx", "x", "AQxx")
    assert isinstance(auction, AsWritten) and auction.lines == ["W N E S", "1H P 2Z ?"]
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (5, Kind.SYNTAX) and message.startswith("'2Z' is not a call in this auction")


@given(
    st.sampled_from([i for i, char in enumerate(PROBLEM) if i > PROBLEM.index("S:") + 2 and char not in " \n"]),
    st.characters(exclude_categories=("Z", "C")),
)
@example(PROBLEM.index("AQxx") + 3, "z")
def test_one_card_mistyped_is_a_deal_or_the_problem_as_written(index: int, typed: str) -> None:
    """Whatever one card of the hand is mistyped as, nothing the player wrote is dropped:
    the deal is drawn (another card), or shown as written with the slip said at its line."""
    text = PROBLEM[:index] + typed + PROBLEM[index + 1 :]
    document = parse_text(text, "problems.bml")
    (block,) = document.blocks
    if isinstance(block, Deal):
        assert all(problem.kind is Kind.DEAL for problem in document.problems)
    else:
        assert isinstance(block, AsWritten) and block.lines == text.splitlines()
        ((line, kind, message),) = problems(document)
        assert (line, kind) == (2, Kind.SYNTAX) and message.startswith("this deal cannot be read: the South hand")


@pytest.mark.parametrize(("auction", "cells"), [("1H ?", 2), ("(1S) ?", 2), ("1H P 2H ?", 4)])
def test_the_short_auction_of_a_bidding_problem_is_an_auction(auction: str, cells: int) -> None:
    """Right under a deal, ``1H ?`` is the auction so far (it used to be a table row for 1H meaning '?')."""
    document = parse_text(f"#6, Dealer W, None vul\nS: AKJxx Kx x AQxx\n\n{auction}\n", "problems.bml")
    assert not document.problems, [str(p) for p in document.problems]
    deal, shown = document.blocks
    assert isinstance(deal, Deal) and isinstance(shown, Auction) and len(shown.rows[0]) == cells


def test_a_short_auction_with_a_slip_under_a_deal_is_shown_as_written() -> None:
    document = parse_text(f"{PROBLEM}\n1H 2Z ?\n", "problems.bml")
    deal, shown = document.blocks
    assert isinstance(deal, Deal) and isinstance(shown, AsWritten) and shown.lines == ["1H 2Z ?"]
    ((line, kind, message),) = problems(document)
    assert (line, kind) == (4, Kind.SYNTAX) and message.startswith("'2Z' is not a call in this auction")


def test_a_bidding_table_under_a_deal_is_still_a_table() -> None:
    document = parse_text(f"{PROBLEM}\n1N  15-17\n2C  Stayman\n", "problems.bml")
    assert not document.problems, [str(p) for p in document.problems]
    assert [type(block) for block in document.blocks] == [Deal, BidTable]
