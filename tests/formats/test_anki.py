"""The Anki deck of a system: its cards, its stable ids, and the .apkg file opened as Anki would."""

from __future__ import annotations

import sqlite3
import sys
import zipfile
from pathlib import Path

import pytest

from sphinx_bml.formats.anki import FIELDS, Page, cards, deck_id, write_deck
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.errors import BMLError

NOTES = """\
#+TITLE: Our Precision

1C  ! 16+ hcp, any shape {{ 16+ hcp }}
  1D  Negative, 0--7
  1HS  5+ cards, 8+ hcp
1N  15--17
  2C  Stayman
  3C
(1S)
  2S  Michaels: 5-5 in !h and a minor

#SEAT 34
#VUL Y0
1S  Light, 4+ !s
"""


def system_cards() -> list[tuple[str, ...]]:
    return [card.fields for card in cards(expand(parse_text(NOTES, "openings.bml")), "Our Precision")]


def field(fields: tuple[str, ...], name: str) -> str:
    return fields[FIELDS.index(name)]


def test_one_card_per_sequence_with_something_to_learn() -> None:
    found = system_cards()
    assert [field(fields, "Sequence") for fields in found] == [
        "1C",
        "1C-1D",
        "1C-1H",
        "1C-1S",
        "1NT",
        "1NT-2C",  # not 1NT-3C: a row without a meaning has nothing to learn
        "(1S)-2S",
        "1S",
    ]
    first = found[0]
    assert field(first, "Auction") == "1♣"
    assert field(first, "Meaning") == "<i>Alert</i>: 16+ hcp, any shape"
    assert field(first, "Condition") == "16+ HCP"
    assert field(first, "Situation") == ""
    assert field(found[6], "Auction") == "(1♠)–2♠"
    assert field(found[6], "Meaning") == 'Michaels: 5-5 in <span class="red">♥</span> and a minor'
    assert field(found[1], "Auction") == '1♣–1<span class="red">♦</span>'
    assert field(found[7], "Situation") == "3rd or 4th seat, vulnerable"
    assert field(found[7], "Page") == "openings"


def test_tags_by_page_and_opening() -> None:
    system = expand(parse_text(NOTES, "openings.bml"))
    found = cards(system, "Our Precision", lambda meaning: Page("Opening bids", "chapter 1/openings"))
    assert [card.tags for card in found][5:7] == [
        ("page::chapter-1::openings", "opening::1NT"),
        ("page::chapter-1::openings", "opening::they-1S"),
    ]
    assert field(found[0].fields, "Page") == "Opening bids"


def test_ids_depend_on_the_system_and_the_sequence_only() -> None:
    system = expand(parse_text(NOTES, "openings.bml"))
    guids = [card.guid for card in cards(system, "Our Precision")]
    assert len(set(guids)) == len(guids)
    reworded = expand(parse_text(NOTES.replace("Stayman", "Puppet Stayman"), "elsewhere.bml"))
    assert [card.guid for card in cards(reworded, "Our Precision")] == guids
    assert [card.guid for card in cards(system, "Blue Club")] != guids
    assert deck_id("Our Precision") == deck_id("Our Precision") != deck_id("Blue Club")
    assert (1 << 30) <= deck_id("Our Precision") < (1 << 31)


def test_the_deck_opens(tmp_path: Path) -> None:
    target = tmp_path / "deck" / "our-precision.apkg"
    assert write_deck(expand(parse_text(NOTES, "openings.bml")), "Our Precision", target) == 8
    with zipfile.ZipFile(target) as package:
        package.extract("collection.anki2", tmp_path)
    connection = sqlite3.connect(tmp_path / "collection.anki2")
    try:
        notes = connection.execute("select guid, flds, tags from notes order by id").fetchall()
        decks = connection.execute("select decks from col").fetchone()[0]
    finally:
        connection.close()
    fields = [row[1].split("\x1f") for row in notes]
    assert [row[FIELDS.index("Sequence")] for row in fields] == [
        "1C",
        "1C-1D",
        "1C-1H",
        "1C-1S",
        "1NT",
        "1NT-2C",
        "(1S)-2S",
        "1S",
    ]
    assert fields[5][FIELDS.index("Meaning")] == "Stayman"
    assert "opening::1NT" in notes[5][2].split()
    assert '"Our Precision"' in decks and str(deck_id("Our Precision")) in decks


def test_without_genanki_the_message_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "genanki", None)
    with pytest.raises(BMLError, match=r"an Anki deck needs genanki, .*pip install 'sphinx-bml\[anki\]'"):
        write_deck(expand(parse_text(NOTES)), "Our Precision", tmp_path / "deck.apkg")
    assert not (tmp_path / "deck.apkg").exists()
