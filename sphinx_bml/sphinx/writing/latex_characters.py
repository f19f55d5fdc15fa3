"""The characters of a document that pdflatex cannot print.

Sphinx makes PDFs with pdflatex unless ``latex_engine`` says otherwise, and
pdflatex knows only the characters it was told about: ASCII, those of its
font encodings (T1 and TS1: accented Latin letters, curly quotes, dashes,
the ellipsis, the degree sign, halves and quarters, arrows ← →...), the few
that Sphinx replaces or declares itself (± → ∞ ✓ ...), and the ones
``sphinxbml.sty`` declares (suit symbols, the minus sign, ≤ ≥ ...). Any
other character stops ``make latexpdf`` with an error that names no file
and no line. This module finds such characters first, so that the build can
say where each one is and what cures it: ``latex_engine = "xelatex"``,
whose fonts have them all.

The pure functions work on text; :func:`untypesettable_in_doctree` walks a
document's text nodes, and what its abbreviations stand for (which the PDF
spells out after their first use), and is what the LaTeX builder calls.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

from docutils import nodes
from sphinx.builders.latex.constants import ADDITIONAL_SETTINGS
from sphinx.util.texescape import tex_replacements, unicode_tex_replacements

from ...language.abbreviations import Abbreviation

#: The characters the default pdflatex set-up of Sphinx (``inputenc`` utf8,
#: ``fontenc`` T1, and TS1 as the kernel loads it) can print, as code point
#: ranges. Generated from TeX Live 2022's ``t1enc.dfu``, ``ts1enc.dfu``,
#: ``ot1enc.dfu`` and ``omsenc.dfu`` (every ``\DeclareUnicodeCharacter``
#: there) plus three of ``utf8enc.dfu`` that need no encoding (ˆ ˜ …);
#: tests/sphinx/writing/test_latex_characters.py checks it against the TeX Live
#: installed. Greek and Cyrillic need font encodings Sphinx only loads for
#: those languages, so they are not here (Cyrillic: :data:`CYRILLIC_RANGES`).
TEX_LIVE_RANGES = (
    "00A0-0125 0128-0137 0139-013E 0141-0148 014A-0165 0168-017E 0192 01C4-01D4 01E2-01E3 01E6-01EB 01F0 "
    "01F4-01F5 0218-021B 0232-0233 0237 02C6-02C7 02D8-02D9 02DB-02DD 0E3F 1E02-1E03 1E0D 1E1E-1E21 1E25 "
    "1E30-1E31 1E37 1E43 1E45 1E47 1E5B 1E63 1E6D 1E8E-1E91 1E9E 1EF2-1EF3 200C 2010-2016 2018-201A "
    "201C-201E 2020-2022 2026 2030-2031 2039-203B 203D 2044 204E 2052 20A1 20A4 20A6 20A9 20AB-20AC 20B1 "
    "2103 2116-2117 211E 2120 2122 2126-2127 212E 2190-2193 2329-232A 2422-2423 25E6 25EF 266A 27E8-27E9 "
    "3008-3009 FB00-FB06 FEFF"
)

#: The Cyrillic letters of the T2A font encoding (TeX Live 2022's ``t2aenc.dfu``, its characters
#: that T1 has not): printable when Sphinx's babel loads it, for notes in Russian, Ukrainian,
#: Bulgarian, Kazakh or Mongolian (``language = "ru"``...), or when ``latex_elements["fontenc"]``
#: names T2A. tests/sphinx/writing/test_latex_characters.py checks it against the TeX Live installed.
CYRILLIC_RANGES = (
    "0400-045F 0490-0493 0496-049D 04A0-04A5 04AA-04AB 04AE-04B3 04B6-04BB 04C0-04C2 04D0-04DF 04E2-04E9 "
    "04EC-04F5 04F8-04F9"
)

#: What to tell the author; the conf.py line is the cure for every character.
CURE = 'latex_engine = "xelatex"'

DECLARATION = re.compile(r"^[^%\n]*\\DeclareUnicodeCharacter\{([0-9A-Fa-f]{4,6})\}", re.MULTILINE)
SPHINX_DECLARATION = re.compile(r"\\sphinxDUC\{([0-9A-Fa-f]{4,6})\}")


def characters_in_ranges(ranges: str) -> frozenset[str]:
    """``"00A0-00A2 2026"`` as the characters it names."""
    found: set[str] = set()
    for span in ranges.split():
        first, _, last = span.partition("-")
        found.update(chr(code) for code in range(int(first, 16), int(last or first, 16) + 1))
    return frozenset(found)


def declared_in_style(style: str) -> frozenset[str]:
    """The characters a LaTeX package declares with ``\\DeclareUnicodeCharacter``
    (lines commented out with ``%`` do not count)."""
    return frozenset(chr(int(code, 16)) for code in DECLARATION.findall(style))


def handled_by_sphinx() -> frozenset[str]:
    """The non-ASCII characters Sphinx itself makes printable for pdflatex: those
    its escaping replaces by LaTeX commands, and those its preamble declares."""
    replaced = {character for character, _ in (*tex_replacements, *unicode_tex_replacements)}
    declared = SPHINX_DECLARATION.findall(ADDITIONAL_SETTINGS["pdflatex"]["utf8extra"])
    return frozenset(
        {character for character in replaced if not character.isascii()} | {chr(int(code, 16)) for code in declared}
    )


def printable_by_pdflatex(declared: Iterable[str], *, cyrillic: bool = False) -> frozenset[str]:
    """Every non-ASCII character pdflatex can print in a Sphinx document,
    given the characters our package ``declared``, and whether the document
    loads the Cyrillic font encoding (:data:`CYRILLIC_RANGES`)."""
    found = characters_in_ranges(TEX_LIVE_RANGES) | handled_by_sphinx() | frozenset(declared)
    return found | characters_in_ranges(CYRILLIC_RANGES) if cyrillic else found


@dataclass(frozen=True)
class UnprintableCharacter:
    """A character pdflatex cannot print, where it first is in a text."""

    character: str
    #: counted from 1, within the text searched
    line: int
    column: int
    #: the text it is in, when that is not the text at its place: ``what RKC stands for``
    within: str = ""

    @property
    def code(self) -> str:
        """``U+2212``"""
        return f"U+{ord(self.character):04X}"

    @property
    def name(self) -> str:
        """``MINUS SIGN``: the Unicode name, which tells invisible characters apart."""
        return unicodedata.name(self.character, "UNNAMED CHARACTER")

    @property
    def message(self) -> str:
        visible = unicodedata.category(self.character)[0] not in "MZC"  # not a mark, space or control
        shown = self.character if visible else ""
        quoted = f"'{shown}' " if shown else ""
        within = f" in {self.within}," if self.within else ""
        return (
            f"the PDF cannot show the character {quoted}({self.code} {self.name}){within} with LaTeX's default engine, "
            f"pdflatex: add {CURE} to conf.py, or type it another way"
        )


def unprintable_characters(text: str, printable: frozenset[str], within: str = "") -> list[UnprintableCharacter]:
    """The characters of ``text`` that are neither ASCII nor ``printable``, each
    once, at its first place, in the order they first come (``within``: what
    the text is, for the message)."""
    found: dict[str, UnprintableCharacter] = {}
    number, counted = 1, 0  # the line number at ``counted`` (text before it holds number - 1 line ends)
    for match in _unprintable(printable).finditer(text):
        character, position = match.group(), match.start()
        if character in found:
            continue
        number += text.count("\n", counted, position)
        counted = position
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        found[character] = UnprintableCharacter(character, number, column, within)
    return list(found.values())


@lru_cache(maxsize=8)
def _unprintable(printable: frozenset[str]) -> re.Pattern[str]:
    """A character neither ASCII nor ``printable``: a whole page is searched at once for them."""
    return re.compile("[^\x00-\x7f" + "".join(re.escape(character) for character in sorted(printable)) + "]")


def explained(abbreviation: str) -> str:
    """What the message calls the explanation of ``abbreviation``."""
    return f"what {abbreviation} stands for"


#: Text in these is not typeset (raw LaTeX is the author's own business).
NOT_TYPESET = (nodes.comment, nodes.raw, nodes.substitution_definition)


#: The abbreviations a text node's own text uses (the search text of a
#: bidding table, whose meanings the PDF spells abbreviations out in), one
#: list per line; none for the text of other nodes.
AbbreviationsOfText = Callable[[nodes.Text], list[list[Abbreviation]]]


def untypesettable_in_doctree(
    doctree: nodes.Node, printable: frozenset[str], abbreviations_of: AbbreviationsOfText | None = None
) -> Iterator[tuple[nodes.Element, UnprintableCharacter]]:
    """Each character of the document that pdflatex cannot print, once, with the
    element holding its first occurrence (``element.source`` and ``element.line``
    locate it; ``found.line - 1`` lines further down in a paragraph of several).

    What an abbreviation stands for is printed after its first use: the
    ``explanation`` of an ``abbreviation`` node, and of those
    ``abbreviations_of`` finds in a text, is searched too; a character found
    there is located at the abbreviation (``found.within`` says in what)."""
    seen: set[str] = set()
    for node in doctree.findall(lambda node: isinstance(node, (nodes.Text, nodes.abbreviation))):
        element = node if isinstance(node, nodes.abbreviation) else node.parent
        if element is None or _is_not_typeset(element):
            continue
        for found in _unprintable_in(node, printable, abbreviations_of):
            if found.character not in seen:
                seen.add(found.character)
                yield element, found


def _unprintable_in(
    node: nodes.Node, printable: frozenset[str], abbreviations_of: AbbreviationsOfText | None
) -> Iterator[UnprintableCharacter]:
    if isinstance(node, nodes.abbreviation):
        explanation = str(node.get("explanation", ""))
        for found in unprintable_characters(explanation, printable, explained(node.astext())):
            yield replace(found, line=1, column=1)
        return
    assert isinstance(node, nodes.Text)
    yield from unprintable_characters(node.astext(), printable)
    if abbreviations_of is None:
        return
    for number, used in enumerate(abbreviations_of(node), start=1):
        for abbreviation in used:
            for found in unprintable_characters(abbreviation.meaning, printable, explained(abbreviation.text)):
                yield replace(found, line=number, column=1)


def _is_not_typeset(element: nodes.Element) -> bool:
    node: nodes.Element | None = element
    while node is not None:
        if isinstance(node, NOT_TYPESET):
            return True
        node = node.parent
    return False
