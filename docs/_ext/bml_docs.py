"""Directives of the documentation that show what the engine makes of an example.

``.. bml-sequences::``: BML source beside what it defines. The content is
read on its own (not as part of the page's BML) by the engine the ``bss``
builder uses, and the result is shown next to the source:

* by default, every sequence it defines, one a line, in BML notation with
  the opponents' calls in parentheses (``1C-(1S)-D  negative``), followed
  by the seat and vulnerability when they are not "any";
* with ``:bss:``, the ``.bss`` records that ``sphinx-build -b bss`` writes;
* with ``:problems:``, the problems found are shown after the result, as a
  reader would see them in a build, instead of being warnings of this build
  (a documentation example that has a problem by mistake fails ``-W``).

``:indentation: N`` sets a strict unit of indentation, as in ``.. bml::``; without
it, rows are read as written.

``.. bss2bml-output:: FILE``: what ``bss2bml [--format FORMAT] FILE -o -``
writes for a ``.bss`` file of the documentation, as a literal block
(``:format:`` ``bml``, ``rst`` or ``md``; ``bml`` by default).

``.. bml-quickstart-session:: FOLDER``: ``bml-quickstart FOLDER`` run at each
build (into a temporary folder) with the answers of the content typed in turn,
one a line, and shown as a terminal shows it: the questions with the answers,
then what it wrote.
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata, OptionSpec

from sphinx_bml.commands import bml_quickstart
from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_reader import read_bss
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.formats.bss_writer import bss_lines
from sphinx_bml.formats.pages import write_page
from sphinx_bml.language import Meaning, Reader, Seat, expand
from sphinx_bml.language.errors import Kind
from sphinx_bml.language.model import ANY_VULNERABILITY
from sphinx_bml.language.parser import Parser
from sphinx_bml.language.reader import decode
from sphinx_bml.sphinx.config import SETTINGS

logger = logging.getLogger(__name__)


def sequence_line(meaning: Meaning, width: int) -> str:
    """``1C-(P)-1D   description``, continuation lines under the description."""
    notation = meaning.sequence.notation()
    conditions = []
    if meaning.seat is not Seat.ANY:
        conditions.append(f"seat {meaning.seat.value}")
    if meaning.vulnerability != ANY_VULNERABILITY:
        conditions.append(f"vul {meaning.vulnerability.code}")
    lines = list(meaning.description.lines) or [""]
    if conditions:
        lines[0] = f"{lines[0]}  [{', '.join(conditions)}]".strip()
    pad = " " * (width + 2)
    first = f"{notation:<{width}}  {lines[0]}".rstrip()
    return "\n".join([first, *(f"{pad}{line}".rstrip() for line in lines[1:])])


class BMLSequences(SphinxDirective):
    has_content = True
    option_spec: ClassVar[OptionSpec] = {
        "bss": directives.flag,
        "problems": directives.flag,
        "indentation": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        source_text = "\n".join(self.content)
        document_path = Path(self.env.doc2path(self.env.docname))
        reader = Reader(root=Path(self.env.srcdir))
        source = reader.read_text(source_text, document_path.name, document_path.parent)
        for path in source.files:
            self.env.note_dependency(str(path))
        indentation = self.options.get("indentation")
        document = Parser(indentation).parse(source)
        system = expand(document)

        if "bss" in self.options:
            result_lines = list(bss_lines(system))
            label = "The .bss records"
        else:
            width = max((len(m.sequence.notation()) for m in system), default=0)
            result_lines = [sequence_line(meaning, width) for meaning in system]
            label = "The sequences it defines"
        problems = [
            (f"line {p.location.line}: " if p.location else "") + f"{p.message} [bml.{p.kind}]"
            for p in sorted(document.problems, key=lambda p: p.location.line if p.location else 0)
        ]
        if problems and "problems" not in self.options:
            for problem in problems:
                logger.warning("bml-sequences example: %s", problem, location=(self.env.docname, self.lineno))
        if "problems" in self.options:
            result_lines += ["", "Warnings:", *problems] if problems else ["", "(no warnings)"]
        result_text = "\n".join(result_lines) or "(none)"

        source_node = nodes.literal_block(source_text, source_text, language="bml")
        source_node["classes"].append("bml-example-source")
        result_node = nodes.literal_block(result_text, result_text, language="text")
        result_node["classes"].append("bml-sequences-result")
        left = nodes.container("", _label("BML"), source_node, classes=["bml-example-column"])
        right = nodes.container("", _label(label), result_node, classes=["bml-example-column"])
        example = nodes.container("", left, right, classes=["bml-example", "bml-sequences"])
        self.set_source_info(example)
        return [example]


class BSS2BMLOutput(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = {"format": lambda value: directives.choice(value, ("bml", "rst", "md"))}

    def run(self) -> list[nodes.Node]:
        relative, absolute = self.env.relfn2path(self.arguments[0], self.env.docname)
        self.env.note_dependency(relative)
        path = Path(absolute)
        text, _ = decode(path.read_bytes())
        bss = read_bss(text, path.name)
        document = build_document(bss)
        for problem in [*bss.problems, *document.problems]:
            logger.warning("bss2bml-output: %s", problem, location=(self.env.docname, self.lineno))
        page_format = self.options.get("format", "bml")
        if page_format == "bml":
            output = write_bml(document)
        else:
            output = write_page(document, path.stem, "rst" if page_format == "rst" else "md")
        language = {"bml": "bml", "rst": "rst", "md": "md"}[page_format]
        literal = nodes.literal_block(output, output, language=language)
        self.set_source_info(literal)
        return [literal]


class BMLQuickstartSession(SphinxDirective):
    """``.. bml-quickstart-session:: FOLDER``: the questions and answers, then the files written."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        shown = self.arguments[0]
        answers = list(self.content)
        transcript = io.StringIO()

        def ask(question: str) -> str:
            answer = answers.pop(0)
            transcript.write(f"{question}{answer}\n")
            return answer

        with tempfile.TemporaryDirectory() as folder:
            target = Path(folder) / shown
            options = bml_quickstart.argument_parser().parse_args([str(target)])
            errors = io.StringIO()
            status = bml_quickstart.run(options, ask, transcript, errors)
        if status != 0 or answers:
            raise self.error(f"bml-quickstart-session: status {status}, {errors.getvalue()} {answers} left")
        text = f"$ bml-quickstart {shown}\n" + transcript.getvalue().replace(str(target), shown).rstrip() + "\n"
        literal = nodes.literal_block(text, text, language="text")
        self.set_source_info(literal)
        return [literal]


def _label(text: str) -> nodes.Node:
    return nodes.paragraph(text, text, classes=["bml-example-label"])


class BMLReferenceTable(SphinxDirective):
    """``.. bml-reference-table:: settings`` or ``warnings``: the table made from
    the code that declares them (``SETTINGS``, ``Kind``), so it cannot drift."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        what = self.arguments[0]
        if what == "settings":
            header = ["setting", "default", "what it does"]
            rows = [[f"``{s.name}``", s.shown_default, s.help] for s in SETTINGS]
            widths = "30 15 55"
        elif what == "warnings":
            header = ["warning", "what it is about"]
            rows = [[f"``bml.{kind.value}``", kind.description] for kind in Kind]
            widths = "20 80"
        else:
            raise self.error(f"bml-reference-table: 'settings' or 'warnings', not {what!r}")
        lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
        for row in [header, *rows]:
            lines += [f"   {'*' if index == 0 else ' '} - {cell}" for index, cell in enumerate(row)]
        return self.parse_text_to_nodes("\n".join(lines))


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_directive("bml-reference-table", BMLReferenceTable)
    app.add_directive("bml-sequences", BMLSequences)
    app.add_directive("bss2bml-output", BSS2BMLOutput)
    app.add_directive("bml-quickstart-session", BMLQuickstartSession)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
