"""What a row shows beside its call and meaning (issues 13 and 14): alert
marks, abbreviations, hand conditions, permalinks, the links between a
sequence and the tables that continue it, and folding in HTML."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag
from sphinx.testing.util import SphinxTestApp

from tests.support import build_once, located_warnings, make_pdf, write_project
from tests.support import page as soup

CONF = 'extensions = ["sphinx_bml"]\nproject = "Kestrel Precision"\n'
NOTES = """Our 1NT
=======

.. toctree::

   stayman

.. bml::

   1N  15--17 BAL, F {{ 15-17 hcp, balanced }}
     2C  Stayman, asks for a major
     2D ! Multi: a weak two in a major
     2M  5+ cards, INV {{ 5+ M, 8-9 hcp }}
     3N  to play
"""
STAYMAN = """Stayman
=======

.. bml::

   1N-2C;
     2D  no major
       2H  weak with both majors
     2H  four hearts
"""


def project(folder: Path, conf: str = CONF, notes: str = NOTES, stayman: str = STAYMAN) -> Path:
    return write_project(folder, notes, conf, stayman__rst=stayman)


def row(page: BeautifulSoup, anchor: str) -> Tag:
    found = page.find("li", id=anchor)
    assert isinstance(found, Tag), anchor
    return found


def own(item: Tag, css: str) -> Tag:
    """A row's own call or meaning (in its ``<summary>`` when it folds), not its answers'."""
    holder = item.find("details", recursive=False)
    holder = holder.find("summary", recursive=False) if isinstance(holder, Tag) else item
    assert isinstance(holder, Tag)
    found = holder.find("span", class_=css, recursive=False)
    assert isinstance(found, Tag), css
    return found


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> SphinxTestApp:
    folder = tmp_path_factory.mktemp("marks")
    return build_once("html", project(folder / "src", CONF + 'bml_abbreviations = "wbf"\n'), folder / "build")


# --------------------------------------------------------------------------
# HTML


def test_an_alertable_call_is_marked_with_an_accessible_name(html: SphinxTestApp) -> None:
    page = soup(html)
    call = own(row(page, "bml-1n-p-2d"), "bml-call")
    mark = call.find("sup", class_="bml-alert")
    assert isinstance(mark, Tag)
    assert mark.get_text() == "!" and mark["aria-label"] == "alertable" and mark["role"] == "img"
    assert call.get_text() == "2♦!"
    assert own(row(page, "bml-1n-p-2d"), "bml-meaning").get_text() == "Multi: a weak two in a major"
    assert len(page.select("sup.bml-alert")) == 1  # only where the notes say so


def test_abbreviations_in_meanings_say_what_they_stand_for(html: SphinxTestApp) -> None:
    meaning = own(row(soup(html), "bml-1n"), "bml-meaning")
    abbreviations = {str(abbr.get_text()): str(abbr["title"]) for abbr in meaning.find_all("abbr")}
    assert abbreviations == {"BAL": "balanced", "F": "forcing"}
    assert meaning.find(string=lambda text: "15–17" in text) is not None
    # as words only: the F of "for" and the NT of 1NT are no abbreviations
    stayman = own(row(soup(html), "bml-1n-p-2c"), "bml-meaning")
    assert stayman.find("abbr") is None


def test_abbreviations_in_meanings_join_the_glossary_counted_in_the_bml_domain(html: SphinxTestApp) -> None:
    inv = own(row(soup(html), "bml-1n-p-2h"), "bml-meaning").find("abbr")
    assert isinstance(inv, Tag) and inv["title"] == "invitational"


def test_a_hand_condition_is_a_small_line_under_the_meaning(html: SphinxTestApp) -> None:
    page = soup(html)
    condition = own(row(page, "bml-1n"), "bml-meaning").find("span", class_="bml-condition")
    assert isinstance(condition, Tag) and condition.get_text() == "15–17 HCP, balanced"
    # a pattern row describes its own condition, once, not each suit's
    pattern = own(row(page, "bml-1n-p-2h"), "bml-meaning").select("span.bml-condition")
    assert [line.get_text() for line in pattern] == ["5+ cards in a major, 8–9 HCP"]
    assert own(row(page, "bml-1n-p-3n"), "bml-meaning").find("span", class_="bml-condition") is None


def test_every_anchored_row_has_a_permalink(html: SphinxTestApp) -> None:
    page = soup(html)
    for item in page.select("div.bml-bidtable li.bml-bid[id]"):
        link = own(item, "bml-meaning").find("a", class_="headerlink", recursive=False)
        assert isinstance(link, Tag), item["id"]
        assert link["href"] == f"#{item['id']}" and link["title"] == "Link to this sequence"
        assert link.get_text() == ""  # its ¶ is the stylesheet's: copying a table copies none
    css = (Path(html.outdir) / "_static" / "bml.css").read_text(encoding="utf-8")
    assert "a.headerlink::before" in css and ":target" in css and ":has(> span.bml-call > span:target)" in css


def test_a_pattern_rows_other_anchors_stay_inside_its_call(html: SphinxTestApp) -> None:
    item = row(soup(html), "bml-1n-p-2h")
    assert [str(span["id"]) for span in own(item, "bml-call").find_all("span", id=True)] == ["bml-1n-p-2s"]


def test_a_continuation_table_links_back_to_where_its_sequence_is_described(html: SphinxTestApp) -> None:
    page = soup(html, "stayman")
    head = page.select_one("div.bml-bidtable > ul.bml-bids > li.bml-bid")
    assert head is not None
    back = own(head, "bml-call").find("a", class_="bml-continues")
    assert isinstance(back, Tag)
    assert back["href"] == "index.html#bml-1n-p-2c"
    assert back["title"] == "Stayman, asks for a major"
    assert back.get_text() == "1NT–2♣"


def test_a_row_continued_elsewhere_links_forward(html: SphinxTestApp) -> None:
    page = soup(html)
    line = own(row(page, "bml-1n-p-2c"), "bml-meaning").find("span", class_="bml-continued")
    assert isinstance(line, Tag) and line.get_text() == "continued: Stayman"
    (link,) = line.find_all("a")
    assert link["href"] == "stayman.html#bml-continued-1n-p-2c"
    # the link lands on the continuation table's head
    assert soup(html, "stayman").find(id="bml-continued-1n-p-2c") is not None
    # the head itself does not link forward to itself
    assert soup(html, "stayman").select("span.bml-continued") == []
    assert [str(found.parent.parent["id"]) for found in page.select("span.bml-continued")] == ["bml-1n-p-2c"]


def test_a_row_continued_on_its_own_page_says_below_or_above(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    """26 rows of the example site read "continued: <this page's own title>" for a table further down."""
    source = write_project(
        tmp_path / "docs",
        "Notes\n=====\n\n.. toctree::\n\n   majors\n",
        majors__rst=(
            "One of a major\n==============\n\n.. bml::\n\n   1H-1S;\n     1N  minimum\n\n"
            ".. bml::\n\n   1H  five cards\n     1S  four cards\n     2H  raise\n\n"
            "Raises\n------\n\n.. bml::\n\n   1H-2H;\n     3H  invitation\n"
        ),
    )
    app = make_app("html", srcdir=source)
    app.build()
    page = soup(app, "majors")
    raise_ = own(row(page, "bml-1h-p-2h"), "bml-meaning").find("span", class_="bml-continued")
    assert isinstance(raise_, Tag) and raise_.get_text() == "continued below"
    assert [str(link["href"]) for link in raise_.find_all("a")] == ["#bml-continued-1h-p-2h"]
    answer = own(row(page, "bml-1h-p-1s"), "bml-meaning").find("span", class_="bml-continued")
    assert isinstance(answer, Tag) and answer.get_text() == "continued above"
    assert "One of a major" not in " ".join(span.get_text() for span in page.select("span.bml-continued"))


def test_links_forward_stay_within_a_system(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    conf = CONF + 'bml_systems = {"ours": "index", "theirs": "theirs"}\n'
    src = write_project(
        tmp_path / "src",
        NOTES,
        conf,
        stayman__rst=STAYMAN,
        theirs__rst="Theirs\n======\n\n.. toctree::\n\n   other\n\n.. bml::\n\n   1N  12--14\n     2C  Puppet\n",
        other__rst="Other\n=====\n\n.. bml::\n\n   1N-2C;\n     2D  no five-card major\n",
    )
    app = make_app("html", srcdir=src)
    app.build()
    ours = own(row(soup(app), "bml-1n-p-2c"), "bml-meaning").select("span.bml-continued a")
    assert [str(link["href"]) for link in ours] == ["stayman.html#bml-continued-1n-p-2c"]
    theirs = own(row(soup(app, "theirs"), "bml-1n-p-2c"), "bml-meaning").select("span.bml-continued a")
    assert [str(link["href"]) for link in theirs] == ["other.html#bml-continued-1n-p-2c"]


def test_without_the_new_marks_a_table_is_as_before_but_for_its_permalinks(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    notes = "Notes\n=====\n\n.. bml::\n\n   1C  16+, any hand\n     1D  negative\n"
    app = make_app("html", srcdir=write_project(tmp_path / "src", notes, CONF))
    app.build()
    table = soup(app).select_one("div.bml-bidtable")
    assert table is not None
    for link in table.select("a.headerlink"):
        link.decompose()
    assert str(table) == (
        '<div class="bml-bidtable bml-tree">\n<ul class="bml-bids">\n'
        '<li class="bml-bid" id="bml-1c"><span class="bml-call">1<span aria-label="clubs" class="bml-suit bml-clubs"'
        ' role="img">♣</span></span><span class="bml-meaning">16+, any hand</span><ul class="bml-bids">\n'
        '<li class="bml-bid" id="bml-1c-p-1d"><span class="bml-call">1<span aria-label="diamonds" '
        'class="bml-suit bml-diamonds" role="img">♦</span></span><span class="bml-meaning">negative</span></li>\n'
        "</ul>\n</li>\n</ul>\n</div>"
    )


def test_conditions_can_be_turned_off(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("html", srcdir=project(tmp_path / "src", CONF + "bml_show_conditions = False\n"))
    app.build()
    assert soup(app).select("span.bml-condition") == []


# --------------------------------------------------------------------------
# Folding


def test_collapsible_rows_with_answers_fold_in_details_open(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("html", srcdir=project(tmp_path / "src", CONF + "bml_collapsible = True\n"))
    app.build()
    page = soup(app)
    table = page.select_one("div.bml-bidtable")
    assert table is not None and table["class"] == ["bml-bidtable", "bml-tree", "bml-collapsible"]
    top = row(page, "bml-1n")
    details = top.find("details", recursive=False)
    assert isinstance(details, Tag) and details.has_attr("open")
    summary = details.find("summary", recursive=False)
    assert isinstance(summary, Tag)
    assert [child["class"][0] for child in summary.find_all("span", recursive=False)] == ["bml-call", "bml-meaning"]
    assert details.find("ul", class_="bml-bids", recursive=False) is not None
    # rows without answers do not fold
    assert row(page, "bml-1n-p-2d").find("details") is None
    # no script
    assert "<script" not in str(table)


def test_the_directive_option_wins_over_the_setting(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    notes = NOTES.replace(".. bml::\n", ".. bml::\n   :no-collapsible:\n")
    stayman = STAYMAN.replace(".. bml::\n", ".. bml::\n   :collapsible:\n")
    app = make_app("html", srcdir=project(tmp_path / "src", CONF + "bml_collapsible = True\n", notes, stayman))
    app.build()
    assert soup(app).select("details") == []
    assert len(soup(app, "stayman").select("div.bml-collapsible details[open]")) == 2


def test_both_options_say_which_is_used(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    notes = NOTES.replace(".. bml::\n", ".. bml::\n   :collapsible:\n   :no-collapsible:\n")
    app = make_app("html", srcdir=project(tmp_path / "src", notes=notes))
    app.build()
    ((_, _, kind, message),) = located_warnings(app)
    assert kind == "bml.directive" and ":no-collapsible: is used" in message
    assert soup(app).select("details") == []


# --------------------------------------------------------------------------
# Text, LaTeX, other builders


def test_text_marks_alerts_and_shows_conditions(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("text", srcdir=project(tmp_path / "src", CONF + 'bml_abbreviations = "wbf"\n'))
    app.build()
    text = (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")
    assert "2♦!  Multi: a weak two in a major" in text
    assert "15–17 BAL, F\n" in text  # abbreviations as written
    assert "[15–17 HCP, balanced]" in text
    assert "[5+ cards in a major, 8–9 HCP]" in text
    assert "¶" not in text and "continued" not in text


def test_text_without_conditions(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("text", srcdir=project(tmp_path / "src", CONF + "bml_show_conditions = False\n"))
    app.build()
    assert "HCP" not in (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")


def test_latex_markup_of_alerts_conditions_and_abbreviations(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("latex", srcdir=project(tmp_path / "src", CONF + 'bml_abbreviations = "wbf"\n'))
    app.build()
    (tex,) = Path(app.outdir).glob("*.tex")
    source = tex.read_text(encoding="utf-8")
    assert "{2\\bmlsuit{D}\\bmlalert{}}" in source
    assert "\\bmlcondition{15\\textendash{}17 HCP, balanced}" in source
    # abbreviations as Sphinx writes them in prose: spelled out at the first use
    assert "\\sphinxstyleabbreviation{BAL} (balanced)" in source
    assert "\\sphinxstyleabbreviation{F} (forcing)" in source
    style = (Path(app.outdir) / "sphinxbml.sty").read_text(encoding="utf-8")
    for macro in ("\\bmlalert", "\\bmlcondition", "\\bmlconditiononly"):
        assert macro in style


def test_other_builders_show_the_alert_and_the_condition(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("xml", srcdir=project(tmp_path / "src"))
    app.build()
    xml = (Path(app.outdir) / "index.xml").read_text(encoding="utf-8")
    assert "<strong>2♦!</strong>" in xml
    assert "<emphasis>15–17 HCP, balanced</emphasis>" in xml


@pytest.mark.latex
@pytest.mark.slow
def test_a_pdf_with_alerts_conditions_and_abbreviations(tmp_path: Path) -> None:
    src = project(tmp_path / "src", CONF + 'bml_abbreviations = "wbf"\n')
    app = build_once("latex", src, tmp_path / "build")
    text = make_pdf(Path(app.outdir))
    assert "2♦!" in text or "2♦ !" in text
    assert "15–17 HCP, balanced" in text
    assert "BAL (balanced)" in text
    assert "5+ cards in a major, 8–9 HCP" in text


def test_a_page_is_written_again_when_the_table_continuing_its_row_goes(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    index = "Notes\n=====\n\n.. toctree::\n\n   notes\n   stayman\n"
    notes = NOTES.replace(".. toctree::\n\n   stayman\n", "")
    src = write_project(tmp_path / "src", index, CONF, notes__rst=notes, stayman__rst=STAYMAN)
    app = make_app("html", srcdir=src)
    app.build()
    assert soup(app, "notes").select("span.bml-continued")
    (src / "stayman.rst").write_text("Stayman\n=======\n\nWritten later.\n", encoding="utf-8")
    again = make_app("html", srcdir=src)
    again.build()
    assert soup(again, "notes").select("span.bml-continued") == []


def test_a_pattern_row_links_once_to_a_page_continuing_two_of_its_sequences(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    source = write_project(
        tmp_path / "docs",
        "Notes\n=====\n\n.. toctree::\n\n   majors\n\n.. bml::\n\n   1M  5+ cards\n",
        majors__rst="Majors\n======\n\n.. bml::\n\n   1H;\n   2H  raise\n\n   1S;\n   2S  raise\n",
    )
    app = make_app("html", srcdir=source)
    app.build()
    soup = BeautifulSoup((Path(app.outdir) / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert [link.get_text() for link in soup.select(".bml-continued a")] == ["Majors"]
