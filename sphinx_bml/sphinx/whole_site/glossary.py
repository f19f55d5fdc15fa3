"""``.. bml-glossary::``: the abbreviations the site uses, with what each stands for.

It lists the abbreviations (``bml_abbreviations``) used in the prose of the
site (noted when each page was read, ``reading/abbreviations``) and in the
meanings of its bidding tables. It is made once every document is read,
when the page is resolved, and written again whenever a page changes.
"""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from ...language.abbreviations import abbreviations_in
from .. import nodes as bml
from ..config import site_abbreviations
from ..domain.domain import bml_domain

KIND = "glossary"
_CLASS = "bml-glossary"


class BMLGlossary(SphinxDirective):
    """``.. bml-glossary::``: the abbreviations the site uses, with their meaning."""

    def run(self) -> list[nodes.Node]:
        bml_domain(self.env).note_generated(self.env.docname)
        placeholder = bml.placeholder(kind=KIND)
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
    items = nodes.definition_list(classes=[_CLASS])
    for text, meaning in entries:
        items += nodes.definition_list_item(
            "",
            nodes.term(text, "", nodes.strong(text, text)),
            nodes.definition("", nodes.paragraph(meaning, meaning)),
        )
    if not len(items):
        return nodes.paragraph("", "The notes use no standard abbreviation.")
    return items


def made_glossary(env: BuildEnvironment) -> nodes.Element:
    """What each ``bml-glossary`` of the site holds."""
    return glossary(used_abbreviations(env).items())
