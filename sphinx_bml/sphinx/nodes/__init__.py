"""The docutils nodes sphinx-bml adds to a doctree.

They carry plain data or the engine's own (picklable) model, so doctrees
pickle and merge under parallel builds. Their shape::

    bidtable (tree, seat, vulnerability) a bidding table
      bidrows                          the rows answering one call (a list)
        bidrow                         one row: always a bidcall and a bidmeaning
          bidcall                      the call as written: text and suit nodes
          bidmeaning                   the description: inline nodes, linebreak
          bidrows                      (optional) the rows answering this row
    deal (model)                       a deal diagram: its :class:`~sphinx_bml.language.model.Deal`
    auction (model)                    an auction diagram: its :class:`~sphinx_bml.language.model.Auction`
    suit (suit: "C"|"D"|"H"|"S")       a suit symbol; its text is the symbol
    linebreak                          a line break inside a description

Each builder renders them with its own visitors (:mod:`.html`,
:mod:`.latex`, :mod:`.text`); every other builder gets standard docutils
nodes in their place from :mod:`.fallback`.
"""

from __future__ import annotations

from docutils import nodes

from ...language.model import Auction, Deal
from ...language.notation import SUIT_GLYPHS


class bidtable(nodes.General, nodes.Element):
    """A bidding table.

    ``tree``           draw connecting lines (else plain indentation)
    ``seat``           the seat it is for, in words (``"3rd or 4th seat"``); ``""``: any seat
    ``vulnerability``  the vulnerability it is for, in words (``"we vulnerable"``); ``""``: any
    """


class bidrows(nodes.Element):
    """The rows that answer one call, in order."""


class bidrow(nodes.Element):
    """One row: a :class:`bidcall`, a :class:`bidmeaning`, optionally :class:`bidrows`.

    Attribute ``ids`` may hold anchors for cross-references.
    """


class bidcall(nodes.Inline, nodes.TextElement):
    """The call of a row as written (``1♥``, ``(1NT)``, ``2♥♠``, ``1 step``)."""


class bidmeaning(nodes.Inline, nodes.TextElement):
    """The description of a row: text, inline markup, suits, line breaks."""


class suit(nodes.Inline, nodes.TextElement):
    """A suit symbol. Attribute ``suit``: one of ``C D H S``; text: the symbol."""


class linebreak(nodes.Inline, nodes.Element):
    """A line break inside a bid description."""


class deal(nodes.General, nodes.Element):
    """A deal diagram; attribute ``model``: the :class:`~sphinx_bml.language.model.Deal`."""

    @property
    def model(self) -> Deal:
        model: Deal = self["model"]
        return model


class auction(nodes.General, nodes.Element):
    """An auction diagram; attribute ``model``: the :class:`~sphinx_bml.language.model.Auction`
    (rows of up to four cells, West North East South)."""

    @property
    def model(self) -> Auction:
        model: Auction = self["model"]
        return model


ALL_NODES: tuple[type[nodes.Element], ...] = (
    bidtable,
    bidrows,
    bidrow,
    bidcall,
    bidmeaning,
    suit,
    linebreak,
    deal,
    auction,
)


def suit_node(letter: str) -> suit:
    """A :class:`suit` node for ``C``, ``D``, ``H`` or ``S``."""
    letter = letter.upper()
    return suit(SUIT_GLYPHS[letter], SUIT_GLYPHS[letter], suit=letter)
