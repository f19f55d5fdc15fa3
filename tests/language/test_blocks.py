"""Blocks that look like an auction or a deal: read as one, or reported at the
line, never silently something else; impossible auctions; unknown metadata."""

from __future__ import annotations

import pytest

from sphinx_bml.language import parse_text
from sphinx_bml.language.calls import Call
from sphinx_bml.language.errors import Kind
from sphinx_bml.language.model import (
    AsWritten,
    Auction,
    AuctionMark,
    BidTable,
    Document,
    Paragraph,
)

P, X, XX = Call.parse("P"), Call.parse("X"), Call.parse("XX")
AP, EMPTY = AuctionMark.ALL_PASS, AuctionMark.EMPTY


def calls(*words: str) -> list[Call | AuctionMark]:
    return [AP if word == "AP" else EMPTY if word == "-" else Call.parse(word) for word in words]


def messages(document: Document) -> list[str]:
    return [str(problem) for problem in document.problems]


def only_auction(text: str) -> Auction:
    document = parse_text(text, "notes.bml")
    assert not document.problems, messages(document)
    (auction,) = document.blocks
    assert isinstance(auction, Auction)
    return auction


# -- auctions as players type them ------------------------------------------


def test_auction_with_words_is_not_a_bidding_table() -> None:
    """It used to become the table row 1C = 'Pass 1H Pass', written to the .bss file."""
    auction = only_auction("1C Pass 1H Pass\n1S Pass 2S All pass\n")
    assert auction.rows == [calls("1C", "P", "1H", "P"), calls("1S", "P", "2S", "AP")]


@pytest.mark.parametrize(
    "header", ["West North East South", "W N E S", "WEST  NORTH  EAST  SOUTH", "west north east south", "W: N: E: S:"]
)
def test_auction_under_a_seat_header(header: str) -> None:
    auction = only_auction(f"{header}\n-    1D   Dbl  Rdbl\n1H   Pass Pass 2C\nAll Pass\n")
    assert auction.rows == [calls("-", "1D", "X", "XX"), calls("1H", "P", "P", "2C"), calls("AP")]
    assert auction.location.line == 1


def test_auction_under_a_header_starting_with_north_is_laid_out_from_west() -> None:
    auction = only_auction("North East South West\n1NT  (2H) 3NT  (P)\nP    P\n")
    assert auction.rows == [calls("-", "1N", "2H", "3N"), calls("P", "P", "P")]


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("1c pass 1h pass", ("1C", "P", "1H", "P")),
        ("1!c Dble Redbl 1!h", ("1C", "X", "XX", "1H")),
        ("1♣ Double Redouble 1♥", ("1C", "X", "XX", "1H")),
        ("1nt (2s) x (p)", ("1N", "2S", "X", "P")),
        ("- - 1S D", ("-", "-", "1S", "X")),
        ("1C P 1H —", ("1C", "P", "1H", "-")),
    ],
)
def test_common_spellings_of_calls(row: str, expected: tuple[str, ...]) -> None:
    assert only_auction(row + "\n").rows == [calls(*expected)]


def test_three_calls_make_an_auction() -> None:
    assert only_auction("1C Pass 1H\n").rows == [calls("1C", "P", "1H")]


def test_a_question_mark_ends_the_checks() -> None:
    auction = only_auction("1C P 1S P\n2S P ?\n")
    assert auction.rows[1][-1] is AuctionMark.QUESTION


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            "1C Pass 1H Dbel\n",
            1,
            "'Dbel' is not a call in this auction: write bids as 1C or 1NT",
        ),
        (
            "West North East South\n1C Pass 1H Pass\n1S Pass 2S Pass Pass\n",
            3,
            "this auction row has 5 calls (1S Pass 2S Pass Pass): a row has one call for each of the four seats",
        ),
        (
            "1C Pass 1H Pass\n1S Pass 2S Pass\nthen 4S by South\n",
            3,
            "'then' is not a call in this auction",
        ),
        (
            "West East\n1C 1H\n1NT 3NT\n",
            1,
            "the auction's header names 2 seats (West East): an auction diagram has a column for each of the four",
        ),
        (
            "North South East West\n1C P 1H P\n",
            1,
            "the auction's header names the seats in the order North South East West: write them clockwise",
        ),
        ("W N E S\n", 1, "the auction has seats but no calls"),
        ("W N E Z\n1H P 2H ?\n", 1, "the auction's header has 'Z', which is not a seat: write West North East South"),
        ("West North East Soth\n- 1C P 1H\n", 1, "the auction's header has 'Soth', which is not a seat"),
    ],
)
def test_an_auction_that_cannot_be_read_is_text_with_a_warning(text: str, line: int, message: str) -> None:
    document = parse_text(text, "notes.bml")
    (problem,) = document.problems
    assert problem.location is not None and problem.location.line == line
    assert problem.message.startswith(message)
    assert problem.message.endswith("; the block is shown as text")
    assert problem.kind is Kind.SYNTAX
    (shown,) = document.blocks
    assert isinstance(shown, AsWritten)  # nothing lost, nothing sent to the .bss file
    assert shown.lines == text.splitlines()


@pytest.mark.parametrize("text", ["North South East only.\n", "N E S or W\n", "West North East South bid.\n"])
def test_prose_naming_seats_is_no_auction(text: str) -> None:
    document = parse_text(text, "notes.bml")
    assert not document.problems, messages(document)
    assert [type(block) for block in document.blocks] == [Paragraph]


def test_a_short_row_in_the_middle_is_reported_and_the_auction_kept() -> None:
    document = parse_text("1C P 1H\n1S P 2S P\n", "notes.bml")
    (problem,) = document.problems
    assert str(problem).startswith("notes.bml:1: this auction row has only 3 calls: every row but the last")
    assert isinstance(document.blocks[0], Auction)


def test_bidding_tables_are_still_bidding_tables() -> None:
    document = parse_text("1C 16+ any shape\n  1D 0--7\n\n1N 14--16 balanced hand\n\n2C P forcing\n", "notes.bml")
    assert not document.problems, messages(document)
    assert [type(b) for b in document.blocks] == [BidTable, BidTable, BidTable]


# -- impossible auctions ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            "Dbl Pass Pass Pass\n",
            1,
            "a double with no bid before it: a double is only allowed over the opponents' bid",
        ),
        (
            "1H Pass Dbl Pass\n",
            1,
            "a double of partner's 1H: a double is only allowed over the opponents' bid",
        ),
        (
            "West North East South\nPass Pass 1C Pass\nDbl Pass Pass Pass\n",
            3,
            "a double of partner's 1C: a double is only allowed over the opponents' bid",
        ),
        (
            "1S Dbl Pass Dbl\n",
            1,
            "a double of 1S, which is already doubled: a double is only allowed over the opponents' bid, once",
        ),
        (
            "1NT Pass 2C Rdbl\n",
            1,
            "a redouble with no double before it: a redouble is only allowed over the opponents' double",
        ),
        (
            "1C X P XX\n",
            1,
            "a redouble of partner's double: a redouble is only allowed over the opponents' double",
        ),
        (
            "1C X XX XX\n",
            1,
            "a redouble of 1C, which is already redoubled: a redouble is only allowed over the opponents' double, once",
        ),
        (
            "1S Pass 2H Pass\n2D Pass Pass Pass\n",
            2,
            "2D is lower than 2H, the last bid: each bid must be higher than the bid before it",
        ),
        ("1S 1S P P\n", 1, "1S is not higher than 1S, the last bid: each bid must be higher"),
        (
            "1C Pass Pass Pass\n1D\n",
            2,
            "the auction has already ended (three passes after 1C), so nothing can follow it",
        ),
        (
            "1C X P P\nP 1H\n",
            2,
            "the auction has already ended (three passes after the double), so nothing can follow it",
        ),
        (
            "P P P P\n1C\n",
            2,
            "the auction has already ended (four passes: the board is passed out), so nothing can follow it",
        ),
        ("1C P 1H AP\n1S\n", 2, "the auction has already ended (all pass), so nothing can follow it"),
    ],
)
def test_impossible_auctions_are_reported_at_the_line(text: str, line: int, message: str) -> None:
    document = parse_text(text, "notes.bml")
    (problem,) = document.problems  # one mistake, one message: no cascade
    assert problem.location is not None and problem.location.line == line
    assert problem.message.startswith(message)
    assert problem.kind is Kind.SEQUENCE
    (auction,) = document.blocks
    assert isinstance(auction, Auction)  # kept as written


@pytest.mark.parametrize(
    "text",
    [
        "1C (1S) X (XX)\nP (P) 2H (P)\nP (P)\n",  # negative double, SOS redouble, all passes
        "- 1D X XX\n1H P P X\nP 2C AP\n",
        "P P P P\n",  # passed out
        "1NT X P P\nXX P P P\n",  # redouble after the double was passed round
        "W N E S\n1C P 1H P\n1S P 2S P\n4S All pass\n",
    ],
)
def test_possible_auctions_are_not_reported(text: str) -> None:
    only_auction(text)


# -- deals ------------------------------------------------------------------

DEAL = (
    "#35, Dealer N, None vul, played 4SXS with hK lead\n"
    "N: Kxx    T9     xxx  Q987x\n"
    "E: Jx     AJxxx  AJx  KTx\n"
    "S: A987xx -      Q9xx\n"
    "W: QT     KQxxxx KTx  Jx\n"
)


def test_a_hand_with_three_suits_makes_the_deal_text_with_a_warning() -> None:
    """It used to leave the South hand out of the diagram: what the player wrote is kept."""
    document = parse_text(DEAL, "deal.bml")
    (problem,) = document.problems
    assert str(problem) == (
        "deal.bml:4: this deal cannot be read: the South hand gives 3 suits (A987xx - Q9xx): write four holdings, "
        "spades hearts diamonds clubs, with - for a void; the deal is shown as text"
    )
    (text,) = document.blocks
    assert isinstance(text, AsWritten) and text.lines == DEAL.splitlines()


def test_a_first_hand_with_three_suits_is_not_taken_for_the_header() -> None:
    """It used to become the header 'dealer North', the North hand gone."""
    document = parse_text("N AKQ xx xxx\nS xx xx xx xxx\n", "deal.bml")
    (problem,) = document.problems
    assert problem.location is not None and problem.location.line == 1
    assert problem.message.startswith("this deal cannot be read: the North hand gives 3 suits")
    (text,) = document.blocks
    assert isinstance(text, AsWritten) and text.lines == ["N AKQ xx xxx", "S xx xx xx xxx"]


def test_each_hand_with_five_suits_or_a_bad_card_is_reported() -> None:
    document = parse_text("N AKQ xx xxx xxx x\nE AKQ xx xxx xxx\nS AKZ xx xxx xxx\n", "deal.bml")
    first, second = document.problems
    assert str(first).startswith(
        "deal.bml:1: this deal cannot be read: the North hand gives 5 suits (AKQ xx xxx xxx x)"
    )
    assert str(second).startswith(
        "deal.bml:3: this deal cannot be read: the South hand has 'AKZ', and 'Z' is not a card"
    )
    (text,) = document.blocks
    assert isinstance(text, AsWritten) and text.lines[2] == "S AKZ xx xxx xxx"


def test_a_deal_with_a_line_that_is_no_hand_is_text_with_a_warning() -> None:
    document = parse_text("#35, Dealer N\nN: AKQ xx xxx xxxx\nS: xxx xx xxx AKQx\nLead: hK\n", "deal.bml")
    (problem,) = document.problems
    assert str(problem).startswith("deal.bml:4: this deal cannot be read: 'Lead: hK' is not a hand")
    (text,) = document.blocks
    assert isinstance(text, AsWritten) and text.lines[-1] == "Lead: hK"


def test_prose_starting_with_a_seat_letter_is_a_paragraph() -> None:
    document = parse_text("S is the strongest hand here.\n\nN bids 3 steps above.\n", "notes.bml")
    assert not document.problems, messages(document)
    assert [type(b) for b in document.blocks] == [Paragraph, Paragraph]


# -- metadata ---------------------------------------------------------------


def test_an_unknown_metadata_key_is_reported_and_kept() -> None:
    document = parse_text("#+TITEL: Precision\n#+AUTHOR: Ann\n#+VERSION: 3\n", "notes.bml")
    first, second = document.problems
    assert str(first) == (
        "notes.bml:1: #+TITEL is not a metadata key BML knows (did you mean #+TITLE?): the keys are #+TITLE, "
        "#+AUTHOR, #+DESCRIPTION; its value is kept but not used"
    )
    assert str(second).startswith("notes.bml:3: #+VERSION is not a metadata key BML knows: the keys are")
    assert document.metadata.values == {"TITEL": "Precision", "AUTHOR": "Ann", "VERSION": "3"}
    assert document.metadata.title == ""


def test_known_metadata_keys_in_any_case_are_not_reported() -> None:
    document = parse_text("#+title: Precision\n#+Description: Strong club\n", "notes.bml")
    assert not document.problems
    assert document.metadata.title == "Precision" and document.metadata.description == "Strong club"


# -- a bidding table glued to text -----------------------------------------


def test_a_bidding_table_right_under_text_is_reported() -> None:
    document = parse_text("Responses to 1!c:\n1D 0--7, negative\n1H 8+, 5+!h\n1N 8--13 balanced\n", "notes.bml")
    (problem,) = document.problems
    assert str(problem).startswith("notes.bml:2: '1D 0--7, negative' and the lines after it look like the rows")
    assert problem.message.endswith("leave a blank line before the table")
    (paragraph,) = document.blocks
    assert isinstance(paragraph, Paragraph)


@pytest.mark.parametrize("head", ["(1♣)-(1Q)-", "1♠-(2W);", "(1c)-(1q)-"])
def test_rows_under_a_head_that_is_not_a_call_say_so_at_the_head(head: str) -> None:
    """A blank line comes before the head: the block is not glued to text; its head, with
    a made-up letter in the opponents' call, is no sequence, so the block is read as text."""
    document = parse_text(
        f"When they open a strong club:\n\n{head}\nD = takeout\n1N = natural\n2C = natural\n", "n.bml"
    )
    (problem,) = document.problems
    first = head.split("-")[1 if head.startswith("(") else 0].strip("()")
    assert problem.location is not None and problem.location.line == 3
    assert problem.message.startswith(f"'{head}' begins this block as the sequence a bidding table continues, but '")
    assert "is not a call BML knows" in problem.message and first[-1] in problem.message
    assert problem.message.endswith("the block is shown as text, rows and all, until that call is corrected")
    assert "blank line" not in problem.message


@pytest.mark.parametrize("text", ["2-over-1 is game forcing,\n1N 6-10\n2C 11+\n", "1♣-ish hands:\n1D x\n1H y\n"])
def test_prose_shaped_like_no_sequence_keeps_the_blank_line_advice(text: str) -> None:
    (problem,) = parse_text(text, "n.bml").problems
    assert problem.message.endswith("leave a blank line before the table")


def test_prose_with_one_line_starting_with_a_bid_is_not_reported() -> None:
    document = parse_text("With a strong hand we open\n1C and then show our suit.\n", "notes.bml")
    assert not document.problems


@pytest.mark.parametrize("row", ["1S = (P) NB", "1S= (P) P P", "2C = P P P then we pass"])
def test_a_row_whose_meaning_starts_with_calls_is_no_auction(row: str) -> None:
    """``1S = (P) NB`` (what bss2bml writes for a description ``(P) NB``) is a table's row:
    the ``=`` says so. It was read as an auction with an '=' in it, and the row was lost."""
    document = parse_text(row + "\n")
    assert not document.problems, list(document.problems)
    (table,) = document.blocks
    assert isinstance(table, BidTable)
