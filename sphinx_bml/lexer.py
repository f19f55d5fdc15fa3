"""BML highlighted: a Pygments lexer and a TextMate grammar drawn from one table of rules.

Sphinx uses the lexer for ``.. code-block:: bml`` (and MyST's ```` ```bml ````
fences); Pygments finds it by the ``pygments.lexers`` entry point, so
``pygmentize -l bml`` works too. Editors that read TextMate grammars (VS Code,
Sublime Text, the JetBrains IDEs) load ``editors/vscode/syntaxes/bml.tmLanguage.json``,
which is :func:`textmate_grammar` written out (a test keeps the two equal).

The rules follow the BML 2 README: ``//`` comments at the start of a line,
``#+TITLE:`` metadata, ``#INCLUDE``/``#COPY``/``#PASTE``… commands, ``*``
headings, bidding-table rows (the calls, ``=``, an alert mark ``!``), deal
diagram hands, hand conditions ``{{ … }}``, ``!h`` suit symbols, lists and
``*bold*``/``=monospace=`` text. A highlighter only colours: what it does
not know stays plain text, it never reports an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from pygments import lexer as pygments_lexer
from pygments.lexer import RegexLexer
from pygments.token import (
    Comment,
    Generic,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
    _TokenType,
)

#: One call of a table as authors write it: ``1C``, ``1nt``, ``2M``, ``3CD``, ``1red``, ``2steps``,
#: ``P``, ``D``, ``R``, ``X``, ``1♣``, an opponents' call in brackets with what it means (``(2C{Landy})``).
_CALL = (
    r"\(?(?:[1-7](?:[Nn][Tt]|[CDHSNcdhsn♣♦♥♠]{1,5}|om|oM|m|M|[XYZ]|red|black)|[1-9][0-9]?steps?"
    r"|[PDRXpdrx]|Pass|Dbl|Rdbl)(?:\{[^{}\n]*\})?\)?"
)
#: One call, or several written out for one row (``2S/3H``, ``(1H/1S)``).
_SEVERAL = rf"{_CALL}(?:/{_CALL})*"
#: A row's calls: one call, or a sequence to continue (``1N-2C;``, ``(1NT)---``).
_CALLS = rf"{_SEVERAL}(?:[-;]+{_SEVERAL})*[-;]*"
#: A card of a deal diagram's hand, and the four suits of a hand (``-`` for a void).
_SUIT_CARDS = r"(?:[AKQJTakqjtx2-9]+|-|—)"


@dataclass(frozen=True)
class Rule:
    """A regular expression and the kind of text each of its groups is (or the whole match)."""

    pattern: str
    kinds: tuple[_TokenType, ...]
    #: the rule's name in the TextMate grammar's repository
    name: str


#: Token kinds and the TextMate scopes that editors' colour themes know for them.
SCOPES: dict[_TokenType, str] = {
    Comment.Single: "comment.line.double-slash.bml",
    Comment.Preproc: "keyword.control.directive.bml",
    Keyword.Declaration: "keyword.other.metadata.bml",
    String: "string.unquoted.metadata.bml",
    Name.Variable: "variable.parameter.bml",
    Generic.Heading: "markup.heading.bml",
    Name.Tag: "entity.name.tag.call.bml",
    Operator: "keyword.operator.equals.bml",
    Generic.Strong: "markup.bold.bml",
    Keyword.Constant: "constant.language.alert.bml",
    Name.Label: "entity.name.label.seat.bml",
    Number: "constant.numeric.hand.bml",
    String.Other: "string.other.condition.bml",
    Name.Builtin: "constant.character.suit.bml",
    String.Backtick: "markup.inline.raw.bml",
    Punctuation: "punctuation.definition.list.bml",
    Whitespace: "",
    Text: "",
}

#: The rules, most particular first. Those starting with ``^`` read the start of a line.
#:
#: Each reads a line in time in proportion to its length, whatever the line holds: Pygments
#: tries a rule at each place a token may start, VS Code's engine searches for it from each place
#: its last match ended, so a rule that starts at a character (``{{``, ``*``, ``=``) must never scan
#: past the next place where it could start again. A condition is ``{{`` and what follows up to the
#: first ``}}``, as long as no other ``{{`` comes first: looking for the ``}}`` through the ``{{``
#: that follow took each ``{{`` to the end of the line, and a line of 40,000 ``{{`` 12 seconds
#: (tests/test_lexer.py counts the rules' steps on such lines).
RULES: tuple[Rule, ...] = (
    Rule(r"^//.*$", (Comment.Single,), "comment"),
    Rule(r"^(#\+[A-Za-z]+:)(.*)$", (Keyword.Declaration, String), "metadata"),
    Rule(r"^([ \t]*)(#[A-Za-z]+)(.*)$", (Whitespace, Comment.Preproc, Name.Variable), "command"),
    Rule(r"^(\*+)([ \t]+.*|[^*\s][^*\n]*)$", (Generic.Strong, Generic.Heading), "heading"),
    Rule(
        rf"^([ \t]*)([NESWnesw]:?)([ \t]+)({_SUIT_CARDS}(?:[ \t]+{_SUIT_CARDS}){{3}})([ \t]*)$",
        (Whitespace, Name.Label, Whitespace, Number, Whitespace),
        "hand",
    ),
    Rule(
        rf"^([ \t]*)({_CALLS})(?=[ \t=]|$)([ \t]*)(=?)([ \t]*)(!(?=[ \t]|$))?",
        (Whitespace, Name.Tag, Whitespace, Operator, Whitespace, Keyword.Constant),
        "row",
    ),
    Rule(r"^([ \t]*)(-|[0-9]+\.)([ \t])", (Whitespace, Punctuation, Whitespace), "list"),
    Rule(r"\\\{", (Text,), "escaped-brace"),  # a brace of the meaning: Strong \{{ 0+ hcp }} is no condition
    Rule(r"\{\{(?:[^{}\n]|\{(?!\{)|\}(?!\}))*\}\}", (String.Other,), "condition"),
    Rule(r"![cdhsCDHS](?![a-z])|[♣♦♥♠]", (Name.Builtin,), "suit"),
    Rule(r"(?<![\w*])\*[^*\s](?:[^*\n]*[^*\s])?\*(?![\w*])", (Generic.Strong,), "bold"),
    Rule(r"(?<![\w=])=[^=\s](?:[^=\n]*[^=\s])?=(?![\w=])", (String.Backtick,), "monospace"),
)


def _pygments_rules() -> list[tuple[str, Any]]:
    bygroups: Any = pygments_lexer.bygroups  # untyped in types-Pygments
    rules: list[tuple[str, Any]] = [
        (rule.pattern, bygroups(*rule.kinds) if len(rule.kinds) > 1 else rule.kinds[0]) for rule in RULES
    ]
    # what no rule colours is plain text: a highlighter never fails on what it does not know
    rules += [(r"[^\S\n]+|\n", Whitespace), (r"\w+", Text), (r".", Text)]
    return rules


class BMLLexer(RegexLexer):
    """Bridge Bidding Markup Language: system notes of contract-bridge players."""

    name = "BML"
    aliases: ClassVar[list[str]] = ["bml", "bridge-markup"]
    filenames: ClassVar[list[str]] = ["*.bml"]
    mimetypes: ClassVar[list[str]] = ["text/x-bml"]
    url = "https://github.com/gpaulissen/bml"
    flags = re.MULTILINE
    tokens: ClassVar[dict[str, Any]] = {"root": _pygments_rules()}


def textmate_grammar() -> dict[str, Any]:
    """The same rules as a TextMate grammar (``bml.tmLanguage.json``) for editors."""
    repository = {}
    for rule in RULES:
        if len(rule.kinds) == 1:
            entry: dict[str, Any] = {"match": rule.pattern}
            if SCOPES[rule.kinds[0]]:  # plain text matched only so that no later rule takes it has no scope
                entry["name"] = SCOPES[rule.kinds[0]]
        else:
            captures = {
                str(number): {"name": SCOPES[kind]} for number, kind in enumerate(rule.kinds, start=1) if SCOPES[kind]
            }
            entry = {"match": rule.pattern, "captures": captures}
        repository[rule.name] = entry
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "BML",
        "scopeName": "text.bml",
        "fileTypes": ["bml"],
        "patterns": [{"include": f"#{rule.name}"} for rule in RULES],
        "repository": repository,
    }


if __name__ == "__main__":  # python -m sphinx_bml.lexer > editors/vscode/syntaxes/bml.tmLanguage.json
    import json

    print(json.dumps(textmate_grammar(), indent=2, ensure_ascii=False))
