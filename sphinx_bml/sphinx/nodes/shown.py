"""What a row of a bidding table shows: its calls and its meaning, ready to draw.

The visitors of each builder draw a table straight from the engine's model.
This module turns a row's calls and the tokens of its meaning
(:attr:`~sphinx_bml.language.model.Description.inline`) into a tuple of
five kinds of token, the same for every builder: :class:`Text` (bids and
dashes spelled out, neighbouring text joined), :class:`SuitSymbol`,
:class:`LineBreak`, :class:`Styled` and :class:`SequenceLink` (a link to a
sequence, its title drawn as the role's: ``1NT–2♣–2♦``; where it leads is
found when the page is written, :func:`.links.link_meanings`); with ``bml_abbreviations``,
:func:`with_abbreviations` adds a fifth, the
:class:`~sphinx_bml.language.abbreviations.Abbreviation`. A row's alert mark
(:data:`ALERT_MARK`) and hand condition (:func:`condition_text`) are drawn
by each builder its own way. Sphinx's smart quotes never see
the tables' text (it is not docutils text), so :func:`with_smart_quotes`
educates the quotes of a meaning as Sphinx's ``SmartQuotes`` transform
does to prose, for the builders it does so for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from docutils import nodes
from docutils.utils import normalize_language_tag
from docutils.utils.smartquotes import educate_tokens, smartchars
from sphinx.util.docutils import SphinxTranslator

from ...language.abbreviations import Abbreviation, split_abbreviations
from ...language.calls import Call, CallKind, Strain
from ...language.errors import BMLError
from ...language.inline import Bid, Dash, Inline, LineBreak, SequenceLink, Styled, SuitSymbol, Text
from ...language.model import BidNode, TableCall
from ...language.notation import CALL_LABELS, SUIT_GLYPHS, parse_reference
from . import bidtable, linebreak, rows_in_order, suit_node

_DASHES = {False: "\u2013", True: "\u2014"}
#: What the smart quotes change (quotes, ``--``, ``...``, backslash escapes): text without it stays as it is.
_EDUCATED = re.compile(r"['\"`\\]|--|\.\.\.|\. \. \.")


def _add_text(shown: list[Inline], text: str) -> None:
    if shown and isinstance(shown[-1], Text):
        shown[-1] = Text(shown[-1].text + text)
    else:
        shown.append(Text(text))


def _add_strain(shown: list[Inline], strain: Strain) -> None:
    if strain is Strain.NOTRUMP:
        _add_text(shown, "NT")
    else:
        shown.append(SuitSymbol(strain))


def meaning_tokens(tokens: tuple[Inline, ...]) -> tuple[Inline, ...]:
    """Inline tokens as drawn: bids as a level and a suit, dashes as en and em dashes, text joined."""
    shown: list[Inline] = []
    for token in tokens:
        if isinstance(token, Text):
            _add_text(shown, token.text)
        elif isinstance(token, SuitSymbol):
            _add_strain(shown, token.strain)
        elif isinstance(token, Bid):
            _add_text(shown, str(token.level))
            _add_strain(shown, token.strain)
        elif isinstance(token, Dash):
            _add_text(shown, _DASHES[token.em])
        elif isinstance(token, LineBreak):
            shown.append(token)
        elif isinstance(token, SequenceLink):
            title = None if token.explicit else reference_tokens(token.target)
            shown.append(SequenceLink(token.target, meaning_tokens(token.title) if title is None else title, True))
        else:
            shown.append(Styled(token.style, meaning_tokens(token.children)))
    return tuple(shown)


def reference_tokens(target: str) -> tuple[Inline, ...] | None:
    """A reference's calls as written, drawn as the ``:bml:seq:`` role shows them:
    ``1NT–2♣``, ``(1NT)–Dbl``; ``None`` when it cannot be read."""
    try:
        reference = parse_reference(target)
    except BMLError:
        return None
    shown: list[Inline] = []
    for index, (call, theirs) in enumerate(reference.written):
        if index:
            _add_text(shown, "\u2013")
        if theirs:
            _add_text(shown, "(")
        _add_call(shown, call)
        if call.qualification is not None:
            _add_text(shown, "\u00a0")
            shown.append(Styled("italic", (Text(call.qualification),)))
        if theirs:
            _add_text(shown, ")")
    return tuple(shown)


def _add_call(shown: list[Inline], call: Call) -> None:
    """A concrete call: ``1♣``, ``1NT``, ``Pass``, ``Dbl``."""
    if call.kind is CallKind.BID:
        assert call.strain is not None
        _add_text(shown, str(call.level))
        _add_strain(shown, call.strain)
    else:
        _add_text(shown, CALL_LABELS[str(call.plain)])


def _add_table_call(shown: list[Inline], written: TableCall) -> None:
    if not written.ours:
        _add_text(shown, "(")
    call = written.call
    if call is not None:
        _add_call(shown, call)
    elif written.strains and written.variable is None and written.colour is None:  # 2HS, not 2M or 1red
        _add_text(shown, str(written.level))
        for strain in written.strains:
            _add_strain(shown, strain)
    else:
        _add_text(shown, written.written.partition("{")[0])
    if written.qualification:  # what the opponents' call means, in italics: (2♣ Landy)
        _add_text(shown, "\u00a0")
        shown.append(Styled("italic", (Text(written.qualification),)))
    if not written.ours:
        _add_text(shown, ")")


def call_tokens(row: BidNode) -> tuple[Inline, ...]:
    """A row's calls as written, with suit symbols: ``1♥``, ``(1NT)``, ``2♥♠``, ``2M``, ``1N–2♣``."""
    return calls_shown(row.calls)


@lru_cache(maxsize=4096)
def calls_shown(calls: tuple[TableCall, ...]) -> tuple[Inline, ...]:
    """:func:`call_tokens` of the calls of a row: the same few calls come back on every page, made once."""
    shown: list[Inline] = []
    for index, written in enumerate(calls):
        if index:
            _add_text(shown, "\u2013")
        _add_table_call(shown, written)
    return tuple(shown)


@lru_cache(maxsize=4096)
def calls_text(calls: tuple[TableCall, ...]) -> str:
    """:func:`calls_shown` as text."""
    return plain(calls_shown(calls))


#: What follows an alertable call: ``2♦!``.
ALERT_MARK = "!"
#: What an alert mark stands for, in words (the accessible name of the HTML mark).
ALERT_WORDS = "alertable"


def condition_text(row: BidNode) -> str:
    """A row's hand condition in plain words (``15–17 HCP, balanced``), ``""`` without one.

    A pattern row (``2M``) describes its own condition, as written, not each suit's.
    """
    return row.condition.describe() if row.condition is not None else ""


#: A drawn token of a meaning, with the abbreviations found in its text.
Shown = Inline | Abbreviation


def with_abbreviations(tokens: tuple[Inline, ...], known: dict[str, str]) -> tuple[Shown, ...]:
    """The text of a meaning's tokens cut around the ``known`` abbreviations
    it uses as whole words (:func:`~sphinx_bml.language.abbreviations.split_abbreviations`);
    styled text is left as it is."""
    if not known:
        return tokens
    shown: list[Shown] = []
    for token in tokens:
        if isinstance(token, Text):
            pieces = split_abbreviations(token.text, known)
            shown += [Text(piece) if isinstance(piece, str) else piece for piece in pieces]
        else:
            shown.append(token)
    return tuple(shown)


def plain(tokens: tuple[Inline, ...], *, marks: dict[str, str] | None = None) -> str:
    """Drawn tokens as text with suit symbols; ``marks``: the sign around each style (else none)."""
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Text):
            parts.append(token.text)
        elif isinstance(token, SuitSymbol):
            parts.append(SUIT_GLYPHS[token.strain.value])
        elif isinstance(token, LineBreak):
            parts.append("\n")
        elif isinstance(token, Styled):
            mark = marks.get(token.style, "") if marks else ""
            parts.append(mark + plain(token.children, marks=marks) + mark)
        elif isinstance(token, SequenceLink):
            parts.append(plain(token.title, marks=marks))
    return "".join(parts)


def row_text(row: BidNode) -> str:
    """A row's call and meaning on one line: what the search index and the checks of characters read."""
    # the plain text kept with the model: no second parse of the markup after the doctree is loaded
    return f"{calls_text(row.calls)} {row.description.plain_text}"


# --------------------------------------------------------------------------
# Smart quotes


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
    if quotes is None:
        return tokens
    texts = list(_texts(tokens, literal=False))
    if not any(kind == "plain" and _EDUCATED.search(text) for kind, text in texts):
        return tokens
    action, language = quotes
    return _replace(tokens, iter(educate_tokens(texts, attr=action, language=language)))


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


# --------------------------------------------------------------------------
# Styled text: rare, drawn by the builder's own visitors

_STYLES: dict[str, type[nodes.TextElement]] = {
    "italic": nodes.emphasis,
    "bold": nodes.strong,
    "monospace": nodes.literal,
}


def styled_node(token: Styled, links: dict[str, dict[str, object]] | None = None) -> nodes.Element:
    """Italic, bold or monospace text as the docutils node the builder's translator draws;
    ``links``: where the links to sequences in it lead (:func:`link_node`)."""
    return _STYLES[token.style]("", "", *_nodes(token.children, links or {}))


def link_node(token: SequenceLink, reference: dict[str, object] | None) -> nodes.Element:
    """A link to a sequence as the nodes the ``:bml:seq:`` role makes: its title in
    ``inline.xref.bml.bml-seq``, inside a ``reference`` (inside an ``inline``) with the attributes found
    when the page was resolved (:func:`.links.link_meanings`); without them, the title alone."""
    title = nodes.inline("", "", *_nodes(token.title, {}), classes=["xref", "bml", "bml-seq"])
    if reference is None:
        return title
    return nodes.inline("", "", nodes.reference("", "", title, **reference))  # inline: no line break before it


def _nodes(tokens: tuple[Inline, ...], links: dict[str, dict[str, object]]) -> list[nodes.Node]:
    result: list[nodes.Node] = []
    for token in tokens:
        if isinstance(token, Text):
            result.append(nodes.Text(token.text))
        elif isinstance(token, SuitSymbol):
            result.append(suit_node(token.strain.value))
        elif isinstance(token, LineBreak):
            result.append(linebreak())
        elif isinstance(token, Styled):
            result.append(styled_node(token, links))
        elif isinstance(token, SequenceLink):
            result.append(link_node(token, links.get(token.target)))
    return result


def table_text(table: bidtable) -> nodes.Text:
    """The text of a table, one line per row (:func:`row_text`): what Sphinx's
    search index reads (it collects Text nodes) and the check of the
    characters pdflatex can print."""
    return nodes.Text("\n".join(row_text(row) for row in rows_in_order(table.model.rows)))
