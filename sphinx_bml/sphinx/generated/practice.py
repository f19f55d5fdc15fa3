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
``:bml:seq:``. The page uses standard docutils nodes only: in HTML the
answer is a ``<details>`` disclosure (no JavaScript; it works on Read the
Docs and on a phone); LaTeX and text show the answer after the question.
Dealing needs endplay (``pip install 'sphinx-bml[practice]'``); without it
the page says so and a ``bml.practice`` warning tells the author.
"""

from __future__ import annotations

import html
import zlib
from collections.abc import Iterator
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.addnodes import pending_xref
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from ...language.calls import Call
from ...language.conditions import Hand
from ...language.diagrams import AUCTION_SEATS, direction_name, hand_text
from ...language.errors import Kind
from ...language.notation import SUIT_GLYPHS, call_label, object_name
from ...language.site import Site
from ...language.system import Meaning
from ...practice.boards import SEATS, Board
from ...practice.dealing import NEEDS_ENDPLAY, PracticeUnavailable, deals, seed_of
from ...practice.robot import Choice, Robot
from .. import nodes as bml
from ..diagnostics import warn
from ..domain.domain import bml_domain

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
        return [board_nodes(board, choices, choice, seat, prefix, fmt) for board, choices, choice in found]


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


def _glyphs(fmt: str) -> bool:
    return fmt != "latex"  # pdflatex prints no suit symbol outside sphinx-bml's own nodes


_ASCII = str.maketrans(
    {"\u2265": ">=", "\u2264": "<=", "\u2260": "!=", "\u00d7": "x", **{g: k for k, g in SUIT_GLYPHS.items()}}
)


def printable(text: str, fmt: str) -> str:
    """``text`` as the builder can print it: in LaTeX, suit symbols as letters and >= for \u2265."""
    return text if _glyphs(fmt) else text.translate(_ASCII)


def call_text(call: Call, fmt: str) -> str:
    return printable(call_label(call), fmt)


def reference_target(meaning: Meaning, prefix: str) -> str:
    """What ``:bml:seq:`` would be given for the row: ``1NT-2C#SEAT3`` (:attr:`.notation.Reference.target`)."""
    return prefix + object_name(meaning.sequence, meaning.seat, meaning.vulnerability)


def practice_hand(hand: Hand, fmt: str) -> str:
    """A dealt hand on one line: ``♠\u00a0AK5   ♥\u00a0QJ3 ...``; in LaTeX ``S AK5   H QJ3 ...``."""
    if _glyphs(fmt):
        return hand_text(hand.holdings, space="\u00a0")
    return hand_text(hand.holdings, glyphs=False)


def board_nodes(board: Board, before: list[Choice], choice: Choice, seat: str, prefix: str, fmt: str) -> nodes.Element:
    """One board: the question (hand and auction), then the answer, hidden in HTML until opened."""
    hand = board.hands[seat]
    shown = practice_hand(hand, fmt)
    box = nodes.container(classes=["bml-practice-board"])
    title = f"Board {board.number}: dealer {direction_name(board.dealer)}, vulnerable: {_vulnerable(board)}"
    box += nodes.rubric(title, title)
    box += nodes.paragraph(
        "",
        "",
        nodes.strong(f"Your hand ({direction_name(seat)}):", f"Your hand ({direction_name(seat)}):"),
        nodes.Text(" "),
        nodes.literal(shown, shown, classes=["bml-practice-hand"]),
        nodes.Text(f" ({hand.hcp():g} HCP)"),
    )
    box += auction_table(board, before, fmt)
    box += answer_nodes(choice, prefix, fmt)
    return box


def _vulnerable(board: Board) -> str:
    return {"None": "none", "All": "both", "NS": "North-South", "EW": "East-West"}[board.vulnerability]


def auction_table(board: Board, before: list[Choice], fmt: str) -> nodes.table:
    """The auction so far in four columns, West first, with ``?`` where you bid."""
    order = [seat.value for seat in AUCTION_SEATS]
    cells = [""] * order.index(board.dealer) + [call_text(choice.call, fmt) for choice in before] + ["?"]
    rows = [cells[index : index + 4] for index in range(0, len(cells), 4)]
    table = nodes.table(classes=["bml-practice-auction"])
    group = nodes.tgroup(cols=4)
    table += group
    for _ in order:
        group += nodes.colspec(colwidth=6)
    head = nodes.thead()
    head += _row([seat.label for seat in AUCTION_SEATS])
    group += head
    body = nodes.tbody()
    for row in rows:
        body += _row(row + [""] * (4 - len(row)))
    group += body
    return table


def _row(texts: list[str]) -> nodes.row:
    row = nodes.row()
    for text in texts:
        entry = nodes.entry()
        if text:
            entry += nodes.paragraph(text, text)
        row += entry
    return row


def answer_nodes(choice: Choice, prefix: str, fmt: str) -> nodes.container:
    """The system's call, its meaning and a link to its row; in HTML inside ``<details>``."""
    meaning = choice.meaning
    assert meaning is not None
    reveal = nodes.container(classes=["bml-reveal"])
    summary = "Show the system\u2019s call"
    reveal += nodes.raw(
        "", f'<details><summary>{html.escape(summary)}</summary><div class="bml-answer">', format="html"
    )
    called = call_text(choice.call, fmt)
    link = pending_xref(
        "",
        nodes.inline(called, called),
        refdomain="bml",
        reftype="seq",
        reftarget=reference_target(meaning, prefix),
        refexplicit=True,
        refwarn=True,
    )
    answer = nodes.paragraph("", "", nodes.strong("The system bids", "The system bids"), nodes.Text(" "), link)
    text = printable(meaning.plain_text, fmt)
    if text:
        answer += nodes.Text(f": {text}")
    reveal += answer
    if meaning.condition is not None:
        condition = printable(f"Hand condition: {meaning.condition.describe()}", fmt)
        reveal += nodes.paragraph(condition, condition, classes=["bml-practice-condition"])
    reveal += nodes.raw("", "</div></details>", format="html")
    return reveal
