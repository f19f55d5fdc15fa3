"""The ``bss`` builder: the whole bidding system as one Full Disclosure file.

``sphinx-build -b bss SOURCE OUTPUT`` writes ``OUTPUT/<bml_bss_filename>``:
the system of the site (:class:`.SystemFileBuilder`). The header's system
name and summary are the root document's ``#+TITLE`` and ``#+DESCRIPTION``,
else ``bml_bss_name`` and ``bml_bss_summary``.
"""

from __future__ import annotations

from ...formats.bss_writer import write_bss
from ...language.errors import Kind
from ...language.system import System
from .system_file import SystemFileBuilder


class BSSBuilder(SystemFileBuilder):
    """Writes the bidding system of the whole project as one ``.bss`` file."""

    name = "bss"
    format = "bss"
    epilog = "The Full Disclosure (.bss) file of the system is in %(outdir)s."
    warning_kind = Kind.BSS

    def filename(self) -> str:
        return str(self.config.bml_bss_filename)

    def render(self, system: System, metadata: dict[str, str]) -> str:
        summary = metadata.get("DESCRIPTION") or str(self.config.bml_bss_summary)
        return write_bss(system, self.system_name(metadata), summary)
