"""The ``bboalert`` builder: the whole bidding system as one BBOalert file.

``sphinx-build -b bboalert SOURCE OUTPUT`` writes
``OUTPUT/<bml_bboalert_filename>`` (``<project>.txt`` by default), the file
that the BBOalert browser extension imports to alert and explain your calls
on Bridge Base Online. It holds what the ``bss`` builder's file holds (the
system of the site, :class:`.SystemFileBuilder`). The header's text is the
root document's ``#+TITLE``, else ``bml_bss_name``. How each meaning
becomes a record (tokens, ``Option`` blocks for seats and vulnerability,
explanations cut at 69 characters, what is left out) is in
:mod:`sphinx_bml.formats.bboalert`.
"""

from __future__ import annotations

from ...formats.bboalert import write_bboalert
from ...language.errors import Kind
from ...language.system import System
from .system_file import SystemFileBuilder


class BBOalertBuilder(SystemFileBuilder):
    """Writes the bidding system of the whole project as one BBOalert file."""

    name = "bboalert"
    format = "bboalert"
    epilog = "The BBOalert file of the system is in %(outdir)s: copy its text into BBOalert and press Import."
    warning_kind = Kind.BBOALERT

    def filename(self) -> str:
        return str(self.config.bml_bboalert_filename)

    def render(self, system: System, metadata: dict[str, str]) -> str:
        return write_bboalert(system, self.system_name(metadata))
