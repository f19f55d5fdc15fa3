"""``.. bml-convention-card::``: the WBF convention card, filled from the notes.

.. code-block:: rst

   .. bml-convention-card::
      :players: Anna Lind - Ben Okafor
      :general: Precision: strong 1!c, five-card majors, 14-16 notrump
      :leads: 4th best; top of a sequence; MUD from three small
      :signals: upside-down count and attitude
      :discards: odd-even

The bidding parts of the card (the openings with their responses, the
special bids that need defensive action, the competitive bidding) come from
the site's tables (:mod:`sphinx_bml.formats.convention_card`), every call
linked to the row that defines it; the parts no table can say are the
directive's options, written as BML inline text (``!h`` is a heart). Like
``bml-summary``, the card is filled once the whole site is read
(when its page is resolved: ``resolving``). ``:system:`` picks a system of ``bml_systems``,
``:title:`` replaces the card's title.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode
from sphinx.util.typing import OptionSpec

from ...formats.convention_card import WRITTEN_PARTS, CardLine, ConventionCard, fill_card
from ...language.errors import Kind
from ...language.inline import parse_inline
from ...language.notation import label
from ...language.shown import concrete_call_tokens, meaning_tokens, sequence_tokens
from ...language.site import Site
from ...language.system import Key
from .. import nodes as bml
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..nodes.inline import inline_nodes

KIND = "convention-card"
_CLASS = "bml-convention-card"
#: the written parts shown beside the openings (left column), and after the competitive bidding
_BESIDE_OPENINGS = ("general", "leads", "signals", "discards")
_AFTER = ("doubles", "slam", "other")
_TITLES = dict(WRITTEN_PARTS)
#: the directive's options that are words of the card
_WRITTEN = ("players", *_TITLES)


class BMLConventionCard(SphinxDirective):
    """``.. bml-convention-card::``: the WBF card of the page's system."""

    option_spec: ClassVar[OptionSpec] = {
        "system": directives.unchanged_required,
        "title": directives.unchanged,
        **{name: directives.unchanged for name in _WRITTEN},
    }

    def run(self) -> list[nodes.Node]:
        bml_domain(self.env).note_generated(self.env.docname)
        written = {name: str(self.options.get(name) or "").strip() for name in _WRITTEN}
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
    card = fill_card(site)
    if card.is_empty:
        message = "bml-convention-card: no bidding table of the site shows an opening or a defence"
        warn(Kind.DIRECTIVE, message, placeholder)
    title = placeholder.get("title") or site.metadata(domain.pages).get("TITLE") or app.config.project
    written = {name: str(placeholder[name]) for name in _WRITTEN if placeholder.get(name)}
    made = _Card(app.builder, docname, site, written).draw(card, title)
    for node in made:
        for table in node.findall(nodes.table):
            doctree.set_id(table, suggested_prefix=_CLASS)  # a titled table is a target (numfig)
    return made


class _Card:
    """Draws a :class:`ConventionCard` as docutils nodes: titled parts and tables."""

    def __init__(self, builder: Builder, docname: str, site: Site, written: dict[str, str]) -> None:
        self.builder = builder
        self.docname = docname
        self.site = site
        self.written = written

    def draw(self, card: ConventionCard, title: str) -> list[nodes.Node]:
        heading = nodes.rubric(title, f"WBF convention card: {title}", classes=["bml-card-title"])
        drawn: list[nodes.Node] = [heading]
        if "players" in self.written:
            drawn.append(
                nodes.paragraph("", "", nodes.strong("Players: ", "Players: "), *self._text(self.written["players"]))
            )
        written = nodes.container(classes=["bml-card-written"])
        written += self._written(_BESIDE_OPENINGS[0])
        written += self._special(card.special)
        for name in _BESIDE_OPENINGS[1:]:
            written += self._written(name)
        drawn += [written, self._openings(card)]
        if card.competitive:
            drawn.append(self._competitive(card))
        after = nodes.container(classes=["bml-card-written"])
        for name in _AFTER:
            after += self._written(name)
        return [*drawn, after]

    # -- parts --------------------------------------------------------------

    def _written(self, name: str) -> list[nodes.Node]:
        text = self.written.get(name, "")
        part = [nodes.rubric(_TITLES[name], _TITLES[name], classes=["bml-card-part"])]
        return [*part, nodes.paragraph("", "", *self._text(text)) if text else nodes.paragraph("", "—")]

    def _special(self, lines: tuple[CardLine, ...]) -> list[nodes.Node]:
        title = "Special bids that may require defensive action"
        items = nodes.bullet_list()
        for line in lines:
            items += nodes.list_item(
                "", nodes.paragraph("", "", *self._calls(line), nodes.Text(": "), *self._meaning(line))
            )
        return [nodes.rubric(title, title, classes=["bml-card-part"]), items if lines else nodes.paragraph("", "—")]

    def _openings(self, card: ConventionCard) -> nodes.table:
        table, body = _table("Opening bids", ("Opening", "Art.", "Meaning", "Hand", "Responses"), (8, 5, 27, 20, 40))
        for opening in card.openings:
            line = opening.line
            responses = [
                nodes.paragraph(
                    "", "", *self._calls(response, last_only=True), nodes.Text(" "), *self._meaning(response)
                )
                for response in opening.responses
            ]
            body += _row(
                self._calls(line, last_only=True),
                [nodes.Text("✓" if line.artificial else "")],
                self._meaning(line),
                [nodes.Text(line.hand)],
                responses,
            )
        return table

    def _competitive(self, card: ConventionCard) -> nodes.table:
        table, body = _table("Defensive and competitive bidding", ("", "Calls", "Meaning", "Hand"), (20, 24, 38, 18))
        for part in card.competitive:
            for index, line in enumerate(part.lines):
                body += _row(
                    [nodes.strong(part.title, part.title)] if index == 0 else [],
                    self._calls(line),
                    self._meaning(line),
                    [nodes.Text(line.hand)],
                )
        return table

    # -- pieces -------------------------------------------------------------

    def _calls(self, line: CardLine, *, last_only: bool = False) -> list[nodes.Node]:
        """The line's sequences, each linked to its row: the last call alone (openings and
        responses: ``2♣``), or the whole auction (``(1♥)–2♣``)."""
        drawn: list[nodes.Node] = []
        for index, key in enumerate(line.keys):
            if index:
                drawn.append(nodes.Text(", "))
            shown = concrete_call_tokens(key[2].last) if last_only else sequence_tokens(key[2])
            drawn.append(self._link(key, inline_nodes(shown)))
        return drawn

    def _link(self, key: Key, shown: list[nodes.Node]) -> nodes.Node:
        target = self.site.targets.get(key)
        if target is None:
            return nodes.inline("", "", *shown)
        return make_refnode(
            self.builder, self.docname, target.docname, target.anchor, nodes.inline("", "", *shown), label(key[2])
        )

    def _meaning(self, line: CardLine) -> list[nodes.Node]:
        meaning = self.site.meaning(line.key)
        if meaning is None:
            return [nodes.Text(line.meaning)]
        return inline_nodes(meaning_tokens(meaning.description.inline))  # a link in it: its title

    @staticmethod
    def _text(text: str) -> list[nodes.Node]:
        return inline_nodes(meaning_tokens(parse_inline(text)))


def _table(title: str, headings: tuple[str, ...], widths: tuple[int, ...]) -> tuple[nodes.table, nodes.tbody]:
    table = nodes.table(classes=["bml-card-table", "colwidths-given"])
    table += nodes.title(title, title)
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


def _row(*cells: Sequence[nodes.Node]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if cell and isinstance(cell[0], nodes.paragraph):
            entry.extend(cell)
        else:
            entry += nodes.paragraph("", "", *cell)
        row += entry
    return row
