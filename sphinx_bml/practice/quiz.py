"""A bidding quiz: a board bid through by the robot, and the calls of one seat the notes answer.

Pure Python: the practice page (``.. bml-practice:: N``) draws what is
decided here. Every board is bid to the end by the :class:`~.robot.Robot`,
the four hands dealt (partner's calls from the notes, the opponents pass
unless the notes describe their call, or bid by their own notes when the
page gives them: ``:opponents:``). Each call of *your* seat that comes
from a row of the notes is a :class:`Question`: the auction so far, the call,
its row, and the calls that follow until your next turn (partner's answer
among them). The first call of yours that does not come from a row, a pass
no row gives or a call the robot makes *off the notes* because partner's call
forced it, ends the questions: the :class:`Quiz` keeps it as its
:attr:`~Quiz.ending`, so nothing is dropped or made up.

:func:`quiz_boards` keeps the deals where at least your first call comes from
a row, and prefers boards with more than one question: of up to
:data:`PATIENCE` such deals in a row it keeps the first with two questions or
more, else the first of them (and waits half as long for the next board).
Boards aimed at a sequence (``:sequence:``, :mod:`.aiming`) put your side on
it: you open it on one board and answer it on another. Each is kept as it
comes (with your first call from a row): preferring more questions would keep
the boards where you answer and drop those where you open.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from ..language.calls import Call, Sequence
from ..language.system import Meaning, System
from .aiming import aimed
from .boards import Board, partner_of
from .dealing import deals
from .robot import Auction, Choice, Robot

#: deals with a question kept waiting for one with two questions or more, before the first of them is taken
PATIENCE = 12
#: deals tried for each board asked before giving up (a system that covers almost nothing)
TRIES_PER_BOARD = 500
#: boards aimed at a sequence tried for each board asked (each is dealt to the sequence: dearer, and
#: your first call comes from a row on almost all of them)
AIMED_TRIES_PER_BOARD = 20


def from_the_notes(choice: Choice) -> bool:
    """Whether ``choice`` is what a row of the notes gives this hand (not a pass no row gives, not off the notes)."""
    return choice.meaning is not None and not choice.off_notes


@dataclass(frozen=True)
class Question:
    """One of your calls the notes answer: the auction before it, the call, and the calls after it
    until your next turn or the end of the auction."""

    before: tuple[Choice, ...]
    choice: Choice
    after: tuple[Choice, ...]

    @property
    def meaning(self) -> Meaning:
        """The row your call comes from."""
        assert self.choice.meaning is not None
        return self.choice.meaning

    @property
    def partner(self) -> Choice | None:
        """Partner's next call (``None`` when the auction ends before partner calls again)."""
        seat = partner_of(self.choice.seat)
        return next((choice for choice in self.after if choice.seat == seat), None)


@dataclass(frozen=True)
class Ending:
    """Where the notes stop answering your calls.

    ``choice`` is your call there (``None``: the auction ended after your last question);
    ``index`` its place in the auction (the auction's length when it ended)."""

    index: int
    choice: Choice | None = None

    @property
    def off_notes(self) -> bool:
        """The auction forced a bid and no row fits: the robot bid the nearest row, or the cheapest bid."""
        return self.choice is not None and self.choice.off_notes

    @property
    def described(self) -> bool:
        """Whether the notes have rows with a hand condition after the auction here (none fits the hand)."""
        return self.choice is not None and self.choice.described

    def words(self, shown: Callable[[Call], str] = str, *, located: bool = True) -> str:
        """What happened, in a bridge player's words; ``shown`` writes a call (BML notation by default);
        ``located``: the nearest row of a call off the notes is named with its file and line."""
        before, call, after = self.parts(located=located)
        return before + (shown(call) if call is not None else "") + after

    def parts(self, *, located: bool = True) -> tuple[str, Call | None, str]:
        """:meth:`words` as the text before your call, the call (``None`` when the auction is over),
        and the text after it, for a page that draws the call with its suit symbol and links it."""
        choice = self.choice
        if choice is None:
            return "The auction is over: every call of yours came from the notes.", None, ""
        if choice.off_notes:
            if choice.meaning is not None:
                where = f" ({choice.meaning.location})" if located else ""
                return (
                    "The notes end here: the auction forces a bid and no row fits your hand; off the notes, "
                    "the nearest row is ",
                    choice.call,
                    f": {choice.meaning.plain_text}{where}.",
                )
            before = "The notes end here: the auction forces a bid and the notes have no row here; off the notes, "
            return before + "the robot bids ", choice.call, "."
        if choice.described:
            before = "The notes end here: they go on after this auction, but no row fits your hand; "
            return before + "the robot calls ", choice.call, "."
        if choice.wants_conditions:
            before = (
                "The notes end here: they go on after this auction, but no row there has a hand condition "
                "to say which hands bid it; the robot calls "
            )
            return before, choice.call, "."
        return "The notes end here: they have no row after this auction; the robot calls ", choice.call, "."


@dataclass(frozen=True)
class Quiz:
    """A board bid through, your seat, the questions the notes answer, and where they stop."""

    board: Board
    seat: str
    auction: Auction
    questions: tuple[Question, ...]
    ending: Ending

    @property
    def choices(self) -> list[Choice]:
        return self.auction.choices


def quiz_of(auction: Auction, seat: str) -> Quiz:
    """The questions ``auction`` asks ``seat``: each of its calls from a row, up to the first that is not."""
    choices = auction.choices
    turns = [index for index, choice in enumerate(choices) if choice.seat == seat]
    questions: list[Question] = []
    for number, index in enumerate(turns):
        choice = choices[index]
        if not from_the_notes(choice):
            return Quiz(auction.board, seat, auction, tuple(questions), Ending(index, choice))
        following = turns[number + 1] if number + 1 < len(turns) else len(choices)
        questions.append(Question(tuple(choices[:index]), choice, tuple(choices[index + 1 : following])))
    return Quiz(auction.board, seat, auction, tuple(questions), Ending(len(choices)))


def quiz_boards(
    robot: Robot, dealt: Iterable[str] | Iterable[Board], count: int, seat: str, *, more: bool = True
) -> Iterator[Quiz]:
    """Up to ``count`` quizzes from the deals ``dealt`` (PBN, numbered from 1 with the club's dealer and
    vulnerability; or boards, which keep theirs and are numbered again from 1): only deals where
    ``seat``'s first call comes from a row; of up to :data:`PATIENCE` such
    deals in a row, the first with two questions or more, else the first of them. When no deal of a
    board's wait had two questions, the next board waits half as long (at least for one deal), so notes
    that rarely go past the first call cost little more than they used to. ``more=False``: the first
    deal with a question is kept, whatever the number of its questions."""
    number = 0
    waiting: Quiz | None = None
    seen = 0
    longest = PATIENCE if more else 1
    patience = longest
    tries = 0
    for deal in dealt:
        if number == count:
            return
        tries += 1
        board = Board.numbered(deal, number + 1) if isinstance(deal, str) else replace(deal, number=number + 1)
        quiz = quiz_of(robot.bid(board), seat)
        if quiz.questions:
            seen += 1
            waiting = waiting or quiz
            if len(quiz.questions) > 1 or seen >= patience:
                chosen = quiz if len(quiz.questions) > 1 else waiting
                patience = longest if len(quiz.questions) > 1 else max(1, patience // 2)
                waiting, seen, number = None, 0, number + 1
                yield chosen
                continue
        if tries >= count * TRIES_PER_BOARD:
            break
    if waiting is not None and number < count:
        yield waiting


def practice_quizzes(
    system: System,
    count: int,
    seed: int,
    seat: str,
    *,
    opponents: System | None = None,
    sequence: Sequence | None = None,
) -> Iterator[Quiz]:
    """The boards of a practice page: :func:`quiz_boards` on the deals of ``seed`` (endplay deals them:
    :class:`~.dealing.PracticeUnavailable` without it, raised when the first board is asked for).
    ``opponents``: the notes the other side bids by; ``sequence``: only boards where your side bids
    it (:func:`~.aiming.aimed`; :class:`~.aiming.OutOfReach` when no board reaches it)."""
    robot = Robot(system, opponents=opponents, seats=seat)
    if sequence is None:
        return quiz_boards(robot, deals(seed), count, seat)
    boards = aimed(robot, sequence, count * AIMED_TRIES_PER_BOARD, seed, seat=seat)
    return quiz_boards(robot, boards, count, seat, more=False)
