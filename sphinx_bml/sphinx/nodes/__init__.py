"""The docutils nodes sphinx-bml adds to a doctree.

They carry plain data or the engine's own (picklable) model, so doctrees
pickle and merge under parallel builds. Each block of BML is ONE node that
holds its model and is drawn whole by one visitor per builder, as
``sphinx.ext.graphviz``'s node carries its source: docutils transforms,
pickling and the garbage collector see one object per table, not thousands::

    bidtable (model, tree, context,    a bidding table: its :class:`~sphinx_bml.language.model.BidTable`,
              anchors)                 per row (in reading order) the anchors it carries
      Text                             the calls and meanings as plain text, one line per row:
                                       added when an HTML or LaTeX page is written, for the
                                       search index and the check of characters; visitors skip it
    deal (model)                       a deal diagram: its :class:`~sphinx_bml.language.model.Deal`
    auction (model)                    an auction diagram: its :class:`~sphinx_bml.language.model.Auction`
    suit (suit: "C"|"D"|"H"|"S")       a suit symbol in prose (the ``:bml:`` roles); its text is the symbol
    linebreak                          a line break inside inline BML
    placeholder (kind, options)        what a directive leaves to be made once the whole site is read
                                       (``summary``, ``glossary``, ``downloads``, ``practice``): it
                                       becomes a ``container`` of class ``bml-<kind>`` when the page
                                       is resolved

Each builder renders them with its own visitors (``writing/``: ``html``,
``latex``, ``text``); every other builder gets standard docutils nodes in
their place (``writing/fallback``). :mod:`.inline` makes the docutils nodes
of inline tokens, for prose and for what the visitors hand to their
translator. The meanings of a table are not docutils text, so gettext does
not translate them.

A table's model is most of a stored doctree. It is pickled apart, as one
blob (:class:`StoredModel`), and made again only when something asks for it:
Sphinx reads a stored doctree back more often than it draws it (the LaTeX
builder three times, for the contents' name, the toctree depth and the
assembled book), and only the last one needs the rows.
"""

from __future__ import annotations

import itertools
import os
import pickle
import uuid
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from docutils import nodes

from ...language.inline import SequenceLink, sequence_links
from ...language.model import Auction, BidNode, BidTable, Deal
from ...language.suits import SUIT_GLYPHS


class StoredModel:
    """A bidding table's model in a doctree: pickled as one blob, unpickled when first asked for.

    A doctree read back in the process that made it (the LaTeX builder reads
    every doctree back from disk, after reading them all) gets the model
    already made, its meanings' tokens parsed, rather than a copy: each model
    is known by a key no other process has, in :data:`MADE` (weakly: a model
    nothing else holds is let go). Models are not changed once read, so the
    same one may serve every copy of its doctree.
    """

    __slots__ = ("_key", "_model", "_pickled")

    def __init__(self, model: BidTable | None = None, pickled: bytes | None = None, key: str | None = None) -> None:
        self._model = model
        self._pickled = pickled
        if key is None:
            key = f"{_PROCESS}-{os.getpid()}-{next(_NUMBERS)}"
            if model is not None:
                MADE[key] = model
        self._key = key

    @property
    def model(self) -> BidTable:
        if self._model is None:
            made = MADE.get(self._key)
            if made is None:
                assert self._pickled is not None
                made = pickle.loads(self._pickled)  # our own blob, in Sphinx's own doctree
            self._model = made
            self._pickled = None
        return self._model

    def __reduce__(self) -> tuple[type[StoredModel], tuple[None, bytes | None, str]]:
        pickled = self._pickled if self._model is None else pickle.dumps(self._model, pickle.HIGHEST_PROTOCOL)
        return StoredModel, (None, pickled, self._key)


#: The models this process made, by their :class:`StoredModel` key.
MADE: weakref.WeakValueDictionary[str, BidTable] = weakref.WeakValueDictionary()
_PROCESS = uuid.uuid4().hex
_NUMBERS = itertools.count()


class bidtable(nodes.General, nodes.Element):
    """A bidding table, drawn whole from its model.

    ``model``          the :class:`~sphinx_bml.language.model.BidTable`, kept in a :class:`StoredModel`
    ``tree``           draw connecting lines (else plain indentation)
    ``context``        the seat and vulnerability it is for, in words
                       (``"3rd or 4th seat, vulnerable"``, :func:`.notation.context_label`); ``""``: any
    ``anchors``        for each row, in reading order (:func:`rows_in_order`), the anchors
                       (ids) of the sequences it stands for: link targets; the first one is
                       the row's own id, the others mark the same place (a tuple per row: the
                       garbage collector passes over it once made, in each copy of the doctree)
    ``collapsible``    (optional) the directive's ``:collapsible:`` / ``:no-collapsible:``;
                       absent: ``bml_collapsible`` decides
    ``continues``      (a table continuing a sequence, ``1N-2C;``) the references to the
    ``head_id``        sequence its head stands for, and the id its head carries (``domain/links``)
    ``continues_uri``  (HTML, set when the page is resolved) the link back, and the links
    ``continued_at``   forward by row number (``domain/links``)
    ``sequence_links`` (set when the page is resolved) where the links in its meanings lead
    """

    @property
    def model(self) -> BidTable:
        stored = self["model"]
        if isinstance(stored, StoredModel):
            return stored.model
        model: BidTable = stored
        return model

    @property
    def anchors(self) -> list[tuple[str, ...]]:
        anchors: list[tuple[str, ...]] = self["anchors"]
        return anchors

    def rows(self) -> Iterator[tuple[BidNode, tuple[str, ...]]]:
        """Each row in reading order, with its anchors."""
        return zip(rows_in_order(self.model.rows), self.anchors, strict=True)


def rows_in_order(rows: list[BidNode]) -> Iterator[BidNode]:
    """The rows and the rows answering them, depth first: the order they are read in."""
    for row in rows:
        yield row
        if row.children:
            yield from rows_in_order(row.children)


def row_links(table: bidtable) -> Iterator[tuple[BidNode, SequenceLink]]:
    """Each link in the meanings of a table (``Stayman, see :bml:seq:`1N-2C-2D```), with its row."""
    for row in rows_in_order(table.model.rows):
        if ":bml:seq:" in row.description.text:  # most meanings have none: no need to look at their tokens
            for link in sequence_links(row.description.inline):
                yield row, link


def meaning_targets(document: nodes.Node) -> set[str]:
    """The references the meanings of a document's tables link to (``1N-2C-2D``)."""
    return {link.target for table in document.findall(bidtable) for _, link in row_links(table)}


def shown_anchors(document: nodes.Node) -> Iterator[str]:
    """Every anchor the bidding tables of a document show."""
    for table in document.findall(bidtable):
        for anchors in table.anchors:
            yield from anchors


class suit(nodes.Inline, nodes.TextElement):
    """A suit symbol in prose. Attribute ``suit``: one of ``C D H S``; text: the symbol."""


class linebreak(nodes.Inline, nodes.Element):
    """A line break inside inline BML."""


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


class placeholder(nodes.General, nodes.Element):
    """What a directive leaves to be made once the whole site is read.

    ``kind``  ``summary``, ``convention-card``, ``glossary``, ``changes``, ``downloads`` or ``practice``; the other
    attributes are the directive's options. When the page is resolved it is
    replaced by a ``container`` of class ``bml-<kind>`` holding what was made
    (:func:`filled`), so no translator ever sees it.
    """


def filled(node: placeholder, made: list[nodes.Node]) -> nodes.container:
    """The container that takes a placeholder's place, with ``made`` in it."""
    container = nodes.container("", *made, classes=[f"bml-{node['kind']}"])
    container.source, container.line = node.source, node.line
    node.replace_self(container)
    return container


#: A translator's visit or departure function for one of these nodes.
Visitor = Callable[[Any, Any], None]


def depart_nothing(translator: Any, node: nodes.Element) -> None:
    """The departure of a node drawn whole by its visit, which skips its children."""


ALL_NODES: tuple[type[nodes.Element], ...] = (
    bidtable,
    suit,
    linebreak,
    deal,
    auction,
)


def suit_node(letter: str) -> suit:
    """A :class:`suit` node for ``C``, ``D``, ``H`` or ``S``."""
    letter = letter.upper()
    return suit(SUIT_GLYPHS[letter], SUIT_GLYPHS[letter], suit=letter)
