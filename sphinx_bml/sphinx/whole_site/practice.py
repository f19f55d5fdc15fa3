"""``.. bml-practice:: N``: a practice page of N boards, dealt when the site is built.

.. code-block:: rst

   .. bml-practice:: 6
      :seed: 2024
      :seat: S
      :opponents: opponents/natural.bml
      :sequence: 1N-2C

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
last one shows the whole auction and where the notes stop. Above the boards,
HTML also has the page's two screens, one for each partner of the side
(:mod:`.practice_screens`; :func:`screen_board` draws a board's parts for
them). LaTeX and text, where nothing can be hidden, ask the calls under each
board and print the answers after all the boards, as the key at the end of a
quiz book: per board the whole auction, each of your calls and partner's
with its meaning and row, and where the notes stop. Only deals where your
first call comes from a row are kept, and boards with more than one question are preferred
(:func:`~sphinx_bml.practice.quiz.quiz_boards`). The boards are the same at
every build: the seed is ``:seed:``, else a number made from the document's
name.

``:opponents:`` names the opponents' own notes (a ``.bml``, ``.bss`` or
BBOalert file, its path from the page, inside the documentation folder; the
page is built again when it changes): the other side bids by them, each of
their calls shown with its meaning from their notes, as an alert at the
table, never linked (their rows are not the site's). ``:sequence:`` deals
only boards where your side bids the sequence, the opponents' calls in
brackets theirs (:func:`~sphinx_bml.practice.aiming.aimed`). Notes that
cannot be read, are the site's own or open nothing, and a sequence the
notes never reach, deal no board: the page says so, and a warning says why.

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
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.addnodes import pending_xref
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from ...language.calls import PASS
from ...language.diagrams import VOID, direction_name
from ...language.errors import BMLError, Kind, one_line
from ...language.inline import Inline
from ...language.model import AUCTION_SEATS
from ...language.notation import object_name, parse_reference
from ...language.shown import concrete_call_tokens, meaning_tokens, sequence_tokens
from ...language.suits import GLYPH_LETTERS, SUIT_ORDER
from ...language.system import Meaning, System
from .. import nodes as bml
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..nodes import suit_node
from ..nodes.inline import inline_nodes
from .practice_screens import ScreenBoard, two_screens

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
    option_spec: ClassVar[dict[str, Any]] = {
        "seed": directives.unchanged,
        "seat": _seat,
        "opponents": directives.unchanged_required,
        "sequence": directives.unchanged_required,
    }

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
        sequence = self.options.get("sequence", "").strip()
        if sequence and (problem := _sequence_problem(sequence)) is not None:
            warn(
                Kind.DIRECTIVE, f"bml-practice :sequence: {sequence}: {problem}; no board is dealt", self.get_location()
            )
            return [_not_dealt(f"the sequence {sequence} could not happen at a table")]
        opponents = self.opponents()
        if opponents is None:
            return [_not_dealt("the notes of the opponents cannot be read")]
        placeholder = bml.placeholder(
            kind=KIND,
            boards=count,
            seed=seed,
            seat=self.options.get("seat", "S"),
            docname=self.env.docname,
            opponents=opponents,
            opponents_written=self.options.get("opponents", "").strip(),
            sequence=sequence,
        )
        self.set_source_info(placeholder)
        return [placeholder]

    def opponents(self) -> str | None:
        """The path of ``:opponents:`` from the documentation folder (``""`` without the option), a
        dependency of the page; ``None`` (warned why) when the file cannot be theirs."""
        if "opponents" not in self.options:
            return ""
        written = self.options["opponents"].strip()
        _, absolute = self.env.relfn2path(written, self.env.docname)
        path = Path(absolute).resolve()
        srcdir = Path(self.env.srcdir).resolve()
        self.env.note_dependency(str(path))  # dealt again when their notes change, or appear
        problem = _file_problem(path, srcdir)
        if problem is None and not self.state.document.settings.file_insertion_enabled:
            problem = "the file is not read here (file insertion is off)"
        if problem is None and self.env.path2doc(str(path)) in self.env.found_docs:
            problem = (
                "it is a page of this site, so its rows are the site's too; keep it out of the pages "
                'with exclude_patterns in conf.py, such as exclude_patterns = ["opponents/**"]'
            )
        if problem is not None:
            warn(Kind.DIRECTIVE, f"bml-practice :opponents: {written}: {problem}", self.get_location())
            return None
        return path.relative_to(srcdir).as_posix()  # the project may move: from its folder


def _sequence_problem(written: str) -> str | None:
    """Why ``:sequence:`` is no auction (``None``: it is one)."""
    from ...practice.aiming import legal_sequence

    try:
        legal_sequence(parse_reference(written).sequence)
    except BMLError as error:
        return error.message
    return None


def _file_problem(path: Path, srcdir: Path) -> str | None:
    """Why the opponents' notes at ``path`` cannot be read (``None``: they may be)."""
    if not path.is_relative_to(srcdir):
        return "the file is outside the documentation folder, so it is not read"
    if path.is_dir():
        return "a project folder is read by bml-practice --opponents; here give a .bml, .bss or BBOalert file"
    if not path.exists():
        return "there is no such file"
    if not path.is_file():
        return "it is a pipe or a device, not a file, so it is not read"
    return None


def _not_dealt(why: str) -> nodes.paragraph:
    """What the page says in place of its boards (the warning tells the author more)."""
    text = f"The practice boards are not dealt: {why}."
    return nodes.paragraph(text, text)


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
        from ...practice.aiming import OutOfReach
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
        theirs: System | None = None
        if settings.get("opponents"):
            theirs = self.opponents(placeholder, site.system, location)
            if theirs is None:
                return [_not_dealt("the notes of the opponents cannot be read")]
        written = str(settings.get("sequence", ""))
        sequence = parse_reference(written).sequence if written else None
        seat = str(settings["seat"])
        try:
            found = list(
                practice_quizzes(
                    site.system,
                    int(settings["boards"]),
                    int(settings["seed"]),
                    seat,
                    opponents=theirs,
                    sequence=sequence,
                )
            )
        except PracticeUnavailable:
            warn(Kind.PRACTICE, f"the practice boards are not dealt: {NEEDS_ENDPLAY}", location)
            return [nodes.paragraph("", "The practice boards are not dealt yet.")]  # the warning tells the author
        except OutOfReach as error:
            warn(Kind.PRACTICE, f"bml-practice :sequence: {written}: {error.message}", location)
            return [_not_dealt(f"no deal reaches {written}")]
        if len(found) < int(settings["boards"]):
            warn(
                Kind.PRACTICE,
                f"bml-practice: only {len(found)} of {settings['boards']} boards found a row of the system "
                "for your hand; give more rows a hand condition",
                location,
            )
        prefix = f"{names[0]}:" if names and names[0] else ""
        fmt = self.output_format()
        made: list[nodes.Node] = [] if theirs is None else [against(theirs, seat)]
        made += [board_nodes(quiz, prefix, fmt) for quiz in found]
        if fmt != "html" and found:
            made.append(answer_key(found, prefix, fmt))
        if fmt == "html" and found:  # with partner, each at their own screen
            seats = side_seats(str(settings["seat"]))
            made.insert(0, two_screens([screen_board(quiz, prefix) for quiz in found], seats, int(settings["seed"])))
        return made

    def opponents(
        self, placeholder: bml.placeholder, ours: System, location: str | tuple[str, int | None]
    ) -> System | None:
        """The opponents' notes of a ``bml-practice``, their problems warned about where they are;
        ``None`` (warned why) when they cannot be the other side's."""
        from ...practice.source import opponents_problem
        from ...versions.reading import holds_conditions, read_notes

        written = str(placeholder["opponents_written"])
        srcdir = Path(self.env.srcdir)
        path = srcdir / str(placeholder["opponents"])
        try:
            theirs, problems = read_notes(path, root=srcdir)
        except (OSError, ValueError, BMLError) as error:  # gone since the page was read; no BSS record
            reason = error.strerror or str(error) if isinstance(error, OSError) else str(error)
            warn(Kind.PRACTICE, f"bml-practice :opponents: {written}: cannot be read: {reason}", location)
            return None
        for found in problems:
            where = str(found.location) if found.location else location
            warn(found.kind, f"in the opponents' notes {written}: {found.message}", where)
        problem = opponents_problem(theirs, ours, written, conditions=holds_conditions(path))
        if problem is not None:
            warn(Kind.PRACTICE, f"bml-practice :opponents: {written}: {problem}", location)
            return None
        return theirs


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


def against(theirs: System, seat: str) -> nodes.paragraph:
    """Who the opponents are: their side, and their notes' title (as text, escaped as any text)."""
    from ...practice.boards import side_of

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
    from ...practice.robot import THEIRS

    return [
        said(direction_name(choice.seat), choice, prefix, fmt)
        for choice in choices
        if choice.notes == THEIRS and choice.meaning is not None and choice.call != PASS
    ]


def answer(question: Question, prefix: str, fmt: str) -> list[nodes.Node]:
    """Your call, linked to its row, its meaning and the hand condition it meets; then the calls until
    your next turn that the notes describe (partner's answer, an opponent's call from the notes)."""
    from ...practice.boards import partner_of
    from ...practice.robot import THEIRS

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
    from ...practice.robot import THEIRS

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
    from ...practice.robot import THEIRS

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
    from ...practice.boards import SEATS, partner_of

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
    from ...practice.boards import SEATS

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
