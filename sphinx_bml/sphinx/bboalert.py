"""The ``bboalert`` builder: the whole bidding system as one BBOalert file.

``sphinx-build -b bboalert SOURCE OUTPUT`` writes
``OUTPUT/<bml_bboalert_filename>`` (``<project>.txt`` by default), the file
that the BBOalert browser extension imports to alert and explain your calls
on Bridge Base Online. It holds what the ``bss`` builder's file holds: the
documents in toctree order from the root document, the bidding tables of
each in the order written, ``#HIDE`` tables included, the first definition
of a sequence standing. The header's text is the root document's
``#+TITLE``, else ``bml_bss_name``. How each meaning becomes a record
(tokens, ``Option`` blocks for seats and vulnerability, explanations cut at
69 characters, what is left out) is in :mod:`sphinx_bml.formats.bboalert`.

This module is also the ``sphinx.builders`` entry point named ``bboalert``,
so ``-b bboalert`` works even when ``sphinx_bml`` is not in ``extensions``.
"""

from __future__ import annotations

from ..formats.bboalert import write_bboalert
from .builders import SiteSystem, SystemFileBuilder
from .builders import setup as setup  # the sphinx.builders entry point, shared with bss


class BBOalertBuilder(SystemFileBuilder):
    """Writes the bidding system of the whole project as one BBOalert file."""

    name = "bboalert"
    format = "bboalert"
    epilog = "The BBOalert file of the system is in %(outdir)s: copy its text into BBOalert and press Import."
    warning_subtype = "bboalert"

    def filename(self) -> str:
        return str(self.config.bml_bboalert_filename)

    def render(self, site: SiteSystem) -> str:
        return write_bboalert(site.system, self.system_name(site))
