"""Standard abbreviations in prose, with their meaning; ``.. bml-glossary::``.

With ``bml_abbreviations`` set (``"wbf"``, or a dict of one's own), every
abbreviation written as a word of its own in the prose of a page
(paragraphs, list items, headings, table cells) becomes a docutils
``abbreviation``: ``<abbr title="forcing">F</abbr>`` in HTML, the
abbreviation with its meaning at its first use in LaTeX, the abbreviation
alone in other builders. Literal text, code and the bidding tables, deals
and auctions (sphinx-bml's own nodes, which show meanings their own way:
:func:`~sphinx_bml.language.abbreviations.split_abbreviations`) are left
as they are.

``.. bml-glossary::`` lists the abbreviations the site uses, in its prose
and in the meanings of its bidding tables, with what each stands for. It is
made once every document is read (``doctree-resolved``), and written again
whenever a page changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective

from ...language.abbreviations import Abbreviation, abbreviations_in, known_abbreviations, split_abbreviations
from ..domain.domain import bml_domain

_GLOSSARY = "bml-glossary"
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


def site_abbreviations(config: object) -> dict[str, str]:
    """The abbreviations ``bml_abbreviations`` asks for (none by default)."""
    return known_abbreviations(getattr(config, "bml_abbreviations", {}))


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
    """Abbreviations in prose become ``abbreviation`` nodes; the page's are noted in the ``bml`` domain."""

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
        bml_domain(self.env).note_abbreviations(self.env.docname, used)


class BMLGlossary(SphinxDirective):
    """``.. bml-glossary::``: the abbreviations the site uses, with their meaning."""

    def run(self) -> list[nodes.Node]:
        bml_domain(self.env).note_generated(self.env.docname)
        placeholder = nodes.container(classes=[_GLOSSARY])
        self.set_source_info(placeholder)
        return [placeholder]


def used_abbreviations(env: BuildEnvironment) -> dict[str, str]:
    """The abbreviations the site uses, in its prose and in its meanings, in alphabetical order."""
    abbreviations = site_abbreviations(env.config)
    domain = bml_domain(env)
    used = {text for texts in domain.abbreviations.values() for text in texts}
    for page in domain.pages.values():
        for meaning in page.meanings:
            used.update(found.text for found in abbreviations_in(meaning.plain_text, abbreviations))
    return {text: abbreviations[text] for text in sorted(used, key=lambda text: (text.casefold(), text))}


def glossary(entries: Iterable[tuple[str, str]]) -> nodes.Element:
    """A definition list of the abbreviations and what they stand for."""
    items = nodes.definition_list(classes=[_GLOSSARY])
    for text, meaning in entries:
        items += nodes.definition_list_item(
            "",
            nodes.term(text, "", nodes.strong(text, text)),
            nodes.definition("", nodes.paragraph(meaning, meaning)),
        )
    if not len(items):
        return nodes.paragraph("", "The notes use no standard abbreviation.")
    return items


def fill_glossary(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: each ``bml-glossary`` placeholder gets the site's abbreviations."""
    placeholders = [node for node in doctree.findall(nodes.container) if _GLOSSARY in node["classes"]]
    if not placeholders:
        return
    made = glossary(used_abbreviations(app.env).items())
    for placeholder in placeholders:
        placeholder += made.deepcopy()


def plain_abbreviations(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: builders other than HTML and LaTeX show an abbreviation as written
    (the text builder would add its meaning in parentheses at each use)."""
    if app.builder.format in ("html", "latex"):
        return
    for abbreviation in list(doctree.findall(nodes.abbreviation)):
        abbreviation.parent.replace(abbreviation, nodes.Text(abbreviation.astext()))


def generated_pages(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-get-updated``: the pages made from the whole site (``bml-glossary``,
    ``bml-summary``) are written again whenever any page was read."""
    return sorted(bml_domain(env).generated)
