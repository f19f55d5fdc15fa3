"""A system counted as practice_bidding's "chimaera" system is (chimaera HCP, points with freakiness,
playing tricks from the formula file) converts fully, and every converted condition agrees, hand by hand,
with a small evaluator written here from practice_bidding's definitions (xml_parsing/xml_parser.py) and
redeal's (``Hand.freakness``, ``Holding.pt``, in the version practice_bidding pins, January 2018), with
endplay counting HCP, lengths and balance."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.practice_xml import (
    AllOf,
    AnyOf,
    Evaluation,
    Formula,
    GeneralShape,
    NoneOf,
    Shapes,
    SuitLength,
    XmlBid,
    XmlSystem,
    XmlTest,
    read_system,
    to_document,
)
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.conditions import Hand
from sphinx_bml.language.model import BidNode
from sphinx_bml.practice import Robot
from tests.formats.practice_bidding import xml_call
from tests.support import needs, written_conditions

SYSTEM = Path(__file__).parent / "practice_xml" / "freakiness_and_tricks.xml"
SUITS = ("spades", "hearts", "diamonds", "clubs")
CHIMAERA_SCALE = [4.5, 3, 1.5, 0.75, 0.25] + [0] * 8


def converted() -> tuple[XmlSystem, str]:
    system = read_system(SYSTEM.read_bytes(), SYSTEM.name)
    return system, write_bml(to_document(system))


# -- the independent evaluator ----------------------------------------------------


def redeal_playing_tricks(cards: str) -> float:
    """redeal's ``Holding.pt`` (2018): a trick a card over three, and the first honour line that applies.
    Its last test, ``{J, T} in self``, asks whether the set {J, T} is one of the suit's ranks: never."""
    ranks, length = set(cards), len(cards)
    base = max(length - 3, 0)

    def holds(*honours: str) -> bool:
        return any(set(group) <= ranks for group in honours)

    if holds("AKQ"):
        return 3 + base
    if holds("AKJ", "AQJ"):
        return 2.5 + base
    if holds("AK", "AQT", "KQJ"):
        return 2 + base
    if holds("AQ", "KJT") or holds("AJ") or (holds("KQ") and length >= 3):
        return 1.5 + base
    if holds("A", "KQ", "KJ") or holds("KT") or (holds("QJ") and length >= 3):
        return 1 + base
    if (holds("K") and length >= 2) or (holds("Q") and length >= 3):
        return 0.5 + base
    return base


def redeal_freakness(lengths: list[int]) -> int:
    """redeal's ``Hand.freakness``: per suit max(l - 4, 3 - l), plus 2 for a void or else 1 for a singleton."""
    bonus = 2 if 0 in lengths else 1 if 1 in lengths else 0
    return sum(max(length - 4, 3 - length) for length in lengths) + bonus


class Independent:
    """practice_bidding's checks of one hand (an endplay hand), written from its definitions."""

    def __init__(self, endplay: Any, evaluate: ModuleType, pbn: str) -> None:
        self.hand = endplay.Hand(pbn)
        self.evaluate = evaluate
        self.lengths = {suit: len(getattr(self.hand, suit)) for suit in SUITS}
        self.holdings = {suit: "".join(rank.abbr for rank in getattr(self.hand, suit)) for suit in SUITS}

    def value(self, method: str) -> float:
        hcp = float(self.evaluate.hcp(self.hand, list(CHIMAERA_SCALE)))
        if method == "hcp":
            return hcp
        if method == "points":  # shape="freakiness": hcp + freakness / 2 - 0.5
            return hcp + redeal_freakness(list(self.lengths.values())) / 2 - 0.5
        return sum(redeal_playing_tricks(self.holdings[suit]) for suit in SUITS)  # <tricks>: hand.pt

    def fits(self, shape: str) -> bool:
        """redeal's shape: each bracket's suits hold its lengths in some order, ``x`` any length."""
        exact = [self.lengths[suit] for suit in SUITS]
        groups = re.findall(r"\(([0-9x]+)\)|([0-9x])", shape)
        position = 0
        for bracket, single in groups:
            places = bracket or single
            held = exact[position : position + len(places)]
            position += len(places)
            if not any(
                all(want == "x" or int(want) == have for want, have in zip(order, held, strict=True))
                for order in itertools.permutations(places)
            ):
                return False
        return True

    def side(self, written: str) -> float:
        spelled = written
        for suit in SUITS:
            spelled = spelled.replace(suit, str(self.lengths[suit]))
        return float(eval(spelled, {"__builtins__": {}}))  # digits, + - * only: the reader checked it

    def accepts(self, test: XmlTest) -> bool:
        if isinstance(test, Evaluation):
            return test.low <= self.value(test.method) <= test.high
        if isinstance(test, SuitLength):
            return test.low <= self.lengths[test.suit] <= test.high
        if isinstance(test, GeneralShape):
            balanced = bool(self.evaluate.is_balanced(self.hand))
            return {"balanced": balanced, "unbalanced": not balanced}.get(test.name, True)
        if isinstance(test, Shapes):
            result = False
            for sign, shape in test.terms:
                result = (result or self.fits(shape)) if sign == "+" else (result and not self.fits(shape))
            return result
        if isinstance(test, Formula):
            left, right = self.side(test.left), self.side(test.right)
            return {
                "==": left == right,
                "!=": left != right,
                "<": left < right,
                "<=": left <= right,
                ">": left > right,
                ">=": left >= right,
            }[test.operator]
        if isinstance(test, AllOf):
            return all(self.accepts(part) for part in test.parts)
        if isinstance(test, AnyOf):
            return any(self.accepts(part) for part in test.parts)
        if isinstance(test, NoneOf):
            return not self.accepts(test.part)
        raise AssertionError(f"not carried: {test}")


def practice_modules() -> tuple[ModuleType, ModuleType, ModuleType]:
    """Our dealer and endplay's types and evaluation (the practice extra): present, else the test says so."""
    return needs("sphinx_bml.practice.dealing"), needs("endplay.types"), needs("endplay.evaluate")


def all_rows(text: str) -> list[BidNode]:
    """The top rows xml2bml wrote, in order (an opening pass goes in a table of its own)."""
    return [row for table in parse_text(text, "converted.bml").bid_tables for row in table.rows]


def pairs(bids: list[XmlBid], rows: list[BidNode]) -> Iterator[tuple[XmlBid, BidNode]]:
    """Each XML bid with the row xml2bml wrote for it (same order, same tree)."""
    assert [str(bid.call) for bid in bids] == [str(row.calls[0].call) for row in rows]
    for bid, row in zip(bids, rows, strict=True):
        yield bid, row
        yield from pairs(bid.children, row.children)


# -- converted fully --------------------------------------------------------------


def test_the_chimaera_counts_convert_fully() -> None:
    system, text = converted()
    assert system.problems == []
    written = written_conditions(text)
    scale = "(4.5-3-1.5-0.75-0.25)"
    assert written["1C 1D 1H"] == (
        f"20.75-22.5 hcp{scale} and balanced or 15.75-20.25 hcp{scale} and playing tricks <= 7.5 and 5+ hearts"
    )
    assert written["1C 1D 2C"] == "8+ playing tricks"
    assert written["1C 1H"] == f"8.5+ freakiness points{scale}, hearts >= spades, hearts >= 5"
    # a missing <min> is 0 in practice_bidding, and points with freakiness go below 0: it is written out
    assert written["1S"] == (  # a comma binds loosest
        f"11-15.5 freakiness points{scale} or 0-6.25 freakiness points{scale} and spades >= 6, "
        "spades > hearts, 5+ spades"
    )
    assert written["P"] == f"0-10.25 freakiness points{scale}"
    assert written["2D"] == (f"11-16.5 freakiness points{scale}, 4(41)4 or 4(40)5 or 5(40)4, not 8.5+ playing tricks")
    document = parse_text(text, "converted.bml")
    expand(document)
    assert list(document.problems) == []
    with_a_test = [row for bid, row in pairs(system.bids, all_rows(text)) if bid.test is not None]
    assert len(with_a_test) == 13  # every bid of the file
    assert all(row.condition is not None for row in with_a_test)


# -- exact values, worked out by hand ----------------------------------------------


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize(
    ("pbn", "hcp", "points", "tricks"),
    [
        # 4.5 + 4.5+3+1.5+0.75; freakiness 1+3+1+1 (7-2-2-2) = 6: 14.25 + 3 - 0.5; tricks 1 + 3+4 + 0 + 0
        ("A2.AKQJ987.32.32", 14.25, 16.75, 8),
        # 4333 yarborough with a ten: 0.25 HCP, freakiness 0: -0.25 points; T98 counts nothing
        ("T98.765.432.5432", 0.25, -0.25, 1),
        # 4441: 4.5+3 + 3+1.5 + 0.75+0.25 + 0; freakiness 3: 13 + 1.5 - 0.5; tricks AK 2+1, KQ 1.5+1, JT 0+1, 0
        ("AK32.KQ32.JT32.2", 13, 14, 6.5),
        # 3.25 + 2.25 + 1.5 + 3; freakiness 3; KT 1 trick (redeal 2018), QJ doubleton none, Q32 0.5, K5432 0.5 + 2
        ("KT.QJ.Q32.K5432", 10, 11, 4),
    ],
)
def test_exact_values_on_hand_picked_hands(pbn: str, hcp: float, points: float, tricks: float) -> None:
    endplay = needs("endplay.types")
    evaluate = needs("endplay.evaluate")
    independent = Independent(endplay, evaluate, pbn)
    assert (independent.value("hcp"), independent.value("points"), independent.value("tricks")) == (
        hcp,
        points,
        tricks,
    )
    system, _ = converted()
    ours = Hand.from_pbn(pbn)
    assert ours.hcp(system.scale) == hcp
    assert ours.points(system.scale, freakiness=True) == points
    assert ours.playing_tricks() == tricks


def test_a_flat_yarborough_is_below_zero_points_and_so_no_pass_in_practice_bidding() -> None:
    _, text = converted()
    rows = {str(row.calls[0].call): row for row in all_rows(text)}
    condition = rows["P"].condition
    assert condition is not None
    assert not condition.holds(Hand.from_pbn("T98.765.432.5432"))  # -0.25 points: below <min> 0
    assert condition.holds(Hand.from_pbn("J98.765.432.5432"))  # 0.25 points


# -- agreement on random boards ------------------------------------------------------


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_every_converted_condition_agrees_with_practice_bidding_on_every_hand() -> None:
    dealing, endplay, evaluate = practice_modules()
    system, text = converted()
    rows = all_rows(text)
    checked = [(bid, row) for bid, row in pairs(system.bids, rows) if bid.test is not None]
    held = 0
    for board in dealing.boards(150, seed=2018):
        for pbn in board.deal.split(":", 1)[1].split():
            independent, ours = Independent(endplay, evaluate, pbn), Hand.from_pbn(pbn)
            for bid, row in checked:
                assert row.condition is not None and bid.test is not None
                expected = independent.accepts(bid.test)
                assert row.condition.holds(ours) is expected, (pbn, str(bid.call), row.condition.source)
                held += expected
    assert held > 300  # the conditions were met, not only refused


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_robot_bids_the_converted_system_as_practice_bidding_would() -> None:
    dealing, endplay, evaluate = practice_modules()
    system, text = converted()
    robot = Robot(expand(parse_text(text, "converted.bml")))
    bid_calls = 0
    for board in dealing.boards(150, seed=14):
        hands = board.hands
        auction = robot.bid(board)
        for turn, choice in enumerate(auction.choices):
            if choice.off_notes:
                continue  # partner's call forces and no row fits: practice_bidding passes, our robot bids on
            pbn = str(hands[choice.seat])
            expected = xml_call(
                system,
                auction.calls[:turn],
                hands[choice.seat],
                lambda test, _, pbn=pbn: Independent(endplay, evaluate, pbn).accepts(test),
            )
            assert choice.call == expected, (board.deal, auction.notation(), turn)
            bid_calls += choice.call.is_bid
    assert bid_calls > 150
