"""Drawn inline tokens as docutils nodes: the one walker from tokens to nodes.

The tokens are those :mod:`sphinx_bml.language.shown` draws (text, suit
symbols, line breaks, styles, links to sequences): prose read from BML (the
``:bml:`` roles, ``.bml`` pages) becomes these nodes when it is read, and
the visitors hand the styled text of a table's meanings to their builder's
own translator through them. A link to a sequence becomes what ``link``
makes of it: the reference the ``:bml:seq:`` role makes, when reading
(``reading/to_nodes``); the link found when the page was resolved, when
writing (:func:`linked`); its title alone, for builders without our visitors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from docutils import nodes

from ...language.inline import Inline, LineBreak, SequenceLink, Styled, SuitSymbol, Text
from . import linebreak, suit_node

#: What italic, bold and monospace text become, as docutils nodes.
STYLES: dict[str, type[nodes.TextElement]] = {
    "italic": nodes.emphasis,
    "bold": nodes.strong,
    "monospace": nodes.literal,
}

#: What a link to a sequence becomes.
Linker = Callable[[SequenceLink], list[nodes.Node]]


def title_only(token: SequenceLink) -> list[nodes.Node]:
    """A link to a sequence as its title alone."""
    return inline_nodes(token.title)


def inline_nodes(tokens: Iterable[Inline], link: Linker = title_only) -> list[nodes.Node]:
    """Drawn tokens as nodes: text, :class:`.suit`, :class:`.linebreak`, emphasis,
    strong and literal text, and ``link``'s nodes for each link to a sequence."""
    result: list[nodes.Node] = []
    for token in tokens:
        if isinstance(token, Text):
            result.append(nodes.Text(token.text))
        elif isinstance(token, SuitSymbol):
            result.append(suit_node(token.strain.value))
        elif isinstance(token, LineBreak):
            result.append(linebreak())
        elif isinstance(token, Styled):
            result.append(STYLES[token.style]("", "", *inline_nodes(token.children, link)))
        elif isinstance(token, SequenceLink):
            result += link(token)
    return result


def linked(links: dict[str, dict[str, object]] | None) -> Linker:
    """Links to sequences as the nodes the ``:bml:seq:`` role makes: the title in
    ``inline.xref.bml.bml-seq``, inside a ``reference`` (inside an ``inline``) with
    the attributes found when the page was resolved (``links``: reference → those
    attributes, ``domain/links``); without them, the title alone in its ``inline``."""
    found = links or {}

    def link(token: SequenceLink) -> list[nodes.Node]:
        title = nodes.inline("", "", *inline_nodes(token.title, linked(None)), classes=["xref", "bml", "bml-seq"])
        reference = found.get(token.target)
        if reference is None:
            return [title]
        return [nodes.inline("", "", nodes.reference("", "", title, **reference))]  # inline: no line break before it

    return link


def styled_node(token: Styled, links: dict[str, dict[str, object]] | None = None) -> nodes.Element:
    """Italic, bold or monospace text as the docutils node the builder's translator draws;
    ``links``: where the links to sequences in it lead (:func:`linked`)."""
    return STYLES[token.style]("", "", *inline_nodes(token.children, linked(links)))


def link_node(token: SequenceLink, links: dict[str, dict[str, object]] | None) -> nodes.Element:
    """A link to a sequence in a meaning, as the ``:bml:seq:`` role's nodes (:func:`linked`)."""
    made = linked(links)(token)[0]
    assert isinstance(made, nodes.Element)
    return made
