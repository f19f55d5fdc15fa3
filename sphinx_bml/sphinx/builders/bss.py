"""The ``bss`` builder: each bidding system as one Full Disclosure file.

``sphinx-build -b bss SOURCE OUTPUT`` writes ``OUTPUT/<bml_bss_filename>``
for a site with one system, or ``OUTPUT/<name>.bss`` for each system of
``bml_systems`` (:class:`.SystemFileBuilder`). The header's system name and
summary are the system's root document's ``#+TITLE`` and ``#+DESCRIPTION``,
else ``bml_bss_name`` and ``bml_bss_summary``.
"""

from __future__ import annotations

from ..whole_site.system_files import BSS
from .system_file import SystemFileBuilder


class BSSBuilder(SystemFileBuilder):
    """Writes each bidding system of the project as one ``.bss`` file."""

    name = "bss"
    format = "bss"
    epilog = "The Full Disclosure (.bss) files of the system are in %(outdir)s."
    file_format = BSS
