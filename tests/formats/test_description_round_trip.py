"""A BSS description that starts like BML markup comes back from a round trip
as it was: ``bss2bml`` (the BSS reader, the tree and the BML writer), BML
parsing, then the BSS writer that ``sphinx-build -b bss`` uses.

A ``!`` of its own is an alert mark to BML, ``#`` a command, ``2H = ...`` a
row, a last ``.`` an empty line: the writer puts the text mark ``\\`` before
such a line, and BML reads the line back as text.

``{{`` is left out of the generated text: a hand condition in a description
is another matter (issue 24).
"""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_reader import read_bss
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.formats.bss_writer import description_code, write_bss
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.model import Description

HEADER = "*00{Partner}=NYYYYYY"


def round_trip(records: list[str]) -> tuple[str, list[str]]:
    """The BML ``bss2bml`` writes for ``records``, and the records the build writes from it."""
    imported = build_document(read_bss("\n".join([HEADER, *records]) + "\n", "partner.bss"))
    assert not imported.problems, [str(p) for p in imported.problems]
    bml = write_bml(imported)
    document = parse_text(bml, "partner.bml")
    assert not document.problems, (bml, [str(p) for p in document.problems])
    return bml, write_bss(expand(document)).splitlines()[1:]


def test_a_description_that_starts_with_an_exclamation_mark_is_text() -> None:
    """It became an alert mark: the flag turned to artificial and the ! was lost."""
    records = ["001S=NYYYYYY008! slam try", "001N=NYYYYYY0!", "002C=YYYYYYY008! strong", "002D=NYYYYYY008!Multi"]
    bml, again = round_trip(records)
    assert again == records
    assert "1S = \\! slam try\n" in bml  # the text mark, which BML drops
    assert "2C = ! \\! strong\n" in bml  # an alert mark, then the text
    assert "2D = !Multi\n" in bml  # a ! stuck to the text is no alert mark: written as it is


@pytest.mark.parametrize(
    "description",
    [
        "Strong\\n#INCLUDE /etc/passwd",
        "Relay\\n#CUT answers\\nthen asks",
        "Weak\\n#+TITLE: Not the title",
        "Any\\n#HIDE\\n#VUL YY\\n#SEAT 3",
        "Ends with a dot line\\n.",
        "Natural\\n2H = not a row\\n(P) nor this",
        "Two parts\\n\\nafter an empty line",
        "\\nafter an empty first line",
        "A backslash\\n\\ at the start",
        "\\! not a mark either",
    ],
)
def test_lines_that_read_as_markup_come_back_as_they_were(description: str) -> None:
    records = [f"001N=NYYYYYY0{description}"]
    assert round_trip(records)[1] == records


# -- the property -----------------------------------------------------------------

#: How a line of a description may start: BML markup of every kind, and plain text.
STARTS = [
    "",
    "!",
    "! ",
    "!!",
    "!h ",
    "=",
    "= ",
    "==",
    "#",
    "# ",
    "#INCLUDE ",
    "#PASTE ",
    "#+TITLE: ",
    ".",
    ". ",
    "..",
    "\\",
    "\\!",
    "\\\\",
    "//",
    "* ",
    "- ",
    "1. ",
    "2H = ",
    "(P) ",
    "P ",
    "X ",
    "| ",
    "N ",
    "}",
]
WORD = st.text(alphabet="abcdefgxyzABCNPSX0123456789 +-.,/()!=?'#*\\:|", max_size=10)
LINE = st.builds(lambda start, word: (start + word).strip(), st.sampled_from(STARTS), WORD).filter(
    # BBO's upper-case suit symbols become BML's lower-case ones (documented); {{ is issue 24's
    lambda line: not re.search(r"![CDHS]", line) and "{{" not in line
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINE, min_size=1, max_size=4), st.booleans(), st.sampled_from(["1S", "2N", "1CP1D", "1N2C"]))
def test_every_description_comes_back_as_it_was(lines: list[str], artificial: bool, calls: str) -> None:
    description = description_code(Description(tuple(lines)))
    lengths = "08" if calls[-1] in "CDHS" else ""
    record = f"00{calls}={'Y' if artificial else 'N'}YYYYYY0{lengths}{description}"
    if calls.startswith("1CP"):  # an answer after a pass needs the opening's record
        records = ["001C=NYYYYYY008Strong", record]
    elif calls.startswith("1N2"):
        records = ["001N=NYYYYYY015--17", record]
    else:
        records = [record]
    bml, again = round_trip(records)
    assert sorted(again) == sorted(records), bml


@pytest.mark.conformance
def test_bridge_markup_reads_the_text_mark_as_text(reference: ModuleType, tmp_path: Path) -> None:
    """bridge-markup knows no text mark: it reads the marked lines as text, backslash
    included, and no line as a command, an alert mark or a row of its own."""
    records = [
        "001S=NYYYYYY008! slam try",
        "001N=NYYYYYY0Relay\\n#CUT answers\\nthen asks",
        "002C=NYYYYYY008Strong\\n2D = not a row\\n.",
    ]
    bml, _ = round_trip(records)
    notes = tmp_path / "partner.bml"
    notes.write_text(bml, encoding="utf-8")
    logging.getLogger(reference.bml.__name__).setLevel(logging.CRITICAL)
    content = reference.bml.content_from_file(str(notes))
    output = io.StringIO()
    reference.systemdata_to_bss(content, reference.to_systemdata(content), output)
    assert sorted(output.getvalue().splitlines()[1:]) == [
        "001N=NYYYYYY0Relay\\n\\#CUT answers\\nthen asks",
        "001S=NYYYYYY008\\! slam try",
        "002C=NYYYYYY008Strong\\n\\2D = not a row\\n\\.",
    ]
