"""The suits written one way everywhere: every reader of typed text reads every suit symbol alike."""

from __future__ import annotations

import pytest

from sphinx_bml.language import parse_text
from sphinx_bml.language.auction import read_cell
from sphinx_bml.language.bidtable import parse_table_call
from sphinx_bml.language.calls import Call, Strain
from sphinx_bml.language.conditions import parse_condition
from sphinx_bml.language.model import Contract, Deal, Direction, Lead
from sphinx_bml.language.notation import parse_reference
from sphinx_bml.language.suits import EMOJI_FORM, GLYPH_LETTERS, SUIT_GLYPHS, SUIT_NAMES, TYPED_SUITS, spell_suits

#: Every symbol a player may type for a suit, with the letter it stands for, the emoji form too.
TYPED = [(symbol, letter) for symbol, letter in TYPED_SUITS.items()] + [
    (glyph + EMOJI_FORM, letter) for letter, glyph in SUIT_GLYPHS.items()
]
HANDS = "N: Kxx    T9     xxx  Q987x\nE: Jx     AJxxx  AJx  KTx\nS: A987xx -      Q9xx Axx\nW: QT     KQxxxx KTx  Jx\n"


def test_the_tables_agree() -> None:
    assert set(SUIT_GLYPHS) == set(SUIT_NAMES) == set(TYPED_SUITS.values()) == {"C", "D", "H", "S"}
    assert GLYPH_LETTERS == {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}  # the pages' glyphs read back, no more
    assert set("♧♢♡♤") < set(TYPED_SUITS)
    assert {Strain.from_letter(letter) for letter in SUIT_NAMES} == {s for s in Strain if s.is_suit}


@pytest.mark.parametrize(("symbol", "letter"), TYPED)
def test_spelled_as_letters(symbol: str, letter: str) -> None:
    assert spell_suits(f"2{symbol} and 3{symbol}{symbol}") == f"2{letter} and 3{letter}{letter}"


@pytest.mark.parametrize(("symbol", "letter"), TYPED)
def test_every_reader_of_calls_reads_every_symbol(symbol: str, letter: str) -> None:
    call = Call.parse(f"2{letter}")
    assert Call.parse(f"2{symbol}") == call
    assert parse_table_call(f"2{symbol}").call == call
    assert parse_reference(f"1N-2{symbol}").sequence == parse_reference(f"1N-2{letter}").sequence


@pytest.mark.parametrize(("symbol", "letter"), TYPED_SUITS.items())
def test_auctions_conditions_and_deals_read_every_symbol(symbol: str, letter: str) -> None:
    strain = Strain.from_letter(letter)
    assert read_cell(f"3{symbol}") == Call.parse(f"3{letter}")
    condition = parse_condition(f"5+ {symbol}")
    assert condition.describe() == parse_condition(f"5+ {SUIT_NAMES[letter]}").describe()
    deal = parse_text(f"Dealer N, 4{symbol} by S, lead {symbol}9\n{HANDS}", "deal.bml").blocks[0]
    assert isinstance(deal, Deal)
    assert deal.contract == Contract(4, strain, 0, Direction.SOUTH)
    assert deal.lead == Lead(strain, "9")


@pytest.mark.parametrize(("name", "letter"), [("hearts", "H"), ("heart", "H"), ("Clubs", "C"), ("spade", "S")])
def test_a_condition_names_a_suit_in_words(name: str, letter: str) -> None:
    assert parse_condition(f"5+ {name}").describe() == parse_condition(f"5+ !{letter.lower()}").describe()
