"""Boards as PBN 2.1's export format: the deal from the dealer, an auction the robot stopped marked ``*``,
the explanations as notes, read back strictly (tests/support.py), by endplay and by bridgebots."""

from __future__ import annotations

from pathlib import Path

from sphinx_bml.language.calls import Call
from sphinx_bml.practice.boards import Board
from sphinx_bml.practice.pbn import deal_from, pbn_board
from sphinx_bml.practice.robot import Auction, Choice
from tests.practice.systems import HOSTILE_MEANINGS, explained_auction
from tests.support import needs, read_pbn

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


def test_each_explained_call_has_a_note_after_the_auction() -> None:
    board = Board.numbered(BOARD.deal, 4)
    auction = explained_auction(board, "P 1N P 2C P 2H P P P", {1: ("15-17 balanced",), 3: ("!Stayman",)})
    assert pbn_board(board, auction).endswith(
        '[Auction "W"]\nPass 1NT =1= Pass 2C =2=\nPass 2H Pass Pass\nPass\n'
        '[Note "1:15-17 balanced"]\n[Note "2:Stayman"]\n\n'
    )


def test_hostile_meanings_stay_inside_their_note() -> None:
    board = Board.numbered(BOARD.deal, 1)
    calls = " ".join(["1C", *["P"] * (len(HOSTILE_MEANINGS) - 1), "P", "P", "P"])
    explanations = {index: lines for index, (lines, _) in enumerate(HOSTILE_MEANINGS)}
    text = pbn_board(board, explained_auction(board, calls, explanations), event='Club "night" \\ 1')
    [game] = read_pbn(text)
    assert [note for _, note in game.explanations()[: len(HOSTILE_MEANINGS)]] == [
        written for _, written in HOSTILE_MEANINGS
    ]
    assert game.tag("Event") == 'Club "night" \\ 1'
    assert game.tag("Deal") == deal_from(board, "N")
    # endplay does not read PBN's escapes back (it shows \\" as written, and a note holding "] ends
    # there), but the notes cost it nothing else: the board and the one after it read whole
    endplay = needs("endplay.parsers.pbn")
    after = Board.numbered(BOARD.deal, 2)
    read = endplay.loads(text + pbn_board(after, explained_auction(after, "1N P P P", {0: ("15-17",)})))
    assert [got.board_num for got in read] == [1, 2]
    assert len(read[0].auction) == len(calls.split())
    assert [bid.announcement for bid in read[1].auction] == ["15-17", None, None, None]


def test_endplay_and_bridgebots_read_the_notes(tmp_path: Path) -> None:
    endplay = needs("endplay.parsers.pbn")
    bridgebots = needs("bridgebots.pbn")
    board = Board.numbered(BOARD.deal, 2)
    auction = explained_auction(
        board, "1N P 2C P 2S P P P", {0: ("15-17, !s or !h",), 2: ("Stayman:", "asks for a major")}
    )
    path = tmp_path / "boards.pbn"
    path.write_text(pbn_board(board, auction, tricks=8), encoding="utf-8")  # bridgebots needs a result
    with path.open(encoding="utf-8") as file:
        [read] = endplay.load(file)
    assert [bid.announcement for bid in read.auction] == [
        "15-17, !S or !H",
        None,
        "Stayman: asks for a major",
        *[None] * 5,
    ]
    [record] = bridgebots.parse_pbn(path)
    [played] = record.board_records
    explained = {metadata.bid_index: metadata.explanation for metadata in played.bidding_metadata}
    assert explained == {0: "15-17, !S or !H", 2: "Stayman: asks for a major"}
