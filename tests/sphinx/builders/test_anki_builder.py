"""The anki builder: one deck for the system, its cards tagged by page, its ids the same in every build,
the deck imported by Anki's own library with nothing from the notes acting in Anki."""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.formats.anki import FIELDS, learned
from sphinx_bml.language.notation import short_notation
from sphinx_bml.sphinx.domain.domain import bml_domain
from tests.support import (
    EXAMPLE_SITE,
    SYSTEMS,
    anki_problems,
    build_once,
    example_system,
    import_into_anki,
    make_systems_site,
    shown,
    sphinx_build,
    write_project,
)

if TYPE_CHECKING:
    from anki.collection import Collection

ANKI = pytest.mark.sphinx("anki", testroot="bboalert", freshenv=True)


def read_deck(path: Path, folder: Path) -> tuple[list[tuple[str, list[str], list[str]]], int, int]:
    """The notes (guid, fields, tags) of an ``.apkg`` file, its deck's id and its note type's id."""
    with zipfile.ZipFile(path) as package:
        package.extract("collection.anki2", folder)
    connection = sqlite3.connect(folder / "collection.anki2")
    try:
        notes = connection.execute("select guid, flds, tags, mid from notes order by id").fetchall()
        (deck,) = {row[0] for row in connection.execute("select did from cards")}
    finally:
        connection.close()
    (model,) = {row[3] for row in notes}
    return [(row[0], row[1].split("\x1f"), row[2].split()) for row in notes], deck, model


@ANKI
def test_one_card_per_sequence_of_the_system(app: SphinxTestApp, tmp_path: Path) -> None:
    app.build()
    deck = Path(app.outdir) / "bboalert-test.apkg"
    notes, _, _ = read_deck(deck, tmp_path)
    system = bml_domain(app.env).sites()[""].system
    expected = [short_notation(meaning.sequence) for meaning in system if meaning.description or meaning.condition]
    assert [fields[FIELDS.index("Sequence")] for _, fields, _ in notes] == expected
    assert len(notes) > 20
    by_sequence = {fields[FIELDS.index("Sequence")]: (fields, tags) for _, fields, tags in notes}
    fields, tags = by_sequence["1NT-2C"]
    assert fields[FIELDS.index("Meaning")] == "Stayman"
    assert fields[FIELDS.index("Page")] == "Openings"
    assert sorted(tags) == ["opening::1NT", "page::openings"]
    assert any(fields[FIELDS.index("Situation")] == "3rd seat" for fields, _ in by_sequence.values())
    warnings = app.warning.getvalue()
    assert "extra.bml: WARNING: the bidding tables here are left out of bboalert-test.apkg" in warnings
    assert "[bml.anki]" in warnings


def test_the_ids_are_the_same_in_every_build(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    decks = []
    for number in (1, 2):
        source = tmp_path / f"source{number}"
        shutil.copytree(rootdir / "test-bboalert", source)
        app = make_app("anki", srcdir=source)
        app.build()
        decks.append(read_deck(Path(app.outdir) / "bboalert-test.apkg", tmp_path / f"read{number}"))
    (first, first_deck, first_model), (second, second_deck, second_model) = decks
    assert [guid for guid, _, _ in first] == [guid for guid, _, _ in second]
    assert (first_deck, first_model) == (second_deck, second_model)


@ANKI
def test_without_genanki_a_warning_says_what_to_install(app: SphinxTestApp, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "genanki", None)
    deck = Path(app.outdir) / "bboalert-test.apkg"
    deck.unlink(missing_ok=True)  # from another test of the same project
    app.build()
    assert not deck.exists()
    warnings = app.warning.getvalue()
    assert (
        "index.rst: WARNING: bboalert-test.apkg is not written: an Anki deck needs genanki, which is not "
        "installed: pip install 'sphinx-bml[anki]' [bml.anki]"
    ) in warnings


def test_one_deck_per_system(tmp_path: Path) -> None:
    folder = make_systems_site(tmp_path / "site", SYSTEMS)
    outdir = Path(build_once("anki", folder, folder / "_build").outdir)
    assert sorted(path.name for path in outdir.glob("*.apkg")) == ["blue.apkg", "defense.apkg", "wj.apkg"]
    for name, title in (("wj", "WJ Polish Club"), ("blue", "Blue Club")):
        notes, deck, _ = read_deck(outdir / f"{name}.apkg", tmp_path / name)
        assert notes
        connection = sqlite3.connect(tmp_path / name / "collection.anki2")
        try:
            decks = json.loads(connection.execute("select decks from col").fetchone()[0])
        finally:
            connection.close()
        assert decks[str(deck)]["name"] == title


@pytest.mark.slow
def test_anki_imports_the_example_sites_deck(anki_collection: Collection, tmp_path: Path) -> None:
    result = sphinx_build("-b", "anki", EXAMPLE_SITE, tmp_path / "anki")
    assert result.returncode == 0, result.stderr
    deck = tmp_path / "anki" / "kestrel-precision.apkg"
    written, _, _ = read_deck(deck, tmp_path)
    assert len(written) == len(list(learned(example_system()))) > 300
    first = import_into_anki(anki_collection, deck)
    assert len(first.new) == anki_collection.note_count() == anki_collection.card_count() == len(written)
    again = import_into_anki(anki_collection, deck)
    assert (len(again.new), len(again.duplicate), anki_collection.note_count()) == (0, len(written), len(written))
    notes = [anki_collection.get_note(note) for note in anki_collection.find_notes("")]
    assert {note.guid for note in notes} == {guid for guid, _, _ in written}
    for note in notes:
        assert anki_problems(anki_collection, note) == [], note["Sequence"]
    assert "Kestrel Precision" in [deck.name for deck in anki_collection.decks.all_names_and_ids()]


HOSTILE_PAGE = """\
<img src=x onerror=alert(1)> & [sound:t.mp3] \\\\(x\\\\)
========================================================

.. bml::

   #+TITLE: Acol & <b>Benji</b>

   1C  Strong [latex]\\input{/etc/passwd}[/latex] <script>alert(1)</script>
     (1N{<img src=x onerror=alert(1)>})
       D  Penalty {x} [$]x[/$]
"""


def test_a_site_whose_notes_hold_markup_makes_a_deck_that_runs_none(
    anki_collection: Collection, tmp_path: Path
) -> None:
    source = write_project(tmp_path / "site", HOSTILE_PAGE, 'extensions = ["sphinx_bml"]\nproject = "Evil"\n')
    result = sphinx_build("-b", "anki", source, tmp_path / "anki")
    assert result.returncode == 0, result.stderr
    assert len(import_into_anki(anki_collection, tmp_path / "anki" / "evil.apkg").new) == 2
    notes = {shown(note["Sequence"]): note for note in map(anki_collection.get_note, anki_collection.find_notes(""))}
    assert list(notes) == ["1C", "1C-(1NT{<img src=x onerror=alert(1)>})-D"]
    for note in notes.values():
        assert anki_problems(anki_collection, note) == [], note["Sequence"]
        assert shown(note["Page"]) == "<img src=x onerror=alert(1)> & [sound:t.mp3] \\(x\\)"
    penalty = notes["1C-(1NT{<img src=x onerror=alert(1)>})-D"]
    assert shown(penalty["Meaning"]) == "Penalty {x} [$]x[/$]"
    assert "Penalty {x} [$]x[/$]" in shown(penalty.cards()[0].answer())
    assert "Acol & <b>Benji</b>" in [deck.name for deck in anki_collection.decks.all_names_and_ids()]
