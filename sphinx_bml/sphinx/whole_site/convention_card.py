"""``.. bml-convention-card::``: the WBF convention card, filled from the notes, in the form's layout.

.. code-block:: rst

   .. bml-convention-card::
      :players: Anna Lind - Ben Okafor
      :general: Precision: strong 1!c, five-card majors, 14-16 notrump
      :leads: 4th best; top of a sequence; MUD from three small
      :signals: upside-down count and attitude
      :discards: odd-even

What goes in each box of the form is decided by
:mod:`sphinx_bml.convention_card` (the tables fill the bidding parts,
the directive's options, :data:`~sphinx_bml.convention_card.WRITTEN_PARTS`,
the others); this module draws it as docutils nodes: each page of the form a
container, each column and box a container with the form's heading, the
grids and the openings as tables, every call linked to the row that defines
it, a box's lines cut short as the card decides ("… 5 more" links to the
first left out). HTML lays the containers out with ``static/bml.css`` (a
grid of boxes, printing on two pages with ``static/bml-card.js``), LaTeX
with the ``sphinxclass`` environments of ``texinputs/sphinxbml.sty`` (two
landscape pages), text reads them in order. The card's problems
(:class:`~sphinx_bml.convention_card.CardProblem`) are ``bml.card``
warnings, at their row or at the directive.
Like ``bml-summary``, the card is filled once the whole site is read (when its
page is resolved: ``resolving``). ``:system:`` picks a system of
``bml_systems``, ``:title:`` replaces the card's title.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode
from sphinx.util.typing import OptionSpec

from ...convention_card.boxes import (
    GRID_COLUMNS,
    NEGATIVE_DOUBLES,
    WRITTEN_PARTS,
    Box,
    CardLine,
    ConventionCard,
    Grid,
    OpeningRow,
    fill_card,
)
from ...convention_card.negative_doubles import read_stated
from ...language.errors import Kind, Location
from ...language.inline import parse_inline
from ...language.notation import context_label, label
from ...language.shown import clipped, concrete_call_tokens, meaning_tokens, sequence_tokens
from ...language.site import Site
from ...language.system import Key
from .. import nodes as bml
from ..diagnostics import warn, where
from ..domain.domain import bml_domain
from ..nodes.inline import inline_nodes

KIND = "convention-card"
#: the directive's options that are words of the card, declared once (sphinx_bml/convention_card.py)
_WRITTEN = tuple(name for name, _ in WRITTEN_PARTS)
#: the openings grid's column widths, in per cent
_OPENING_WIDTHS = (6, 7, 7, 6, 31, 43)


def _words(argument: str | None) -> str:
    """A written part of the card: words (a part nobody writes is left out, and stays blank)."""
    if argument is None or not argument.strip():
        raise ValueError("no words: write what this part of the card says, or leave the option out")
    return argument


def _negative_doubles(argument: str | None) -> str:
    """NEG. DBL THRU in the player's words (``3!s``, ``1!c: 2!s; 1!d 1!h 1!s: 3!s``, ``none``),
    read now so that words the card cannot read are an error of the directive, at its line."""
    text = _words(argument)
    read_stated(text)
    return text


class BMLConventionCard(SphinxDirective):
    """``.. bml-convention-card::``: the WBF card of the page's system."""

    option_spec: ClassVar[OptionSpec] = {
        "system": directives.unchanged_required,
        "title": directives.unchanged,
        **{name: _words for name in _WRITTEN},
        NEGATIVE_DOUBLES: _negative_doubles,
    }

    def run(self) -> list[nodes.Node]:
        bml_domain(self.env).note_generated(self.env.docname)
        written = {name: str(self.options.get(name) or "").strip() for name in (*_WRITTEN, NEGATIVE_DOUBLES)}
        placeholder = bml.placeholder(
            kind=KIND,
            system=self.options.get("system", "").strip(),
            title=self.options.get("title", ""),
            **{name: text for name, text in written.items() if text},
        )
        self.set_source_info(placeholder)
        return [placeholder]


def made_convention_card(
    app: Sphinx, doctree: nodes.document, placeholder: bml.placeholder, docname: str
) -> list[nodes.Node]:
    """The card of a ``bml-convention-card`` (nothing, with a warning, when its system is unknown)."""
    domain = bml_domain(app.env)
    site = domain.site_for(docname, placeholder.get("system", ""), "bml-convention-card", placeholder)
    if site is None:
        return []
    written = {name: str(placeholder[name]) for name in (*_WRITTEN, NEGATIVE_DOUBLES) if placeholder.get(name)}
    folder = str(app.srcdir)

    def place(location: Location) -> str:
        return f"{os.path.relpath(location.file, folder)}:{location.line}"

    card = fill_card(site, written, place)
    if card.is_empty:
        message = "bml-convention-card: no bidding table of the site shows an opening or a defence"
        warn(Kind.DIRECTIVE, message, placeholder)
    for problem in card.problems:
        at = placeholder if problem.location is None else where(problem.location)
        warn(Kind.CARD, f"bml-convention-card: {problem.message}", at)
    title = placeholder.get("title") or site.metadata(domain.pages).get("TITLE") or app.config.project
    return _Card(app.builder, docname, site).draw(card, title)


class _Card:
    """Draws a :class:`ConventionCard` as docutils nodes, page by page, box by box."""

    def __init__(self, builder: Builder, docname: str, site: Site) -> None:
        self.builder = builder
        self.docname = docname
        self.site = site

    def draw(self, card: ConventionCard, title: str) -> list[nodes.Node]:
        heading = f"WBF CONVENTION CARD: {title}"
        cover = _container("bml-card-column", "bml-card-summary")
        cover += _container("bml-card-title", children=[nodes.paragraph(heading, heading)])
        cover += [self._box(box, inline=True) for box in card.header]
        cover += _part("SYSTEM SUMMARY", [self._box(box) for box in card.summary])
        defensive = _container("bml-card-column", "bml-card-defensive")
        defensive += _part("DEFENSIVE AND COMPETITIVE BIDDING", [self._box(box) for box in card.defensive])
        leads = _container("bml-card-column", "bml-card-leads")
        leads += _part("LEADS AND SIGNALS", [self._box(box) for box in card.leads])
        # LaTeX: the columns side by side once the three are set (texinputs/sphinxbml.sty)
        columns = nodes.raw("", "\\bmlcardcolumns", format="latex")
        front = _page("bml-card-front", [cover, defensive, leads, columns])
        back = _page("bml-card-back", [self._openings(card.openings), self._box(card.supplementary)])
        return [front, back]

    # -- parts --------------------------------------------------------------

    def _box(self, box: Box, *, inline: bool = False) -> nodes.container:
        """A box: its heading (what the form asks in it after), the grid of the form, the
        lines of the tables (a bounded number, then how many more, linked), the words written
        for it; blank when nobody filled it."""
        drawn = _container("bml-card-box", *(["bml-card-blank"] if box.is_blank else []))
        heading = nodes.paragraph("", "", nodes.strong(box.heading, box.heading), classes=["bml-card-heading"])
        if box.hint:
            heading += [
                nodes.Text(" "),
                nodes.emphasis("", "", nodes.Text("("), *self._text(box.hint), nodes.Text(")")),
            ]
        if inline and box.text:
            heading += [nodes.Text(" "), *self._text(box.text)]
        drawn += heading
        if box.grid is not None:
            drawn += _grid(box.grid)
        for line in box.lines:
            drawn += nodes.paragraph(
                "", "", *self._calls(line), nodes.Text(": "), *self._meaning(line), classes=["bml-card-line"]
            )
        if box.more:
            drawn += nodes.paragraph("", "", *self._more(box.more), classes=["bml-card-more"])
        if box.text and not inline:
            drawn += nodes.paragraph("", "", *self._text(box.text), classes=["bml-card-written"])
        return drawn

    def _openings(self, rows: tuple[OpeningRow, ...]) -> nodes.table:
        table, body = _table(GRID_COLUMNS, _OPENING_WIDTHS, "bml-card-openings")
        for row in rows:
            opening = (
                self._link(row.lines[0].key, inline_nodes(concrete_call_tokens(row.call)))
                if row.lines and row.call
                else None
            )
            label_cell: list[nodes.Node] = (
                [opening]
                if opening is not None
                else (inline_nodes(concrete_call_tokens(row.call)) if row.call is not None else [nodes.Text("4NT+")])
            )
            several = len(row.lines) + len(row.more_lines) > 1 or row.call is None
            description = [[*self._opened(line, several), *self._meaning(line)] for line in row.lines] + (
                [self._more(row.more_lines)] if row.more_lines else []
            )
            responses = [
                [*self._calls(line, last_only=True), nodes.Text(" "), *self._meaning(line)] for line in row.responses
            ] + ([self._more(row.more_responses)] if row.more_responses else [])
            body += _row(
                label_cell,
                [nodes.Text("✓" if row.artificial else "")],
                self._minimum(row),
                self._negative_doubles(row),
                _run_on(description),
                _run_on(responses),
                classes=["bml-card-opening"] if row.lines else ["bml-card-opening", "bml-card-blank"],
            )
        return table

    @staticmethod
    def _minimum(row: OpeningRow) -> list[nodes.Node]:
        """MIN. NO. OF CARDS: the number, or the word instead (short, varies), or nothing."""
        if row.minimum_cards is not None:
            return [nodes.Text(str(row.minimum_cards))]
        if row.minimum_words:
            return [nodes.inline("", row.minimum_words, classes=["bml-card-words"])]
        return []

    @staticmethod
    def _negative_doubles(row: OpeningRow) -> list[nodes.Node]:
        """NEG. DBL THRU: the call (the player's, else the tables'), ``none`` when the player says so."""
        if row.no_negative_doubles:
            return [nodes.inline("", "none", classes=["bml-card-words"])]
        through = row.negative_double_through
        return inline_nodes(concrete_call_tokens(through)) if through is not None else []

    def _more(self, lines: tuple[CardLine, ...]) -> list[nodes.Node]:
        """``… 5 more``, linked to the first of the lines left out (its table shows the rest)."""
        shown: list[nodes.Node] = [nodes.Text(f"\u2026 {len(lines)} more")]
        return [self._link(lines[0].key, shown)]

    def _opened(self, line: CardLine, several: bool) -> list[nodes.Node]:
        """Before the description of one of several openings in a row, the call and its seat
        and vulnerability: ``2♥ (not vulnerable):``."""
        if not several:
            return []
        seat, vulnerability, sequence = line.key
        context = context_label(seat, vulnerability)
        shown = [self._link(line.key, inline_nodes(concrete_call_tokens(sequence.last)))]
        return [*shown, nodes.Text(f" ({context}): " if context else ": ")]

    # -- pieces -------------------------------------------------------------

    def _calls(self, line: CardLine, *, last_only: bool = False) -> list[nodes.Node]:
        """The line's sequences, each linked to its row: the last call alone (openings and
        responses: ``2♣``, once for the openings of every seat and vulnerability), or the
        whole auction (``(1♥)–2♣``); after the first few, an ellipsis."""
        drawn: list[nodes.Node] = []
        by_call = tuple({key[2].last: key for key in reversed(line.keys)}.values())[::-1]
        keys = by_call if last_only else line.shown_keys
        for index, key in enumerate(keys):
            if index:
                drawn.append(nodes.Text(", "))
            shown = concrete_call_tokens(key[2].last) if last_only else sequence_tokens(key[2])
            drawn.append(self._link(key, inline_nodes(shown)))
        if not last_only and len(line.keys) > len(keys):
            drawn.append(nodes.Text(", \u2026"))
        return drawn

    def _link(self, key: Key, shown: list[nodes.Node]) -> nodes.Node:
        target = self.site.targets.get(key)
        if target is None:
            return nodes.inline("", "", *shown)
        return make_refnode(
            self.builder, self.docname, target.docname, target.anchor, nodes.inline("", "", *shown), label(key[2])
        )

    def _meaning(self, line: CardLine) -> list[nodes.Node]:
        """The line's meaning, on one line, at most as long as the card has room for."""
        meaning = self.site.meaning(line.key)
        if meaning is None:
            return [nodes.Text(line.meaning)]
        return inline_nodes(clipped(meaning_tokens(meaning.description.inline), line.most))  # a link: its title

    @staticmethod
    def _text(text: str) -> list[nodes.Node]:
        return inline_nodes(meaning_tokens(parse_inline(text)))


def _page(kind: str, children: list[nodes.Node]) -> nodes.container:
    """A page of the form; in LaTeX its body is one ``bmlcardpage``, fitted to a landscape sheet."""
    begin, end = (nodes.raw("", f"\\{command}{{bmlcardpage}}", format="latex") for command in ("begin", "end"))
    return _container("bml-card-page", kind, children=[begin, *children, end])


def _run_on(lines: list[list[nodes.Node]]) -> list[nodes.Node]:
    """The lines of a cell of the openings grid as one paragraph, run on after a ``·`` (on
    screen, on paper, in LaTeX and text alike)."""
    paragraph = nodes.paragraph()
    for index, line in enumerate(lines):
        if index:
            paragraph += nodes.inline("", " · ", classes=["bml-card-separator"])
        paragraph += nodes.inline("", "", *line, classes=["bml-card-line"])
    return [paragraph]


def _container(*classes: str, children: Sequence[nodes.Node] = ()) -> nodes.container:
    return nodes.container("", *children, classes=list(classes))


def _part(heading: str, boxes: list[nodes.container]) -> list[nodes.Node]:
    """A part of the form: its heading in capitals, then its boxes."""
    return [nodes.paragraph("", "", nodes.strong(heading, heading), classes=["bml-card-part"]), *boxes]


def _grid(grid: Grid) -> nodes.table:
    """A grid of the form, blank, as printed: its row names down the side, its columns
    (under their groups) across."""
    columns = list(grid.columns) * max(1, len(grid.groups))
    table, body = _table(("", *columns), (30, *([70 // len(columns)] * len(columns))), "bml-card-grid")
    if grid.groups:  # Suit over its 1 2 3, NT over its own (no spanning cell: not every builder has them)
        over = [
            [nodes.Text(group if index == 0 else "")] for group in grid.groups for index in range(len(grid.columns))
        ]
        next(iter(table.findall(nodes.thead))).insert(0, _row([], *over, classes=["bml-card-groups"]))
    for name in grid.rows:
        body += _row([nodes.Text(name)], *([] for _ in columns))
    return table


def _table(headings: Sequence[str], widths: Sequence[int], kind: str) -> tuple[nodes.table, nodes.tbody]:
    table = nodes.table(classes=["bml-card-table", kind, "colwidths-given"])
    group = nodes.tgroup(cols=len(headings))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row(*([nodes.Text(heading)] for heading in headings))
    body = nodes.tbody()
    group += body
    return table, body


def _row(*cells: Sequence[nodes.Node], classes: Sequence[str] = ()) -> nodes.row:
    row = nodes.row(classes=list(classes))
    for index, cell in enumerate(cells):
        entry = nodes.entry(classes=[f"bml-card-cell-{index + 1}"])
        if cell and isinstance(cell[0], nodes.paragraph):
            entry.extend(cell)
        else:
            entry += nodes.paragraph("", "", *cell)
        row += entry
    return row
