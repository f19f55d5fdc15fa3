"""``.bml`` files as documents of their own.

A folder of BML notes becomes a site by adding a ``conf.py`` and a toctree:
each ``.bml`` file is a page whose title is its ``#+TITLE`` (else the file
name), and whose ``*``, ``**``, ... headings are sections below that title,
nested by level.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.environment import BuildEnvironment
from sphinx.parsers import Parser

from ...language.inline import plain_text
from ...language.model import Heading, RichText
from ..diagnostics import Place
from . import to_nodes
from .state import read, reader


class BMLParser(Parser):
    """Parses a BML file into a document: a titled section holding the rest."""

    supported = ("bml",)

    def parse(self, inputstring: str | StringList, document: nodes.document) -> None:
        text = inputstring if isinstance(inputstring, str) else "\n".join(inputstring)
        self.setup_parse(text, document)
        env: BuildEnvironment = document.settings.env
        path = Path(document["source"])
        includes = bool(document.settings.file_insertion_enabled)
        source = reader(env, includes).read_text(text, str(path), path.parent)
        model = read(env, source, Place(env.docname, 1, str(env.srcdir)), indentation=env.config.bml_indentation)
        tree = bool(env.config.bml_tree)

        title = RichText(model.metadata.title) if model.metadata.title else RichText(path.stem)
        page = _section(title, document, str(path), 1)
        open_sections: list[tuple[int, nodes.section]] = [(0, page)]
        blocks = list(model.blocks)
        if blocks and isinstance(blocks[0], Heading) and _same_words(blocks[0].text, title):
            blocks = blocks[1:]  # "* Our system" under "#+TITLE: Our system" is the page's title, not a section
        for block in blocks:
            if isinstance(block, Heading):
                section = _section(block.text, document, block.location.file, block.location.line)
                while open_sections[-1][0] >= block.level:
                    open_sections.pop()
                open_sections[-1][1].append(section)
                open_sections.append((block.level, section))
            else:
                open_sections[-1][1].extend(to_nodes.block(block, tree=tree))
        document += page
        self.finish_parse()


def _same_words(one: RichText, other: RichText) -> bool:
    return plain_text(one.inline).casefold().split() == plain_text(other.inline).casefold().split()


def _section(title: RichText, document: nodes.document, source: str, line: int) -> nodes.section:
    text = plain_text(title.inline)
    section = nodes.section()
    section.source, section.line = source, line
    heading = nodes.title(text, "", *to_nodes.rich_text(title))
    heading.source, heading.line = source, line
    section += heading
    section["names"].append(nodes.fully_normalize_name(text))
    document.note_implicit_target(section, section)
    return section
