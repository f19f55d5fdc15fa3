"""Standard abbreviations in prose, with their meaning.

With ``bml_abbreviations`` set (``"wbf"``, or a dict of one's own), every
abbreviation written as a word of its own in the prose of a page
(paragraphs, list items, headings, table cells) becomes a docutils
``abbreviation``: ``<abbr title="forcing">F</abbr>`` in HTML, the
abbreviation with its meaning at its first use in LaTeX, the abbreviation
alone in other builders. Literal text, code and the bidding tables, deals
and auctions (sphinx-bml's own nodes, which show meanings their own way:
:func:`~sphinx_bml.language.abbreviations.split_abbreviations`) are left
as they are.

The abbreviations a page uses are kept in its reading (``state``), for the
domain to note and ``.. bml-glossary::`` to list (``whole_site/glossary``).
Builders other than HTML and LaTeX show them as written
(``writing/fallback``).
"""

from __future__ import annotations

from collections.abc import Mapping

from docutils import nodes
from sphinx.transforms import SphinxTransform

from ...language.abbreviations import Abbreviation, split_abbreviations
from ..config import site_abbreviations
from .state import current_reading

#: Where prose is: text under one of these is looked at.
_PROSE = (nodes.paragraph, nodes.title, nodes.term, nodes.line, nodes.rubric)
#: Never inside these: code, markup written out, what is already marked.
_LEFT_ALONE = (
    nodes.FixedTextElement,
    nodes.literal,
    nodes.raw,
    nodes.abbreviation,
    nodes.acronym,
    nodes.comment,
    nodes.substitution_definition,
    nodes.math,
    nodes.target,
)


def abbreviation_nodes(text: str, abbreviations: Mapping[str, str]) -> list[nodes.Node]:
    """``text`` as text nodes and ``abbreviation`` nodes (``explanation``: what it stands for)."""
    return [
        nodes.Text(piece) if isinstance(piece, str) else _abbreviation(piece)
        for piece in split_abbreviations(text, abbreviations)
    ]


def _abbreviation(found: Abbreviation) -> nodes.abbreviation:
    return nodes.abbreviation(found.text, found.text, explanation=found.meaning)


def _in_prose(text: nodes.Text) -> bool:
    prose = False
    parent = text.parent
    while parent is not None:
        if isinstance(parent, _LEFT_ALONE) or type(parent).__module__.startswith("sphinx_bml."):
            return False
        prose = prose or isinstance(parent, _PROSE)
        parent = parent.parent
    return prose


class MarkAbbreviations(SphinxTransform):
    """Abbreviations in prose become ``abbreviation`` nodes; the page's are kept in its reading."""

    default_priority = 880  # after the document's own transforms, before Sphinx's post-transforms

    def apply(self, **kwargs: object) -> None:
        abbreviations = site_abbreviations(self.config)
        if not abbreviations:
            return
        used: set[str] = set()
        for text in list(self.document.findall(nodes.Text)):
            if not _in_prose(text):
                continue
            pieces = abbreviation_nodes(text.astext(), abbreviations)
            if not any(isinstance(piece, nodes.abbreviation) for piece in pieces):
                continue
            used.update(piece.astext() for piece in pieces if isinstance(piece, nodes.abbreviation))
            text.parent.replace(text, pieces)
        current_reading(self.env).abbreviations = frozenset(used)
