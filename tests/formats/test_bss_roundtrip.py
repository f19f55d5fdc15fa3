"""BML -> BSS -> BML -> BSS gives the same BSS.

The first BSS comes from our engine (parse, expand, write_bss); the BML from
our reader, tree builder and writer; the second BSS from the engine again.
BSS files list their records in the order the notes define them, and the
BML groups them by who opens, seat and vulnerability, so the records are
compared as sets; after one pass the order is stable, and a second pass
gives the very same BML and BSS.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_reader import description_of, read_bss
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.formats.bss_writer import description_code, write_bss
from sphinx_bml.language import expand, parse_file, parse_text
from sphinx_bml.language.bidtable import TEXT_MARK, reads_as_row
from sphinx_bml.language.calls import Call
from sphinx_bml.language.model import Description
from tests.support import conformance_dir


def bss_of_bml(text: str) -> str:
    document = parse_text(text, "notes.bml")
    assert not document.problems, [str(p) for p in document.problems]
    return write_bss(expand(document))


def bml_of_bss(text: str) -> str:
    document = build_document(read_bss(text, "notes.bss"))
    assert not document.problems, [str(p) for p in document.problems]
    return write_bml(document)


def assert_round_trip(bss: str) -> None:
    bml = bml_of_bss(bss)
    again = bss_of_bml(bml)
    header, *records = bss.splitlines()
    header_again, *records_again = again.splitlines()
    assert header_again == header
    assert sorted(records_again) == sorted(records), (bss, bml, again)
    assert len(records_again) == len(set(records_again))
    # stable after one pass
    assert bml_of_bss(again) == bml
    assert bss_of_bml(bml_of_bss(again)) == again


def data_names() -> list[str]:
    return sorted(p.stem for p in (conformance_dir() / "data").glob("*.bml")) or ["(corpus missing)"]


@pytest.mark.conformance
@pytest.mark.parametrize("name", data_names())
def test_corpus_round_trip(conformance: Path, name: str) -> None:
    document = parse_file(conformance / "data" / f"{name}.bml")
    assert_round_trip(write_bss(expand(document)))


# -- generated tables ---------------------------------------------------------

WORD = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 +-.,/()!=?'éü–", min_size=1, max_size=12
).map(str.strip)
# bss2bml writes BBO's upper-case suit symbols (!S) in lower case (!s), the only ones BML knows
# and a further line that reads like a row (X 0) is warned about: BML notes do not write it
LINE = WORD.filter(
    lambda line: bool(line) and line != "." and not re.search(r"![CDHS]", line) and not reads_as_row(line)
)
SEATS = ["0", "1", "2", "3", "4", "12", "34"]
VULNERABILITIES = ["00", "NN", "YN", "NY", "YY", "N0", "Y0", "0N", "0Y"]


@st.composite
def rows(draw: st.DrawFn, last_bid: int, depth: int) -> list[str]:
    """BML rows (already indented) answering a call after the bid ``last_bid`` (-1: none yet)."""
    lines: list[str] = []
    seen: set[str] = set()
    for _ in range(draw(st.integers(1 if depth == 0 else 0, 3 if depth < 4 else 0))):
        kind = draw(st.sampled_from(["bid", "bid", "bid", "P", "P", "D", "R"]))
        if kind == "bid" and last_bid < 34:
            index = draw(st.integers(last_bid + 1, min(34, last_bid + 6)))
            call, bid = str(Call.from_index(index)), index
        else:
            call, bid = ("P" if kind == "bid" else kind), last_bid
        token = call if draw(st.booleans()) else f"({call})"
        if token in seen:
            continue
        seen.add(token)
        head = "  " * depth + token
        description = draw(st.lists(LINE, max_size=3))
        if description:
            head += " = "
            lines.append(head + description[0])
            lines.extend(" " * len(head) + line for line in description[1:])
        else:
            lines.append(head)
        lines.extend(draw(rows(bid, depth + 1)))
    return lines


@st.composite
def bml_notes(draw: st.DrawFn) -> str:
    """A few bidding tables, each with its seat and vulnerability."""
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        parts.append(f"#VUL {draw(st.sampled_from(VULNERABILITIES))}")
        parts.append(f"#SEAT {draw(st.sampled_from(SEATS))}")
        parts.append("\n".join(["#BIDTABLE", *draw(rows(-1, 0))]))
    return "\n\n".join(parts) + "\n"


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bml_notes(), st.sampled_from(["", "Strong club", "Präzision"]))
def test_generated_tables_round_trip(notes: str, title: str) -> None:
    if title:
        notes = f"#+TITLE: {title}\n\n#+DESCRIPTION: {title} notes\n\n" + notes
    assert_round_trip(bss_of_bml(notes))


# -- what a BSS record cannot hold as it is -------------------------------------


def test_braces_in_the_title_keep_the_file_readable() -> None:
    """The system name is written in braces: a } in it made the header unreadable."""
    bss = bss_of_bml("#+TITLE: Precision {2024} } edition {\n\n#+DESCRIPTION: ours {x}\n\n1C = Strong")
    header = bss.splitlines()[0]
    assert header == "*00{Precision (2024) ) edition (}=NYYYYYYours {x}"
    read = read_bss(bss, "notes.bss")
    assert (read.system_name, read.summary) == ("Precision (2024) ) edition (", "ours {x}")
    assert [s.description.lines for s in read.sequences] == [("Strong",)]


@pytest.mark.parametrize(
    "lines",
    [
        ("Type \\n in the chat", "then more"),
        ("A path C:\\notes\\new",),
        ("Ends with a backslash \\", "next line"),
        ("Two \\\\ backslashes", "\\"),
        ("\\\\n", "\\n\\"),
    ],
)
def test_backslashes_come_back_as_written(lines: tuple[str, ...]) -> None:
    """A literal backslash and n in a meaning read back as a line break before.
    A line that starts with a backslash is written after the text mark, another one."""
    bml = "1N = " + "\n     ".join(TEXT_MARK + line if line.startswith(TEXT_MARK) else line for line in lines) + "\n"
    bss = bss_of_bml(bml)
    (record,) = read_bss(bss, "notes.bss").sequences
    assert record.description.lines == lines
    assert bml_of_bss(bss).endswith(bml)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="\\n{} ab", min_size=1, max_size=8).map(str.strip).filter(bool), max_size=4))
def test_any_description_comes_back(lines: list[str]) -> None:
    assert description_of(description_code(Description(tuple(lines)))) == Description(tuple(lines))
