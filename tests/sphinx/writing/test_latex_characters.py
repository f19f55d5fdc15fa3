"""Characters bridge players type reach the PDF with pdflatex, and those pdflatex
cannot print are found, located and named, with the cure (xelatex)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from docutils import nodes
from docutils.core import publish_doctree
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx.writing import latex
from sphinx_bml.sphinx.writing.latex_characters import (
    CURE,
    CYRILLIC_RANGES,
    TEX_LIVE_RANGES,
    characters_in_ranges,
    declared_in_style,
    handled_by_sphinx,
    printable_by_pdflatex,
    unprintable_characters,
    untypesettable_in_doctree,
)
from tests.support import build_once, make_pdf, require, write_project

DECLARED = declared_in_style(latex.STYLE_FILE.read_text(encoding="utf-8"))
PRINTABLE = printable_by_pdflatex(DECLARED)

#: Characters bridge players type or paste into their notes, and what pdftotext
#: reads back from the PDF (the white suits are printed as the filled ones).
PLAYER_CHARACTERS = {
    "\N{MINUS SIGN}": "\N{MINUS SIGN}",
    "♣": "♣",
    "♦": "♦",
    "♥": "♥",
    "♠": "♠",
    "♧": "♣",
    "♢": "♦",
    "♡": "♥",
    "♤": "♠",
    "≥": "≥",
    "≤": "≤",
    "±": "±",
    "×": "×",
    "÷": "÷",
    "→": "→",
    "←": "←",
    "⇒": "⇒",
    "↔": "↔",
    "½": "½",
    "¼": "¼",
    "¾": "¾",
    "‘": "‘",
    "’": "’",
    "“": "“",
    "”": "”",
    "–": "–",
    "—": "—",
    "…": ". . .",  # \textellipsis of the T1 font: three spaced dots
    "°": "°",
    "•": "•",
    "·": "·",
    "≠": "\u0338=",  # \neq: a slash laid over =
    "≈": "≈",
    "€": "€",
    "£": "£",
    "§": "§",
    "é": "é",
    "ø": "ø",
    "ß": "ß",
    "ñ": "ñ",
    "ü": "ü",
    "ł": "ł",
    "ś": "ś",
    "«": "«",
    "»": "»",
}
#: Typed, but nothing to read back: spaces of several widths.
INVISIBLE = "\N{NO-BREAK SPACE}\N{THIN SPACE}\N{NARROW NO-BREAK SPACE}\N{ZERO WIDTH SPACE}"


# --------------------------------------------------------------------------
# Which characters pdflatex prints


def test_every_character_players_type_is_printable() -> None:
    typed = "".join(PLAYER_CHARACTERS) + INVISIBLE + "♠♥♦♣ ≥≤ ✓ ✗ ★ ⅓ ⅔"
    assert unprintable_characters(typed, PRINTABLE) == []


def test_the_minus_sign_of_a_real_repository_is_declared() -> None:
    assert "\N{MINUS SIGN}" in DECLARED  # it stopped `make latexpdf` in a real repository


def test_suits_filled_and_white_are_declared() -> None:
    assert set("♠♥♦♣♤♡♢♧") <= DECLARED


def test_ascii_is_never_reported() -> None:
    assert unprintable_characters("".join(map(chr, range(128))), frozenset()) == []


def test_other_scripts_and_pictures_are_found_where_they_first_are() -> None:
    text = "1NT −1 trick ≥ 15\nПолька: Ж, then ж and Ж again\nGood lead 👍 and α"
    found = unprintable_characters(text, PRINTABLE)
    assert [(f.character, f.line, f.column) for f in found] == [
        ("П", 2, 1),
        ("о", 2, 2),
        ("л", 2, 3),
        ("ь", 2, 4),
        ("к", 2, 5),
        ("а", 2, 6),
        ("Ж", 2, 9),
        ("ж", 2, 17),
        ("👍", 3, 11),
        ("α", 3, 17),
    ]


def test_message_names_the_character_and_the_cure() -> None:
    (found,) = unprintable_characters("steps 2 ➝ 3", PRINTABLE)
    assert found.code == "U+279D"
    assert found.message == (
        "the PDF cannot show the character '➝' (U+279D TRIANGLE-HEADED RIGHTWARDS ARROW) with LaTeX's default "
        'engine, pdflatex: add latex_engine = "xelatex" to conf.py, or type it another way'
    )
    assert CURE in found.message


def test_invisible_and_combining_characters_are_named_not_shown() -> None:
    # an accent typed as a second character (e + U+0301), as some keyboards do
    (accent,) = unprintable_characters("Beyonce\u0301 convention", PRINTABLE)
    assert accent.name == "COMBINING ACUTE ACCENT"
    assert "'" not in accent.message.split("(")[0]
    (space,) = unprintable_characters("15\u3000HCP", PRINTABLE)
    assert space.name == "IDEOGRAPHIC SPACE" and "'\u3000'" not in space.message


def test_sphinx_escapes_and_declares_some_itself() -> None:
    assert {"∞", "✓", "±", "→", "\N{NO-BREAK SPACE}", "└"} <= handled_by_sphinx()
    assert all(not character.isascii() for character in handled_by_sphinx())


def test_declarations_commented_out_do_not_count() -> None:
    style = "\\DeclareUnicodeCharacter{2212}{\\textminus}\n% \\DeclareUnicodeCharacter{2265}{\\geq}\n"
    assert declared_in_style(style) == {"\N{MINUS SIGN}"}


def test_ranges_are_read_inclusive() -> None:
    assert characters_in_ranges("00A0-00A2 2026") == {"\xa0", "¡", "¢", "…"}


def _tex_live_declarations() -> Iterator[int]:
    for name in ("t1enc.dfu", "ts1enc.dfu", "ot1enc.dfu", "omsenc.dfu"):
        found = subprocess.run(["kpsewhich", name], capture_output=True, text=True, check=False).stdout.strip()
        require(bool(found), f"{name} not found (TeX Live)")
        text = Path(found).read_text(encoding="latin-1")
        yield from (int(code, 16) for code in re.findall(r"\\DeclareUnicodeCharacter\{([0-9A-Fa-f]+)\}", text))


@pytest.mark.latex
def test_tex_live_ranges_are_those_of_the_installed_tex_live() -> None:
    require(shutil.which("kpsewhich") is not None, "kpsewhich is not installed (TeX Live)")
    from_tex_live = {chr(code) for code in _tex_live_declarations()} | set("ˆ˜…")
    assert characters_in_ranges(TEX_LIVE_RANGES) == from_tex_live


@pytest.mark.latex
def test_cyrillic_ranges_are_those_of_the_installed_tex_live() -> None:
    """The letters T2A adds to what the default set-up prints, read from TeX Live's ``t2aenc.dfu``."""
    require(shutil.which("kpsewhich") is not None, "kpsewhich is not installed (TeX Live)")
    found = subprocess.run(["kpsewhich", "t2aenc.dfu"], capture_output=True, text=True, check=False).stdout.strip()
    require(bool(found), "t2aenc.dfu not found (TeX Live)")
    text = Path(found).read_text(encoding="latin-1")
    declared = {chr(int(code, 16)) for code in re.findall(r"\\DeclareUnicodeCharacter\{([0-9A-Fa-f]+)\}", text)}
    assert characters_in_ranges(CYRILLIC_RANGES) == declared - characters_in_ranges(TEX_LIVE_RANGES)


# --------------------------------------------------------------------------
# In a document


def test_doctree_gives_each_character_once_with_its_element() -> None:
    doctree = publish_doctree(
        "Title with Ж\n============\n\n"
        "A paragraph\nwith Ж and ≥ and 😀.\n\n"
        ".. raw:: latex\n\n   \\textit{😀 raw LaTeX is the author's own}\n\n"
        ".. a comment with ☃\n\n"
        "* a list item with ☃\n",
        settings_overrides={"report_level": 5},
    )
    found = [
        (type(element).__name__, f.character, f.line) for element, f in untypesettable_in_doctree(doctree, PRINTABLE)
    ]
    assert found == [("title", "Ж", 1), ("paragraph", "😀", 2), ("paragraph", "☃", 1)]
    paragraph = next(e for e, f in untypesettable_in_doctree(doctree, PRINTABLE) if f.character == "😀")
    assert isinstance(paragraph, nodes.paragraph) and paragraph.line == 4  # its first line; the emoji is on the second


# --------------------------------------------------------------------------
# A real PDF

CONF = """\
project = "Characters"
extensions = ["sphinx_bml"]
latex_documents = [("index", "characters.tex", "Characters", "sphinx-bml", "howto")]
latex_use_xindy = False
"""

#: Every character that pdflatex prints according to this module, in one
#: paragraph: the PDF compiling proves the list (Sphinx escapes the ASCII ones).
EVERY_PRINTABLE = " ".join(sorted(PRINTABLE - {"\ufeff"}))


def index_rst() -> str:
    typed = " ".join(f"[{character}]" for character in PLAYER_CHARACTERS)
    return f"""\
Characters
==========

Suits ♠♥♦♣ and limits ≥ 15 − 2
------------------------------

Prose as players type it: {typed} and spaces[{INVISIBLE}]end.

.. bml::

  1C  Polish club: 12−14 balanced, or ≥ 18 any; ♤♡♢♧ typed white
  1D  4+♦, 11–17 HCP… ½ of the time 5+; “natural”
    1H  ≥ 4♥, forcing → rebid ← ½ ¼ ¾ ± ×

Every character pdflatex prints, as far as this package knows:

{EVERY_PRINTABLE}
"""


@pytest.fixture(scope="module")
def pdf_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One PDF for the module: build the LaTeX sources, run Sphinx's Makefile, read the text back."""
    source = write_project(tmp_path_factory.mktemp("characters"), index_rst(), CONF)
    app = build_once("latex", source, source / "_build")
    assert app.warning.getvalue() == ""
    return make_pdf(Path(app.outdir))


@pytest.mark.latex
@pytest.mark.slow
def test_pdf_has_every_character_players_type(pdf_text: str) -> None:
    packed = "".join(pdf_text.split())
    missing = {
        typed: shown for typed, shown in PLAYER_CHARACTERS.items() if f"[{''.join(shown.split())}]" not in packed
    }
    assert missing == {}
    assert "spaces[" in pdf_text and "]end." in pdf_text


@pytest.mark.latex
@pytest.mark.slow
def test_pdf_has_the_characters_in_headings_and_bidding_tables(pdf_text: str) -> None:
    assert "Suits ♠♥♦♣ and limits ≥ 15 − 2" in pdf_text
    assert "Polish club: 12−14 balanced, or ≥ 18 any; ♠♥♦♣ typed white" in pdf_text
    assert "4+♦, 11–17 HCP. . . ½ of the time 5+; “natural”" in pdf_text
    assert "≥ 4♥, forcing → rebid ← ½ ¼ ¾ ± ×" in pdf_text


@pytest.mark.latex
@pytest.mark.slow
def test_pdf_has_every_character_said_printable(pdf_text: str) -> None:
    # a sample read back: the compile itself (no "Unicode character not set up") is the proof
    for character in "ĄąŁłŚśŻżĆćŃńÅåØøÆæÞþ€™‰†‡":
        assert character in pdf_text


def test_a_latex_build_names_each_unprintable_character_at_its_line(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    (tmp_path / "conf.py").write_text('extensions = ["sphinx_bml"]\nproject = "chars"\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text(
        "Notes\n=====\n\nWe play 1\u2660 \u2212 fine.\n\n.. bml::\n\n   1N  15-17 \u03b1\n   2C  Stayman \u03b1\n",
        encoding="utf-8",
    )
    app = make_app("latex", srcdir=tmp_path)
    app.build()
    warnings = app.warning.getvalue()
    assert warnings.count("[bml.latex]") == 1, warnings  # once per page and character
    expected = "index.rst:8: WARNING: the PDF cannot show the character '\u03b1' (U+03B1 GREEK SMALL LETTER ALPHA)"
    assert expected in warnings
    assert CURE in warnings


#: Notes in Russian: prose and a bidding table.
RUSSIAN = (
    "Система\n=======\n\nМы играем сильную трефу.\n\n"
    ".. bml::\n\n   1C  Сильная: 16+ очков\n   1N  Слабая: 12\u201314, ровная\n"
)


@pytest.mark.parametrize(
    ("conf", "cyrillic_warned"),
    [
        ('language = "ru"\n', False),  # Sphinx's babel loads T2A for a language written in Cyrillic
        ('language = "uk"\n', False),
        ('latex_elements = {"fontenc": r"\\usepackage[T2A,T1]{fontenc}"}\n', False),
        ("", True),  # English: T1 only, and pdflatex would stop
    ],
)
def test_cyrillic_is_printable_where_the_document_loads_it(
    make_app: type[SphinxTestApp], tmp_path: Path, conf: str, cyrillic_warned: bool
) -> None:
    greek = "\nA Greek letter, which T2A does not print either: \u03b1.\n"
    source = write_project(tmp_path / "docs", RUSSIAN + greek, 'extensions = ["sphinx_bml"]\n' + conf)
    app = make_app("latex", srcdir=source)
    app.build()
    warnings = app.warning.getvalue()
    assert ("CYRILLIC" in warnings) == cyrillic_warned, warnings
    assert "U+03B1 GREEK SMALL LETTER ALPHA" in warnings  # what the language does not load is still named


@pytest.mark.latex
@pytest.mark.slow
def test_notes_in_russian_make_a_pdf_with_pdflatex(tmp_path: Path) -> None:
    """No warning for the Cyrillic letters, and pdflatex prints them, table and prose."""
    conf = 'extensions = ["sphinx_bml"]\nlanguage = "ru"\nlatex_use_xindy = False\n'
    source = write_project(tmp_path / "docs", RUSSIAN, conf)
    app = build_once("latex", source, source / "_build")
    assert "bml.latex" not in app.warning.getvalue()
    text = make_pdf(Path(app.outdir))
    assert "Мы играем сильную трефу" in text and "Сильная: 16+ очков" in text


def test_xelatex_builds_are_not_checked(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text(
        'extensions = ["sphinx_bml"]\nlatex_engine = "xelatex"\nlatex_use_xindy = False\n', encoding="utf-8"
    )
    (tmp_path / "index.rst").write_text("Notes\n=====\n\n\u03b1\n", encoding="utf-8")
    app = make_app("latex", srcdir=tmp_path)
    app.build()
    assert "bml.latex" not in app.warning.getvalue()


def test_characters_the_project_declares_are_printable(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    conf = 'extensions = ["sphinx_bml"]\nlatex_elements = {"preamble": r"\\DeclareUnicodeCharacter{03B1}{a}"}\n'
    source = write_project(tmp_path / "docs", "Notes\n=====\n\nAlpha \u03b1, beta \u03b2.\n", conf)
    app = make_app("latex", srcdir=source)
    app.build()
    warnings = app.warning.getvalue()
    assert "U+03B1" not in warnings and warnings.count("[bml.latex]") == 1  # beta only


def test_what_an_abbreviation_stands_for_is_searched_and_located_at_it() -> None:
    doctree = publish_doctree("Notes\n=====\n\nWe ask with RKC.\n")
    paragraph = next(doctree.findall(nodes.paragraph))
    paragraph.insert(1, nodes.abbreviation("RKC", "RKC", explanation="Roman Key Card \u03a9"))
    found = [
        (type(element).__name__, f.character, f.within) for element, f in untypesettable_in_doctree(doctree, PRINTABLE)
    ]
    assert found == [("abbreviation", "\u03a9", "what RKC stands for")]
    (_, omega), *_ = untypesettable_in_doctree(doctree, PRINTABLE)
    assert "'\u03a9' (U+03A9 GREEK CAPITAL LETTER OMEGA) in what RKC stands for, with" in omega.message


#: What the generated pages and the abbreviations of a site print (one
#: warning per character and document).
ABBREVIATIONS_CONF = """\
project = "Abbreviations"
extensions = ["sphinx_bml"]
bml_abbreviations = {"RKC": "Roman Key Card \u03a9", "KCB": "Key Card \u0411", "GF": "game forcing \u0436"}
latex_documents = [("index", "abbreviations.tex", "Abbreviations", "sphinx-bml", "howto")]
latex_use_xindy = False
"""
OPENINGS = (
    "Openings\n========\n\nWe ask with RKC.\n\n"
    ".. bml::\n\n   1C  Strong club, GF\n   1N  15-17, then KCB\n\n"
    ".. bml-summary::\n   :title: Openings \u2261 ours\n"
)


def latex_warnings(make_app: type[SphinxTestApp], source: Path) -> str:
    app = make_app("latex", srcdir=source)
    app.build()
    return str(app.warning.getvalue())


def test_generated_pages_are_checked(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    glossary = "Glossary\n========\n\n.. bml-glossary::\n"
    index = "Notes\n=====\n\n.. toctree::\n\n   glossary\n   openings\n"
    source = write_project(tmp_path / "docs", index, ABBREVIATIONS_CONF, glossary__rst=glossary, openings__rst=OPENINGS)
    warnings = latex_warnings(make_app, source)
    at_glossary = f"{source / 'glossary.rst'}:4: WARNING: the PDF cannot show the character"
    for character in "\u03a9\u0411\u0436":  # the glossary comes first in the book
        assert f"{at_glossary} '{character}' (U+{ord(character):04X} " in warnings, (character, warnings)
    summary = (
        f"{source / 'openings.rst'}:11: WARNING: the PDF cannot show the character '\u2261' (U+2261 IDENTICAL TO) with"
    )
    assert summary in warnings
    assert warnings.count("[bml.latex]") == 4, warnings


def test_what_abbreviations_stand_for_is_checked_where_the_pdf_spells_it_out(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    source = write_project(tmp_path / "docs", OPENINGS, ABBREVIATIONS_CONF)
    warnings = latex_warnings(make_app, source)
    index = source / "index.rst"
    expected = [
        f"{index}:4: WARNING: the PDF cannot show the character '\u03a9' (U+03A9 GREEK CAPITAL LETTER OMEGA) "
        "in what RKC stands for, with",  # prose
        f"{index}:8: WARNING: the PDF cannot show the character '\u0436' (U+0436 CYRILLIC SMALL LETTER ZHE) "
        "in what GF stands for, with",  # a row's meaning
        f"{index}:9: WARNING: the PDF cannot show the character '\u0411' (U+0411 CYRILLIC CAPITAL LETTER BE) "
        "in what KCB stands for, with",
    ]
    for warning in expected:
        assert warning in warnings, warnings
    assert warnings.count("[bml.latex]") == 4, warnings  # and the summary's title


@pytest.mark.latex
@pytest.mark.slow
def test_pdflatex_stops_only_on_a_character_named_first(tmp_path: Path) -> None:
    # what the docs promise: pdflatex would stop on such a character, and sphinx-bml names it first
    source = write_project(tmp_path / "docs", OPENINGS, ABBREVIATIONS_CONF)
    app = build_once("latex", source, source / "_build")
    named = set(re.findall(r"character '(.)' \(U\+[0-9A-F]+ [^)]*\)", app.warning.getvalue()))
    with pytest.raises(AssertionError):
        make_pdf(Path(app.outdir))
    log = (Path(app.outdir) / "abbreviations.log").read_text(errors="replace")
    stopped_on = re.findall(r"Unicode character (.) \(U\+[0-9A-F]+\)\s*not set up for use with LaTeX", log)
    assert stopped_on and set(stopped_on) <= named, (stopped_on, named)
