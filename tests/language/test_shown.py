"""How a call, a sequence, a meaning, a hand and a direction are shown: the rules every builder shares."""

from __future__ import annotations

import pytest

from sphinx_bml.language.calls import Strain
from sphinx_bml.language.diagrams import direction_name, hand_lines, hand_text, holding_text
from sphinx_bml.language.inline import LineBreak, SequenceLink, Styled, SuitSymbol, Text, parse_inline
from sphinx_bml.language.model import ANY_VULNERABILITY, Seat
from sphinx_bml.language.notation import (
    anchor,
    any_context,
    continuation_id,
    from_notation,
    parse_reference,
    without_context,
)
from sphinx_bml.language.shown import clipped, meaning_tokens, plain, reference_tokens, written_tokens
from sphinx_bml.language.site import answers, openings


def test_a_meaning_is_drawn_with_bids_as_a_level_and_a_suit_and_its_text_joined() -> None:
    drawn = meaning_tokens(parse_inline("after 1!c--2N, /not/ forcing\nnext"))
    assert drawn[0] == Text("after 1")
    assert drawn[1] == SuitSymbol(Strain.CLUBS)
    assert drawn[2] == Text("\u20132NT, ")
    assert Styled("italic", (Text("not"),)) in drawn
    assert drawn[-2:] == (LineBreak(), Text("next"))


def test_a_reference_is_shown_as_the_role_shows_it() -> None:
    assert plain(written_tokens(parse_reference("1N-(2C)-D"))) == "1NT\u2013(2\u2663)\u2013Dbl"
    assert reference_tokens("1N-2C") == written_tokens(parse_reference("1N-2C"))
    assert reference_tokens("not a sequence") is None


def test_a_link_in_a_meaning_keeps_whether_its_title_was_written() -> None:
    (link,) = meaning_tokens(parse_inline(":bml:seq:`1N-2C`"))
    assert isinstance(link, SequenceLink)
    assert not link.explicit
    assert plain(link.title) == "1NT\u20132\u2663"
    (titled,) = meaning_tokens(parse_inline(":bml:seq:`Stayman <1N-2C>`"))
    assert isinstance(titled, SequenceLink) and titled.explicit and plain(titled.title) == "Stayman"


@pytest.mark.parametrize(
    ("glyphs", "space", "expected"),
    [
        (True, " ", "\u2660 AK5   \u2665 \u2014   \u2666 QJ32   \u2663 T98765"),
        (True, "\u00a0", "\u2660\u00a0AK5   \u2665\u00a0\u2014   \u2666\u00a0QJ32   \u2663\u00a0T98765"),
        (False, " ", "S AK5   H -   D QJ32   C T98765"),
    ],
)
def test_a_hand_is_spades_first_a_void_a_dash(glyphs: bool, space: str, expected: str) -> None:
    cards = ("AK5", "", "QJ32", "T98765")
    assert hand_text(cards, space=space, glyphs=glyphs) == expected
    assert hand_lines(cards)[1] == holding_text("H", "") == "\u2665 \u2014"


def test_a_direction_is_named_in_full() -> None:
    assert [direction_name(letter) for letter in "NESW"] == ["North", "East", "South", "West"]


def test_anchors_with_and_without_their_seat_and_vulnerability() -> None:
    sequence = from_notation("1N-P-2C")
    assert any_context(sequence) == anchor(Seat.ANY, ANY_VULNERABILITY, sequence) == "bml-1n-p-2c"
    assert continuation_id(sequence) == "bml-continued-1n-p-2c"
    assert without_context("bml-s34-vy0-1n-p-2c") == "bml-1n-p-2c"
    assert without_context("bml-vs-1s-2s") == "bml-vs-1s-2s"


def test_openings_and_the_answers_to_a_sequence() -> None:
    keys = [
        (Seat.ANY, ANY_VULNERABILITY, from_notation(notation))
        for notation in ("1N", "P-1S", "1C", "1N-P-2C", "1N-P-2C-P-2D", "(1S)-2S", "1N-(D)-R")
    ]
    assert [key[2] for key in openings(keys)] == [from_notation(n) for n in ("P-1S", "1C", "1N")]
    assert [key[2] for key in answers(keys, from_notation("1N"))] == [from_notation("1N-P-2C")]
    assert [key[2] for key in answers(keys, from_notation("1N-P-2C"))] == [from_notation("1N-P-2C-P-2D")]


@pytest.mark.parametrize(
    ("meaning", "most", "shown"),
    [
        ("0-7 hcp, artificial: any shape (the negative)", 30, "0-7 hcp, artificial: any shape…"),
        ("short", 30, "short"),
        ("Transfer to !h: 5+ !h", 14, "Transfer to ♥…"),  # a suit counts one character
        ("two\nlines", None, "two lines"),  # on one line
        ("Stayman, *then* more", 9, "Stayman…"),  # a styled piece that does not fit is left out
        ("Unbreakable", 5, "…"),
    ],
)
def test_a_meaning_clipped_to_its_room(meaning: str, most: int | None, shown: str) -> None:
    assert plain(clipped(meaning_tokens(parse_inline(meaning)), most)) == shown
