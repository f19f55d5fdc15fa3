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

from ...language.errors import Kind
from ...language.notation import short_notation
from ...language.system import Meaning, System
from ..config import PRACTICE_SETTING, setting_written_at
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..whole_site.system_files import BBOALERT, system_name
from .system_file import SystemFileBuilder


def left_out(system: System) -> list[Meaning]:
    """Our meanings after an opponents' call with a meaning, which BBOalert cannot tell apart."""
    from ...formats.bboalert import after_a_qualified_call  # imported by this builder's build only

    return [
        meaning
        for meaning in system
        if meaning.description
        and after_a_qualified_call(meaning)
        and meaning.sequence.is_ours(len(meaning.sequence.calls) - 1)
    ]


class BBOalertBuilder(SystemFileBuilder):
    """Writes each bidding system of the project as one BBOalert file."""

    name = "bboalert"
    format = "bboalert"
    epilog = "The BBOalert files of the system are in %(outdir)s: copy a file's text into BBOalert and press Import."
    file_format = BBOALERT

    def finish(self) -> None:
        super().finish()
        domain = bml_domain(self.env)
        for system, site in domain.sites().items():
            self.warn_practice_set(system, site.system, system_name(self.config, domain.metadata(system)))
            missing = left_out(site.system)
            if not missing:
                continue
            count, first = len(missing), missing[0]
            warn(
                Kind.BBOALERT,
                f"{count} meaning{'s' if count > 1 else ''} after an opponents' call with a meaning (such as "
                f"{short_notation(first.sequence)}) {'are' if count > 1 else 'is'} left out of "
                f"{self.file_format.filename(self.config, system)}: BBOalert cannot tell that call from the "
                "same call with another meaning",
                str(first.location),
            )

    def warn_practice_set(self, system: str, notes: System, name: str) -> None:
        """A ``bml.bboalert`` warning at ``bml_bboalert_practice`` for each sequence that gets no practice button."""
        from ...practice.practice_set import practice_set  # the practice engine: imported by this builder's build only

        where = setting_written_at(self.confdir, PRACTICE_SETTING) or self.config.root_doc
        for written, reason in practice_set(notes, self.config.bml_bboalert_practice, name).left_out:
            warn(
                Kind.BBOALERT,
                f"{PRACTICE_SETTING}: {written} gets no practice button in "
                f"{self.file_format.filename(self.config, system)}: {reason}",
                where,
            )
