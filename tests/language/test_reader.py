"""Reading: comments, nested includes, cycles, missing files, limits."""

from __future__ import annotations

from pathlib import Path

from sphinx_bml.language import Reader, parse_file, parse_text
from sphinx_bml.language.model import BidTable, Paragraph
from tests.support import write_file


def test_comments_only_at_line_start() -> None:
    source = Reader().read_text("// gone\nsee https://example.org // kept\n", "a.bml")
    assert [line.text for line in source.lines] == ["see https://example.org // kept"]
    assert source.lines[0].location.line == 2


def test_nested_includes_resolve_relative_to_the_including_file(tmp_path: Path) -> None:
    main = write_file(tmp_path / "main.bml", "#INCLUDE modules/one.bml\n\nEnd.\n")
    write_file(tmp_path / "modules" / "one.bml", "1C 16+\n\n#INCLUDE two.bml\n")
    write_file(tmp_path / "modules" / "two.bml", "1D nebulous\n")
    document = parse_file(main)
    assert not document.problems
    tables = document.bid_tables
    assert [t.rows[0].calls[0].written for t in tables] == ["1C", "1D"]
    assert tables[1].location.file.endswith("two.bml") and tables[1].location.line == 1
    assert [p.name for p in document.files] == ["main.bml", "one.bml", "two.bml"]


def test_include_cycle_is_reported_not_followed(tmp_path: Path) -> None:
    main = write_file(tmp_path / "a.bml", "#INCLUDE b.bml\n1C x\n")
    write_file(tmp_path / "b.bml", "#INCLUDE a.bml\n1D y\n")
    document = parse_file(main)
    messages = [str(p) for p in document.problems]
    assert len(messages) == 1
    assert "b.bml:1: #INCLUDE of a.bml would include itself (a.bml -> b.bml -> a.bml)" in messages[0]
    assert [t.rows[0].calls[0].written for t in document.bid_tables] == ["1D", "1C"]  # the rest is kept


def test_missing_include_names_file_and_line(tmp_path: Path) -> None:
    main = write_file(tmp_path / "a.bml", "Intro.\n\n#INCLUDE nowhere.bml\n\n1C x\n")
    document = parse_file(main)
    (problem,) = document.problems
    assert problem.location is not None and problem.location.line == 3
    assert "#INCLUDE cannot read" in problem.message and "no such file" in problem.message
    assert [type(b) for b in document.blocks] == [Paragraph, BidTable]


def test_include_may_not_leave_the_root(tmp_path: Path) -> None:
    write_file(tmp_path / "secret.bml", "1C secret\n")
    main = write_file(tmp_path / "site" / "a.bml", "#INCLUDE ../secret.bml\n")
    document = parse_file(main, reader=Reader(root=tmp_path / "site"))
    (problem,) = document.problems
    assert "outside the documentation folder" in problem.message
    assert not document.blocks


def test_includes_can_be_switched_off(tmp_path: Path) -> None:
    write_file(tmp_path / "b.bml", "1C x\n")
    document = parse_text("#INCLUDE b.bml\n", "a.bml", directory=tmp_path, reader=Reader(includes_enabled=False))
    (problem,) = document.problems
    assert "not allowed here" in problem.message
    assert not document.blocks


def test_include_without_a_name() -> None:
    (problem,) = parse_text("#INCLUDE\n", "a.bml").problems
    assert problem.message == "#INCLUDE needs a file name"


def test_windows_text_is_read_and_reported(tmp_path: Path) -> None:
    main = write_file(tmp_path / "a.bml", "Défense\n".encode("cp1252"))
    document = parse_file(main)
    (problem,) = document.problems
    assert "not UTF-8" in problem.message
    (paragraph,) = document.blocks
    assert isinstance(paragraph, Paragraph) and paragraph.text.source == "Défense"


def test_unreadable_main_file(tmp_path: Path) -> None:
    document = parse_file(tmp_path / "none.bml")
    (problem,) = document.problems
    assert "cannot read" in problem.message and not document.blocks
