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

import re
from collections.abc import Iterator

from docutils import nodes
from docutils.utils import normalize_language_tag
from docutils.utils.smartquotes import educate_tokens, smartchars
from sphinx.util.docutils import SphinxTranslator

from ...language.inline import Inline, Styled, SuitSymbol, Text
from ...language.shown import row_text
from ...language.suits import SUIT_GLYPHS
from ..nodes import bidtable, rows_in_order

#: What the smart quotes change (quotes, ``--``, ``...``, backslash escapes): text without it stays as it is.
_EDUCATED = re.compile(r"['\"`\\]|--|\.\.\.|\. \. \.")


def smart_quotes(translator: SphinxTranslator) -> tuple[str, str] | None:
    """The smart-quotes action and language Sphinx applies to prose for this
    builder (see ``sphinx.transforms.SphinxSmartQuotes``), or ``None``."""
    config = translator.config
    excludes = config.smartquotes_excludes
    if getattr(translator.settings, "smart_quotes", True) is False or config.smartquotes is False:
        return None
    if translator.builder.name in excludes.get("builders", []) or config.language in excludes.get("languages", []):
        return None
    language = translator.builder.env.settings.get("language_code", "en")
    tag = next((tag for tag in normalize_language_tag(language) if tag in smartchars.quotes), None)
    return None if tag is None else (config.smartquotes_action, tag)


def with_smart_quotes(tokens: tuple[Inline, ...], quotes: tuple[str, str] | None) -> tuple[Inline, ...]:
    """Drawn tokens with their quotes, dashes and ellipses educated as prose's are (monospace kept)."""
    if quotes is None or not _educable(tokens):
        return tokens
    texts = list(_texts(tokens, literal=False))
    action, language = quotes
    return _replace(tokens, iter(educate_tokens(texts, attr=action, language=language)))


def _educable(tokens: tuple[Inline, ...]) -> bool:
    """Whether the text of ``tokens`` outside monospace has something for the smart quotes to change."""
    for token in tokens:
        if type(token) is Text:
            if _EDUCATED.search(token.text):
                return True
        elif isinstance(token, Styled) and token.style != "monospace" and _educable(token.children):
            return True
    return False


def _texts(tokens: tuple[Inline, ...], literal: bool) -> Iterator[tuple[str, str]]:
    """The texts in order, as SmartQuotes reads them (a suit symbol's text too, as context)."""
    for token in tokens:
        if isinstance(token, Text):
            yield ("literal" if literal else "plain"), token.text
        elif isinstance(token, SuitSymbol):
            yield "plain", SUIT_GLYPHS[token.strain.value]
        elif isinstance(token, Styled):
            yield from _texts(token.children, literal or token.style == "monospace")


def _replace(tokens: tuple[Inline, ...], educated: Iterator[str]) -> tuple[Inline, ...]:
    shown: list[Inline] = []
    for token in tokens:
        if isinstance(token, Text):
            shown.append(Text(next(educated)))
        elif isinstance(token, SuitSymbol):
            next(educated)
            shown.append(token)
        elif isinstance(token, Styled):
            shown.append(Styled(token.style, _replace(token.children, educated)))
        else:
            shown.append(token)
    return tuple(shown)


def table_text(table: bidtable) -> nodes.Text:
    """The text of a table, one line per row (:func:`row_text`): what Sphinx's
    search index reads (it collects Text nodes) and the check of the
    characters pdflatex can print."""
    return nodes.Text("\n".join(row_text(row) for row in rows_in_order(table.model.rows)))
