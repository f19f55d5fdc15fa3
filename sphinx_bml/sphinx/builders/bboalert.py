"""The ``bboalert`` builder: each bidding system as one BBOalert file.

``sphinx-build -b bboalert SOURCE OUTPUT`` writes
``OUTPUT/<bml_bboalert_filename>`` (``<project>.txt`` by default) for a site
with one system, or ``OUTPUT/<name>.txt`` for each system of
``bml_systems``: the file that the BBOalert browser extension imports to
alert and explain your calls on Bridge Base Online. It holds what the
``bss`` builder's file holds (:class:`.SystemFileBuilder`). The header's text
is the root document's ``#+TITLE``, else ``bml_bss_name``. How each meaning
becomes a record (tokens, ``Option`` blocks for seats and vulnerability,
explanations cut at 69 characters, what is left out) is in
:mod:`sphinx_bml.formats.bboalert`.
"""

from __future__ import annotations

from sphinx.config import Config

from ...formats.bboalert import write_bboalert
from ...language.errors import Kind
from ...language.system import System
from .system_file import SystemFileBuilder, SystemFormat, system_name


def render_bboalert(config: Config, system: System, metadata: dict[str, str]) -> str:
    return write_bboalert(system, system_name(config, metadata), alerts_only=bool(config.bml_bboalert_alerts_only))


BBOALERT = SystemFormat(
    "bboalert", lambda config: str(config.bml_bboalert_filename), ".txt", render_bboalert, Kind.BBOALERT
)


class BBOalertBuilder(SystemFileBuilder):
    """Writes each bidding system of the project as one BBOalert file."""

    name = "bboalert"
    format = "bboalert"
    epilog = "The BBOalert files of the system are in %(outdir)s: copy a file's text into BBOalert and press Import."
    file_format = BBOALERT
