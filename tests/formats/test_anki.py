"""The Anki deck of a system: its cards, its stable ids, and the .apkg file read by Anki's own library."""

from __future__ import annotations

import sqlite3
import sys
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from sphinx_bml.formats.anki import FIELDS, Page, cards, deck_id, inert, write_deck
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.errors import BMLError
from tests.support import anki_problems, import_into_anki, shown

if TYPE_CHECKING:
    from anki.collection import Collection

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


#: A meaning holding what a browser runs and what Anki acts on in a field.
HOSTILE_MEANING = (
    'Hearts <img src=x onerror=alert(1)> <script>alert(2)</script> <a href="javascript:alert(3)">x</a> '
    r"[sound:x.mp3] [latex]\input{/etc/passwd}[/latex] [$]x[/$] [$$]y[/$$] \(x^2\) \[y\] "
    "[anki:tts lang=en_US]t[/anki:tts] [anki:play:a:0] [[type:Meaning]] {{Front}} {{c1::z}} & 'single' \"double\""
)
HOSTILE = f"""\
1H  {HOSTILE_MEANING}
  (2C{{<img src=x onerror=alert(1)>}})
    D  Takeout
(1N{{weak <15}})
  D  Penalty, 15+ {{{{ 15+ hcp }}}}
"""
#: The page title of every card of :data:`HOSTILE`.
HOSTILE_PAGE = Page("Openings <img src=x onerror=alert(1)> [sound:y.mp3] \\(z\\)", "chapter 1/évil [x]")
#: A system's title holding markup: Anki shows a deck's name as text.
HOSTILE_TITLE = "Acol & <b>Benji</b>"


def hostile_deck(target: Path, notes: str = HOSTILE, timestamp: float = 1_700_000_000) -> int:
    system = expand(parse_text(notes, "evil.bml"))
    return write_deck(system, HOSTILE_TITLE, target, lambda meaning: HOSTILE_PAGE, timestamp=timestamp)


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("1H-(2C{<img src=x onerror=alert(1)>})-D", "1H-(2C{&lt;img src=x onerror=alert(1)&gt;})-D"),
        ("(1N{weak <15})", "(1N{weak &lt;15})"),
        ("[sound:x.mp3]", "&#91;sound:x.mp3]"),
        ("[[type:Meaning]]", "&#91;&#91;type:Meaning]]"),
        (r"\(x\) \[y\]", r"\<span></span>(x\<span></span>) \<span></span>&#91;y\<span></span>]"),
        (r"a \ b \\", r"a \ b \\"),
        ("{{Front}} & 'it'", "{{Front}} &amp; &#x27;it&#x27;"),
    ],
)
def test_a_text_from_the_notes_is_written_to_show_as_typed(text: str, html: str) -> None:
    assert inert(text) == html
    assert shown(html) == text


def test_every_field_shows_the_notes_as_typed() -> None:
    found = cards(expand(parse_text(HOSTILE, "evil.bml")), HOSTILE_TITLE, lambda meaning: HOSTILE_PAGE)
    assert [shown(field(card.fields, "Sequence")) for card in found] == [
        "1H",
        "1H-(2C{<img src=x onerror=alert(1)>})-D",
        "(1NT{weak <15})-D",
    ]
    assert [shown(field(card.fields, "Auction")) for card in found][1:] == [
        "1♥–(2♣ <img src=x onerror=alert(1)>)–Dbl",
        "(1NT weak <15)–Dbl",
    ]
    assert shown(field(found[0].fields, "Meaning")) == HOSTILE_MEANING
    assert {shown(field(card.fields, "Page")) for card in found} == {HOSTILE_PAGE.title}
    assert found[0].tags == ("page::chapter-1::évil-x", "opening::1H")


def test_anki_imports_the_deck_and_acts_on_nothing_from_the_notes(anki_collection: Collection, tmp_path: Path) -> None:
    assert hostile_deck(tmp_path / "evil.apkg") == 3
    log = import_into_anki(anki_collection, tmp_path / "evil.apkg")
    assert (len(log.new), anki_collection.note_count(), anki_collection.card_count()) == (3, 3, 3)
    notes = [anki_collection.get_note(note) for note in anki_collection.find_notes("")]
    for note in notes:
        assert anki_problems(anki_collection, note) == [], note["Sequence"]
    by_sequence = {shown(note["Sequence"]): note for note in notes}
    assert list(by_sequence) == ["1H", "1H-(2C{<img src=x onerror=alert(1)>})-D", "(1NT{weak <15})-D"]
    hearts = by_sequence["1H"]
    assert shown(hearts["Meaning"]) == HOSTILE_MEANING
    assert shown(hearts["Page"]) == HOSTILE_PAGE.title
    assert hearts.tags == ["opening::1H", "page::chapter-1::évil-x"]  # as written: nothing for Anki to change
    (card,) = hearts.cards()
    answer = shown(card.answer())
    assert HOSTILE_MEANING in answer and HOSTILE_PAGE.title in answer
    assert "1NT weak <15" in shown(by_sequence["(1NT{weak <15})-D"].cards()[0].question())
    assert HOSTILE_TITLE in [deck.name for deck in anki_collection.decks.all_names_and_ids()]
    assert anki_collection.media.check().missing == []


def test_importing_a_new_build_updates_the_cards(anki_collection: Collection, tmp_path: Path) -> None:
    hostile_deck(tmp_path / "first.apkg")
    hostile_deck(tmp_path / "again.apkg", HOSTILE.replace("Takeout", "Takeout, 12+"), timestamp=1_700_000_600)
    assert len(import_into_anki(anki_collection, tmp_path / "first.apkg").new) == 3
    same = import_into_anki(anki_collection, tmp_path / "first.apkg")
    assert (len(same.new), len(same.duplicate), anki_collection.note_count()) == (0, 3, 3)
    again = import_into_anki(anki_collection, tmp_path / "again.apkg")
    assert (len(again.new), len(again.updated), anki_collection.note_count()) == (0, 3, 3)
    meanings = [anki_collection.get_note(note)["Meaning"] for note in anki_collection.find_notes("")]
    assert "Takeout, 12+" in meanings and "Takeout" not in meanings
