"""The playground's engine: notes read alone, as the one page of a site (no Sphinx, no browser)."""

from __future__ import annotations

import json

from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st

from sphinx_bml.formats.playground import NO_FILES, Settings, show, shown_as_json

HOSTILE = "<img src=x onerror=alert(1)>"


def lines_of(text: str) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for problem in show(text, Settings()).problems:
        found.setdefault(problem.line, []).append(f"{problem.kind}: {problem.message}")
    return found


def test_a_table_is_drawn_and_its_files_written() -> None:
    shown = show("1N 15-17\n  2C Stayman\n  2D ! Transfer\n", Settings(bss_name="Ours"))
    page = BeautifulSoup(shown.html, "html.parser")
    calls = [call.get_text() for call in page.select("div.bml-bidtable li.bml-bid > span.bml-call")]
    assert calls == ["1NT", "2♣", "2♦!"]
    assert shown.problems == []
    assert shown.bss.splitlines() == [
        "*00{Ours}=NYYYYYY",
        "001N=NYYYYYY015-17",
        "001NP2C=NYYYYYY008Stayman",
        "001NP2D=YYYYYYY008Transfer",
    ]
    assert shown.bboalert.splitlines()[0] == "BBOalert,Ours"


def test_each_mistake_is_warned_at_its_line_in_a_players_words() -> None:
    notes = "1N 15-17\n  2C Stayman\n  2Q nonsense\n  2C Puppet\n1C {{ 12 hcp\n#INCLUDE other.bml\n"
    found = lines_of(notes)
    assert found[3] == [
        "syntax: '2Q' is not a call BML knows: write a call such as 1C, 2NT, P, D or R, or a pattern such as 2M, "
        "3X, 2HS, 1red or 1step"
    ]
    assert found[4] == [
        "conflict: 1NT-2C is defined here as 'Puppet' but already as 'Stayman' at notes.bml:2; the first stands"
    ]
    assert "has no closing }}" in found[5][0]
    assert found[6] == [f"include: #INCLUDE other.bml is not allowed here ({NO_FILES})"]


def test_a_table_continuing_what_nothing_describes_is_an_orphan() -> None:
    assert lines_of("1N-2C;\n  2D no major\n") == {
        1: ["orphan: this table continues 1NT-2C, but no bidding table of the site says what 1NT-2C means"]
    }


def test_a_deal_with_a_slip_is_shown_as_written_and_warned_at_its_line() -> None:
    notes = f"#5, Dealer S, None vul\n   S: AKJxx Kx x AQxz <b>{HOSTILE}</b>\n"
    shown = show(notes, Settings())
    page = BeautifulSoup(shown.html, "html.parser")
    assert [block.get_text() for block in page.select("div.bml-as-written > pre")] == [
        f"#5, Dealer S, None vul\n   S: AKJxx Kx x AQxz <b>{HOSTILE}</b>"
    ]
    assert not page.select("b, img")
    assert [(problem.line, problem.kind) for problem in shown.problems] == [(2, "syntax")]
    assert "is not a hand" in shown.problems[0].message


def test_nothing_typed_becomes_markup() -> None:
    notes = f"#+TITLE: {HOSTILE}\n* Heading {HOSTILE}\n\n1N 15-17 {HOSTILE} {{{{ 15-17 hcp {HOSTILE} }}}}\n"
    notes += f"  2C {{{{ 8+ hcp }}}} *bold {HOSTILE}* =code {HOSTILE}=\n\n| cell {HOSTILE} |\n"
    shown = show(notes, Settings())
    page = BeautifulSoup(shown.html, "html.parser")
    assert page.find("img") is None
    assert page.get_text().count(HOSTILE) == 5  # heading, meaning, bold, monospace, cell: as text
    assert page.select_one("code").get_text() == f"code {HOSTILE}"
    assert "&lt;img" in shown.html
    assert any(HOSTILE in problem.message for problem in shown.problems if problem.line == 4)  # the condition
    assert shown.bss.splitlines()[0] == f"*00{{{HOSTILE}}}=NYYYYYY"  # a file to download: the text as written


def test_the_sites_settings_change_the_drawing() -> None:
    notes = "1N 15-17 {{ 15-17 hcp }}\n  2C F Stayman\n"
    plain = BeautifulSoup(show(notes, Settings()).html, "html.parser")
    assert plain.select_one("span.bml-condition") is not None
    assert plain.select_one("div.bml-bidtable.bml-tree") is not None
    chosen = Settings(tree=False, show_conditions=False, four_colour=True, abbreviations={"F": "forcing"})
    other = BeautifulSoup(show(notes, chosen).html, "html.parser")
    assert other.select_one("span.bml-condition") is None
    assert other.select_one("div.bml-bidtable.bml-plain") is not None
    assert other.select_one("span.bml-clubs.bml-four-colour") is not None
    assert other.select_one("abbr[title=forcing]").get_text() == "F"


def test_the_settings_come_in_json_and_the_result_goes_out_in_json() -> None:
    values = {"tree": False, "smart_quotes": ["qDe", "en"], "bss_filename": "x.bss", "unknown": 1}
    assert Settings.from_json(json.dumps(values)) == Settings(tree=False, smart_quotes=("qDe", "en"))
    result = json.loads(shown_as_json("1N 15-17\n  2Q\n", json.dumps(values)))
    assert set(result) == {"html", "problems", "bss", "bboalert"}
    assert result["problems"][0]["line"] == 2
    assert result["problems"][0]["kind"] == "syntax"


def test_smart_quotes_are_the_sites() -> None:
    from docutils.utils.smartquotes import educate_tokens

    def educate(texts: list[tuple[str, str]]) -> list[str]:
        return list(educate_tokens(texts, attr="qDe", language="en"))

    shown = show('1N "strong" -- or not\n', Settings(), educate)
    assert "“strong” – or not" in BeautifulSoup(shown.html, "html.parser").get_text()


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("1234567NCDHSPXR-=!{}#*/|;:() \n\t<>&\"'abcx")), max_size=300))
def test_any_text_gives_a_page_and_warnings_never_an_error(text: str) -> None:
    shown = show(text, Settings())
    assert all(problem.line >= 0 and problem.message for problem in shown.problems)
    assert BeautifulSoup(shown.html, "html.parser").find("img") is None
