"""practice_bidding's XML systems read into BML with conditions: every construct, what cannot be carried,
hostile XML, and the converted system bidding exactly as the XML's own rules on random deals."""

from __future__ import annotations

from pathlib import Path

import pytest

from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.practice_xml import XmlSystem, read_system, to_document
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.errors import BMLError
from sphinx_bml.language.system import System
from sphinx_bml.practice import Board, Robot
from tests.formats.practice_bidding import xml_call
from tests.support import needs, written_conditions

HERE = Path(__file__).parent / "practice_xml"
CLUB = HERE / "club_system.xml"
CHIMAERA = HERE / "chimaera_style.xml"


def converted(path: Path) -> tuple[XmlSystem, str]:
    system = read_system(path.read_bytes(), path.name)
    return system, write_bml(to_document(system))


def xml(body: str, root: str = 'hcp="standard" shape="standard"') -> bytes:
    return f"<?xml version='1.0'?>\n<openingBids {root}>\n{body}\n</openingBids>\n".encode()


def bid(value: str, condition: str, desc: str = "meaning") -> str:
    return f"<bid><value>{value}</value><desc>{desc}</desc>{condition}</bid>"


# -- every construct ---------------------------------------------------------


def test_every_construct_of_the_club_system_becomes_a_condition() -> None:
    system, text = converted(CLUB)
    assert system.problems == []
    written = written_conditions(text)
    assert written["1C"] == "16+ hcp"  # include with <min> only
    assert written["1C 1D"] == "hcp <= 7"  # <max> only
    assert written["1C 1H"] == "8+ hcp, 5+ hearts, hearts >= spades"  # longer_than
    assert written["1C 2C"] == "8+ hcp, clubs >= 5, clubs > diamonds"  # formula, strictly_longer_than
    # include and exclude: one of the includes and none of the excludes
    assert written["1N"] == "13-15 hcp and balanced, not ((5xx)x and spades + hearts >= 5), not x5xx"
    assert written["1N 2C"] == "10+ hcp and 4 spades or 10+ hcp and 4 hearts"  # <or> of <and>s
    assert written["1N 3N"] == "10-18 points, not (4xxx or x4xx)"  # points, <not>, shapes joined by +
    assert written["1N P"] == "hcp <= 9"  # a pass is a row like any other
    assert written["1H"] == "11-15 hcp, 5+ hearts, hearts + hearts - spades * 1 > spades"
    assert written["2D"] == "11-15 hcp and (((4441) or (5440)) and not 4441 and not (44)05)"  # shapes with -
    assert written["1D"] == "11-15 hcp and unbalanced or 11-12 hcp and any"  # two includes
    assert "2H" not in written  # no condition: practice_bidding never bids it, nor does the robot
    assert "2H = Weak two" in text


def test_the_chimaera_count_is_carried_as_a_scale() -> None:
    system, text = converted(CHIMAERA)
    assert system.problems == []
    written = written_conditions(text)
    assert written["1C"] == "15.75+ hcp(4.5-3-1.5-0.75-0.25)"
    assert written["1N"] == "11.5-15.5 hcp(4.5-3-1.5-0.75-0.25), balanced"
    assert written["1S"] == "11-17.5 points(4.5-3-1.5-0.75-0.25), 5+ spades, spades >= hearts"


def test_the_converted_text_reads_back_without_a_problem() -> None:
    for path in (CLUB, CHIMAERA):
        _, text = converted(path)
        document = parse_text(text, "converted.bml")
        expand(document)
        assert list(document.problems) == []


# -- what BML cannot say, said with its line ---------------------------------


def test_tricks_and_freakiness_are_carried_points_from_the_formula_file_are_reported() -> None:
    data = xml(
        bid("1c", "<and>\n<evaluation><tricks><min>8</min></tricks></evaluation></and>")
        + "\n"
        + bid("1n", "<and><evaluation><points><min>15</min></points></evaluation></and>")
        + "\n"
        + bid("1d", "<and><evaluation><hcp><min>11</min></hcp></evaluation></and>"),
        root='hcp="chimaera" shape="freakiness" formulas="my_methods.py"',
    )
    system = read_system(data, "chimaera.xml")
    assert system.problems == []
    assert written_conditions(write_bml(to_document(system))) == {
        "1C": "8+ playing tricks",
        "1N": "15+ freakiness points(4.5-3-1.5-0.75-0.25)",
        "1D": "11+ hcp(4.5-3-1.5-0.75-0.25)",
    }
    from_the_file = read_system(
        xml(
            bid("1n", "<and><evaluation><points><min>15</min></points></evaluation></and>"),
            'hcp="standard" formulas="my_methods.py"',
        ),
        "mine.xml",
    )
    text = write_bml(to_document(from_the_file))
    assert [str(problem) for problem in from_the_file.problems] == [
        "mine.xml:3: 1N: points counted by the formula file, which BML cannot say; "
        "the row is kept without a hand condition, so the robot never bids it",
    ]
    assert written_conditions(text) == {} and "1N = meaning" in text  # nothing lost but the condition said above


def test_hcp_from_the_formula_file_is_reported() -> None:
    system = read_system(xml(bid("1c", "<and><shape type='general'>any</shape></and>"), 'formulas="f.py"'), "s.xml")
    assert [str(p) for p in system.problems] == [
        "s.xml:2: HCP are counted by the formula file f.py, which xml2bml does not run; they are counted "
        '4-3-2-1 (write hcp="standard" or hcp="chimaera" to say so)',
    ]


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        ("<and><shape type='general'>semi_balanced</shape></and>", "'semi_balanced' is not a general shape"),
        ("<and><shape type='shape'>5431x</shape></and>", "'5431x' is not a shape such as 5431 or (54)xx"),
        ("<and><shape type='formula'>hearts &gt; spades &gt; clubs</shape></and>", "needs exactly one of"),
        ("<and><shape type='formula'>hcp &gt; 5</shape></and>", "names something other than a suit"),
        ("<and><shape type='include'>x</shape></and>", '<shape type="include"> is not a shape'),
        ("<and><formula>top_three &gt;= 2</formula></and>", "a <formula> element"),
        ("<and><evaluation><hcp><min>12</min><max>10</max></hcp></evaluation></and>", "<min> 12 is more than"),
        ("<and><evaluation><hcp><min>ten</min></hcp></evaluation></and>", "<min>ten</min> is not a number"),
        ("<not><shape type='general'>any</shape><shape type='general'>any</shape></not>", "<not> holds 2"),
        ("<and><evaluation><controls><min>3</min></controls></evaluation></and>", "<controls> is not an eval"),
    ],
)
def test_what_practice_bidding_itself_would_refuse_is_a_located_message(condition: str, message: str) -> None:
    system = read_system(xml(bid("1c", condition)), "s.xml")
    to_document(system)
    assert len(system.problems) == 1
    assert str(system.problems[0]).startswith("s.xml:3: 1C: ")
    assert message in str(system.problems[0])


def test_bad_bids_are_left_out_with_their_line() -> None:
    body = "\n".join(
        [
            bid("1c", "<and><evaluation><hcp><min>16</min></hcp></evaluation></and>"),
            bid("1c", "<and><evaluation><hcp><min>20</min></hcp></evaluation></and>"),
            bid("8c", ""),
            "<bid><desc>no value</desc></bid>",
            "<comment>hello</comment>",
            bid("1d", "<condition type='maybe'><shape type='general'>any</shape></condition>"),
        ]
    )
    system = read_system(xml(body), "s.xml")
    messages = [str(problem) for problem in system.problems]
    assert messages[0].startswith("s.xml:4: 1C is defined twice at this point (also at line 3)")
    assert messages[1].startswith("s.xml:5: '8c' is not a call")
    assert messages[2].startswith("s.xml:6: a <bid> without a <value>")
    assert messages[3].startswith("s.xml:7: <comment> is not a <bid>")
    assert messages[4].startswith('s.xml:8: <condition type="maybe">')
    assert [str(b.call) for b in system.bids] == ["1C", "1D"]


# -- hostile XML -------------------------------------------------------------


def test_a_document_type_is_refused_so_no_entity_is_ever_expanded() -> None:
    laughs = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
<openingBids><bid><value>1c</value><desc>&lol2;</desc></bid></openingBids>"""
    with pytest.raises(BMLError, match="declares a document type") as raised:
        read_system(laughs, "evil.xml")
    assert str(raised.value).startswith("evil.xml:2: ")


def test_an_external_entity_is_refused() -> None:
    external = b"""<?xml version="1.0"?>
<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<openingBids><bid><value>1c</value><desc>&secret;</desc></bid></openingBids>"""
    with pytest.raises(BMLError, match="document type"):
        read_system(external, "evil.xml")


def test_broken_xml_is_a_located_message() -> None:
    with pytest.raises(BMLError) as raised:
        read_system(b"<openingBids>\n<bid><value>1c</value>\n</openingBids>", "broken.xml")
    assert str(raised.value).startswith("broken.xml:3: this is not well-formed XML (mismatched tag")


# -- the converted system bids as the XML's own rules -----------------------


@pytest.mark.parametrize("path", [CLUB, CHIMAERA], ids=["club", "chimaera"])
def test_the_converted_system_bids_every_call_as_the_xml_rules_do(path: Path) -> None:
    dealing = needs("sphinx_bml.practice.dealing")
    needs("endplay")
    xml_system, text = converted(path)
    bml_system: System = expand(parse_text(text, "converted.bml"))
    robot = Robot(bml_system)
    boards: list[Board] = dealing.boards(150, seed=14)
    bid_calls = 0
    for board in boards:
        hands = board.hands
        auction = robot.bid(board)
        for turn, choice in enumerate(auction.choices):
            expected = xml_call(xml_system, auction.calls[:turn], hands[choice.seat])
            assert choice.call == expected, (board.deal, auction.notation(), turn)
            bid_calls += choice.call.is_bid
    assert bid_calls > 150  # the boards were really bid, not passed out
