"""The ``bss`` builder: each bidding system as one Full Disclosure file.

``sphinx-build -b bss SOURCE OUTPUT`` writes ``OUTPUT/<bml_bss_filename>``
for a site with one system, or ``OUTPUT/<name>.bss`` for each system of
``bml_systems`` (:class:`.SystemFileBuilder`). The header's system name and
summary are the system's root document's ``#+TITLE`` and ``#+DESCRIPTION``,
else ``bml_bss_name`` and ``bml_bss_summary``.
"""

from __future__ import annotations

from sphinx.config import Config

from ...formats.bss_writer import write_bss
from ...language.errors import Kind
from ...language.system import System
from .system_file import SystemFileBuilder, SystemFormat, system_name


def render_bss(config: Config, system: System, metadata: dict[str, str]) -> str:
    summary = metadata.get("DESCRIPTION") or str(config.bml_bss_summary)
    return write_bss(system, system_name(config, metadata), summary, dispositions=bool(config.bml_bss_dispositions))


BSS = SystemFormat("bss", lambda config: str(config.bml_bss_filename), ".bss", render_bss, Kind.BSS)


class BSSBuilder(SystemFileBuilder):
    """Writes each bidding system of the project as one ``.bss`` file."""

    name = "bss"
    format = "bss"
    epilog = "The Full Disclosure (.bss) files of the system are in %(outdir)s."
    file_format = BSS
