"""How much work a highlighter's regular expressions take on a line, counted in steps, not seconds.

Python's ``re`` (which Pygments uses) and Oniguruma (which VS Code's
vscode-textmate uses) are both backtracking matchers. :class:`Matcher` is a
plain one without their shortcuts: it runs a pattern as a small program,
trying each alternative in turn and going back when one fails, and counts
each instruction it runs. Its worst cases are theirs: a pattern that makes
it scan a line once for each place it starts at is quadratic in the real
engines too. Counting steps instead of timing makes a test of "linear" that
cannot fail on a busy machine.

:func:`pygments_steps` and :func:`textmate_steps` run the two highlighters'
loops over a text with it: Pygments tries its rules in order where the last
token ended; vscode-textmate looks for the first match of any rule from
there on, and keeps what each rule found ahead (vscode-oniguruma's cache of
searches, for lines of 1,000 bytes or more), so that no rule searches the
same stretch of a line twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

Test = Callable[[str], bool]
#: One instruction: ("char", test) | ("split", first, second) | ("jump", to)
#: | ("look", program, behind, negated, width) | ("at", anchor) | ("match",)
Instruction = tuple[Any, ...]

_CATEGORIES: dict[object, Test] = {
    sre.CATEGORY_WORD: lambda c: c.isalnum() or c == "_",
    sre.CATEGORY_NOT_WORD: lambda c: not (c.isalnum() or c == "_"),
    sre.CATEGORY_SPACE: str.isspace,
    sre.CATEGORY_NOT_SPACE: lambda c: not c.isspace(),
    sre.CATEGORY_DIGIT: str.isdecimal,
    sre.CATEGORY_NOT_DIGIT: lambda c: not c.isdecimal(),
}


def _test_of(op: object, argument: Any) -> Test:
    """Whether a character is what one character-consuming item of a parsed pattern reads."""
    if op is sre.LITERAL:
        return lambda c: ord(c) == argument
    if op is sre.NOT_LITERAL:
        return lambda c: ord(c) != argument and c != "\n"
    if op is sre.ANY:
        return lambda c: c != "\n"
    if op is sre.IN:
        negated = bool(argument) and argument[0][0] is sre.NEGATE
        items = argument[1:] if negated else argument
        tests = []
        for kind, value in items:
            if kind is sre.LITERAL:
                tests.append(lambda c, v=value: ord(c) == v)
            elif kind is sre.RANGE:
                tests.append(lambda c, v=value: v[0] <= ord(c) <= v[1])
            elif kind is sre.CATEGORY:
                tests.append(_CATEGORIES[value])
            else:
                raise ValueError(f"{kind} in a character class is not supported")
        return lambda c: any(test(c) for test in tests) != negated
    raise ValueError(f"{op} is not a character")


class Matcher:
    """A backtracking matcher for one pattern (``re.MULTILINE``: ``^`` and ``$`` at each line)."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.program: list[Instruction] = []
        self._compile(sre_parse.parse(pattern, re.MULTILINE), self.program)
        self.program.append(("match",))

    def _compile(self, items: Sequence[tuple[object, Any]], program: list[Instruction]) -> None:
        for op, argument in items:
            if op in (sre.LITERAL, sre.NOT_LITERAL, sre.ANY, sre.IN):
                program.append(("char", _test_of(op, argument)))
            elif op is sre.SUBPATTERN:
                self._compile(argument[-1], program)
            elif op is sre.BRANCH:
                self._branch(argument[1], program)
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
                self._repeat(*argument, greedy=op is sre.MAX_REPEAT, program=program)
            elif op in (sre.ASSERT, sre.ASSERT_NOT):
                direction, inner = argument
                sub: list[Instruction] = []
                self._compile(inner, sub)
                sub.append(("match",))
                width = inner.getwidth()
                if direction < 0 and width[0] != width[1]:
                    raise ValueError("a look-behind of varying width")
                program.append(("look", sub, direction < 0, op is sre.ASSERT_NOT, width[0]))
            elif op is sre.AT and argument in (sre.AT_BEGINNING, sre.AT_END):
                program.append(("at", argument))
            else:
                raise ValueError(f"{op} {argument} is not supported")

    def _branch(self, alternatives: list[Any], program: list[Instruction]) -> None:
        jumps = []
        for alternative in alternatives[:-1]:
            split = len(program)
            program.append(("split", split + 1, None))
            self._compile(alternative, program)
            jumps.append(len(program))
            program.append(("jump", None))
            program[split] = ("split", split + 1, len(program))
        self._compile(alternatives[-1], program)
        for jump in jumps:
            program[jump] = ("jump", len(program))

    def _repeat(self, low: int, high: int, body: Any, *, greedy: bool, program: list[Instruction]) -> None:
        for _ in range(low):
            self._compile(body, program)
        if high is sre.MAXREPEAT:
            if body.getwidth()[0] == 0:
                raise ValueError("a repetition of what may be empty")
            loop = len(program)
            program.append(("split", None, None))
            self._compile(body, program)
            program.append(("jump", loop))
            program[loop] = ("split", loop + 1, len(program)) if greedy else ("split", len(program), loop + 1)
            return
        splits = []
        for _ in range(high - low):
            splits.append(len(program))
            program.append(("split", None, None))
            self._compile(body, program)
        for split in splits:
            after = (split + 1, len(program)) if greedy else (len(program), split + 1)
            program[split] = ("split", *after)

    def match(self, text: str, start: int) -> tuple[int | None, int]:
        """Where a match starting at ``start`` ends (``None``: none), and the steps taken."""
        return _run(self.program, text, start, None)

    def search(self, text: str, start: int) -> tuple[tuple[int, int] | None, int]:
        """The first match at ``start`` or after (its start and end), and the steps taken."""
        steps = 0
        for at in range(start, len(text) + 1):
            end, taken = self.match(text, at)
            steps += taken
            if end is not None:
                return (at, end), steps
        return None, steps


def _run(program: list[Instruction], text: str, start: int, must_end: int | None) -> tuple[int | None, int]:
    """Run ``program`` on ``text`` from ``start``: where it ends, and the instructions run."""
    steps = 0
    stack = [(0, start)]
    while stack:
        pc, pos = stack.pop()
        while True:
            steps += 1
            instruction = program[pc]
            kind = instruction[0]
            if kind == "char":
                if pos < len(text) and instruction[1](text[pos]):
                    pc, pos = pc + 1, pos + 1
                    continue
                break
            if kind == "split":
                stack.append((instruction[2], pos))
                pc = instruction[1]
                continue
            if kind == "jump":
                pc = instruction[1]
                continue
            if kind == "at":
                if instruction[1] is sre.AT_BEGINNING:
                    held = pos == 0 or text[pos - 1] == "\n"
                else:
                    held = pos == len(text) or text[pos] == "\n"
                if not held:
                    break
                pc += 1
                continue
            if kind == "look":
                _, sub, behind, negated, width = instruction
                if behind:
                    found, taken = (None, 0) if pos < width else _run(sub, text, pos - width, pos)
                else:
                    found, taken = _run(sub, text, pos, None)
                steps += taken
                if (found is not None) == negated:
                    break
                pc += 1
                continue
            # match
            if must_end is None or pos == must_end:
                return pos, steps
            break
    return None, steps


def pygments_steps(rules: Sequence[str], text: str) -> int:
    """The steps of Pygments' ``RegexLexer`` loop over ``text`` with ``rules`` (in order)."""
    matchers = [Matcher(rule) for rule in rules]
    steps = pos = 0
    while pos < len(text):
        for matcher in matchers:
            end, taken = matcher.match(text, pos)
            steps += taken
            if end is not None:
                if end == pos:
                    raise ValueError(f"{matcher.pattern!r} matched nothing at {pos}")
                pos = end
                break
        else:
            pos += 1  # Pygments' error token: the BML lexer has a rule for any character
    return steps


def textmate_steps(rules: Sequence[str], text: str) -> int:
    """The steps of vscode-textmate's loop over each line of ``text`` with ``rules``, searching
    each with vscode-oniguruma's cache of the last search."""
    matchers = [Matcher(rule) for rule in rules]
    steps = 0
    for line in text.removesuffix("\n").split("\n"):
        line += "\n"  # vscode-textmate gives the engine each line with its end
        found: list[tuple[int, tuple[int, int] | None] | None] = [None] * len(matchers)
        pos = 0
        while pos < len(line):
            best: tuple[int, int] | None = None
            for index, matcher in enumerate(matchers):
                cached = found[index]
                if cached is None or (cached[1] is not None and cached[1][0] < pos):
                    result, taken = matcher.search(line, pos)
                    steps += taken
                    found[index] = cached = (pos, result)
                result = cached[1]
                if result is not None and (best is None or result[0] < best[0]):
                    best = result
                if best is not None and best[0] == pos:
                    break
            if best is None:
                break
            if best[1] == best[0]:
                raise ValueError(f"an empty match at {pos}")
            pos = best[1]
    return steps
