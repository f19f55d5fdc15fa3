"""Boards as BBO's LIN: one line a board, each call the notes explain followed by its ``an|``;
read back by a strict reader of our own (tests/support.py) and by endplay's LIN reader."""

from __future__ import annotations

import io

import pytest

from sphinx_bml.practice.boards import SEATS, Board
from sphinx_bml.practice.lin import lin_board
from tests.practice.systems import HOSTILE_MEANINGS, explained_auction
from tests.support import needs, read_lin

DEAL = "N:AKQ5.AK65.Q43.K5 J762.T832.T5.A72 8.QJ7.AK87.J9863 T943.94.J962.QT4"
#: the club's rotation, written out: board 1 North deals, nobody vulnerable; 2 East, North-South ...
ROTATION = {
    1: ("N", "None"),
    2: ("E", "NS"),
    3: ("S", "EW"),
    4: ("W", "All"),
    5: ("N", "NS"),
    6: ("E", "EW"),
    7: ("S", "All"),
    8: ("W", "None"),
    9: ("N", "EW"),
    10: ("E", "All"),
    11: ("S", "None"),
    12: ("W", "NS"),
    13: ("N", "All"),
    14: ("E", "None"),
    15: ("S", "NS"),
    16: ("W", "EW"),
}


def test_a_board_is_one_line_as_bbo_writes_it() -> None:
    board = Board.numbered(DEAL, 4)  # West deals, both vulnerable
    auction = explained_auction(board, "P 1N P 2C P 2H P P P", {1: ("15-17 balanced",), 3: ("!Stayman",)})
    assert lin_board(board, auction) == (
        "qx|o4|pn|South,West,North,East|st||"
        "md|2S8HQJ7DAK87CJ9863,ST943H94DJ962CQT4,SAKQ5HAK65DQ43CK5,SJ762HT832DT5CA72|rh||ah|Board 4|sv|b|"
        "mb|p|mb|1N|an|15-17 balanced|mb|p|mb|2C!|an|Stayman|mb|p|mb|2H|mb|p|mb|p|mb|p|pg||\n"
    )


@pytest.mark.parametrize("number", [*ROTATION, 17, 20, 27, 32])
def test_the_dealer_and_vulnerability_are_those_of_the_board_number(number: int) -> None:
    board = Board.numbered(DEAL, number)
    [read] = read_lin(lin_board(board, explained_auction(board, "P P P P", {})))
    assert (read.number, read.dealer, read.vulnerability) == (number, *ROTATION[(number - 1) % 16 + 1])
    assert read.hands == {seat: str(board.hands[seat]) for seat in SEATS}


def test_hostile_meanings_stay_inside_their_an_field() -> None:
    board = Board.numbered(DEAL, 1)
    calls = " ".join(["1C", *["P"] * (len(HOSTILE_MEANINGS) - 1), "P", "P", "P"])
    explanations = {index: lines for index, (lines, _) in enumerate(HOSTILE_MEANINGS)}
    text = lin_board(board, explained_auction(board, calls, explanations))
    [read] = read_lin(text)
    expected = [written.replace("|", "\uff5c") for _, written in HOSTILE_MEANINGS]
    assert [call.explanation for call in read.calls[: len(expected)]] == expected
    assert [call.call for call in read.calls] == calls.replace("P", "p").split()
    assert [key for key, _ in read.pairs].count("an") == len(HOSTILE_MEANINGS)


@pytest.mark.slow
def test_endplay_reads_the_boards_and_their_explanations() -> None:
    lin = needs("endplay.parsers.lin")
    types = needs("endplay.types")
    boards = [Board.numbered(DEAL, number) for number in (1, 6, 11)]
    auctions = [
        explained_auction(boards[0], "1N P 2C P 2S P P P", {0: ("15-17, !s or !h",), 2: ("!Stayman: asks",)}),
        explained_auction(boards[1], "P P P P", {}),
        explained_auction(boards[2], "1C 1S D P P P", {0: ("Strong", "16+"), 2: ('say "|" \\',)}),
    ]
    read = lin.loads("".join(lin_board(board, auction) for board, auction in zip(boards, auctions, strict=True)))
    assert len(read) == 3
    for board, auction, got in zip(boards, auctions, read, strict=True):
        assert got.board_num == board.number
        assert got.dealer == types.Player.find(board.dealer) == types.Player.from_board(board.number)
        assert got.vul == types.Vul.from_board(board.number)
        assert got.deal.to_pbn() == types.Deal(board.deal).to_pbn()
        assert len(got.auction) == len(auction.calls)
    assert [bid.announcement for bid in read[0].auction] == [
        "15-17, ♠ or ♥",
        None,
        "Stayman: asks",
        None,
        None,
        None,
        None,
        None,
    ]
    assert [bid.alertable for bid in read[0].auction][:3] == [False, False, True]
    assert [bid.announcement for bid in read[1].auction] == [None] * 4
    assert read[2].auction[0].announcement == "Strong; 16+"
    assert read[2].auction[2].announcement == 'say "\uff5c" \\'


def test_a_file_of_boards_reads_back_board_by_board() -> None:
    out = io.StringIO()
    for number in range(1, 6):
        board = Board.numbered(DEAL, number)
        out.write(lin_board(board, explained_auction(board, "1C P P P", {0: (f"board {number}",)})))
    read = read_lin(out.getvalue())
    assert [(board.number, board.calls[0].explanation) for board in read] == [(n, f"board {n}") for n in range(1, 6)]
