"""Blocks: recognition of every kind, metadata, deals, auctions."""

from __future__ import annotations

from sphinx_bml.language import parse_text
from sphinx_bml.language.calls import Call, Strain
from sphinx_bml.language.inline import Styled, Text
from sphinx_bml.language.model import (
    AsWritten,
    Auction,
    AuctionMark,
    BidTable,
    BulletList,
    Contract,
    Deal,
    DefinitionList,
    Direction,
    EnumeratedList,
    Heading,
    Lead,
    Paragraph,
    Table,
)


def blocks(text: str) -> list[object]:
    document = parse_text(text, "notes.bml")
    assert not document.problems, [str(p) for p in document.problems]
    return list(document.blocks)


def test_blocks_are_separated_by_lines_of_only_spaces() -> None:
    kinds = [type(b) for b in blocks("First\nparagraph\n   \nSecond\n\n\n1C 16+\n")]
    assert kinds == [Paragraph, Paragraph, BidTable]


def test_paragraph_joins_lines_and_keeps_location() -> None:
    (paragraph,) = blocks("\n\n  Welcome to\n  BML!\n")
    assert isinstance(paragraph, Paragraph)
    assert paragraph.text.source == "Welcome to BML!"
    assert paragraph.location.line == 3


def test_headings_by_level() -> None:
    first, second = blocks("* The 1!c opening\n\n** After 1!d\n")
    assert isinstance(first, Heading) and first.level == 1 and first.text.source == "The 1!c opening"
    assert isinstance(second, Heading) and second.level == 2


def test_bold_text_at_line_start_is_not_a_heading() -> None:
    (paragraph,) = blocks("*Forced* after 1C.\n")
    assert isinstance(paragraph, Paragraph)


def test_a_heading_with_no_space_after_the_stars() -> None:
    """As bridge-markup reads it, and as real notes write it (``***Po otwarciu przeciwnika 1♣``)."""
    first, second, table = blocks("***Po otwarciu przeciwnika 1♣\n\n**Answers after 1HS\n1D = 4+!d\n  1H = 4+!h\n")
    assert isinstance(first, Heading) and (first.level, first.text.source) == (3, "Po otwarciu przeciwnika 1♣")
    assert isinstance(second, Heading) and (second.level, second.text.source) == (2, "Answers after 1HS")
    assert isinstance(table, BidTable) and table.rows[0].children[0].location.line == 5


def test_bold_words_starting_a_paragraph_stay_bold() -> None:
    """A star closing on the line makes the stars emphasis, with or without a space after them."""
    for text in ("*Note:* we cue-bid up the line.\n", "**Forcing** after 1C\n", "*1NT* is 15-17\n", "***\n"):
        (paragraph,) = blocks(text)
        assert isinstance(paragraph, Paragraph), text
        assert paragraph.text.source == text.strip()
    (paragraph,) = blocks("*Note:* we cue-bid up the line.\n")
    assert paragraph.text.inline[0] == Styled("bold", (Text("Note:"),))


def test_a_starred_line_inside_a_paragraph_is_no_heading() -> None:
    """Only a block's first line may leave out the space: a footnote mark stays in its paragraph."""
    (paragraph,) = blocks("We open 1N with 15-17*\n*not vulnerable: 12-14\n")
    assert isinstance(paragraph, Paragraph)
    assert paragraph.text.source == "We open 1N with 15-17* *not vulnerable: 12-14"


def test_metadata_first_value_wins() -> None:
    document = parse_text("#+TITLE: Precision\n#+AUTHOR: Ann\n\n#+TITLE: Other\n\n#+DESCRIPTION: Strong club\n", "a")
    assert document.metadata.title == "Precision"
    assert document.metadata.author == "Ann"
    assert document.metadata.description == "Strong club"
    assert not document.blocks


def test_lists() -> None:
    bullets, numbers, terms = blocks("- one\n- two\n  more\n\n1. first\n2. second\n\n- 1N :: 15--17\n- 2N :: 20--21\n")
    assert isinstance(bullets, BulletList) and [i.source for i in bullets.items] == ["one", "two more"]
    assert isinstance(numbers, EnumeratedList) and [i.source for i in numbers.items] == ["first", "second"]
    assert isinstance(terms, DefinitionList)
    assert [(t.source, d.source) for t, d in terms.items] == [("1N", "15--17"), ("2N", "20--21")]


def test_table_with_rule() -> None:
    (table,) = blocks("| Opening | Shows |\n|---+---|\n| 1!c | 16+ |\n")
    assert isinstance(table, Table)
    assert table.rows[1] is None
    first, _, last = table.rows
    assert first is not None and last is not None
    assert [c.source for c in first] == ["Opening", "Shows"]
    assert [c.source for c in last] == ["1!c", "16+"]


def test_auction() -> None:
    (auction,) = blocks("P 1C (1S) D\n2S 4H P P\nAP\n")
    assert isinstance(auction, Auction)
    assert auction.rows[0] == [Call.parse("P"), Call.parse("1C"), Call.parse("1S"), Call.parse("D")]
    assert auction.rows[2] == [AuctionMark.ALL_PASS]


def test_deal_with_header_in_any_order() -> None:
    (deal,) = blocks(
        "#35, Dealer N, None vul, played 4SXS with hK lead\n"
        "N: Kxx    T9     xxx  Q987x\n"
        "E: Jx     AJxxx  AJx  KTx\n"
        "S: A987xx -      Q9xx Axx\n"
        "W: QT     KQxxxx KTx  Jx\n"
    )
    assert isinstance(deal, Deal)
    assert deal.board == "35" and deal.dealer is Direction.NORTH and deal.vulnerable == "None"
    assert deal.contract == Contract(4, Strain.SPADES, 1, Direction.SOUTH)
    assert deal.lead == Lead(Strain.HEARTS, "K")
    assert deal.hands[Direction.SOUTH] == ("A987xx", "", "Q9xx", "Axx")


def test_deal_compact_header_and_missing_hands() -> None:
    (deal,) = blocks("E All #7 P\nN AKQ - xxxx AKxxx\nS - AKQ JT9 QJT98x\n")
    assert isinstance(deal, Deal)
    assert deal.dealer is Direction.EAST and deal.vulnerable == "All" and deal.board == "7"
    assert deal.contract is not None and deal.contract.passed_out
    assert set(deal.hands) == {Direction.NORTH, Direction.SOUTH}


def test_deal_without_header() -> None:
    (deal,) = blocks("N AKQ - xxxx AKxxx\n")
    assert isinstance(deal, Deal) and deal.board is None and deal.dealer is None


def test_deal_with_a_hand_twice_is_text_with_a_warning() -> None:
    """It used to keep the first and leave the second out: one of them has a mistyped seat."""
    document = parse_text("N AKQ - xxxx AKxxx\nN xxx - xxxx AKxxx\n", "d.bml")
    (problem,) = document.problems
    assert str(problem) == (
        "d.bml:2: this deal cannot be read: it gives the North hand twice (at line 1 too): write each seat once, "
        "N, E, S or W; the deal is shown as text"
    )
    (text,) = document.blocks
    assert isinstance(text, AsWritten) and text.lines == ["N AKQ - xxxx AKxxx", "N xxx - xxxx AKxxx"]


def test_text_starting_with_an_ordinal_is_a_paragraph() -> None:
    (paragraph,) = blocks("2nd seat openings are sound.\n")
    assert isinstance(paragraph, Paragraph)


def test_state_lines_then_a_table_in_one_block() -> None:
    (table,) = blocks("#VUL Y0\n#SEAT 34\n1N 14--16\n")
    assert isinstance(table, BidTable)
    assert table.vulnerability.code == "Y0" and table.seat.value == "34"
