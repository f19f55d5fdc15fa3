"""How a dealt practice board is drawn: the quiz of ``.. bml-practice::`` (hands, auctions,
questions and answers, each call linked to its row), the answer key of the PDF and the text, and
each board's parts for the two screens (:mod:`.practice_screens`).

The page's directive and its post-transform are in :mod:`.practice`, which imports this module
only where boards are dealt: with it comes the practice engine, which most builds never need.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from docutils import nodes
from sphinx.addnodes import pending_xref

from ...language.calls import PASS
from ...language.conditions import Hand
from ...language.diagrams import VOID, direction_name
from ...language.errors import one_line
from ...language.inline import Inline
from ...language.model import AUCTION_SEATS
from ...language.notation import object_name
from ...language.shown import concrete_call_tokens, meaning_tokens, sequence_tokens
from ...language.suits import GLYPH_LETTERS, SUIT_ORDER
from ...language.system import Meaning, System
from ...practice.boards import SEATS, Board, partner_of, side_of
from ...practice.quiz import Ending, Question, Quiz
from ...practice.robot import THEIRS, Choice
from ..nodes import suit_node
from ..nodes.inline import inline_nodes
from .practice_screens import ScreenBoard


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


def against(theirs: System, seat: str) -> nodes.paragraph:
    """Who the opponents are: their side, and their notes' title (as text, escaped as any text)."""

    sides = "East–West" if side_of(seat) == "NS" else "North–South"
    title = one_line(theirs.metadata.title)
    named = f" ({title})" if title else ""
    text = (
        f"The opponents ({sides}) bid by their own notes{named}; "
        "each of their calls is explained as they would alert it."
    )
    return nodes.paragraph(text, text, classes=["bml-practice-opponents"])


def board_nodes(quiz: Quiz, prefix: str, fmt: str) -> nodes.Element:
    """One board: your hand, the auction up to your first call and how many calls are asked; in HTML
    then each answer in turn, hidden until opened (:func:`revealed`); elsewhere the answers are in the key."""
    board, seat = quiz.board, quiz.seat
    hand = board.hands[seat]
    box = nodes.container(classes=["bml-practice-board"])
    title = board_title(board)
    box += nodes.rubric(title, title)
    box += hand_paragraph(f"Your hand ({direction_name(seat)}):", hand)
    box += auction_table(board, quiz.questions[0].before, asked=True)
    box.extend(alerts(quiz.questions[0].before, prefix, fmt))
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


def board_title(board: Board) -> str:
    """``Board 3: dealer South, vulnerable: East-West``."""
    return f"Board {board.number}: dealer {direction_name(board.dealer)}, vulnerable: {_vulnerable(board)}"


def hand_paragraph(label: str, hand: Hand) -> nodes.paragraph:
    """``label`` in bold, then the hand on one line (:func:`practice_hand`) and its HCP."""
    return nodes.paragraph(
        "",
        "",
        nodes.strong(label, label),
        nodes.Text(" "),
        nodes.literal("", "", *practice_hand(hand), classes=["bml-practice-hand"]),
        nodes.Text(f" ({hand.hcp():g} HCP)"),
    )


def _vulnerable(board: Board) -> str:
    return {"None": "none", "All": "both", "NS": "North-South", "EW": "East-West"}[board.vulnerability]


def auction_table(board: Board, before: Sequence[Choice], *, asked: bool, prefix: str | None = None) -> nodes.table:
    """The auction in four columns, West first; ``asked``: with ``?`` where you call next; ``prefix``
    given (the system's, as :func:`said_call` takes it): each call linked to its row."""
    order = [seat.value for seat in AUCTION_SEATS]
    calls = [
        inline_nodes(concrete_call_tokens(choice.call)) if prefix is None else [said_call(choice, prefix)]
        for choice in before
    ]
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


def alerts(choices: Sequence[Choice], prefix: str, fmt: str) -> list[nodes.Node]:
    """The opponents' calls from their own notes among ``choices``, each with its meaning, as they
    would alert it (passes are not alerted)."""

    return [
        said(direction_name(choice.seat), choice, prefix, fmt)
        for choice in choices
        if choice.notes == THEIRS and choice.meaning is not None and choice.call != PASS
    ]


def answer(question: Question, prefix: str, fmt: str) -> list[nodes.Node]:
    """Your call, linked to its row, its meaning and the hand condition it meets; then the calls until
    your next turn that the notes describe (partner's answer, an opponent's call from the notes)."""

    made: list[nodes.Node] = [said("The system", question.choice, prefix, fmt)]
    meaning = question.meaning
    if meaning.condition is not None:
        condition = nodes.paragraph("", "", *with_suits(f"Hand condition: {meaning.condition.describe()}", fmt))
        condition["classes"].append("bml-practice-condition")
        made.append(condition)
    partner = partner_of(question.choice.seat)
    for choice in question.after:
        if choice.seat == partner:
            made.append(said(f"Partner ({direction_name(choice.seat)})", choice, prefix, fmt))
        elif choice.notes == THEIRS:
            made.extend(alerts([choice], prefix, fmt))
        elif choice.meaning is not None:
            made.append(said(direction_name(choice.seat), choice, prefix, fmt))
    return made


def said_call(choice: Choice, prefix: str) -> nodes.Node:
    """The call with its suit symbol, linked to the row it comes from (when it comes from one of the
    site's: the opponents' own rows are not the site's)."""

    call = nodes.inline("", "", *inline_nodes(concrete_call_tokens(choice.call)))
    if choice.meaning is None or choice.notes == THEIRS:
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
    if choice.notes == THEIRS:
        made += nodes.Text(", from their notes")
        if meaning.plain_text:  # as an alert is given: plain words, what would break a line shown escaped
            made += nodes.Text(": ")
            made.extend(with_suits(one_line(meaning.plain_text), fmt))
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


# -- two screens: a board as each partner sees it, and the notes' auction at its end -------------------


def side_seats(seat: str) -> str:
    """The seats of ``seat``'s side, in the order of the table: ``NS`` or ``EW``."""

    return "".join(sorted((seat, partner_of(seat)), key=SEATS.index))


def screen_board(quiz: Quiz, prefix: str) -> ScreenBoard:
    """A board for two screens (:mod:`.practice_screens` lays it out): on both, the board's number, dealer and
    vulnerability, and the auction until the first call of the side (the calls before it do not depend on
    what the partners bid), the opponents' calls there explained; on each, that player's hand and who of the
    side calls first; at the end, the notes' auction (:func:`notes_auction`)."""
    board, seats, choices = quiz.board, side_seats(quiz.seat), quiz.choices
    first = next(index for index, choice in enumerate(choices) if choice.seat in seats)  # all four call
    opener = choices[first].seat
    hands: dict[str, list[nodes.Node]] = {}
    for seat in seats:
        who = "You call" if seat == opener else f"Partner ({direction_name(opener)}) calls"
        turn = f"{who} first, at the ? in the auction."
        hands[seat] = [
            hand_paragraph(f"Your hand ({direction_name(seat)}):", board.hands[seat]),
            nodes.paragraph(turn, turn, classes=["bml-screens-turn"]),
        ]
    before = choices[:first]
    explained = [said(direction_name(choice.seat), choice, prefix, "html") for choice in before if alerted(choice)]
    bid = "Bid the board with partner, by voice or chat, to the end; then compare with the notes."
    table: list[nodes.Node] = [auction_table(board, before, asked=True), *explained, nodes.paragraph(bid, bid)]
    title = board_title(board)
    return ScreenBoard(board.number, [nodes.rubric(title, title)], hands, table, [notes_auction(quiz, prefix, seats)])


def alerted(choice: Choice) -> bool:
    """Whether an opponent's call is explained to the other side: a call that is not a pass, from a row."""
    return choice.meaning is not None and choice.call != PASS


def notes_auction(quiz: Quiz, prefix: str, seats: str) -> nodes.container:
    """The whole auction the robot bid by the notes, each call linked to its row; each call of the side with
    its meaning (or why it has none), the opponents' calls from a row too; then the four hands."""

    box = nodes.container(classes=["bml-screens-notes"])
    title = "The notes\u2019 auction"
    box += nodes.rubric(title, title)
    box += auction_table(quiz.board, quiz.choices, asked=False, prefix=prefix)
    for choice in quiz.choices:
        if choice.seat in seats or alerted(choice):
            box += said(direction_name(choice.seat), choice, prefix, "html")
    hands = "The four hands"
    box += nodes.rubric(hands, hands)
    for seat in SEATS:
        box += hand_paragraph(f"{direction_name(seat)}:", quiz.board.hands[seat])
    return box
