"""``.. bml-practice:: N``: a practice page of N boards, dealt when the site is built.

.. code-block:: rst

   .. bml-practice:: 6
      :seed: 2024
      :seat: S

Each board is bid to the end by the robot of ``bml-practice`` (the four
hands dealt; every seat bids the first row whose hand condition fits, and a
forcing call is answered). Every call of yours (``:seat:``, South by
default) that comes from a row is a question; the first that does not (a
pass no row gives, a call the robot makes off the notes) ends them, and is
said (:mod:`sphinx_bml.practice.quiz` decides all this; this module only
draws it). The board shows your hand, the auction up to your first call and
how many calls are asked. In HTML each answer is a ``<details>`` disclosure
(no JavaScript; it works on Read the Docs and on a phone): your call, its
meaning, a link to its row, partner's answer, and the auction going on to
your next call, whose answer is the next ``<details>``, nested in it; the
last one shows the whole auction and where the notes stop. LaTeX and text,
where nothing can be hidden, ask the calls under each board and print the
answers after all the boards, as the key at the end of a quiz book: per
board the whole auction, each of your calls and partner's with its meaning
and row, and where the notes stop. Only deals where your first call comes
from a row are kept, and boards with more than one question are preferred
(:func:`~sphinx_bml.practice.quiz.quiz_boards`). The boards are the same at
every build: the seed is ``:seed:``, else a number made from the document's
name.

The directive leaves a :class:`~sphinx_bml.sphinx.nodes.placeholder`. The
boards are dealt once every document is read, just before references
are resolved (a post-transform), so the whole system of the page's site
(``bml_systems``) is known and the links go through the ``bml`` domain like
``:bml:seq:``. Hands, calls and meanings are drawn with the shared tokens
(:mod:`sphinx_bml.language.shown`): suit symbols that every builder colours
(``\bmlsuit`` in LaTeX).
Dealing needs endplay (``pip install 'sphinx-bml[practice]'``); without it
the page says that the boards are not dealt yet (a reader has nothing to
install) and a ``bml.practice`` warning tells the author what to install.
"""

from __future__ import annotations

import html
import re
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.addnodes import pending_xref
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from ...language.diagrams import VOID, direction_name
from ...language.errors import Kind
from ...language.inline import Inline
from ...language.model import AUCTION_SEATS
from ...language.notation import object_name
from ...language.shown import concrete_call_tokens, meaning_tokens, sequence_tokens
from ...language.suits import GLYPH_LETTERS, SUIT_ORDER
from ...language.system import Meaning
from .. import nodes as bml
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..nodes import suit_node
from ..nodes.inline import inline_nodes

if TYPE_CHECKING:  # the practice engine is imported where boards are dealt: most builds deal none
    from ...language.conditions import Hand
    from ...practice.boards import Board
    from ...practice.quiz import Ending, Question, Quiz
    from ...practice.robot import Choice

KIND = "practice"


def _seat(argument: str) -> str:
    from ...practice.boards import SEATS

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
            from ...practice.dealing import seed_of

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
        from ...practice.dealing import NEEDS_ENDPLAY, PracticeUnavailable
        from ...practice.quiz import practice_quizzes

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
            found = list(
                practice_quizzes(site.system, int(settings["boards"]), int(settings["seed"]), str(settings["seat"]))
            )
        except PracticeUnavailable:
            warn(Kind.PRACTICE, f"the practice boards are not dealt: {NEEDS_ENDPLAY}", location)
            return [nodes.paragraph("", "The practice boards are not dealt yet.")]  # the warning tells the author
        if len(found) < int(settings["boards"]):
            warn(
                Kind.PRACTICE,
                f"bml-practice: only {len(found)} of {settings['boards']} boards found a row of the system "
                "for your hand; give more rows a hand condition",
                location,
            )
        prefix = f"{names[0]}:" if names and names[0] else ""
        fmt = self.output_format()
        made: list[nodes.Node] = [board_nodes(quiz, prefix, fmt) for quiz in found]
        if fmt != "html" and found:
            made.append(answer_key(found, prefix, fmt))
        return made


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
        if piece in GLYPH_LETTERS:
            made.append(suit_node(GLYPH_LETTERS[piece]))
        elif piece:
            made.append(nodes.Text(_printable(piece, fmt)))
    return made


_GLYPH = re.compile(f"([{''.join(GLYPH_LETTERS)}])")


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


def board_nodes(quiz: Quiz, prefix: str, fmt: str) -> nodes.Element:
    """One board: your hand, the auction up to your first call and how many calls are asked; in HTML
    then each answer in turn, hidden until opened (:func:`revealed`); elsewhere the answers are in the key."""
    board, seat = quiz.board, quiz.seat
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
    box += auction_table(board, quiz.questions[0].before, asked=True)
    count = len(quiz.questions)
    asked = f"Bid the hand through: {count} question{'s' if count > 1 else ''}"
    if fmt == "html":
        asked += "; each answer shows the auction going on to your next call."
    else:
        asked += f" (your calls as {direction_name(seat)}; partner's calls are given in the answers at the end)."
    box += nodes.paragraph(asked, asked, classes=["bml-practice-asked"])
    if fmt == "html":
        box += revealed(quiz, prefix, fmt)
    return box


def _vulnerable(board: Board) -> str:
    return {"None": "none", "All": "both", "NS": "North-South", "EW": "East-West"}[board.vulnerability]


def auction_table(board: Board, before: Sequence[Choice], *, asked: bool) -> nodes.table:
    """The auction in four columns, West first; ``asked``: with ``?`` where you call next."""
    order = [seat.value for seat in AUCTION_SEATS]
    calls = [inline_nodes(concrete_call_tokens(choice.call)) for choice in before]
    cells: list[list[nodes.Node]] = [[] for _ in range(order.index(board.dealer))] + calls
    if asked:
        cells.append([nodes.Text("?")])
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


def revealed(quiz: Quiz, prefix: str, fmt: str) -> nodes.container:
    """The answers in turn, each a ``<details>`` inside the one before (HTML, no JavaScript): your call,
    its meaning, its row, the calls up to your next turn with partner's meaning, then the auction so far
    and the next answer; inside the last one the whole auction and where the notes stop."""
    reveal = nodes.container(classes=["bml-reveal"])
    count = len(quiz.questions)
    for number, question in enumerate(quiz.questions, 1):
        summary = f"Show the system\u2019s call ({number} of {count})"
        reveal += nodes.raw(
            "", f'<details><summary>{html.escape(summary)}</summary><div class="bml-answer">', format="html"
        )
        reveal += answer(question, prefix, fmt)
        if number < count:
            reveal += auction_table(quiz.board, quiz.questions[number].before, asked=True)
    reveal += auction_table(quiz.board, quiz.choices, asked=False)
    reveal += ending_nodes(quiz.ending, prefix, fmt)
    reveal += nodes.raw("", "</div></details>" * count, format="html")
    return reveal


def answer_key(found: Sequence[Quiz], prefix: str, fmt: str) -> nodes.container:
    """The answers of all the boards after the last one, each under its board's number: the whole
    auction, each of your calls with its meaning and row, partner's answers, and where the notes stop
    (LaTeX and text, where an answer under its question cannot be hidden)."""
    key = nodes.container(classes=["bml-practice-key"])
    key += nodes.rubric("Answers", "Answers")
    for quiz in found:
        title = f"Board {quiz.board.number}"
        key += nodes.paragraph("", "", nodes.strong(title, title))
        key += auction_table(quiz.board, quiz.choices, asked=False)
        count = len(quiz.questions)
        for number, question in enumerate(quiz.questions, 1):
            heading = f"Question {number} of {count}"
            key += nodes.paragraph("", "", nodes.strong(heading, heading))
            key += answer(question, prefix, fmt)
        key += ending_nodes(quiz.ending, prefix, fmt)
    return key


def answer(question: Question, prefix: str, fmt: str) -> list[nodes.Node]:
    """Your call, linked to its row, its meaning and the hand condition it meets; then the calls until
    your next turn that the notes describe (partner's answer, an opponent's call from the notes)."""
    made: list[nodes.Node] = [said("The system", question.choice, prefix, fmt)]
    meaning = question.meaning
    if meaning.condition is not None:
        condition = nodes.paragraph("", "", *with_suits(f"Hand condition: {meaning.condition.describe()}", fmt))
        condition["classes"].append("bml-practice-condition")
        made.append(condition)
    from ...practice.boards import partner_of

    partner = partner_of(question.choice.seat)
    for choice in question.after:
        if choice.seat == partner:
            made.append(said(f"Partner ({direction_name(choice.seat)})", choice, prefix, fmt))
        elif choice.meaning is not None:
            made.append(said(direction_name(choice.seat), choice, prefix, fmt))
    return made


def said_call(choice: Choice, prefix: str) -> nodes.Node:
    """The call with its suit symbol, linked to the row it comes from (when it comes from one)."""
    call = nodes.inline("", "", *inline_nodes(concrete_call_tokens(choice.call)))
    if choice.meaning is None:
        return call
    return pending_xref(
        "",
        call,
        refdomain="bml",
        reftype="seq",
        reftarget=reference_target(choice.meaning, prefix),
        refexplicit=True,
        refwarn=True,
    )


def row_written(meaning: Meaning, fmt: str) -> list[nodes.Node]:
    """`` (row 1NT–2♣)``: the row's auction, where a link cannot be followed (text, man pages); else nothing."""
    if fmt in ("html", "latex"):
        return []
    return [nodes.Text(" (row "), *drawn(sequence_tokens(meaning.sequence), fmt), nodes.Text(")")]


def said(who: str, choice: Choice, prefix: str, fmt: str) -> nodes.paragraph:
    """``who bids 2♣: Stayman``, the call linked to its row (the row's auction written out where a
    link cannot be followed: text, man pages); a call no row gives says so."""
    verb = "bids" if choice.call.is_bid else "calls"
    made = nodes.paragraph("", "", nodes.strong(who, who), nodes.Text(f" {verb} "), said_call(choice, prefix))
    meaning = choice.meaning
    if meaning is None:
        made += nodes.Text(
            " (off the notes: the auction forces a bid and the notes have no row here)"
            if choice.off_notes
            else " (no row of the notes)"
        )
        return made
    made.extend(row_written(meaning, fmt))
    if meaning.plain_text:
        made += nodes.Text(": ")
        made.extend(drawn(meaning_tokens(meaning.description.inline), fmt))
    if choice.off_notes:
        made += nodes.Text(" (off the notes: no row fits the hand, this one is the nearest)")
    return made


def ending_nodes(ending: Ending, prefix: str, fmt: str) -> list[nodes.Node]:
    """Where the notes stop: the auction is over, or your call there is no row's; the call is drawn
    with its suit symbol, and linked to the nearest row when the robot bid it off the notes."""
    before, call, after = ending.parts(located=False)
    made = nodes.paragraph("", "", *with_suits(before, fmt), classes=["bml-practice-end"])
    choice = ending.choice
    if call is not None and choice is not None:
        made += said_call(choice, prefix)
        if choice.meaning is not None:
            made.extend(row_written(choice.meaning, fmt))
    made.extend(with_suits(after, fmt))
    return [made]
