"""The ``bml`` directive: BML inside a reStructuredText or MyST document.

.. code-block:: rst

   .. bml::
      :no-tree:

      1N = 15--17
        2C = Stayman

   .. bml:: modules/multi.bml

The content is any BML: bidding tables, deals, auctions, prose. With an
argument, the directive reads that file instead (relative to the document,
or to the documentation folder when it starts with ``/``). Options:

``:tree:`` / ``:no-tree:``  draw the bidding tables as trees or as plain
                            indentation (default: ``bml_tree``)
``:hide:``                  the bidding tables go to the ``.bss`` file only,
                            as with ``#HIDE``
``:indentation: N``         a strict unit of N spaces a level (default:
                            ``bml_indentation``; ``None`` reads rows as written)
``:collapsible:`` /         in HTML, rows with answers can be folded (default:
``:no-collapsible:``        ``bml_collapsible``)
``:example:``               an example, not part of the system: its tables are
                            shown but are not exported, cannot be referred to
                            and are not checked against the system; it is read
                            on its own (the page's ``#VUL``, ``#SEAT`` and
                            clipboard neither reach it nor come from it)

The directives of one document are read in order as one BML file:
``#VUL``, ``#SEAT`` and the ``#COPY``/``#CUT`` clipboard carry over from one
to the next. Headings in the BML become rubrics, as a directive cannot
start sections.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import RSTState
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec

from ...language.errors import Kind
from ...language.reader import Source
from ..diagnostics import Place
from . import to_nodes
from .state import keep_problem, read, reader


class BMLDirective(SphinxDirective):
    """``.. bml:: [file]``: BML text, or a BML file, rendered in place."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[OptionSpec] = {
        "tree": directives.flag,
        "no-tree": directives.flag,
        "hide": directives.flag,
        "indentation": directives.positive_int,
        "example": directives.flag,
        "collapsible": directives.flag,
        "no-collapsible": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        place = Place(self.env.docname, self.lineno, str(self.env.srcdir))
        if "tree" in self.options and "no-tree" in self.options:
            keep_problem(
                self.env,
                Kind.DIRECTIVE,
                "the bml directive says both :tree: and :no-tree:; :no-tree: is used",
                place.locate(None),
            )
        if self.arguments and self.content:
            keep_problem(
                self.env,
                Kind.DIRECTIVE,
                f"the bml directive reads {self.arguments[0]}, so the BML written under it is left out; "
                "give either a file or BML text",
                place.locate(None),
            )
        source = self._file(place) if self.arguments else self._text()
        if source is None:
            return []
        indentation = self.options.get("indentation", self.config.bml_indentation)
        example = "example" in self.options
        document = read(
            self.env, source, place, indentation=indentation, hidden="hide" in self.options, example=example
        )
        tree = "no-tree" not in self.options and ("tree" in self.options or bool(self.config.bml_tree))
        collapsible = self._collapsible(place)
        result: list[nodes.Node] = []
        for block in document.blocks:
            result += to_nodes.block(block, tree=tree, anchors=not example, collapsible=collapsible)
        return result

    def _collapsible(self, place: Place) -> bool | None:
        """``:collapsible:`` (``True``), ``:no-collapsible:`` (``False``), neither: ``None`` (``bml_collapsible``)."""
        if "no-collapsible" in self.options:
            if "collapsible" in self.options:
                keep_problem(
                    self.env,
                    Kind.DIRECTIVE,
                    "the bml directive says both :collapsible: and :no-collapsible:; :no-collapsible: is used",
                    place.locate(None),
                )
            return False
        return True if "collapsible" in self.options else None

    @property
    def _includes_enabled(self) -> bool:
        return bool(self.state.document.settings.file_insertion_enabled)

    def _text(self) -> Source:
        """The directive's content, its lines numbered as in the file it is written in."""
        if isinstance(self.state, RSTState):
            source, line = self.state_machine.get_source_and_line(self.content_offset + 1)
        else:  # MyST counts the content's offset from the line after the directive's first line
            source, line = self.get_source_info()[0], self.lineno + self.content_offset + 1
        path = Path(source or self.env.doc2path(self.env.docname))
        text = "\n".join(self.content)
        return reader(self.env, self._includes_enabled).read_text(text, str(path), path.parent, line or self.lineno)

    def _file(self, place: Place) -> Source | None:
        """The file named by the argument, unless it cannot or may not be read."""
        name = self.arguments[0]
        relative, absolute = self.env.relfn2path(name, self.env.docname)
        path = Path(absolute).resolve()  # a link is judged by where it leads
        shown = name if relative == name.lstrip("/") else f"{name} ({relative})"
        folder = Path(self.env.srcdir).resolve()
        problem = ""
        if not self._includes_enabled:
            problem = f"the BML file {name} is not read here (file insertion is off)"
        elif not path.is_relative_to(folder):
            problem = f"the BML file {name} is outside the documentation folder, so it is not read"
        elif path.is_dir():
            problem = f"cannot read the BML file {shown}: it is a folder, not a file"
        elif path.exists() and not path.is_file():
            problem = f"cannot read the BML file {shown}: it is a pipe or a device, not a file, so it is not read"
        elif not path.exists() and name.startswith("/"):
            on_disk = Path(name).resolve()
            if not on_disk.is_file() or not on_disk.is_relative_to(folder):
                problem = _not_in_the_folder(name, relative, on_disk.is_file())
            else:  # the file's path on this computer, in the documentation folder: read, with the way to write it
                written = "/" + on_disk.relative_to(folder).as_posix()
                message = (
                    f"the BML file {name} is read from where it is on this computer, but in Sphinx a path "
                    f"starting with / starts at the documentation folder: write {written}, which works "
                    "wherever the folder is"
                )
                keep_problem(self.env, Kind.INCLUDE, message, place.locate(None))
                path, absolute = on_disk, str(on_disk)
        elif not path.exists():
            problem = f"cannot read the BML file {shown}: there is no such file"
        if problem:
            keep_problem(self.env, Kind.INCLUDE, problem, place.locate(None))
            if not path.exists():
                self.env.note_dependency(path)  # read again when it appears
            return None
        return reader(self.env, self._includes_enabled).read_file(path, absolute)


def _not_in_the_folder(name: str, relative: str, on_this_computer: bool) -> str:
    """Why a file argument starting with ``/`` is not read: Sphinx reads it from the
    documentation folder, which has no such file."""
    said = (
        f"cannot read the BML file {name}: in Sphinx a path starting with / starts at the documentation "
        f"folder, which has no {relative}"
    )
    if on_this_computer:
        return f"{said}; the file {name} on this computer is outside the documentation folder, so it is not read"
    return said
