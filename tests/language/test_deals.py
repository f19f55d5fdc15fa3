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
from sphinx_bml.language.model import Auction, Contract, Deal, Direction, Document

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
