"""Other players' files come through whole (tests/roots/test-shared-modules, issue 29).

A repository as an experienced BML 2 author keeps it for bridge-markup: four
partnerships, each a root ``.bml`` file including its own modules and the
shared ones of ``common/`` (2 spaces a level). It holds the shapes such notes
hold: a pattern head (``1M-2Y;``) with a row written out for one branch
(``2S  (after 1H) …``) after the pattern's ``2M``; rows for several calls
(``2S/3H``, ``4D/4H``, ``2D/2H/2S``); ``4m`` where no minor is left
(2NT-3♣-3♦); a general ``1M`` row with answers after specific ``1H``/``1S``
openings; a head with a made-up letter in an opponents' call; a real double
definition. Only the slips are warned, each saying what is true at its line;
every row adds a sequence or is warned; the ``.bss`` files hold what the notes
say, and differ from bridge-markup's only where documented.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.commands.bml_check import main as bml_check
from sphinx_bml.language import expand, parse_file
from tests.support import ROOTS, bml2bss, bss_records, build_once, contributes, located_warnings, rows

NOTES = ROOTS / "test-shared-modules"
SYSTEMS = ("anna_ben", "clara_dan", "eva_filip", "greg_hana")

#: (file, line, type, words of the message): the slips in the notes, each warned once.
PLANTED = [
    # the head's call with a made-up letter: said at the head, not "no blank line" at a row
    ("clara_dan/defence.bml", 12, "bml.syntax", "'(1♣)-(1A)-' begins this block as the sequence a bidding table"),
    # 2S for the 1H branch after 2M under 1M-2Y: a conflict in the 1S branch, naming both lines
    ("common/two_over_one.bml", 12, "bml.conflict", "1S-2C-2S is defined here as '(after 1H) four spades, extras'"),
    # the general 1M row after the specific openings: its answers stay, and the message says so
    ("eva_filip/majors.bml", 3, "bml.unused", "so its meaning is not part of the system: 1H is '11--15, five hearts'"),
    # a real double definition: minor-suit Stayman over the shared 2S
    ("greg_hana/one_club.bml", 25, "bml.conflict", "1NT-2S is defined here as 'minor-suit Stayman'"),
]


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> SphinxTestApp:
    return build_once("html", NOTES, tmp_path_factory.mktemp("shared-html"))


@pytest.fixture(scope="module")
def bss(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    """Each system's ``.bss`` records, by sequence code, in order."""
    app = build_once("bss", NOTES, tmp_path_factory.mktemp("shared-bss"))
    return {system: bss_records((Path(app.outdir) / f"{system}.bss").read_text(encoding="utf-8")) for system in SYSTEMS}


def test_only_the_slips_are_warned_each_saying_what_is_true(html: SphinxTestApp) -> None:
    found = sorted({(file, line, kind) for file, line, kind, _ in located_warnings(html)})
    assert found == sorted((file, line, kind) for file, line, kind, _ in PLANTED)
    for file, line, kind, words in PLANTED:
        messages = [m for f, n, k, m in located_warnings(html) if (f, n, k) == (file, line, kind)]
        assert any(words in message for message in messages), (file, line, messages)
    conflicts = [m for f, n, _, m in located_warnings(html) if (f, n) == ("common/two_over_one.bml", 12)]
    assert sorted(m.split(" is defined")[0] for m in conflicts) == ["1S-2C-2S", "1S-2D-2S", "1S-2H-2S"]
    assert all("at common/two_over_one.bml:6; the first stands" in message for message in conflicts)
    (covered,) = [m for f, *_, m in located_warnings(html) if f == "eva_filip/majors.bml"]
    assert covered.endswith("the first definition stands, and the 7 rows under it still add their sequences")
    assert not any("adds nothing" in message for *_, message in located_warnings(html))
    assert not any("without a blank line" in message for *_, message in located_warnings(html))


def test_bml_check_says_what_the_build_says(html: SphinxTestApp, capsys: pytest.CaptureFixture[str]) -> None:
    status = bml_check(["--format", "json", str(NOTES)])
    found = json.loads(capsys.readouterr().out)
    assert status == 1
    checked = {(Path(p["file"]).resolve().relative_to(NOTES.resolve()).as_posix(), p["line"], p["kind"]) for p in found}
    assert checked == {(file, line, kind) for file, line, kind, _ in located_warnings(html)}


def test_every_row_adds_a_sequence_or_is_warned_at_its_line(html: SphinxTestApp) -> None:
    """Each call of a row for several calls counts as a row of its own; a row some of whose
    sequences another row holds is warned at its line (the 2S row for the 1H branch)."""
    warned = {(file, line) for file, line, _, _ in located_warnings(html)}
    sites = html.env.get_domain("bml").sites()  # type: ignore[attr-defined]
    srcdir = Path(html.srcdir)
    walked = several = 0
    lost: set[tuple[str, int]] = set()
    for system in SYSTEMS:
        site = sites[system]
        document = parse_file(srcdir / f"{system}.bml")  # the rows as the engine reads them, with their sequences
        expand(document)
        for table in document.bid_tables:
            for row, _ in rows(table.rows):
                walked += 1
                place = (Path(row.location.file).relative_to(srcdir).as_posix(), row.location.line)
                assert contributes(row, site) or place in warned, f"{place}: adds nothing, and no warning says so"
                for part in row.calls[-1].parts:
                    several += 1
                    assert any(key[2].last == part.call for key in row.sequences), (place, part.written)
                for key in row.sequences:
                    standing = site.system.get(key)
                    if row.description and (standing is None or standing.location != row.location):
                        lost.add(place)
                        assert place in warned, f"{place}: {key[2]} is not this row's, and no warning says so"
    assert walked > 150 and several >= 16
    assert sorted(lost) == [
        ("common/two_over_one.bml", 12),  # 2S (after 1H), in the 1S branch
        ("eva_filip/majors.bml", 3),  # 1M, after 1H and 1S written out
        ("greg_hana/one_club.bml", 25),  # minor-suit Stayman
    ]


def test_rows_for_several_calls_give_one_record_per_call(bss: dict[str, dict[str, str]]) -> None:
    anna = bss["anna_ben"]
    for code in ("002D", "002H", "002S"):
        assert anna[code].endswith("weak two, a good six-card suit, 5--10"), code
        assert anna[f"{code}P2N"].endswith("asks for a feature"), code
    for code in ("001DP1HP1NP2S", "001DP1HP1NP3H"):
        assert anna[code].endswith("natural, forcing")
        assert anna[f"{code}P3N"].endswith("to play") and anna[f"{code}P4H"].endswith("three hearts")
    for system in SYSTEMS:
        records_of = bss[system]
        assert records_of["001NP4D"].endswith("Texas: transfer to the major above")
        assert records_of["001NP4H"].endswith("Texas: transfer to the major above")
        assert records_of["001HD2N"].endswith("0four-card raise, invitational or better")  # notrump: no suit length
        assert records_of["001HD3C"].endswith("008four-card raise, invitational or better")
        assert records_of["001N2C2D"].endswith("transfer to the next suit")
    clara = bss["clara_dan"]
    assert clara["001CP1HP2N"].endswith("relay: describe your hand") and clara["001CP1SP2N"]


def test_4m_where_no_minor_is_left_gives_both_minors(bss: dict[str, dict[str, str]]) -> None:
    for system in SYSTEMS:
        notes = bss[system]
        assert notes["002NP3CP3DP4C"].endswith("5!c, slam try")
        assert notes["002NP3CP3DP4D"].endswith("5!d, slam try")
        assert notes["002NP3CP3DP4DP4N"].endswith("asks for keycards in !d")
        assert notes["002NP3CP3DP3H"].endswith("four cards in the other major")


def test_the_pattern_head_keeps_the_first_row_and_its_answers(bss: dict[str, dict[str, str]]) -> None:
    for system in ("anna_ben", "eva_filip"):
        notes = bss[system]
        for branch in ("001SP2C", "001SP2D", "001SP2H"):
            assert notes[f"{branch}P2S"].endswith("six cards, or a minimum with nothing better to say")
            answers = [code for code in notes if code.startswith(f"{branch}P2SP")]
            assert len(answers) == 5, (branch, answers)
        assert notes["001HP2CP2S"].endswith("(after 1H) four spades, extras")


def test_the_general_row_s_answers_stand(bss: dict[str, dict[str, str]]) -> None:
    notes = bss["eva_filip"]
    assert notes["001H"].endswith("11--15, five hearts")
    assert notes["001SP2NP3S"].endswith("minimum, no shortness")
    assert notes["001HP3H"].endswith("limit raise, four trumps")


def reference_records(reference: ModuleType, system: str) -> dict[str, str]:
    """What bridge-markup's bml2bss writes for ``system``'s root file."""
    return bss_records(bml2bss(reference, path=NOTES / f"{system}.bml"))


#: What we write and bridge-markup does not, on purpose: the first calls of the rows for
#: several calls, which it reads as their last call alone (with their answers), and 4m
#: after 2NT-3C-3D, where it leaves the row out (BML 2's m has no minor left).
FOUR_M = {"002NP3CP3DP4C", "002NP3CP3DP4CP4N", "002NP3CP3DP4D", "002NP3CP3DP4DP4N"}
OURS_ONLY = {
    "anna_ben": {
        *FOUR_M,
        *("001DP1HP1NP2S", "001DP1HP1NP2SP3N", "001DP1HP1NP2SP4H"),  # 2S/3H
        *("002D", "002DP2N", "002H", "002HP2N"),  # 2D/2H/2S
        *("001HD2N", "001SD2N", "001N2C2D", "001NP4D"),  # 2N/3C, 2D/2H, 4D/4H
    },
    "clara_dan": {*FOUR_M, "001CP1H", "001CP1HP2N", "001CP2C", "001HD2N", "001SD2N", "001N2C2D", "001NP4D"},
    "eva_filip": {*FOUR_M, "001HD2N", "001SD2N", "001N2C2D", "001NP4D"},
    "greg_hana": {*FOUR_M, "001CP1DP1HP2S", "001HD2N", "001SD2N", "001N2C2D", "001NP4D"},
}
#: What bridge-markup writes and we do not: 2M and 2S after 1H-2S, not sufficient bids
#: (it does not check), the 2M row's answers with them.
AFTER_2S = {"001HP2SP2S", "001HP2SP2H", *(f"001HP2SP2HP{call}" for call in ("2N", "3H", "3N", "3S", "4H"))}
THEIRS_ONLY = {"anna_ben": AFTER_2S, "clara_dan": set(), "eva_filip": AFTER_2S, "greg_hana": set()}


@pytest.mark.conformance
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_bss_differs_from_bml2bss_only_where_documented(
    bss: dict[str, dict[str, str]], reference: ModuleType, system: str
) -> None:
    ours, theirs = bss[system], reference_records(reference, system)
    assert set(ours) - set(theirs) == OURS_ONLY[system]
    assert set(theirs) - set(ours) == THEIRS_ONLY[system]
    shared = [(code, record) for code, record in ours.items() if code in theirs]
    assert shared == [(code, record) for code, record in theirs.items() if code in ours]
