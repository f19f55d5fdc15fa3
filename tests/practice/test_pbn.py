"""Boards as PBN 2.1's export format: the deal from the dealer, an auction the robot stopped marked ``*``."""

from __future__ import annotations

from sphinx_bml.language.calls import Call
from sphinx_bml.practice.boards import Board
from sphinx_bml.practice.pbn import deal_from, pbn_board
from sphinx_bml.practice.robot import Auction, Choice

BOARD = Board("N:AKQ5.AK65.Q43.K5 J762.T832.T5.A72 8.QJ7.AK87.J9863 T943.94.J962.QT4", "W", "EW", 4)


def _auction(written: str) -> Auction:
    auction = Auction(BOARD)
    for call in written.split():
        auction.choices.append(Choice(auction.next_seat(), Call.parse(call), None))
    return auction


def test_the_deal_is_written_from_the_dealer() -> None:
    assert deal_from(BOARD, "W") == "W:T943.94.J962.QT4 AKQ5.AK65.Q43.K5 J762.T832.T5.A72 8.QJ7.AK87.J9863"
    assert '[Deal "W:T943.94.J962.QT4 AKQ5.AK65' in pbn_board(BOARD, _auction("P 1C P P P"))


def test_an_auction_the_robot_stopped_before_its_end_is_marked() -> None:
    stopped = pbn_board(BOARD, _auction("P 1C D R 1S"))
    assert stopped.endswith('[Auction "W"]\nPass 1C X XX\n1S *\n\n')
    ended = pbn_board(BOARD, _auction("P 1C P P P"))
    assert ended.endswith('[Auction "W"]\nPass 1C Pass Pass\nPass\n\n')
