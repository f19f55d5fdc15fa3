"""Scores, IMPs and par: every score against endplay's, par against endplay's own par on fixed deals."""

from __future__ import annotations

import pytest

from sphinx_bml.language.calls import Call, Strain
from sphinx_bml.practice import Board
from sphinx_bml.practice.robot import Contract
from sphinx_bml.practice.scoring import imps, north_south_score, score
from tests.support import needs

#: fixed deals: a part-score, a game, a sacrifice (endplay's par is doubled), a slam
DEALS = (
    "N:AKQ5.AK65.Q43.K5 J762.T832.T5.A72 8.QJ7.AK87.J9863 T943.94.J962.QT4",
    "N:KQ4.A83.KQJ72.A6 JT9.KQJT62.5.K93 A83.975.A986.QJT 7652.4.T43.87542",
    "N:AKQJT98.A2.K3.A2 2.KQJT9.QJT.KQJ3 6543.8765.A2.T98 7.43.987654.7654",
)


@pytest.mark.parametrize(
    ("difference", "won"),
    [(0, 0), (10, 0), (20, 1), (49, 1), (50, 2), (420, 9), (-430, -10), (3990, 23), (4000, 24), (9000, 24)],
)
def test_the_wbf_imp_table(difference: int, won: int) -> None:
    assert imps(difference) == won


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_every_score_is_endplays() -> None:
    types = needs("endplay.types")
    denoms = {
        Strain.CLUBS: types.Denom.clubs,
        Strain.DIAMONDS: types.Denom.diamonds,
        Strain.HEARTS: types.Denom.hearts,
        Strain.SPADES: types.Denom.spades,
        Strain.NOTRUMP: types.Denom.nt,
    }
    penalties = [types.Penalty.passed, types.Penalty.doubled, types.Penalty.redoubled]
    checked = 0
    for level in range(1, 8):
        for strain, denom in denoms.items():
            for doubled, penalty in enumerate(penalties):
                for tricks in range(14):
                    for vulnerable, vul in ((False, types.Vul.none), (True, types.Vul.both)):
                        contract = types.Contract(
                            level=level, denom=denom, declarer=types.Player.north, penalty=penalty,
                            result=tricks - level - 6,
                        )  # fmt: skip
                        assert score(level, strain, doubled, tricks, vulnerable) == contract.score(vul), contract
                        checked += 1
    assert checked == 7 * 5 * 3 * 14 * 2


def test_north_south_score_takes_the_declarers_side() -> None:
    board = Board.numbered(DEALS[0], 2)  # NS vulnerable
    four_hearts = Call.parse("4H")
    assert north_south_score(board, Contract(four_hearts, 0, "S"), 10) == 620
    assert north_south_score(board, Contract(four_hearts, 1, "E"), 8) == 300
    assert north_south_score(board, Contract(None), None) == 0


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_par_is_endplays_own_par_and_its_contracts_score_it() -> None:
    dds = needs("endplay.dds")
    types = needs("endplay.types")
    from sphinx_bml.practice.dealing import solve

    boards = [Board.numbered(deal, number) for number, deal in enumerate(DEALS, start=1)]
    strains = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES, "N": Strain.NOTRUMP}
    for board, solved in solve(boards, lambda board: board, jobs=1):
        vul = {"None": types.Vul.none, "NS": types.Vul.ns, "EW": types.Vul.ew, "All": types.Vul.both}
        own = dds.par(types.Deal(board.deal), vul[board.vulnerability], types.Player.find(board.dealer))
        assert solved.par == own.score
        for contract in own:
            seat = contract.declarer.abbr
            strain = strains[contract.denom.abbr[0]]
            tricks = solved.tricks[(strain, seat)]
            doubled = {1: 0, 2: 1, 4: 2}[contract.penalty.value]
            ours = Contract(Call.bid(contract.level, strain), doubled, seat)
            assert north_south_score(board, ours, tricks) == solved.par, (board.deal, str(contract))
            assert imps(north_south_score(board, ours, tricks) - solved.par) == 0
