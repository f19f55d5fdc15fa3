"""From BSS sequence records to BML bidding tables: grouping, order, intermediate rows, passes."""

from __future__ import annotations

from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_reader import read_bss
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.model import BidNode, Document, Seat, Vulnerability

HEADER = "*00{}=NYYYYYY"


def document(*records: str, header: str = HEADER) -> Document:
    return build_document(read_bss("\n".join([header, *records]) + "\n", "partner.bss"))


def outline(nodes: list[BidNode], depth: int = 0) -> list[str]:
    """Rows as ``indentation + call [= description]``."""
    lines = []
    for node in nodes:
        text = "  " * depth + "-".join(call.notation for call in node.calls)
        if node.description:
            text += " = " + " / ".join(node.description.lines)
        lines.append(text)
        lines.extend(outline(node.children, depth + 1))
    return lines


def sequences_back(doc: Document) -> set[tuple[bool, str, str, str]]:
    """What our engine makes of the written BML: (we open, seat, vulnerability, calls) of each meaning."""
    system = expand(parse_text(write_bml(doc), "back.bml"))
    return {
        (m.sequence.we_open, m.seat.value, m.vulnerability.code, "".join(str(c) for c in m.sequence.calls))
        for m in system
    }


def sequences_of(*records: str) -> set[tuple[bool, str, str, str]]:
    bss = read_bss("\n".join([HEADER, *records]), "partner.bss")
    return {(s.we_open, s.seat.value, s.vulnerability.code, "".join(str(c) for c in s.calls)) for s in bss.sequences}


def added(doc: Document, *records: str) -> set[str]:
    """The sequences our engine reads from the written BML beyond the records (BSS notation)."""
    back, given = sequences_back(doc), sequences_of(*records)
    assert given <= back, "a sequence of the file went missing"
    return {("" if we_open else "*") + calls for we_open, _, _, calls in back - given}


def test_metadata() -> None:
    doc = document(header="*00{Precision}=NYYYYYYStrong club")
    assert doc.metadata.values == {"TITLE": "Precision", "DESCRIPTION": "Strong club"}
    assert document().metadata.values == {}
    assert doc.blocks == []


def test_groups_in_the_reference_order() -> None:
    doc = document(
        "*001N=NYYYYYY0they",
        "651N=NYYYYYY0c",
        "001C=NYYYYYY008a",
        "561N=NYYYYYY0b",
        "061N=NYYYYYY0d",
        "041N=NYYYYYY0e",
        "*111N=NYYYYYY0they first seat",
    )
    keys = [(t.rows[0].calls[0].ours, t.seat, t.vulnerability.code) for t in doc.bid_tables]
    assert keys == [
        (True, Seat.ANY, "00"),
        (True, Seat.ANY, "YY"),
        (True, Seat.ANY, "Y0"),
        (True, Seat.FIRST_OR_SECOND, "Y0"),
        (True, Seat.THIRD_OR_FOURTH, "N0"),
        (False, Seat.ANY, "00"),
        (False, Seat.FIRST, "NN"),
    ]
    assert doc.bid_tables[0].location.line == 4  # where the group's first record is
    assert doc.bid_tables[-1].vulnerability == Vulnerability(False, False)


def test_children_in_order_of_first_appearance_and_intermediate_rows() -> None:
    records = (
        "001CP1HP2C=NYYYYYY008checkback",
        "001D=NYYYYYY008diamonds",
        "001C=NYYYYYY008clubs",
        "001CP1D=NYYYYYY008diamonds",
        "001CP1H=NYYYYYY008hearts",
    )
    doc = document(*records)
    assert outline(doc.bid_tables[0].rows) == [
        "1C = clubs",
        "  1H = hearts",
        "    2C = checkback",
        "  1D = diamonds",
        "1D = diamonds",
    ]
    assert doc.bid_tables[0].rows[0].location.line == 4  # its own record
    assert doc.bid_tables[0].rows[0].children[0].children[0].location.line == 2
    assert added(doc, *records) == set()


def test_intermediate_rows_have_no_description() -> None:
    records = ("001CP1HP2C=NYYYYYY008checkback",)
    doc = document(*records)
    assert outline(doc.bid_tables[0].rows) == ["1C", "  1H", "    2C = checkback"]
    # a tree needs these rows, so the engine defines them too, without a description
    assert added(doc, *records) == {"1C", "1CP1H"}


def test_uncontested_passes_are_left_out() -> None:
    records = ("001N=NYYYYYY0", "001NP2C=NYYYYYY008Stayman", "001NP2CP2D=NYYYYYY008No major")
    doc = document(*records)
    assert outline(doc.bid_tables[0].rows) == ["1N", "  2C = Stayman", "    2D = No major"]
    assert added(doc, *records) == set()


def test_a_pass_with_a_record_is_written() -> None:
    records = ("001C=NYYYYYY008", "001CP=NYYYYYY0they pass", "001CP1D=NYYYYYY008x")
    doc = document(*records)
    assert outline(doc.bid_tables[0].rows) == ["1C", "  (P) = they pass", "    1D = x"]
    assert added(doc, *records) == set()


def test_a_pass_is_written_beside_an_overcall() -> None:
    # As the reference does; BML reads a pass without meaning in an uncontested auction as no sequence.
    records = ("001C=NYYYYYY008", "001CP1D=NYYYYYY008transfer", "001C1D=NYYYYYY008", "001C1DD=NYYYYYY0negative")
    doc = document(*records)
    assert outline(doc.bid_tables[0].rows) == ["1C", "  (P)", "    1D = transfer", "  (1D)", "    D = negative"]
    assert added(doc, *records) == set()


def test_contested_auctions() -> None:
    records = (
        "*001N=NYYYYYY0",
        "*001NP=NYYYYYY0",
        "*001NPP=NYYYYYY0",
        "*001NPPD=NYYYYYY0Strength",
        "*001N2C=NYYYYYY008Majors",
        "*001N2CPP2D=NYYYYYY008Better minor",
        "001C1S2DP3C=NYYYYYY008Competitive",
    )
    doc = document(*records)
    # passes with a record of their own are written; the one between 2D and 3C is filled in by BML
    assert outline(doc.bid_tables[0].rows) == ["1C", "  (1S)", "    2D", "      3C = Competitive"]
    assert outline(doc.bid_tables[1].rows) == [
        "(1N)",
        "  P",
        "    (P)",
        "      D = Strength",
        "  2C = Majors",
        "    P",
        "      (2D) = Better minor",
    ]
    assert added(doc, *records) == {"1C", "1C1S", "1C1S2D", "*1N2CPP"}  # rows a tree needs


def test_two_passes_in_a_row_keep_one() -> None:
    # 1C (P) P (1D): leaving out both passes would read as 1C (1D)
    records = ("001C=NYYYYYY008", "001CPP1D=NYYYYYY008balancing")
    doc = document(*records)
    assert outline(doc.bid_tables[0].rows) == ["1C", "  P", "    (1D) = balancing"]
    assert added(doc, *records) == set()


def test_an_opening_pass_is_written() -> None:
    records = ("00P=NYYYYYY0", "00PP1C=NYYYYYY008third seat", "*00P1N=NYYYYYY0after their pass")
    doc = document(*records)
    assert outline(doc.bid_tables[0].rows) == ["P", "  1C = third seat"]
    assert outline(doc.bid_tables[1].rows) == ["(P)", "  1N = after their pass"]
    assert added(doc, *records) == {"*P"}  # the row a tree needs


def test_a_later_record_gives_an_intermediate_row_its_description() -> None:
    doc = document("001CP1D=NYYYYYY008transfer", "001C=NYYYYYY008clubs")
    assert outline(doc.bid_tables[0].rows) == ["1C = clubs", "  1D = transfer"]
    assert doc.bid_tables[0].rows[0].location.line == 3
    assert not doc.problems


def test_descriptions_lose_outer_spaces_and_the_last_empty_line() -> None:
    doc = document("001N=NYYYYYY0 15--17 \\n\\nMay have a five-card major\\n")
    assert doc.bid_tables[0].rows[0].description.lines == ("15--17", "", "May have a five-card major")


def test_a_sequence_given_twice_keeps_the_first() -> None:
    doc = document("001C=NYYYYYY008first", "001C=NYYYYYY008second")
    assert outline(doc.bid_tables[0].rows) == ["1C = first"]
    (problem,) = doc.problems
    assert str(problem) == "partner.bss:3: 1C was already given on line 2; the meaning given there is kept"


def test_the_opponents_qualified_calls_are_kept() -> None:
    doc = document("*001N{natural}P2D{transfer}D=NYYYYYY0Takeout of hearts")
    assert outline(doc.bid_tables[0].rows) == ["(1N{natural})", "  (2D{transfer})", "    D = Takeout of hearts"]
    assert list(doc.problems) == []


def test_a_qualification_of_our_call_is_reported_and_left_out() -> None:
    doc = document("001N{strong}2C=NYYYYYY008Stayman")
    assert [str(p) for p in doc.problems] == [
        "partner.bss:2: BML has no place for the qualification {strong} of 1N; it is left out"
    ]
