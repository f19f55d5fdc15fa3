"""VS Code's own tokenizer colours BML as our Pygments lexer does, character by character.

The grammar in editors/vscode is read by vscode-textmate with the Oniguruma
engine (vscode-oniguruma), the two npm packages VS Code itself runs, in Node
(tests/tokenize.mjs); ``.ci/fetch-node-tools`` installs them. The Pygments
lexer colours the same notes in the docs. Both are written from
``sphinx_bml.lexer.RULES``, but each engine reads the rules its own way
(Pygments tries them in order where the last token ended, TextMate takes the
first match of any rule ahead); here they must agree on every character.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sphinx_bml.lexer import SCOPES
from tests.highlighting import (
    HOSTILE_LINES,
    lines_of,
    notes,
    pygments_kinds,
    vscode_kinds,
    vscode_missing,
    vscode_tokenize,
)
from tests.support import require

#: What BML notes are made of, for lines that no author wrote but an editor may show.
PIECES = (
    "1C", "1N", "2HS", "3nt", "(1N{Weak})", "(2C{Landy})", "1red", "2steps", "Pass", "P", "D", "R", "X",
    "(", ")", "{", "}", "{{", "}}", "\\{{", "*", "**", "=", "!", "!h", "!C", "!s", "-", ";", "/", "\\", ":", "+",
    " ", "  ", "\t", "N", "N:", "x", "AKQ", "T9", "-", "#", "#+TITLE:", "#INCLUDE", "#PASTE", "//", "1.",
    "ł", "é", "ß", "♣", "♥", "_", "a", "word", "15-17 hcp", "3", "\u00a0", "\u2003", "𝄞", "٣",
)  # fmt: skip


def made_up_lines(count: int, seed: int) -> str:
    """``count`` lines of :data:`PIECES` put together at random (the same each run)."""
    chosen = random.Random(seed)
    lines = ("".join(chosen.choice(PIECES) for _ in range(chosen.randint(1, 12))) for _ in range(count))
    return "".join(line + "\n" for line in lines)


NOTES = notes()
MADE_UP = made_up_lines(3000, seed=30)
HOSTILE = {name: line(2000) + "\n" for name, line in HOSTILE_LINES.items()}  # past 1,000 bytes: cached searches


@pytest.fixture(scope="module")
def vscode() -> dict[str, list[list[str]]]:
    """VS Code's colours of each text the tests compare, by its name: one run of Node for all."""
    missing = vscode_missing()
    require(missing is None, f"VS Code's tokenizer cannot run: {missing}")
    texts = {**NOTES, "made up": MADE_UP, **{f"hostile {name}": text for name, text in HOSTILE.items()}}
    tokenized = vscode_tokenize(list(texts.values()))
    assert isinstance(tokenized["texts"], list)
    return {
        name: vscode_kinds(tokens, text) for (name, text), tokens in zip(texts.items(), tokenized["texts"], strict=True)
    }


def differences(text: str, theirs: list[list[str]]) -> list[str]:
    """Each line of ``text`` where VS Code's colours (``theirs``) are not Pygments': the first
    character that differs, and its colour in each."""
    found = []
    for number, (line, ours, vscode) in enumerate(zip(lines_of(text), pygments_kinds(text), theirs, strict=True), 1):
        if ours != vscode:
            at = next(index for index, (a, b) in enumerate(zip(ours, vscode, strict=True)) if a != b)
            found.append(f"line {number} {line!r}, column {at}: Pygments {ours[at]!r}, VS Code {vscode[at]!r}")
    return found


@pytest.mark.parametrize("where", NOTES)
def test_vscode_colours_the_notes_of_the_site_and_docs_as_pygments_does(
    vscode: dict[str, list[list[str]]], where: str
) -> None:
    assert not differences(NOTES[where], vscode[where])


def test_vscode_colours_made_up_lines_as_pygments_does(vscode: dict[str, list[list[str]]]) -> None:
    assert not differences(MADE_UP, vscode["made up"])[:10]


@pytest.mark.parametrize("name", HOSTILE)
def test_vscode_colours_hostile_lines_as_pygments_does(vscode: dict[str, list[list[str]]], name: str) -> None:
    assert not differences(HOSTILE[name], vscode[f"hostile {name}"])


def test_the_notes_show_vscode_every_colour_of_the_rules(vscode: dict[str, list[list[str]]]) -> None:
    """The agreement is not two engines leaving all plain: each kind of the rules is met."""
    met = {kind for where in NOTES for line in vscode[where] for kind in line}
    assert met == {"", *(str(kind) for kind, scope in SCOPES.items() if scope)}


def test_vscode_colours_the_reference_corpus_as_pygments_does(conformance: Path) -> None:
    missing = vscode_missing()
    require(missing is None, f"VS Code's tokenizer cannot run: {missing}")
    files = sorted((conformance / "data").glob("*.bml"))
    texts = [path.read_text(encoding="utf-8", errors="replace") for path in files]
    tokenized = vscode_tokenize(texts)
    assert isinstance(tokenized["texts"], list)
    for path, text, tokens in zip(files, texts, tokenized["texts"], strict=True):
        assert not differences(text, vscode_kinds(tokens, text)), path.name
