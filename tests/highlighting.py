"""The BML that the project shows highlighted, and how each highlighter colours it.

The notes are every ``.bml`` file of the example site and of the docs, and
every ``.. code-block:: bml`` of the docs. Pygments colours them in a page,
VS Code (vscode-textmate with the Oniguruma engine, run by ``tests/tokenize.mjs``
in Node) colours them in the editor; both are written from
``sphinx_bml.lexer.RULES``, so the two must give each character the same
colour.

``python -m tests.highlighting`` prints the snapshot of what Pygments makes
of the notes (tests/highlighting.snapshot): after a change meant to colour
them otherwise, write it again with
``python -m tests.highlighting > tests/highlighting.snapshot``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pygments.token import Text, Whitespace, _TokenType

from sphinx_bml.lexer import SCOPES, BMLLexer

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = ROOT / "editors" / "vscode" / "syntaxes" / "bml.tmLanguage.json"
TOKENIZE = Path(__file__).resolve().parent / "tokenize.mjs"
SNAPSHOT = Path(__file__).resolve().parent / "highlighting.snapshot"

#: A reStructuredText directive that shows its content highlighted as BML, and its indentation.
_CODE_BLOCK = re.compile(r"^(?P<indent>[ \t]*)\.\. (?:code-block|code|sourcecode):: bml[ \t]*$")


def code_blocks(text: str) -> list[tuple[int, str]]:
    """Each ``.. code-block:: bml`` of the reStructuredText ``text``: the number of the
    directive's line and its content, unindented (options left out)."""
    lines = text.splitlines()
    blocks = []
    for number, line in enumerate(lines):
        opened = _CODE_BLOCK.match(line)
        if opened is None:
            continue
        outer = len(opened["indent"].expandtabs())
        body = []
        for following in lines[number + 1 :]:
            if following.strip() and len(following) - len(following.lstrip()) <= outer:
                break
            body.append(following)
        while body and body[0].lstrip().startswith(":"):
            body.pop(0)  # the options, right under the directive
        while body and not body[0].strip():
            body.pop(0)
        while body and not body[-1].strip():
            body.pop()
        indent = min((len(line) - len(line.lstrip()) for line in body if line.strip()), default=0)
        blocks.append((number + 1, "".join(line[indent:] + "\n" for line in body)))
    return blocks


def notes() -> dict[str, str]:
    """The BML the project shows highlighted, by where it is (``docs/bboalert.rst#2`` for its second
    ``code-block:: bml``: counted, not by line, so that prose written above a block moves nothing)."""
    found = {}
    for folder in ("example_site", "docs"):
        sources = [path for path in sorted((ROOT / folder).rglob("*")) if "_build" not in path.relative_to(ROOT).parts]
        for path in sources:
            if path.suffix == ".bml":
                found[path.relative_to(ROOT).as_posix()] = path.read_text(encoding="utf-8")
        for path in sources:
            if path.suffix == ".rst":
                for index, (_, block) in enumerate(code_blocks(path.read_text(encoding="utf-8")), start=1):
                    found[f"{path.relative_to(ROOT).as_posix()}#{index}"] = block
    return found


def lines_of(text: str) -> list[str]:
    """The lines of ``text`` as both highlighters split it: at each ``\\n``."""
    return text.removesuffix("\n").split("\n")


def plain(kind: _TokenType) -> bool:
    """Whether Pygments' ``kind`` is no colour (text, white space)."""
    return kind in (Text, Whitespace) or SCOPES.get(kind, "") == ""


def pygments_kinds(text: str) -> list[list[str]]:
    """The kind of each character of each line of ``text`` as Pygments colours it: a name
    from :data:`SCOPES` (``Token.Name.Tag``), ``""`` for plain text."""
    kinds: list[list[str]] = [[]]
    for kind, value in BMLLexer(stripnl=False, ensurenl=True).get_tokens(text):
        for character in value:
            if character == "\n":
                kinds.append([])
            else:
                kinds[-1].append("" if plain(kind) else str(kind))
    return kinds[: len(lines_of(text))]


def runs(kinds: list[str]) -> list[tuple[int, int, str]]:
    """The coloured runs of a line whose characters are of ``kinds``: start, end and kind."""
    found: list[tuple[int, int, str]] = []
    for index, kind in enumerate(kinds):
        if found and found[-1][2] == kind and found[-1][1] == index:
            found[-1] = (found[-1][0], index + 1, kind)
        elif kind:
            found.append((index, index + 1, kind))
    return found


def snapshot() -> str:
    """What Pygments makes of :func:`notes`: each line, and under it each coloured run of it
    (its column, its kind, its text); plain text is left out."""
    written = []
    for where, text in notes().items():
        written.append(f"== {where}")
        for number, (line, kinds) in enumerate(zip(lines_of(text), pygments_kinds(text), strict=True), start=1):
            written.append(f"{number:4} {line}".rstrip())
            for start, end, kind in runs(kinds):
                written.append(f"{start:9} {kind.removeprefix('Token.')} {line[start:end]!r}")
    return "\n".join(written) + "\n"


def _repeated(piece: str, after: str = "") -> Callable[[int], str]:
    """A line of about ``size`` characters: ``piece`` over and over, then ``after``."""
    return lambda size: piece * max(1, (size - len(after)) // len(piece)) + after


#: Lines that a highlighter could take time over, by name: each gives a line of about ``size``
#: characters. Pasted into a ``code-block:: bml`` or opened in an editor, each must take time in
#: proportion to its length: ``{{`` without ``}}`` took 1.1 / 5.3 / 11.6 s at 10k / 20k / 40k
#: characters in Pygments, each ``{{`` looking for a ``}}`` to the end of the line.
HOSTILE_LINES: dict[str, Callable[[int], str]] = {
    "{{ without }}": _repeated("{{"),
    "{{ x without }}": _repeated("{{ x "),
    "{": _repeated("{"),
    "}}": _repeated("}}"),
    "{{ then } }": lambda size: "{{" + " }" * (size // 2),
    "{{ a }} closed": _repeated("{{ a }} "),
    "\\{{": _repeated("\\{{"),
    "!": _repeated("!"),
    "!h": _repeated("!h"),
    "*": _repeated("*"),
    "*a without closing": _repeated("*a "),
    "* heading of *": _repeated("*", after=" a*b"),
    "=": _repeated("="),
    "=a without closing": _repeated("=a "),
    "_": _repeated("_"),
    "(": _repeated("("),
    "digits": _repeated("1"),
    "1. list marks": _repeated("1."),
    "-": _repeated("-"),
    "spaces, then a word": lambda size: " " * size + "x",
    "tabs": _repeated("\t"),
    "//": _repeated("//"),
    "#": _repeated("#"),
    "#+TITLE: and text": lambda size: "#+TITLE: " + "x" * size,
    "a row of calls": _repeated("1C-2D-", after="3N  to play {{ 12+ hcp }}"),
    "calls, then a letter": _repeated("1C-", after="x"),
    "calls with /": _repeated("1C/", after="x"),
    "(1C{ without }": _repeated("(1C{"),
    "a hand of cards": lambda size: "N " + "x" * size,
    "suits ♣": _repeated("♣"),
    "conditions, bold and suits": _repeated("1C {{ *a* =b= !h "),
}


# --------------------------------------------------------------------------
# VS Code's tokenizer: vscode-textmate and vscode-oniguruma from npm, in Node


def node_tools() -> Path:
    """Where ``.ci/fetch-node-tools`` put vscode-textmate and vscode-oniguruma: $SPHINX_BML_NODE_TOOLS,
    else ``node-tools`` in $SPHINX_BML_CACHE (default ``~/.cache/sphinx-bml``)."""
    configured = os.environ.get("SPHINX_BML_NODE_TOOLS")
    if configured:
        return Path(configured)
    cache = os.environ.get("SPHINX_BML_CACHE") or Path.home() / ".cache" / "sphinx-bml"
    return Path(cache) / "node-tools"


def vscode_missing() -> str | None:
    """Why VS Code's tokenizer cannot run here, or ``None`` when it can."""
    if shutil.which("node") is None:
        return "node is not installed (apt-get install nodejs)"
    for module in ("vscode-textmate", "vscode-oniguruma"):
        if not (node_tools() / "node_modules" / module / "package.json").is_file():
            return f"{module} is not in {node_tools()} (run .ci/fetch-node-tools)"
    return None


def vscode_tokenize(texts: list[str], *, timed: bool = False, runs: int = 1) -> dict[str, Any]:
    """``texts`` tokenized by vscode-textmate with our grammar, as VS Code does it, line by line.

    Returns ``{"versions": {module: version}, "texts": [...]}``; each text is a list of lines, each
    line a list of ``[start, end, scope]`` (the innermost scope, ``""`` for the grammar's own);
    with ``timed``, each text is ``{"lines": [...], "ms": the fastest of runs, in milliseconds}`` instead.
    """
    modules = str(node_tools() / "node_modules")
    request = {"grammar": str(GRAMMAR), "modules": modules, "texts": texts, "timed": timed, "runs": runs}
    node = shutil.which("node") or "node"
    done = subprocess.run(
        [node, str(TOKENIZE)], input=json.dumps(request), capture_output=True, text=True, check=False, timeout=600
    )
    if done.returncode != 0:
        raise RuntimeError(f"tokenize.mjs failed: {done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


#: The Pygments kind that each scope of the grammar stands for.
KIND_OF_SCOPE = {scope: str(kind) for kind, scope in SCOPES.items() if scope}


def vscode_kinds(tokenized: list[list[list[object]]], text: str) -> list[list[str]]:
    """The kind of each character of each line of ``text`` from VS Code's tokens of it
    (as :func:`pygments_kinds` gives them)."""
    kinds = []
    for line, tokens in zip(lines_of(text), tokenized, strict=True):
        characters = [""] * len(line)
        for start, end, scope in tokens:
            assert isinstance(start, int) and isinstance(end, int) and isinstance(scope, str)
            for index in range(start, min(end, len(line))):
                characters[index] = KIND_OF_SCOPE.get(scope, "")
        kinds.append(characters)
    return kinds


if __name__ == "__main__":  # python -m tests.highlighting > tests/highlighting.snapshot
    print(snapshot(), end="")
