"""Inline markup becomes tokens; ordinary punctuation stays text."""

from __future__ import annotations

import pytest

from sphinx_bml.language.calls import Strain
from sphinx_bml.language.inline import Bid, Dash, LineBreak, Styled, SuitSymbol, Text, parse_inline, plain_text


def test_suits_bids_and_dashes() -> None:
    tokens = parse_inline("5+!h, 12--14 --- 2N or 3NT")
    assert tokens == (
        Text("5+"),
        SuitSymbol(Strain.HEARTS),
        Text(", 12"),
        Dash(em=False),
        Text("14 "),
        Dash(em=True),
        Text(" "),
        Bid(2, Strain.NOTRUMP),
        Text(" or "),
        Bid(3, Strain.NOTRUMP),
    )


def test_styles() -> None:
    tokens = parse_inline("/Here's/ *an* =example= end")
    assert tokens == (
        Styled("italic", (Text("Here's"),)),
        Text(" "),
        Styled("bold", (Text("an"),)),
        Text(" "),
        Styled("monospace", (Text("example"),)),
        Text(" end"),
    )


def test_styles_nest_and_keep_suits() -> None:
    assert parse_inline("*5+!s*") == (Styled("bold", (Text("5+"), SuitSymbol(Strain.SPADES))),)


def test_monospace_is_literal() -> None:
    assert parse_inline("=#+TITLE= and =1!c=") == (
        Styled("monospace", (Text("#+TITLE"),)),
        Text(" and "),
        Styled("monospace", (Text("1!c"),)),
    )


@pytest.mark.parametrize(
    "text",
    [
        "4!h/!s",
        "Pass/correct",
        "1N = 15--17",
        "bal / Any game force",
        "G/T (%$#_{}~^\\)",
        "https://example.org/a/b",
        "2*3 = 6",
        "a * b *",
    ],
)
def test_ordinary_signs_are_not_styles(text: str) -> None:
    assert not any(isinstance(token, Styled) for token in parse_inline(text))
    assert plain_text(parse_inline(text), symbols=False) == text


def test_bids_inside_words_are_text() -> None:
    assert parse_inline("4SXS 2HS A1C") == (Text("4SXS 2HS A1C"),)


def test_line_breaks() -> None:
    assert parse_inline("a\nb") == (Text("a"), LineBreak(), Text("b"))


def test_plain_text_uses_symbols() -> None:
    assert plain_text(parse_inline("1!c -- 2H 3N")) == "1♣ – 2♥ 3NT"
