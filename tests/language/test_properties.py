"""Properties of the engine, with hypothesis.

* No input makes the engine raise: problems are reported, never thrown.
* For generated tables inside the reference's comfort zone, our BSS equals
  what bridge-markup 2.7.0 writes (see the ``reference`` fixture), but
  where we read a row otherwise on purpose (:func:`read_otherwise_on_purpose`).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from types import ModuleType

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.model import BidNode, Document

WORDS = ["strong", "weak", "relay", "natural", "forcing", "5+!h", "2--3!s", "invite", "any", "GF"]
BML_LINE_PIECES = [
    "1C", "1N-2C;", "(1N)---", "2M", "3X", "1red", "2HS", "1step", "P", "(D)", "#COPY a", "#ENDCOPY",
    "#CUT b", "#ENDCUT", "#PASTE a", "#PASTE b x=y", "#HIDE", "#VUL Y0", "#SEAT 34", "#VUL", "#SEAT 9",
    "#+TITLE: t", "* head", "- item", "1. one", "| a | b |", "N AKQ - xxx x", "P 1C P 1H", "=", ".",
    "2om", "3oM", "9steps", "7N", "  ", "\t", "!h", "*b*", "/i/", "=m=", "--", "#INCLUDE x.bml", "//c",
    "1c", "2nt", "p", "x", "1♣", "(2♥)", "1♣-1♦;", "2♥♠", "!STR", "X = takeout", "D/X", "(1X)-", "1CDHSN",
    "#PASTE b", "#CUT a", "#ENDCUT", "99999999999steps", "/", "*", "=",
]  # fmt: skip


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_any_text_parses_without_raising(text: str) -> None:
    document = parse_text(text, "fuzz.bml")
    write_bss(expand(document))


@st.composite
def bml_soup(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 25))):
        indent = " " * draw(st.integers(0, 7))
        pieces = draw(st.lists(st.sampled_from(BML_LINE_PIECES), min_size=0, max_size=3))
        lines.append(indent + " ".join(pieces))
    return "\n".join(lines)


@pytest.mark.slow
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(bml_soup())
def test_bml_like_soup_parses_without_raising(text: str) -> None:
    document = parse_text(text, "soup.bml")
    write_bss(expand(document))
    for problem in document.problems:
        assert problem.location is not None and problem.location.file == "soup.bml"
        assert problem.message and "Traceback" not in problem.message


# -- the reference as oracle ----------------------------------------------------

SUITS = "CDHS"
PATTERNS = ["M", "m", "X", "red", "black", "HS", "CD"]


@st.composite
def bidding_table(draw: st.DrawFn) -> str:
    """A table every row of which is a sufficient bid (the reference does not check),
    concrete rows before pattern rows (the order the reference needs), no steps
    beyond 7NT (the reference crashes), no variables in descriptions, and a
    description on the first row (the reference reads four bare calls spread
    over several rows as an auction diagram: its pattern crosses line ends)."""
    lines: list[str] = []

    def rows(depth: int, floor: int) -> None:
        if floor >= 7:
            return
        count = draw(st.integers(1 if depth == 0 else 0, 3 if depth < 3 else 0))
        levels = sorted(draw(st.lists(st.integers(floor + 1, 7), min_size=count, max_size=count)))
        seen: set[str] = set()
        for level in levels:
            call = f"{level}{draw(st.sampled_from(SUITS + 'N'))}"
            if call in seen:
                continue
            seen.add(call)
            theirs = draw(st.booleans()) and depth > 0 and draw(st.booleans())
            write(depth, f"({call})" if theirs else call, level)
        for _ in range(draw(st.integers(0, 2 if depth < 3 else 0))):
            if draw(st.booleans()) and depth > 0 and floor <= 5:
                steps = draw(st.integers(1, 3))
                write(depth, f"{steps}step{'s' if steps > 1 else ''}", floor + 1)
            else:
                level = draw(st.integers(floor + 1, 7))
                write(depth, f"{level}{draw(st.sampled_from(PATTERNS))}", level)

    def write(depth: int, call: str, level: int) -> None:
        words = draw(st.lists(st.sampled_from(WORDS), min_size=0 if lines else 1, max_size=3))
        separator = " = " if draw(st.booleans()) else " "
        lines.append("  " * depth + call + (separator + " ".join(words) if words else ""))
        if words and draw(st.integers(0, 4)) == 0:
            column = len("  " * depth + call + separator)
            lines.append(" " * column + draw(st.sampled_from(WORDS)))
        rows(depth + 1, level)

    rows(0, 0)
    return "\n".join(lines) + "\n"


def reference_bss(reference: ModuleType, text: str) -> str | None:
    """What bridge-markup 2.7.0 writes for ``text``, or None where it crashes."""
    engine = reference.bml  # the reference's bml.bml module, which bml.bss imports
    logging.getLogger(engine.__name__).setLevel(logging.CRITICAL)
    try:
        content = engine.content_from_string(text)
        output = io.StringIO()
        reference.systemdata_to_bss(content, reference.to_systemdata(content), output)
    except Exception:
        return None
    return output.getvalue()


def rows_of(nodes: list[BidNode]) -> Iterator[list[BidNode]]:
    """The rows of a table level by level: each list answers the same row."""
    yield nodes
    for node in nodes:
        yield from rows_of(node.children)


def read_otherwise_on_purpose(document: Document) -> bool:
    """Whether the expanded ``document`` holds a row we read otherwise than the reference, on purpose:

    * a variable read as BML 1 reads it (``m`` for both minors), as every suit of it was
      bid: its sequence ends in a suit bid before (the reference leaves the row out);
    * two rows beside each other that stand for the same sequence: a pattern whose one call
      the auction above fixes (``2M`` under ``1M``, ``1step``) and a call written out, or two
      such patterns. We read them as two rows for one call, the first standing and the answers
      of both kept; the reference leaves the pattern out there, with its answers."""
    for table in document.bid_tables:
        for level in rows_of(table.rows):
            keys = [key for node in level for key in node.sequences]
            if len(keys) != len(set(keys)):
                return True
            for node in level:
                if node.calls[-1].variable is None:
                    continue
                for _, _, sequence in node.sequences:
                    strains = [call.strain for call in sequence.calls[:-1] if call.is_bid]
                    if sequence.last.strain in strains:
                        return True
    return False


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=bidding_table())
def test_generated_tables_match_the_reference(reference: ModuleType, text: str) -> None:
    expected = reference_bss(reference, text)
    assume(expected is not None)
    document = parse_text(text, "gen.bml")
    assert not document.problems, [str(p) for p in document.problems]
    system = expand(document)
    assume(not read_otherwise_on_purpose(document))
    assert write_bss(system) == expected


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["1C", "1D", "P", "(P)", "2M", "1CDHSN", "#PASTE a", "#PASTE b"]), max_size=30))
def test_nested_rows_and_pastes_stay_bounded(calls: list[str]) -> None:
    """Rows each one deeper than the last, with pastes among them: limits, never a blow-up or a traceback."""
    clips = "#CUT a\n1C  a\n#PASTE b\n#PASTE b\n#ENDCUT\n#CUT b\n1D  b\n#PASTE a\n#ENDCUT\n"
    body = "".join("  " * depth + f"{call}  x\n" for depth, call in enumerate(calls, start=1))
    document = parse_text(clips + "1C  strong\n" + body, "deep.bml")
    write_bss(expand(document))
