"""Reading what real notes and hostile folders contain: consecutive includes,
shared and diamond-shaped includes, pipes and folders, odd encodings, odd line ends."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from sphinx_bml.language import Reader, parse_file, parse_text, reader
from sphinx_bml.language.errors import Kind
from sphinx_bml.language.model import BidTable, Heading, Paragraph
from sphinx_bml.language.reader import MAX_INCLUDED_LINES, decode, split_lines
from tests.support import write_file

CHAPTERS = [
    ("openings/one_club.bml", "One club", "1C", "16+ any shape", "1D", "0--7, negative"),
    ("openings/one_diamond.bml", "One diamond", "1D", "nebulous, 11--15, 2+!d", "1H", "4+!h, forcing"),
    ("openings/one_major.bml", "One of a major", "1M", "5+ cards, 11--15", "2N", "game-forcing raise"),
    ("openings/one_notrump.bml", "One notrump", "1N", "14--16", "2C", "Stayman"),
    ("openings/two_clubs.bml", "Two clubs", "2C", "6+!c or 5!c and a major", "2D", "relay"),
    ("openings/two_diamonds.bml", "Two diamonds", "2D", "4414, 4405 or 3405", "2H", "to play"),
    ("openings/weak_twos.bml", "Weak twos", "2HS", "6 cards, 5--10", "2N", "Ogust"),
    ("competition/over_1nt.bml", "Over their 1NT", "(1N)-D", "15+", "(P)", "we take it out"),
    ("competition/takeout.bml", "Takeout doubles", "(1C)-D", "opening values", "(1S)", "free bids are natural"),
    ("slams/blackwood.bml", "Keycard Blackwood", "4N", "RKCB 1430", "5C", "1 or 4 keycards"),
    ("slams/cuebids.bml", "Cuebids", "3S-4C", "first-round control", "4D", "control too"),
    ("carding/leads.bml", "Leads", "#VUL 00", "", "1C", "placeholder"),
]


def chapter_text(heading: str, first: str, first_meaning: str, answer: str, answer_meaning: str) -> str:
    if first.startswith("#"):  # a chapter that ends with a plain table
        return f"* {heading}\n\nWe lead fourth best.\n\n{answer} {answer_meaning}\n"
    return f"* {heading}\n\nSome words on {heading.lower()}.\n\n{first} {first_meaning}\n  {answer} {answer_meaning}\n"


def test_consecutive_includes_of_a_dozen_chapters(tmp_path: Path) -> None:
    """Real notes list their chapters on consecutive #INCLUDE lines: no heading
    is lost, no table becomes the answers of the table of the file before."""
    root_lines = ["#+TITLE: Our Precision", "", "* Introduction", "", "Played with Ann.", ""]
    for path, heading, first, meaning, answer, answer_meaning in CHAPTERS:
        write_file(tmp_path / "notes" / path, chapter_text(heading, first, meaning, answer, answer_meaning))
        root_lines.append(f"#INCLUDE {path}")
    root_lines += ["Good luck!", ""]
    document = parse_file(write_file(tmp_path / "notes" / "system.bml", "\n".join(root_lines)))
    assert not document.problems, [str(p) for p in document.problems]
    headings = [b.text.source for b in document.blocks if isinstance(b, Heading)]
    assert headings == ["Introduction", *[chapter[1] for chapter in CHAPTERS]]
    tables = document.bid_tables
    assert len(tables) == len(CHAPTERS)
    for table, chapter in zip(tables[:-1], CHAPTERS[:-1], strict=True):
        assert [row.calls[-1].written for row in table.rows] == [chapter[2].split("-")[-1]]
        assert table.location.file.endswith(chapter[0])
    last = document.blocks[-1]
    assert isinstance(last, Paragraph) and last.text.source == "Good luck!"


def test_the_heading_after_an_include_is_not_a_call(tmp_path: Path) -> None:
    """The reported bug: 'b.bml:1: '*' is not a call' and the heading gone."""
    write_file(tmp_path / "a.bml", "* One club\n\n1C 16+\n  1D negative\n")
    write_file(tmp_path / "b.bml", "* One diamond\n\n1D nebulous\n")
    document = parse_file(write_file(tmp_path / "main.bml", "#INCLUDE a.bml\n#INCLUDE b.bml\n"))
    assert not document.problems
    assert [type(b) for b in document.blocks] == [Heading, BidTable, Heading, BidTable]


def test_a_text_line_right_after_an_include_starts_a_new_block(tmp_path: Path) -> None:
    write_file(tmp_path / "a.bml", "1C 16+\n")
    document = parse_file(write_file(tmp_path / "main.bml", "Before.\n#INCLUDE a.bml\nAfter.\n"))
    assert [type(b) for b in document.blocks] == [Paragraph, BidTable, Paragraph]


def test_a_heading_line_inside_a_block_starts_a_new_one() -> None:
    document = parse_text("1C 16+\n  1D negative\n* One diamond\n1D nebulous\n", "notes.bml")
    assert not document.problems, [str(p) for p in document.problems]
    assert [type(b) for b in document.blocks] == [BidTable, Heading, BidTable]
    assert document.blocks[1].location.line == 3


def test_a_shared_file_included_from_two_places(tmp_path: Path) -> None:
    write_file(tmp_path / "common" / "stayman.bml", "1N-2C;\n2D no major\n2H 4+!h\n")
    write_file(tmp_path / "weak.bml", "* Weak notrump\n\n#INCLUDE common/stayman.bml\n")
    write_file(tmp_path / "strong.bml", "* Strong notrump\n\n#INCLUDE common/stayman.bml\n")
    document = parse_file(write_file(tmp_path / "main.bml", "#INCLUDE weak.bml\n#INCLUDE strong.bml\n"))
    assert not document.problems
    assert len(document.bid_tables) == 2
    assert [p.name for p in document.files] == ["main.bml", "weak.bml", "stayman.bml", "strong.bml"]


def diamond(folder: Path, depth: int) -> Path:
    """``f0`` includes ``f1`` twice, which includes ``f2`` twice ...: 2**depth copies of the last."""
    for level in range(depth):
        write_file(
            folder / f"f{level}.bml", f"* Level {level}\n\n#INCLUDE f{level + 1}.bml\n#INCLUDE f{level + 1}.bml\n"
        )
    return write_file(folder / f"f{depth}.bml", "1C 16+\n")


def test_a_diamond_of_includes_is_read_in_full_below_the_limit(tmp_path: Path) -> None:
    diamond(tmp_path, 6)
    document = parse_file(tmp_path / "f0.bml")
    assert not document.problems
    assert len(document.bid_tables) == 2**6
    assert len(document.files) == 7


@pytest.mark.parametrize("limit", [500, MAX_INCLUDED_LINES])
def test_a_diamond_of_includes_stops_at_the_limit_reported_once(tmp_path: Path, limit: int) -> None:
    diamond(tmp_path, 25)  # 2**25 tables if followed: hours before the fix
    main = write_file(tmp_path / "main.bml", "* Notes\n\n#INCLUDE f0.bml\n\nThe end.\n")
    source = Reader(max_included_lines=limit).read_file(main)
    (problem,) = source.problems
    assert problem.kind is Kind.INCLUDE
    assert re.fullmatch(
        rf"#INCLUDE f(\d+)\.bml is left out, and so is every #INCLUDE after it: it would take this page past {limit} "
        r"lines read through #INCLUDE, the most a page may \(are the same files included over and over\?\)",
        problem.message,
    )
    assert problem.location is not None and re.fullmatch(r".*f\d+\.bml", problem.location.file)
    assert limit / 5 < len([line for line in source.lines if line.text]) <= limit
    assert source.lines[-1].text == "The end."  # the rest of the document is kept


def test_two_files_sharing_the_next_one_at_every_level(tmp_path: Path) -> None:
    """The other diamond: a includes b and c, both include d, ... (2**levels paths)."""
    for level in range(30):
        nxt = f"a{level + 1}.bml"
        write_file(tmp_path / f"a{level}.bml", f"#INCLUDE b{level}.bml\n#INCLUDE c{level}.bml\n")
        write_file(tmp_path / f"b{level}.bml", f"1C b{level}\n\n#INCLUDE {nxt}\n")
        write_file(tmp_path / f"c{level}.bml", f"1D c{level}\n\n#INCLUDE {nxt}\n")
    write_file(tmp_path / "a30.bml", "1H end\n")
    document = parse_file(tmp_path / "a0.bml", reader=Reader(max_included_lines=2000))
    (problem,) = document.problems
    assert "is left out" in problem.message
    assert 100 < len(document.bid_tables) < 2000


def test_an_include_of_a_folder_is_reported(tmp_path: Path) -> None:
    (tmp_path / "modules").mkdir()
    document = parse_file(write_file(tmp_path / "main.bml", "Intro.\n\n#INCLUDE modules\n\n1C 16+\n"))
    (problem,) = document.problems
    assert str(problem).endswith("main.bml:3: #INCLUDE cannot read modules: is a folder, not a file")
    assert problem.kind is Kind.INCLUDE
    assert [type(b) for b in document.blocks] == [Paragraph, BidTable]


def test_a_main_file_that_is_a_folder(tmp_path: Path) -> None:
    (problem,) = parse_file(tmp_path).problems
    assert problem.message.endswith("is a folder, not a file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_an_include_of_a_named_pipe_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.bml")
    main = write_file(tmp_path / "main.bml", "#INCLUDE pipe.bml\n\n1C 16+\n")
    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(parse_file(main)), daemon=True)
    worker.start()
    worker.join(timeout=5)
    if worker.is_alive():  # free the reader before failing
        with open(tmp_path / "pipe.bml", "wb"):
            pass
        pytest.fail("reading an #INCLUDE of a named pipe hangs")
    (document,) = result
    assert hasattr(document, "problems")
    (problem,) = document.problems
    assert problem.message == "#INCLUDE cannot read pipe.bml: is a named pipe, not a file"
    assert len(document.bid_tables) == 1


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_include_of_a_device_is_reported(tmp_path: Path) -> None:
    (problem,) = parse_text("#INCLUDE /dev/zero\n", "main.bml", directory=tmp_path).problems
    assert problem.message == "#INCLUDE cannot read /dev/zero: is a device, not a file"


def test_a_windows_main_file_through_read_bytes(tmp_path: Path) -> None:
    """What the Sphinx layer hands over: the page's bytes, as Notepad saved them."""
    data = "* Défense\n\n1C fort, 16+ — forcing\n".encode("cp1252")
    source = Reader().read_bytes(data, "notes/system.bml", tmp_path)
    (problem,) = source.problems
    assert str(problem) == "notes/system.bml:1: system.bml is not UTF-8; it was read as Windows-1252 text"
    assert problem.kind is Kind.INCLUDE
    assert source.lines[0].text == "* Défense"
    assert source.lines[2].text == "1C fort, 16+ — forcing"


def test_read_bytes_follows_includes_and_keeps_the_first_line(tmp_path: Path) -> None:
    write_file(tmp_path / "a.bml", "1C 16+\n")
    source = Reader().read_bytes(b"Intro\n#INCLUDE a.bml\n", "page.bml", tmp_path, first_line=5)
    assert not source.problems
    assert [(line.text, line.location.line) for line in source.lines if line.text] == [
        ("Intro", 5),
        ("1C 16+", 1),
    ]


@pytest.mark.parametrize(
    ("encoding", "bom"),
    [("utf-8", b"\xef\xbb\xbf"), ("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"), ("utf-16-le", b"")],
)
def test_files_with_a_byte_order_mark(tmp_path: Path, encoding: str, bom: bytes) -> None:
    text = "* Précision\r\n\r\n1C 16+\r\n  1D négatif\r\n"
    main = write_file(tmp_path / "main.bml", bom + text.encode(encoding))
    document = parse_file(main)
    assert not document.problems, [str(p) for p in document.problems]
    heading, table = document.blocks
    assert isinstance(heading, Heading) and heading.text.source == "Précision"
    assert isinstance(table, BidTable) and table.rows[0].children[0].description.text == "négatif"


def test_utf32_is_decoded() -> None:
    assert decode("1C fort".encode("utf-32")) == ("1C fort", False)


def test_broken_utf16_is_not_silently_empty() -> None:
    text, _ = decode(b"\xff\xfe1\x00C\x00 \x00\x00\xd8")  # a lone surrogate at the end
    assert text.startswith("1C ") and "\ufffd" in text


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x1c", "\x1d", "\x1e"])
def test_only_real_line_ends_split_lines(separator: str) -> None:
    text = f"1C 16+{separator}strong\n  1D negative\n\n2C natural\n"
    source = Reader().read_text(text, "notes.bml")
    assert [(line.text, line.location.line) for line in source.lines] == [
        (f"1C 16+{separator}strong", 1),
        ("  1D negative", 2),
        ("", 3),
        ("2C natural", 4),
    ]


def test_line_ends_of_every_system() -> None:
    assert split_lines("a\r\nb\rc\nd") == ["a", "b", "c", "d"]
    assert split_lines("a\n\n") == ["a", ""]
    assert split_lines("") == []


def test_warnings_after_an_odd_character_keep_their_line() -> None:
    document = parse_text("Ann\u2028Bob\n\n1C 16+\n  1Q oops\n", "notes.bml")
    (problem,) = document.problems
    assert problem.location is not None and problem.location.line == 4


def test_an_unreadable_include(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file the system refuses to read (permissions; simulated, as the tests may run as root)."""
    write_file(tmp_path / "secret.bml", "1C x\n")

    def refuse(path: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(reader, "read_regular_file", refuse)
    (problem,) = parse_text("#INCLUDE secret.bml\n", "main.bml", directory=tmp_path).problems
    assert problem.message == "#INCLUDE cannot read secret.bml: Permission denied"
