"""A bounded fuzz campaign on the newer surfaces, without Sphinx: hand conditions, ``bss2bml`` and
``xml2bml`` in every format, and the pages they write.

Whatever a file holds, a command ends with its exit status and messages on
one line each with no control character and no traceback; what it writes
reads back with no problem and says what the file said (no meaning becomes a
condition), and a page built with docutils has no link that runs a script.
Conditions typed at random are read or refused with a message, never an
exception, and what is read can be checked, worded and pickled; notes full
of them are bid by ``bml-practice --json`` and ``--check``.
"""

from __future__ import annotations

import json
import pickle
import random
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sphinx_bml.commands import bml_practice, bss2bml, xml2bml
from sphinx_bml.formats.bss_reader import read_bss
from sphinx_bml.language import expand, parse_file
from sphinx_bml.language.conditions import Hand, parse_condition
from sphinx_bml.language.errors import BMLError
from tests.support import hrefs_of_page, needs

#: Pieces of meanings and names that are syntax somewhere: BML, conditions, reStructuredText,
#: Markdown, HTML, terminals.
HOSTILE = [
    *"{}\\#!=*_`|:<>&[]()$~-.+ \t",
    "{{",
    "}}",
    "{{ 0+ hcp }}",
    "\\{",
    "\\n",
    "\\\\",
    "#INCLUDE x",
    "2H = row",
    "javascript:alert(1)",
    "javascript://%0Aalert(1)",
    "<javascript:x>",
    "`x <javascript:y>`_",
    ":bml:seq:`1N-2C`",
    "\x1b]0;t\x07",
    "\x1b[2J",
    "\u2028",
    "Strong",
    "1N",
]
TEXT = st.lists(st.sampled_from(HOSTILE), max_size=8).map("".join)
ESCAPE_SEQUENCES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u2028\u2029]")


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def hang(signum: int, frame: object) -> None:
        raise TimeoutError(f"more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def bss_text(name: str, summary: str, meanings: list[str]) -> str:
    calls = ["1C", "1D", "1H", "1S", "1N", "2C", "2D", "2H"]
    records = [
        f"001{call}=NYYYYYY0{'08' if call[1] != 'N' else ''}{meaning}"
        for call, meaning in zip(calls, meanings, strict=False)
    ]
    return "\n".join([f"*00{{{name}}}=NYYYYYY{summary}", *records]) + "\n"


def written_meanings(path: Path) -> dict[str, str]:
    document = parse_file(str(path))
    assert not document.problems, [str(p) for p in document.problems]
    system = expand(document)
    assert all(meaning.condition is None for meaning in system)  # nothing in a .bss file is a condition
    return {str(m.sequence): m.description.text for m in system}


def assert_plain_messages(err: str) -> None:
    assert "Traceback" not in err
    assert not ESCAPE_SEQUENCES.search(err.replace("\n", "")), repr(err)


@pytest.mark.usefixtures("bml_directive")
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(TEXT, TEXT, st.lists(TEXT, min_size=1, max_size=8), st.sampled_from(["bml", "rst", "md"]))
def test_bss2bml_keeps_what_any_bss_file_says(
    tmp_path_factory: pytest.TempPathFactory, name: str, summary: str, meanings: list[str], page: str
) -> None:
    folder = tmp_path_factory.mktemp("bss")
    source = folder / "partner.bss"
    source.write_text(bss_text(name.replace("}", ""), summary, meanings).replace("\r", ""), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch, time_limit(20):
        errors: list[str] = []
        patch.setattr("sys.stderr", _Collect(errors))
        status = bss2bml.main([str(source), "--format", page, "-o", str(folder / f"out.{page}")])
    assert status in (0, 1)
    assert_plain_messages("".join(errors))
    written = folder / f"out.{page}"
    if not written.exists():
        return
    if page == "bml":
        said = {
            str(record.sequence): record.description.text
            for record in read_bss(source.read_text("utf-8"), "x", skip_invalid=True).sequences
        }
        read = written_meanings(written)
        for sequence, text in read.items():  # braces, backslashes and colons as the file has them
            assert [text.count(c) for c in "{}\\:"] == [said[sequence].count(c) for c in "{}\\:"]
    elif page == "rst":
        assert not [href for href in hrefs_of_page(written) if not href.startswith("#")]


class _Collect:
    """Standard error, gathered."""

    def __init__(self, into: list[str]) -> None:
        self.into = into

    def write(self, text: str) -> int:
        self.into.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def condition_xml(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.3:
        low = rng.randint(0, 20)
        return rng.choice(
            [
                f"<evaluation><hcp><min>{low}</min></hcp></evaluation>",
                f'<shape type="hearts"><min>{low % 8}</min></shape>',
                '<shape type="general">balanced</shape>',
                '<shape type="shape">(54)xx</shape>',
            ]
        )
    tag = rng.choice(["and", "or", "not"])
    parts = 1 if tag == "not" else rng.randint(1, 3)
    return f"<{tag}>" + "".join(condition_xml(rng, depth - 1) for _ in range(parts)) + f"</{tag}>"


def xml_bids(rng: random.Random, descriptions: list[str], depth: int, floor: int) -> str:
    bids = []
    for index, description in enumerate(descriptions):
        level = min(7, floor + 1 + index)
        escaped = description.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        escaped = ESCAPE_SEQUENCES.sub("", escaped)  # XML 1.0 holds no control characters
        answers = xml_bids(rng, descriptions[:2], depth - 1, level) if depth and rng.random() < 0.5 else ""
        condition = condition_xml(rng, rng.randint(0, 30))
        bids.append(f"<bid><value>{level}c</value><desc>{escaped}</desc>{condition}{answers}</bid>")
    return "\n".join(bids)


@pytest.mark.slow  # forty systems up to 60 bids deep with conditions up to 30 deep: the heaviest quick test it was
@pytest.mark.usefixtures("bml_directive")
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(TEXT, min_size=1, max_size=4), st.integers(0, 2**32), st.sampled_from(["bml", "rst", "md"]))
def test_xml2bml_writes_what_any_system_says(
    tmp_path_factory: pytest.TempPathFactory, descriptions: list[str], seed: int, page: str
) -> None:
    folder = tmp_path_factory.mktemp("xml")
    source = folder / "javascript:%0Aalert(1).xml"
    rng = random.Random(seed)
    body = xml_bids(rng, descriptions, rng.randint(0, 60), 0)
    source.write_text(f'<?xml version="1.0"?>\n<openingBids hcp="standard">\n{body}\n</openingBids>\n', "utf-8")
    with pytest.MonkeyPatch.context() as patch, time_limit(20):
        errors: list[str] = []
        patch.setattr("sys.stderr", _Collect(errors))
        status = xml2bml.main([str(source), "--format", page, "-o", str(folder / f"out.{page}")])
    assert status in (0, 1)
    assert_plain_messages("".join(errors))
    written = folder / f"out.{page}"
    if page == "bml" and written.exists():
        document = parse_file(str(written))
        expand(document)
        said = "".join(errors)
        for problem in document.problems:  # a row BML leaves out was said, at its XML line
            assert problem.message in said
    elif page == "rst" and written.exists():
        assert not [href for href in hrefs_of_page(written) if not href.startswith("#")]


CONDITION_PIECES = [
    *"()+-*<>=,0123456789",
    " ",
    " and ",
    " or ",
    " not ",
    "hcp",
    " points",
    "hearts",
    "M",
    "oM",
    "m",
    "om",
    "X",
    "Y",
    "Z",
    "suit",
    "balanced",
    "(54)xx",
    "4M(xx)5",
    " playing tricks",
    " tricks in X",
    "freakiness",
    "15-17",
    "6+",
    "hcp(4.5-3-1.5-0.75-0.25)",
    "(" * 30,
    ")" * 30,
    "not " * 30,
    " + hearts" * 120,
]
HANDS = [
    Hand.from_pbn(pbn) for pbn in ("AKJ5.K65.Q43.KT5", "AKQJT98.2.A2.K32", ".Q43.KJT7654.AQ98", "T9876.J987.98.32")
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(CONDITION_PIECES), min_size=1, max_size=12).map("".join))
def test_any_condition_is_read_or_refused_in_words(text: str) -> None:
    try:
        condition = parse_condition(text)
    except BMLError as error:
        assert error.message and len(str(error)) < 600
        return
    with time_limit(10):
        verdicts = [condition.holds(hand) for hand in HANDS]
    assert all(isinstance(verdict, bool) for verdict in verdicts)
    assert condition.describe()
    assert pickle.loads(pickle.dumps(condition)).test == condition.test


CALLS = ["1C", "1D", "1N", "2M", "1X", "P"]


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["1C", "1D", "1N", "2M", "1X", "P"]), TEXT, st.lists(st.sampled_from(CONDITION_PIECES))
        ),
        min_size=1,
        max_size=5,
    ),
    st.sampled_from(["--json", "--check"]),
)
def test_bml_practice_bids_any_notes_or_says_why(
    tmp_path_factory: pytest.TempPathFactory, rows: list[tuple[str, str, list[str]]], mode: str
) -> None:
    needs("endplay")
    notes = tmp_path_factory.mktemp("practice") / "notes.bml"
    lines = [
        f"{call} = {ESCAPE_SEQUENCES.sub('', meaning)} {{{{ {''.join(condition)} }}}}"
        for call, meaning, condition in rows
    ]
    notes.write_text("\n".join(lines) + "\nP = the rest {{ any }}\n", encoding="utf-8")
    out: list[str] = []
    errors: list[str] = []
    with pytest.MonkeyPatch.context() as patch, time_limit(60):
        patch.setattr("sys.stdout", _Collect(out))
        patch.setattr("sys.stderr", _Collect(errors))
        status = bml_practice.main([str(notes), mode, "--seed", "3", "--boards", "3"])
    assert_plain_messages("".join(errors))
    if status == 1:  # no row kept a condition (a P with a bad one stands before the last): said
        assert "the robot can bid nothing" in "".join(errors)
        return
    assert status == 0
    if mode == "--json":
        assert len(json.loads("".join(out))) == 3
    else:
        assert "3 boards dealt and bid." in "".join(out)
