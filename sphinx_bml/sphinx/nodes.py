"""The docutils nodes sphinx-bml adds to a doctree.

They carry plain data only (strings, lists, dicts) so doctrees pickle and
merge under parallel builds. Their shape::

    bidtable (tree, seat, vulnerability) a bidding table
      bidrows                          the rows answering one call (a list)
        bidrow                         one row: always a bidcall and a bidmeaning
          bidcall                      the call as written: text and suit nodes
          bidmeaning                   the description: inline nodes, linebreak
          bidrows                      (optional) the rows answering this row
    deal (hands, board, dealer, ...)   a deal diagram, see :class:`deal`
    auction (rows)                     an auction diagram, W N E S columns
    suit (suit: "C"|"D"|"H"|"S")       a suit symbol; its text is the symbol
    linebreak                          a line break inside a description

Each builder renders them with its own visitors (``html``, ``latex``,
``text``); every other builder gets standard docutils nodes in their place
from :mod:`.fallback`.
"""

from __future__ import annotations

from docutils import nodes

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
#: How the seats of a deal are named in full.
DIRECTION_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: How the auction cells and calls that are not bids are shown.
CALL_NAMES = {"P": "Pass", "D": "Dbl", "R": "Rdbl", "AP": "All pass", "?": "?", "-": ""}


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
    """A deal diagram.

    Attributes (all optional but ``hands``):

    ``hands``      dict ``"N" "E" "S" "W"`` → list of four holdings, spades first, ``""`` for a void
    ``board``      board number, a string
    ``dealer``     ``"N" "E" "S" "W"``
    ``vulnerable`` ``"None" "All" "NS" "EW"``
    ``contract``   dict ``level`` (int, 0 = passed out), ``strain`` (``C D H S N``),
                   ``doubled`` (0, 1, 2), ``declarer`` (``N E S W``)
    ``lead``       dict ``suit`` (``C D H S``), ``card``
    """


class auction(nodes.General, nodes.Element):
    """An auction diagram. Attribute ``rows``: list of rows of up to four cells
    (West, North, East, South); a cell is a call (``1C`` .. ``7N``, ``P``, ``D``,
    ``R``) or ``-`` (empty), ``AP`` (all pass), ``?``."""


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
    return suit(SUIT_SYMBOLS[letter], SUIT_SYMBOLS[letter], suit=letter)
