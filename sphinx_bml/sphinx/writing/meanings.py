"""What the visitors share to draw the meanings of a table.

How calls and meanings are drawn is :mod:`sphinx_bml.language.shown`'s;
this module adds what depends on the builder. Sphinx's smart quotes never
see the tables' text (it is not docutils text), so :func:`with_smart_quotes`
educates the quotes of a meaning as Sphinx's ``SmartQuotes`` transform does
to prose, for the builders it does so for. :func:`table_text` is a table's
text for the builders that read it (the search index, the check of the
characters pdflatex can print).
"""

from __future__ import annotations

from functools import lru_cache, partial

from docutils import nodes
from docutils.utils import normalize_language_tag
from docutils.utils.smartquotes import educate_tokens, smartchars
from sphinx.builders import Builder
from sphinx.util.docutils import SphinxTranslator

from ...language.inline import Inline
from ...language.shown import Educate, educated, row_text
from ..nodes import bidtable, rows_in_order


def smart_quotes(translator: SphinxTranslator) -> tuple[str, str] | None:
    """The smart-quotes action and language Sphinx applies to prose for this
    builder (see ``sphinx.transforms.SphinxSmartQuotes``), or ``None``."""
    enabled = getattr(translator.settings, "smart_quotes", True) is not False
    return smart_quotes_of(translator.builder, enabled)


def smart_quotes_of(builder: Builder, enabled: bool = True) -> tuple[str, str] | None:
    """:func:`smart_quotes` for ``builder``'s pages; ``enabled``: the docutils setting ``smart_quotes``."""
    config = builder.config
    excludes = config.smartquotes_excludes
    if not enabled or config.smartquotes is False:
        return None
    if builder.name in excludes.get("builders", []) or config.language in excludes.get("languages", []):
        return None
    language = builder.env.settings.get("language_code", "en")
    tag = next((tag for tag in normalize_language_tag(language) if tag in smartchars.quotes), None)
    return None if tag is None else (config.smartquotes_action, tag)


def with_smart_quotes(tokens: tuple[Inline, ...], quotes: tuple[str, str] | None) -> tuple[Inline, ...]:
    """Drawn tokens with their quotes, dashes and ellipses educated as prose's are (monospace kept)."""
    educate = educator(quotes)
    return tokens if educate is None else educated(tokens, educate)


@lru_cache(maxsize=8)
def educator(quotes: tuple[str, str] | None) -> Educate | None:
    """docutils' ``educate_tokens`` for the smart-quotes action and language :func:`smart_quotes` gives."""
    if quotes is None:
        return None
    action, language = quotes
    return partial(educate_tokens, attr=action, language=language)


def table_text(table: bidtable) -> nodes.Text:
    """The text of a table, one line per row (:func:`row_text`): what Sphinx's
    search index reads (it collects Text nodes) and the check of the
    characters pdflatex can print."""
    return nodes.Text("\n".join(row_text(row) for row in rows_in_order(table.model.rows)))
