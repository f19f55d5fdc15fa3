"""Writing documents as BML text, and as Sphinx pages around it."""

from __future__ import annotations

import pytest
from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers import Parser

from sphinx_bml.formats.bml_writer import description_lines, write_bml, write_tables
from sphinx_bml.formats.bss_reader import read_bss
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.formats.pages import md_escape, md_fence, rst_escape, write_page
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Call
from sphinx_bml.language.errors import Location
from sphinx_bml.language.model import (
    BidNode,
    BidTable,
    Description,
    Document,
    Metadata,
    Seat,
    TableCall,
    Vulnerability,
)
from tests.support import DOCUTILS_SETTINGS, needs

HERE = Location("test.bml", 1)


def row(token: str, description: str = "", *children: BidNode) -> BidNode:
    ours = not token.startswith("(")
    text = token.strip("()")
    call = TableCall(text, ours, call=Call.parse(text))
    lines = tuple(description.split("\n")) if description else ()
    return BidNode((call,), Description(lines), HERE, list(children))


def doc(*tables: BidTable, **metadata: str) -> Document:
    return Document(list(tables), Metadata(dict(metadata)))


def meanings(text: str) -> list[tuple[str, str, str, str]]:
    """Sequences, seat, vulnerability and description our engine reads from BML ``text``."""
    document = parse_text(text, "t.bml")
    assert not document.problems, [str(p) for p in document.problems]
    return [(str(m.sequence), m.seat.value, m.vulnerability.code, m.description.text) for m in expand(document)]


# -- layout -----------------------------------------------------------------


def test_layout() -> None:
    table = BidTable(
        [
            row("1C", "16+ hcp", row("1D", "Negative"), row("1H")),
            row("1N", "15--17\nMay have a five-card major", row("2C", "Stayman")),
        ],
        HERE,
    )
    assert write_bml(doc(table, TITLE="Precision", DESCRIPTION="Strong club")) == (
        "#+TITLE: Precision\n"
        "\n"
        "#+DESCRIPTION: Strong club\n"
        "\n"
        "#VUL 00\n"
        "\n"
        "#SEAT 0\n"
        "\n"
        "1C = 16+ hcp\n"
        "  1D = Negative\n"
        "  1H\n"
        "1N = 15--17\n"
        "     May have a five-card major\n"
        "  2C = Stayman\n"
    )


def test_tables_seats_and_vulnerabilities() -> None:
    first = BidTable([row("1N", "12--14")], HERE, Seat.FIRST_OR_SECOND, Vulnerability.parse("N0"))
    second = BidTable([row("(1N)", "", row("D", "Strength"))], HERE, Seat.THIRD_OR_FOURTH, Vulnerability.parse("YN"))
    text = write_bml(doc(first, second))
    assert text == ("#VUL N0\n\n#SEAT 12\n\n1N = 12--14\n\n#VUL YN\n\n#SEAT 34\n\n(1N)\n  D = Strength\n")
    assert meanings(text) == [
        ("1N", "12", "N0", "12--14"),
        ("(1N)", "34", "YN", ""),
        ("(1N)-D", "34", "YN", "Strength"),
    ]


def test_empty_document_and_metadata_left_out() -> None:
    assert write_bml(doc()) == ""
    assert write_bml(doc(TITLE="  ")) == ""
    assert write_bml(doc(TITLE="Only a title", AUTHOR="Me")) == "#+TITLE: Only a title\n\n#+AUTHOR: Me\n"
    table = BidTable([row("1C")], HERE)
    assert write_bml(doc(table, TITLE="x"), metadata=False) == "#VUL 00\n\n#SEAT 0\n\n1C\n"
    assert write_tables([table]) == "#VUL 00\n\n#SEAT 0\n\n1C\n"


def test_continuation_lines_align_under_the_description_at_every_depth() -> None:
    table = BidTable([row("(1N)", "", row("2C", "", row("(D)", "", row("R", "SOS\nto 2D"))))], HERE)
    text = write_bml(doc(table))
    assert text.endswith("(1N)\n  2C\n    (D)\n      R = SOS\n          to 2D\n")
    assert meanings(text)[-1] == ("(1N)-2C-(D)-R", "0", "00", "SOS\nto 2D")


def test_a_break_before_a_pass_double_or_redouble_repeats_the_rows_above() -> None:
    """The reference's layout (see expected/example4.bml): a new table repeats the rows above."""
    table = BidTable(
        [row("(1N)", "strong\nor not", row("2C", "Stayman"), row("P", "", row("(P)", "", row("D", "Strength"))))],
        HERE,
    )
    text = write_bml(doc(table))
    assert text == (
        "#VUL 00\n\n#SEAT 0\n\n"
        "(1N) = strong\n"
        "       or not\n"
        "  2C = Stayman\n"
        "\n"
        "(1N) = strong\n"
        "       or not\n"
        "  P\n"
        "    (P)\n"
        "      D = Strength\n"
    )
    assert [m[0] for m in meanings(text)] == ["(1N)", "(1N)-2C", "(1N)-P", "(1N)-P-(P)", "(1N)-P-(P)-D"]
    unsplit = write_bml(doc(table), split_before_passes=False)
    assert unsplit.count("(1N)") == 1
    assert meanings(unsplit) == meanings(text)


def test_no_break_among_patterns() -> None:
    """Breaking the table would change which row a pattern leaves to a concrete one."""
    source = "1C = clubs\n  2X = weak jump\n  P = pass\n  2D = diamonds\n"
    written = write_bml(parse_text(source, "t.bml"))
    assert written == "#VUL 00\n\n#SEAT 0\n\n" + source
    assert meanings(written) == meanings(source)


def test_tables_that_start_with_a_pass_are_marked() -> None:
    table = BidTable([row("(P)", "", row("1C", "third seat"))], HERE)
    text = write_bml(doc(table))
    assert "#BIDTABLE\n(P)\n  1C = third seat\n" in text
    assert meanings(text) == [("(P)", "0", "00", ""), ("(P)-1C", "0", "00", "third seat")]
    # a break before a top-level pass starts a new table, which gets its mark too
    split = write_bml(doc(BidTable([row("1C", "a"), row("P", "", row("(1C)", "b"))], HERE)))
    assert split.endswith("1C = a\n\n#BIDTABLE\nP\n  (1C) = b\n")


def test_hidden_tables_stay_hidden() -> None:
    table = BidTable([row("1C", "a", row("1D"), row("D"))], HERE, hidden=True)
    text = write_bml(doc(table))
    assert text.count("#HIDE\n") == 2
    document = parse_text(text, "t.bml")
    assert [t.hidden for t in document.bid_tables] == [True, True]


def test_description_lines() -> None:
    assert description_lines(Description(("  a ", "", "b", ""))) == ["a", "\\", "b", "."]  # an empty line kept
    assert description_lines(Description(("",))) == []
    assert description_lines(Description(("a\nb",))) == ["a", "b"]
    assert description_lines(Description()) == []


def test_a_last_empty_line_comes_back() -> None:
    source = "2H = 5+!h\n     .\n"
    document = parse_text(source, "t.bml")
    assert document.bid_tables[0].rows[0].description.lines == ("5+!h", "")
    assert write_bml(document).endswith(source)


@pytest.mark.parametrize(
    "source",
    [
        "1N-2C;\n2D = No major\n  2H = invitational\n2HS = 4+ suit\n",
        "1N-2C = Stayman\n  2D = no major\n",
        "(1N)---\nD = Strength\n2M = one major\n3X = Preemptive\n",
        "2C = Strong\n  2D = Waiting\n2X = Weak\n  2N = Ogust\n",
        "1m = 3+ minor\n1M = 5+ major\n  1step = relay\n  2red = something\n",
        "1C = a\n  (1D)\n    D = b\n    2om = other\n",
    ],
)
def test_bml_reformats_to_the_same_meanings(source: str) -> None:
    document = parse_text(source, "t.bml")
    written = write_bml(document)
    assert meanings(written) == meanings(source)
    assert write_bml(parse_text(written, "again.bml")) == written


def test_a_continued_sequence_is_written_with_a_semicolon() -> None:
    written = write_bml(parse_text("1N-2C;\n2D = No major\n", "t.bml"))
    assert written.endswith("\n1N-2C;\n2D = No major\n")


# -- pages ------------------------------------------------------------------


def _check_doctree(tree: nodes.document, title: str, description: str, tables: str) -> None:
    problems = list(tree.findall(nodes.system_message))
    assert not problems, [p.astext() for p in problems]
    heading = tree.next_node(nodes.title)
    assert heading is not None and heading.astext() == title
    paragraphs = [p.astext() for p in tree.findall(nodes.paragraph)]
    assert paragraphs == ([description] if description else [])
    (block,) = [n for n in tree.findall(nodes.literal_block) if "bml" in n["classes"]]
    assert block.astext() == tables.rstrip("\n")


TRICKY = [
    "Precision *club* _2/1_ `x` |y| \\z",
    "1. Opening bids",
    "- dashes -",
    "#1 system: notes::",
    ".. not a comment",
    "A. Smith",
]


@pytest.mark.usefixtures("bml_directive")
@pytest.mark.parametrize("title", ["Precision club", "Système – très fort", *TRICKY])
def test_rst_page(title: str) -> None:
    table = BidTable([row("1C", "16+ *hcp*", row("1D", "``negative``"))], HERE)
    document = doc(table, TITLE=title, DESCRIPTION=title + " (summary)")
    page = write_page(document, "fallback", "rst")
    lines = page.splitlines()
    assert lines[0] == rst_escape(title)
    assert lines[1] == "=" * len(lines[0])
    assert ".. bml::\n\n   #VUL 00\n\n   #SEAT 0\n\n   1C = 16+ *hcp*\n     1D = ``negative``\n" in page
    tree = publish_doctree(page, settings_overrides=DOCUTILS_SETTINGS)
    _check_doctree(tree, title, title + " (summary)", write_tables([table]))


def test_rst_page_title_falls_back_to_the_name() -> None:
    page = write_page(doc(BidTable([row("1C")], HERE)), "partner", "rst")
    assert page.startswith("partner\n=======\n\n.. bml::\n")


def test_rst_underline_counts_wide_characters() -> None:
    page = write_page(doc(TITLE="叫牌体系"), "x", "rst")
    assert page.splitlines()[1] == "=" * 8


@pytest.fixture
def myst() -> Parser:
    parser: Parser = needs("myst_parser.parsers.docutils_").Parser()
    return parser


@pytest.mark.usefixtures("bml_directive")
@pytest.mark.parametrize(
    "title", ["Precision club", "Système – très fort", *TRICKY, "$x$ {role}`y` <b> & ~~z~~ [l](u)"]
)
def test_md_page(title: str, myst: Parser) -> None:
    table = BidTable([row("1C", "16+ *hcp*", row("1D", "```fenced```"))], HERE)
    document = doc(table, TITLE=title, DESCRIPTION=title + " (summary)")
    page = write_page(document, "fallback", "md")
    assert page.startswith(f"# {md_escape(title)}\n\n")
    tables = write_tables([table])
    assert f"````{{bml}}\n{tables}````\n" in page  # a fence longer than the backticks inside
    tree = publish_doctree(page, parser=myst, settings_overrides=DOCUTILS_SETTINGS)
    _check_doctree(tree, title, title + " (summary)", tables)


def test_md_fence() -> None:
    assert md_fence("no backticks") == "```"
    assert md_fence("a `b` ``c``") == "```"
    assert md_fence("````") == "`````"


def test_md_page_without_description() -> None:
    page = write_page(doc(BidTable([row("1C")], HERE)), "partner", "md")
    assert page == "# partner\n\n```{bml}\n#VUL 00\n\n#SEAT 0\n\n1C\n```\n"


def test_unknown_page_format() -> None:
    with pytest.raises(ValueError, match="page format"):
        write_page(doc(), "x", "html")  # type: ignore[arg-type]


# -- text from a BSS file stays text -------------------------------------------


def bml_of_bss(bss: str) -> tuple[str, list[str]]:
    document = build_document(read_bss(bss, "partner.bss"))
    return write_bml(document), [str(problem) for problem in document.problems]


@pytest.mark.parametrize(
    ("description", "written"),
    [
        ("Strong\\n#INCLUDE /etc/passwd", "1N = Strong\n     \\#INCLUDE /etc/passwd\n"),
        ("Relay\\n#CUT answers\\nthen asks", "1N = Relay\n     \\#CUT answers\n     then asks\n"),
        ("Relay\\n  # PASTE answers", "1N = Relay\n     \\# PASTE answers\n"),
        ("Weak\\n#+TITLE: Not the title", "1N = Weak\n     \\#+TITLE: Not the title\n"),
        ("Any\\n#HIDE\\n#VUL YY\\n#SEAT 3", "1N = Any\n     \\#HIDE\n     \\#VUL YY\n     \\#SEAT 3\n"),
        ("Ends with a dot line\\n.", "1N = Ends with a dot line\n     \\.\n"),
        ("Dot in the middle\\n.\\nthen more", "1N = Dot in the middle\n     .\n     then more\n"),
        ("Natural\\n* Not a heading", "1N = Natural\n     * Not a heading\n"),
        ("Natural\\n// not a comment", "1N = Natural\n     // not a comment\n"),
        ("Natural\\n| not | a | table |", "1N = Natural\n     | not | a | table |\n"),
        ("Natural\\n2H = not a row\\n  (P) nor this", "1N = Natural\n     \\2H = not a row\n     \\(P) nor this\n"),
        ("Natural\\n- not a list\\n1. nor this", "1N = Natural\n     - not a list\n     1. nor this\n"),
        ("Example\\nN AKQ2 KJ5 - 98765", "1N = Example\n     N AKQ2 KJ5 - 98765\n"),
        ("N S E W\\n1C 1D 1H 1S", "1N = N S E W\n     \\1C 1D 1H 1S\n"),
        ("! slam try", "1N = \\! slam try\n"),
        ("First\\n\\nthird", "1N = First\n     \\\n     third\n"),
    ],
)
def test_nothing_in_a_description_becomes_bml(description: str, written: str) -> None:
    """Written BML read back by our parser gives the meaning of the BSS record, each
    line as it was: a line BML would read as something else comes after the text mark."""
    bss = f"*00{{Test}}=NYYYYYY\n001N=NYYYYYY0{description}\n"
    bml, problems = bml_of_bss(bss)
    assert problems == []
    assert bml.endswith(written)
    document = parse_text(bml, "partner.bml")
    assert not document.problems, [str(p) for p in document.problems]
    assert document.metadata.values == {"TITLE": "Test"}
    meaning = "\n".join(line.strip() for line in description.split("\\n"))
    assert [(str(m.sequence), m.description.text) for m in expand(document)] == [("1N", meaning)]


def test_every_line_of_a_row_alone_reads_as_a_table() -> None:
    """A row whose further lines look like hands would be read as a deal: the table is marked."""
    written, _ = bml_of_bss("*00{T}=NYYYYYY\n001N=NYYYYYY0Example\\nN AKQ2 KJ5 - 98765\\nS - - AKQJT98765 -\n")
    assert "#BIDTABLE\n1N = Example\n" in written


def test_upper_case_suit_symbols_become_lower_case() -> None:
    written, problems = bml_of_bss("*00{T}=NYYYYYY\n001H=NYYYYYY0085+!H, 4!S or !c\\n!D stopper!\n")
    assert "1H = 5+!h, 4!s or !c\n     !d stopper!\n" in written
    assert problems == []


def test_notes_are_comments() -> None:
    table = BidTable([row("1C", "Strong")], HERE)
    text = write_bml(doc(table, TITLE="T"), notes=["BSS: +RKCB.bss", "two\nlines"])
    assert text.startswith("#+TITLE: T\n\n// BSS: +RKCB.bss\n// two lines\n\n#VUL 00")
    assert meanings(text) == [("1C", "0", "00", "Strong")]


@pytest.mark.parametrize(
    "description",
    [
        "Strong {{ 0+ hcp }}",
        "Weak\\n{{ 6+ hearts }}\\n{{ balanced }}",
        "{{ 12+ hcp }} strong {{",
        "a \\\\{{ b }} {{{ c }}",
        "path C:\\\\{x}\\\\{{y}}",
        "{{}}",
    ],
)
def test_braces_in_a_description_read_back_as_text(description: str) -> None:
    """A ``{{`` read from a file is no hand condition: the meaning comes back as written."""
    bss = f"*00{{Test}}=NYYYYYY\n001N=NYYYYYY0{description}\n"
    bml, problems = bml_of_bss(bss)
    assert problems == []
    document = parse_text(bml, "partner.bml")
    assert not document.problems, [str(p) for p in document.problems]
    meaning = "\n".join(line.strip().replace("\\\\", "\\") for line in description.split("\\n"))
    [found] = expand(document)
    assert (str(found.sequence), found.description.text, found.condition) == ("1N", meaning, None)
