"""``.. bml-downloads::``: the system files, offered for download on a page.

A reader takes the notes to Bridge Base Online without building anything:
the directive lists, for each system of the site (``bml_systems``), its
Full Disclosure ``.bss`` file and its BBOalert file, and the HTML build
(``html``, ``dirhtml``, ``singlehtml``) writes those files into ``_bml/``
of its output (what ``-b bss`` and ``-b bboalert`` write). Other builders
show the file names as text: an EPUB and the help formats too, which are
HTML but hold their pages only.

.. code-block:: rst

   .. bml-downloads::
      :pdf: _build/latex/our-notes.pdf

``:pdf:`` names the PDF of the notes, as Sphinx's LaTeX builder writes it
(``sphinx-build -M latexpdf . _build``), relative to the page like
``:download:``: when the file is there, the HTML build copies it and the list
links it (Sphinx's own download machinery, so a new PDF is copied again).
When it is not built yet, the list offers no PDF (a reader has nothing to
build), the build's output tells the author how to make it (a line at the
directive, no warning: a machine without TeX builds the site with ``-W``),
and the page is read again at the next build, so the PDF is offered once it
is there. Only a web site offers the PDF; the PDF itself, the text and EPUB
builds leave that line out.

The list is made once every document is read (when the page is resolved:
``resolving``), as it
names each system by its root document's ``#+TITLE``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.util.display import progress_message
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri
from sphinx.util.typing import OptionSpec

from ...language.errors import Kind
from .. import nodes as bml
from ..config import site_systems
from ..diagnostics import tell, warn
from ..domain.domain import bml_domain
from .system_files import BBOALERT, BSS, SystemFormat, system_files, system_name

#: Where the HTML build puts the files, in its output folder.
FOLDER = "_bml"
#: The files of each system, and how the list describes them.
FORMATS: tuple[tuple[SystemFormat, str], ...] = (
    (BSS, "Full Disclosure file for Bridge Base Online"),
    (BBOALERT, "BBOalert file"),
)
KIND = "downloads"
_CLASS = "bml-downloads"
#: How the list names the PDF.
PDF_TITLE = "The notes to print"
PDF_CLASS = "bml-downloads-pdf"
#: The build that makes the PDF, told to the author while it is missing.
PDF_COMMAND = "sphinx-build -M latexpdf {source} {build}"


class BMLDownloads(SphinxDirective):
    """``.. bml-downloads::``: a list of the system files to download."""

    option_spec: ClassVar[OptionSpec] = {"pdf": directives.path}

    def run(self) -> list[nodes.Node]:
        bml_domain(self.env).note_downloads(self.env.docname)
        placeholder = bml.placeholder(kind=KIND)
        self.set_source_info(placeholder)
        if pdf := self.options.get("pdf"):
            if Path(pdf).suffix.lower() == ".pdf":
                self.offer_pdf(pdf, placeholder)
            else:  # a slip (``:pdf: conf.py``) must not publish another file
                warn(
                    Kind.DIRECTIVE,
                    f":pdf: names the PDF of the notes, a file ending in .pdf, not {pdf!r}: the list offers no PDF",
                    self.get_location(),
                )
        return [placeholder]

    def offer_pdf(self, pdf: str, placeholder: bml.placeholder) -> None:
        """The line that offers the PDF, a ``:download:`` link, when it is built; else nothing on
        the page, the PDF noted as missing (the author is told at the build, :func:`made_downloads`)
        and the page read again at each build until it is there (a dependency that does not exist)."""
        relative, absolute = self.env.relfn2path(pdf, self.env.docname)
        name = Path(absolute).name
        if not Path(absolute).is_file():
            self.env.note_dependency(relative)
            placeholder["missing_pdf"] = absolute
            return
        # Sphinx's download collector copies it and notes it as a dependency
        link = addnodes.download_reference(pdf, "", reftarget=pdf, refdoc=self.env.docname, refexplicit=True)
        link += nodes.literal(name, name)
        size = nodes.Text(f" (PDF, {_size(Path(absolute).stat().st_size)})")
        item = nodes.paragraph("", "", nodes.strong(PDF_TITLE, PDF_TITLE), nodes.Text(": "), link, size)
        placeholder += nodes.list_item("", item, classes=[PDF_CLASS])


def _tell_missing_pdf(app: Sphinx, placeholder: bml.placeholder) -> None:
    """Tell the author, at the directive, that the PDF is not built yet and how to make it: the
    command that writes it there, when it is looked for in a ``latex`` folder (``-M`` writes
    ``BUILD/latex/NAME.pdf``)."""
    missing = Path(str(placeholder["missing_pdf"]))
    source = _shown_path(Path(app.srcdir))
    if missing.parent.name == "latex":
        command = PDF_COMMAND.format(source=source, build=_shown_path(missing.parent.parent))
        how = f"make it first with {command} (it is looked for at {_shown_path(missing)})"
    else:
        command = PDF_COMMAND.format(source=source, build="BUILD")
        how = f"make it first with {command}, which writes it into BUILD/latex, and put it at {_shown_path(missing)}"
    tell(
        f"bml-downloads: the PDF {missing.name} is not built yet, so the list offers no PDF: {how}, "
        "then build the site again",
        placeholder,
    )


def _shown_path(path: Path) -> str:
    """``path`` from the current folder when it is inside it (``.``, ``_build``), else in full."""
    here = Path.cwd()
    return os.path.relpath(path, here) if path.is_relative_to(here) else str(path)


def _size(size: int) -> str:
    """A file's size as a download list says it: ``840 KB``, ``1.2 MB``."""
    return f"{size / 1_000_000:.1f} MB" if size >= 1_000_000 else f"{max(1, round(size / 1000))} KB"


def offers_files(builder: Builder) -> bool:
    """Whether the build is a web site that can hold the files beside its pages:
    HTML, not HTML embedded in a reader that holds the pages alone (an EPUB, the
    help formats), which Sphinx's HTML builders say with ``embedded``, as their
    templates are told."""
    return builder.format == "html" and not getattr(builder, "embedded", False)


def made_downloads(app: Sphinx, docname: str, placeholder: bml.placeholder) -> nodes.Element:
    """The list of system files a ``bml-downloads`` holds, linked in HTML; then its PDF, on a web site."""
    linked = offers_files(app.builder)
    page = app.builder.get_target_uri(docname) if linked else ""
    domain = bml_domain(app.env)
    systems = domain.sites()
    entries = nodes.bullet_list()
    for system, _ in site_systems(app.config):
        if system not in systems:
            continue
        title = system_name(app.config, domain.metadata(system))
        item = nodes.paragraph("", "", nodes.strong(title, title), nodes.Text(": "))
        for index, (file_format, what) in enumerate(FORMATS):
            filename = file_format.filename(app.config, system)
            if index:
                item += nodes.Text(", ")
            if linked:
                uri = relative_uri(page, f"{FOLDER}/{filename}")
                item += nodes.reference(filename, filename, refuri=uri, internal=False, classes=[_CLASS])
            else:
                item += nodes.literal(filename, filename)
            item += nodes.Text(f" ({what})")
        entries += nodes.list_item("", item)
    if linked:
        entries += [child.deepcopy() for child in placeholder.findall(nodes.list_item)]
        if placeholder.get("missing_pdf"):
            _tell_missing_pdf(app, placeholder)
    return entries


def write_downloads(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: an HTML build with a ``bml-downloads`` list writes the files it links."""
    if exception is not None or not offers_files(app.builder) or not bml_domain(app.env).downloads:
        return
    folder = Path(app.outdir) / FOLDER
    with progress_message(f"writing the system files into {FOLDER}/"):
        folder.mkdir(parents=True, exist_ok=True)
        for file_format, _ in FORMATS:
            for filename, text in system_files(app.env, file_format):
                (folder / filename).write_text(text, encoding="utf-8", newline="\n")
