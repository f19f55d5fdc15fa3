"""``.. bml-downloads::``: the system files, offered for download on a page.

A reader takes the notes to Bridge Base Online without building anything:
the directive lists, for each system of the site (``bml_systems``), its
Full Disclosure ``.bss`` file and its BBOalert file, and the HTML build
(``html``, ``dirhtml``, ``singlehtml``) writes those files into ``_bml/``
of its output (what ``-b bss`` and ``-b bboalert`` write). Other builders
show the file names as text: an EPUB too, which is HTML but one file that
holds its pages only.

.. code-block:: rst

   .. bml-downloads::

The list is made once every document is read (when the page is resolved:
``resolving``), as it
names each system by its root document's ``#+TITLE``.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.builders._epub_base import EpubBuilder
from sphinx.util.display import progress_message
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from .. import nodes as bml
from ..config import site_systems
from ..domain.domain import bml_domain
from .bboalert import BBOALERT
from .bss import BSS
from .system_file import SystemFormat, system_files, system_name

#: Where the HTML build puts the files, in its output folder.
FOLDER = "_bml"
#: The files of each system, and how the list describes them.
FORMATS: tuple[tuple[SystemFormat, str], ...] = (
    (BSS, "Full Disclosure file for Bridge Base Online"),
    (BBOALERT, "BBOalert file"),
)
KIND = "downloads"
_CLASS = "bml-downloads"


class BMLDownloads(SphinxDirective):
    """``.. bml-downloads::``: a list of the system files to download."""

    def run(self) -> list[nodes.Node]:
        bml_domain(self.env).note_downloads(self.env.docname)
        placeholder = bml.placeholder(kind=KIND)
        self.set_source_info(placeholder)
        return [placeholder]


def offers_files(builder: Builder) -> bool:
    """Whether the build is a web site that can hold the files beside its pages:
    HTML, not an EPUB (HTML too, but a book of its pages alone)."""
    return builder.format == "html" and not isinstance(builder, EpubBuilder)


def made_downloads(app: Sphinx, docname: str) -> nodes.Element:
    """The list of system files each ``bml-downloads`` of a page holds, linked in HTML."""
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
