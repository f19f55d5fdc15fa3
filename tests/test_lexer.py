"""BML highlighted: the Pygments lexer, its registration, the TextMate grammar for editors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Token

from sphinx_bml.lexer import RULES, BMLLexer, textmate_grammar
from tests.highlighting import HOSTILE_LINES, SNAPSHOT, code_blocks, snapshot
from tests.regex_steps import Matcher, pygments_steps, textmate_steps
from tests.support import conformance_dir, sphinx_build, write_project

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = ROOT / "editors" / "vscode" / "syntaxes" / "bml.tmLanguage.json"

NOTES = """\
#+TITLE: Our Precision
// partner's notes, not shown
* The 1!c opening
***Po otwarciu przeciwnika 1!c
*Strong* and forcing.

#INCLUDE modules/multi.bml
1C  ! Strong, 16+ hcp {{ 16+ hcp }}
  1D = negative
  1HS  5+ cards, =game= forcing
1N-2C;
  2D  no major
(1N{Weak})-D-
  P   to play
#PASTE transfer \\R=D \\M=H

N None 35 4SXS hK
N: Kxx T9 xxx Q987x
S: A987xx - Q9xx Axx

- an item with !h
"""


def tokens(text: str) -> list[tuple[object, str]]:
    return [(kind, value) for kind, value in BMLLexer().get_tokens(text) if value.strip()]


def kinds_of(text: str, value: str) -> list[object]:
    return [kind for kind, found in tokens(text) if found == value]


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("// a comment", "// a comment", Token.Comment.Single),
        ("#+TITLE: Our Precision", "#+TITLE:", Token.Keyword.Declaration),
        ("#INCLUDE modules/multi.bml", "#INCLUDE", Token.Comment.Preproc),
        ("  #PASTE transfer \\R=D", "#PASTE", Token.Comment.Preproc),
        ("* The 1!c opening", " The 1!c opening", Token.Generic.Heading),
        ("***Po otwarciu", "Po otwarciu", Token.Generic.Heading),
        ("1C  ! Strong", "1C", Token.Name.Tag),
        ("1C  ! Strong", "!", Token.Keyword.Constant),
        ("  1D = negative", "=", Token.Operator),
        ("1N-2C;", "1N-2C;", Token.Name.Tag),
        ("(1N{Weak})-D-", "(1N{Weak})-D-", Token.Name.Tag),
        ("  2HS 5+ cards", "2HS", Token.Name.Tag),
        ("  2S/3H natural, forcing", "2S/3H", Token.Name.Tag),
        ("  1nt balanced", "1nt", Token.Name.Tag),
        ("1N strong {{ 15-17 hcp, balanced }}", "{{ 15-17 hcp, balanced }}", Token.String.Other),
        ("2C 5+!h", "!h", Token.Name.Builtin),
        ("N: Kxx T9 xxx Q987x", "Kxx T9 xxx Q987x", Token.Number),
        ("S A987xx - Q9xx Axx", "A987xx - Q9xx Axx", Token.Number),
        ("*Strong* and forcing", "*Strong*", Token.Generic.Strong),
        ("1HS 5+, =game= forcing", "=game=", Token.String.Backtick),
    ],
)
def test_each_construct_is_coloured(text: str, value: str, kind: object) -> None:
    assert kind in kinds_of(text, value), tokens(text)


def test_an_escaped_brace_opens_no_condition() -> None:
    """``\\{`` is a brace of the meaning, as the notes read it: ``Strong \\{{ 0+ hcp }}`` has no condition."""
    assert Token.String.Other not in {kind for kind, _ in tokens("1C  Strong \\{{ 0+ hcp }}")}
    assert kinds_of("1C  Strong \\{{{ 16+ hcp }}", "{{ 16+ hcp }}") == [Token.String.Other]


def test_bold_words_starting_a_paragraph_are_no_heading() -> None:
    assert Token.Generic.Heading not in {kind for kind, _ in tokens("*Strong* and forcing, see below")}


def test_prose_is_plain_text() -> None:
    assert {kind for kind, _ in tokens("Opening bids show at least twelve points.")} == {Token.Text}


def notes_to_lex() -> list[Path]:
    example = sorted((ROOT / "example_site").rglob("*.bml"))
    return example + sorted((conformance_dir() / "data").glob("*.bml"))


@pytest.mark.parametrize("path", notes_to_lex(), ids=lambda path: path.name)
def test_real_notes_lex_whole_and_without_errors(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    lexed = list(BMLLexer(stripnl=False).get_tokens(text))
    assert not [value for kind, value in lexed if kind in Error]
    assert "".join(value for _, value in lexed) == (text if text.endswith("\n") else text + "\n")


def test_the_notes_of_the_site_and_docs_keep_their_colours() -> None:
    """Every ``.bml`` file of the example site and docs, every ``code-block:: bml`` of the docs."""
    assert snapshot() == SNAPSHOT.read_text(encoding="utf-8"), (
        "meant? write it again: python -m tests.highlighting > tests/highlighting.snapshot"
    )


def test_the_code_blocks_of_bml_are_found_whole() -> None:
    text = """\
Intro.

.. code-block:: bml
   :caption: notes.bml

   1N = 15-17

     2C ! Stayman
   end

.. code-block:: rst

   .. code-block:: bml

      2N = 20-21

.. code-block:: python

   x = 1
"""
    assert code_blocks(text) == [(3, "1N = 15-17\n\n  2C ! Stayman\nend\n"), (13, "2N = 20-21\n")]


def test_an_unknown_line_never_fails() -> None:
    text = "\x00 ((( {{ }} ** == !! 1C- -- ;; \t ♣♦♥♠ §"
    assert not [value for kind, value in BMLLexer().get_tokens(text) if kind in Error]


PYGMENTS_RULES = [rule[0] for rule in BMLLexer.tokens["root"]]
GRAMMAR_RULES = [rule.pattern for rule in RULES]


def doubling(steps: object, line: object, size: int = 1000) -> tuple[int, float]:
    """The steps at ``size`` characters, and how many times more at twice that."""
    assert callable(steps) and callable(line)
    small, large = (steps(line(length) + "\n") for length in (size, 2 * size))
    return small, large / small


@pytest.mark.parametrize("name", HOSTILE_LINES)
def test_a_hostile_line_takes_steps_in_proportion_to_its_length(name: str) -> None:
    """Twice the line, at most 2.5 times the work, in Pygments' loop and in VS Code's: counted in
    a backtracking matcher's steps (tests/regex_steps.py), the measure of time that no busy
    machine can upset. ``{{`` without ``}}`` took 4 times the work: each ``{{`` looked for a
    ``}}`` to the end of the line. The seconds: benchmarks/bench_highlighting.py."""
    line = HOSTILE_LINES[name]
    for engine, rules in ((pygments_steps, PYGMENTS_RULES), (textmate_steps, GRAMMAR_RULES)):
        small, ratio = doubling(lambda text, engine=engine, rules=rules: engine(rules, text), line)
        assert ratio <= 2.5, (engine.__name__, small, ratio)


def test_the_steps_show_a_rule_that_scans_the_line_from_each_place() -> None:
    """The counting sees the quadratic rule that there was: each ``{{`` scanning for ``}}``."""
    (condition,) = [rule.pattern for rule in RULES if rule.name == "condition"]
    for engine, rules in ((pygments_steps, PYGMENTS_RULES), (textmate_steps, GRAMMAR_RULES)):
        old = [r"\{\{.*?\}\}" if rule == condition else rule for rule in rules]
        _, ratio = doubling(lambda text, engine=engine, old=old: engine(old, text), HOSTILE_LINES["{{ without }}"], 300)
        assert ratio > 3.5, engine.__name__


@pytest.mark.parametrize("rule", PYGMENTS_RULES)
def test_the_step_counter_matches_as_python_does(rule: str) -> None:
    """What tests/regex_steps.py counts the steps of is the match Python's ``re`` makes."""
    texts = [NOTES, *(line(60) + "\n" for line in HOSTILE_LINES.values())]
    matcher, compiled = Matcher(rule), re.compile(rule, re.MULTILINE)
    for text in texts:
        for start in range(len(text)):
            found = compiled.match(text, start)
            assert matcher.match(text, start)[0] == (found.end() if found else None), (text, start)


def test_pygments_finds_the_lexer_by_name_and_file_name() -> None:
    """The ``pygments.lexers`` entry point: ``pygmentize -l bml`` and ``*.bml`` files."""
    assert isinstance(get_lexer_by_name("bml"), BMLLexer)
    assert isinstance(get_lexer_for_filename("notes.bml"), BMLLexer)


def test_the_editors_grammar_is_written_from_the_same_rules() -> None:
    assert json.loads(GRAMMAR.read_text(encoding="utf-8")) == textmate_grammar(), (
        "run: python -m sphinx_bml.lexer > editors/vscode/syntaxes/bml.tmLanguage.json"
    )


def test_the_grammar_matches_each_line_as_the_lexer_does() -> None:
    """Each rule of the grammar is read by the editor line by line: the same patterns, the same first match."""
    grammar = textmate_grammar()
    for rule in RULES:
        entry = grammar["repository"][rule.name]
        if len(rule.kinds) > 1:
            assert re.compile(entry["match"]).groups == len(rule.kinds), rule.name
        assert all(int(number) <= len(rule.kinds) for number in entry.get("captures", {}))
    line_rules = [rule for rule in RULES if rule.pattern.startswith("^")]
    for line in NOTES.splitlines():
        first = next((rule.name for rule in line_rules if re.search(rule.pattern, line)), None)
        lexed = next(iter(tokens(line)), (Token.Text, ""))[0]
        if first is None:
            assert lexed in (Token.Text, Token.Name.Builtin, Token.String.Other, Token.Generic.Strong), line
        else:
            kinds = next(rule.kinds for rule in line_rules if rule.name == first)
            assert lexed in kinds, (line, first)


def test_the_vscode_extension_declares_the_grammar() -> None:
    package = json.loads((GRAMMAR.parent.parent / "package.json").read_text(encoding="utf-8"))
    (grammar,) = package["contributes"]["grammars"]
    assert (GRAMMAR.parent.parent / grammar["path"]).resolve() == GRAMMAR
    assert grammar["scopeName"] == textmate_grammar()["scopeName"]
    assert package["contributes"]["languages"][0]["extensions"] == [".bml"]


@pytest.mark.slow
def test_a_code_block_of_bml_builds_with_W_and_is_highlighted(tmp_path: Path) -> None:
    """``.. code-block:: bml`` was "Pygments lexer name 'bml' is not known": a failed ``-W`` build."""
    index = "Notes\n=====\n\n.. code-block:: bml\n\n" + "".join(f"   {line}\n" for line in NOTES.splitlines())
    project = write_project(tmp_path / "notes", index)
    result = sphinx_build("-b", "html", project, tmp_path / "html")
    assert result.returncode == 0, result.stderr
    page = BeautifulSoup((tmp_path / "html" / "index.html").read_text(encoding="utf-8"), "html.parser")
    block = page.select_one("div.highlight-bml")
    assert block is not None
    calls = [span.get_text() for span in block.select("span.nt")]  # Name.Tag: the calls of the rows
    assert calls[:3] == ["1C", "1D", "1HS"]
    assert [span.get_text() for span in block.select("span.s2, span.sx")] == ["{{ 16+ hcp }}"]
