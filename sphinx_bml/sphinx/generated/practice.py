"""``.. bml-practice:: N``: a practice page of N boards, dealt when the site is built.

.. code-block:: rst

   .. bml-practice:: 6
      :seed: 2024
      :seat: S

Each board shows your hand (``:seat:``, South by default), the auction up
to your first call, and then, hidden until you open it, the call the system
makes with that hand (the robot of ``bml-practice``: the first row whose
hand condition fits), its meaning and a link to the row that defines it.
Only deals where your first call comes from a row of the system are kept,
so every board asks a question the notes answer. The boards are the same at
every build: the seed is ``:seed:``, else a number made from the document's
name.

The directive leaves a :class:`~sphinx_bml.sphinx.nodes.placeholder`. The
boards are dealt once every document is read, just before references
are resolved (a post-transform), so the whole system of the page's site
(``bml_systems``) is known and the links go through the ``bml`` domain like
``:bml:seq:``. Hands, calls and meanings are drawn with the shared tokens
(:mod:`sphinx_bml.language.shown`): suit symbols that every builder colours
(``\bmlsuit`` in LaTeX). In HTML the answer is a ``<details>`` disclosure
under its board (no JavaScript; it works on Read the Docs and on a phone);
LaTeX and text, where nothing can be hidden, print the answers after all
the boards, as the key at the end of a quiz book.
Dealing needs endplay (``pip install 'sphinx-bml[practice]'``); without it
the page says so and a ``bml.practice`` warning tells the author.
"""

from __future__ import annotations

import html
import re
import zlib
from collections.abc import Iterator
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.addnodes import pending_xref
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from ...language.conditions import Hand
from ...language.diagrams import AUCTION_SEATS, SUIT_ORDER, VOID, direction_name
from ...language.errors import Kind
from ...language.inline import Inline
from ...language.notation import SUIT_GLYPHS, object_name
from ...language.shown import concrete_call_tokens, meaning_tokens
from ...language.site import Site
from ...language.system import Meaning
from ...practice.boards import SEATS, Board
from ...practice.dealing import NEEDS_ENDPLAY, PracticeUnavailable, deals, seed_of
from ...practice.robot import Choice, Robot
from .. import nodes as bml
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..nodes import suit_node
from ..nodes.inline import inline_nodes

KIND = "practice"
#: Deals tried for each board asked before giving up (a system that covers almost nothing).
_TRIES_PER_BOARD = 500


def _seat(argument: str) -> str:
    seat = (argument or "").strip().upper()[:1]
    if seat not in SEATS:
        raise ValueError("the seat is N, E, S or W")
    return seat


class BMLPractice(SphinxDirective):
    """``.. bml-practice:: N``: a placeholder, filled when the whole site is read."""

    optional_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"seed": directives.unchanged, "seat": _seat}

    def run(self) -> list[nodes.Node]:
        count = 6
        if self.arguments:
            try:
                count = int(self.arguments[0])
            except ValueError:
                count = 0
            if not 1 <= count <= 100:
                warn(
                    Kind.DIRECTIVE,
                    f"bml-practice {self.arguments[0]}: give the number of boards, 1 to 100; 6 are dealt",
                    self.get_location(),
                )
                count = 6
        seed = zlib.crc32(self.env.docname.encode("utf-8"))
        if "seed" in self.options:
            try:
                seed = seed_of(self.options["seed"])
            except ValueError as error:
                warn(
                    Kind.DIRECTIVE,
                    f"bml-practice :seed: {error}; the seed is made from the page's name",
                    self.get_location(),
                )
        placeholder = bml.placeholder(
            kind=KIND, boards=count, seed=seed, seat=self.options.get("seat", "S"), docname=self.env.docname
        )
        self.set_source_info(placeholder)
        return [placeholder]


class PracticeBoards(SphinxPostTransform):
    """Deal and bid the boards of each ``bml-practice`` placeholder, before references are resolved."""

    default_priority = 5  # Sphinx resolves references at 10

    def run(self, **kwargs: Any) -> None:
        for placeholder in list(self.document.findall(bml.placeholder)):
            if placeholder["kind"] == KIND:
                bml.filled(placeholder, self.boards(placeholder))

    def output_format(self) -> str:
        """The builder's format (``html``, ``latex``, ``text``), without the ``app`` Sphinx 9 deprecates."""
        builder = getattr(self.env, "_builder_cls", None)
        return str(builder.format) if builder is not None else str(self.app.builder.format)

    def boards(self, placeholder: bml.placeholder) -> list[nodes.Node]:
        """The boards of one ``bml-practice``, or a paragraph saying why there are none."""
        settings = placeholder.attributes
        docname = str(settings["docname"])
        domain = bml_domain(self.env)
        sites = domain.sites()
        names = domain.systems_of(docname) or list(sites)
        site = sites.get(names[0]) if names else None
        location: str | tuple[str, int | None] = (
            f"{placeholder.source}:{placeholder.line}" if placeholder.source else (docname, placeholder.line)
        )
        if site is None or not any(meaning.condition is not None for meaning in site.system):
            warn(
                Kind.PRACTICE,
                "bml-practice: no row of the system has a hand condition ({{ 15-17 hcp, balanced }}), "
                "so there is nothing to practise",
                location,
            )
            return [nodes.paragraph("", "No row of the system has a hand condition yet, so no board is dealt.")]
        try:
            found = list(practice_boards(site, int(settings["boards"]), int(settings["seed"]), str(settings["seat"])))
        except PracticeUnavailable:
            warn(Kind.PRACTICE, f"the practice boards are not dealt: {NEEDS_ENDPLAY}", location)
            return [nodes.paragraph("", "The practice boards are not dealt: the site was built without endplay.")]
        if len(found) < int(settings["boards"]):
            warn(
                Kind.PRACTICE,
                f"bml-practice: only {len(found)} of {settings['boards']} boards found a row of the system "
                "for your hand; give more rows a hand condition",
                location,
            )
        prefix = f"{names[0]}:" if names and names[0] else ""
        seat, fmt = str(settings["seat"]), self.output_format()
        made: list[nodes.Node] = [
            board_nodes(board, choices, choice, seat, prefix, fmt) for board, choices, choice in found
        ]
        if fmt != "html" and found:
            made.append(answer_key([(board, choice) for board, _, choice in found], prefix, fmt))
        return made


def practice_boards(site: Site, count: int, seed: int, seat: str) -> Iterator[tuple[Board, list[Choice], Choice]]:
    """Boards where ``seat``'s first call comes from a row: the board, the calls before it, and that call."""
    robot = Robot(site.system)
    dealt = deals(seed)
    number = 0
    for _ in range(count * _TRIES_PER_BOARD):
        deal = next(dealt)
        board = Board.numbered(deal, number + 1)
        auction = robot.bid(board)
        turn = next((index for index, choice in enumerate(auction.choices) if choice.seat == seat), None)
        if turn is None or auction.choices[turn].meaning is None:
            continue
        number += 1
        yield board, auction.choices[:turn], auction.choices[turn]
        if number == count:
            return


# -- the nodes of a board ------------------------------------------------------


def _printable(text: str, fmt: str) -> str:
    """``text`` as the builder can print it: in LaTeX, \u2265 as >= (pdflatex prints no \u2265)."""
    return text if fmt != "latex" else text.translate(_ASCII)


_ASCII = str.maketrans({"\u2265": ">=", "\u2264": "<=", "\u2260": "!=", "\u00d7": "x"})


def drawn(tokens: tuple[Inline, ...], fmt: str) -> list[nodes.Node]:
    """Drawn tokens as nodes (suits as :class:`~sphinx_bml.sphinx.nodes.suit`), their text printable."""
    return [
        nodes.Text(_printable(node.astext(), fmt)) if isinstance(node, nodes.Text) else node
        for node in inline_nodes(tokens)
    ]


def with_suits(text: str, fmt: str) -> list[nodes.Node]:
    """Text whose suit symbols become suit nodes, coloured as in the tables."""
    made: list[nodes.Node] = []
    for piece in _GLYPH.split(text):
        if piece in _LETTERS:
            made.append(suit_node(_LETTERS[piece]))
        elif piece:
            made.append(nodes.Text(_printable(piece, fmt)))
    return made


_LETTERS = {glyph: letter for letter, glyph in SUIT_GLYPHS.items()}
_GLYPH = re.compile(f"([{''.join(_LETTERS)}])")


def reference_target(meaning: Meaning, prefix: str) -> str:
    """What ``:bml:seq:`` would be given for the row: ``1NT-2C#SEAT3`` (:attr:`.notation.Reference.target`)."""
    return prefix + object_name(meaning.sequence, meaning.seat, meaning.vulnerability)


def practice_hand(hand: Hand) -> list[nodes.Node]:
    """A dealt hand on one line, spades first: each suit's symbol, a no-break space, its cards
    (a void: a dash), three spaces between the suits."""
    made: list[nodes.Node] = []
    for suit, holding in zip(SUIT_ORDER, hand.holdings, strict=True):
        if made:
            made.append(nodes.Text("   "))
        made += [suit_node(suit), nodes.Text(f"\u00a0{holding or VOID}")]
    return made


def board_nodes(board: Board, before: list[Choice], choice: Choice, seat: str, prefix: str, fmt: str) -> nodes.Element:
    """One board: the question (hand and auction), then the answer, hidden in HTML until opened."""
    hand = board.hands[seat]
    box = nodes.container(classes=["bml-practice-board"])
    title = f"Board {board.number}: dealer {direction_name(board.dealer)}, vulnerable: {_vulnerable(board)}"
    box += nodes.rubric(title, title)
    box += nodes.paragraph(
        "",
        "",
        nodes.strong(f"Your hand ({direction_name(seat)}):", f"Your hand ({direction_name(seat)}):"),
        nodes.Text(" "),
        nodes.literal("", "", *practice_hand(hand), classes=["bml-practice-hand"]),
        nodes.Text(f" ({hand.hcp():g} HCP)"),
    )
    box += auction_table(board, before)
    if fmt == "html":
        box += answer_nodes(choice, prefix, fmt)
    return box


def _vulnerable(board: Board) -> str:
    return {"None": "none", "All": "both", "NS": "North-South", "EW": "East-West"}[board.vulnerability]


def auction_table(board: Board, before: list[Choice]) -> nodes.table:
    """The auction so far in four columns, West first, with ``?`` where you bid."""
    order = [seat.value for seat in AUCTION_SEATS]
    calls = [inline_nodes(concrete_call_tokens(choice.call)) for choice in before]
    cells: list[list[nodes.Node]] = [[] for _ in range(order.index(board.dealer))] + calls + [[nodes.Text("?")]]
    rows = [cells[index : index + 4] for index in range(0, len(cells), 4)]
    table = nodes.table(classes=["bml-practice-auction"])
    group = nodes.tgroup(cols=4)
    table += group
    for _ in order:
        group += nodes.colspec(colwidth=6)
    head = nodes.thead()
    head += _row([[nodes.Text(seat.label)] for seat in AUCTION_SEATS])
    group += head
    body = nodes.tbody()
    for row in rows:
        body += _row(row + [[] for _ in range(4 - len(row))])
    group += body
    return table


def _row(cells: list[list[nodes.Node]]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if cell:
            entry += nodes.paragraph("", "", *cell)
        row += entry
    return row


def answer_nodes(choice: Choice, prefix: str, fmt: str) -> nodes.container:
    """The system's call, its meaning and a link to its row, inside ``<details>`` (HTML)."""
    reveal = nodes.container(classes=["bml-reveal"])
    summary = "Show the system\u2019s call"
    reveal += nodes.raw(
        "", f'<details><summary>{html.escape(summary)}</summary><div class="bml-answer">', format="html"
    )
    reveal += answer(choice, prefix, fmt)
    reveal += nodes.raw("", "</div></details>", format="html")
    return reveal


def answer_key(found: list[tuple[Board, Choice]], prefix: str, fmt: str) -> nodes.container:
    """The answers of all the boards after the last one, each under its board's number
    (LaTeX and text, where an answer under its question cannot be hidden)."""
    key = nodes.container(classes=["bml-practice-key"])
    key += nodes.rubric("Answers", "Answers")
    for board, choice in found:
        title = f"Board {board.number}"
        key += nodes.paragraph("", "", nodes.strong(title, title))
        key += answer(choice, prefix, fmt)
    return key


def answer(choice: Choice, prefix: str, fmt: str) -> list[nodes.Node]:
    """The call the system makes, linked to its row, its meaning, and the hand condition it meets."""
    meaning = choice.meaning
    assert meaning is not None
    link = pending_xref(
        "",
        nodes.inline("", "", *inline_nodes(concrete_call_tokens(choice.call))),
        refdomain="bml",
        reftype="seq",
        reftarget=reference_target(meaning, prefix),
        refexplicit=True,
        refwarn=True,
    )
    said = nodes.paragraph("", "", nodes.strong("The system bids", "The system bids"), nodes.Text(" "), link)
    if meaning.plain_text:
        said += nodes.Text(": ")
        said.extend(drawn(meaning_tokens(meaning.description.inline), fmt))
    made: list[nodes.Node] = [said]
    if meaning.condition is not None:
        condition = nodes.paragraph("", "", *with_suits(f"Hand condition: {meaning.condition.describe()}", fmt))
        condition["classes"].append("bml-practice-condition")
        made.append(condition)
    return made
