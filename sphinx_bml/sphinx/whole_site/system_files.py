"""Each system of the site as a file: the ``.bss`` file and the BBOalert file.

A :class:`SystemFormat` says how one system becomes one file (its name and
its text): :data:`BSS` (``sphinx-build -b bss``) and :data:`BBOALERT`
(``sphinx-build -b bboalert``). The builders write these files
(:mod:`sphinx_bml.sphinx.builders`), and the ``bml-downloads`` list publishes
the same files beside the HTML pages (:mod:`.downloads`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sphinx.config import Config
from sphinx.environment import BuildEnvironment

from ...language.errors import Kind
from ...language.system import System
from ..config import site_systems
from ..domain.domain import bml_domain


@dataclass(frozen=True)
class SystemFormat:
    """How a system becomes a file."""

    #: the builder's name, and what the file is called in messages
    name: str
    #: the file of a site with one system (``bml_systems`` empty)
    single_filename: Callable[[Config], str]
    #: the suffix of the files of a site with several systems (``wj.bss``)
    suffix: str
    #: the file's text, from the system and its root document's ``#+KEY`` values
    render: Callable[[Config, System, dict[str, str]], str]
    #: the warning kind for what it leaves out
    warning_kind: Kind

    def filename(self, config: Config, system: str) -> str:
        return f"{system}{self.suffix}" if system else self.single_filename(config)


def system_name(config: Config, metadata: dict[str, str]) -> str:
    """The root document's ``#+TITLE``, else ``bml_bss_name``."""
    return metadata.get("TITLE") or str(config.bml_bss_name)


def system_files(env: BuildEnvironment, file_format: SystemFormat) -> Iterator[tuple[str, str]]:
    """Each system of the site as (file name, text)."""
    domain = bml_domain(env)
    sites = domain.sites()
    for system, _ in site_systems(env.config):
        text = file_format.render(env.config, sites[system].system, domain.metadata(system))
        yield file_format.filename(env.config, system), text


def render_bss(config: Config, system: System, metadata: dict[str, str]) -> str:
    from ...formats.bss_writer import write_bss  # imported by the builds that write the file

    summary = metadata.get("DESCRIPTION") or str(config.bml_bss_summary)
    return write_bss(system, system_name(config, metadata), summary, dispositions=bool(config.bml_bss_dispositions))


def render_bboalert(config: Config, system: System, metadata: dict[str, str]) -> str:
    """The BBOalert file: the alerts, then the practice buttons of ``bml_bboalert_practice``."""
    from ...formats.bboalert import write_bboalert  # imported by the builds that write the file
    from ...formats.bboalert_buttons import button_lines
    from ...practice.practice_set import practice_set

    name = system_name(config, metadata)
    alerts = write_bboalert(system, name, alerts_only=bool(config.bml_bboalert_alerts_only))
    buttons = practice_set(system, config.bml_bboalert_practice, name).buttons
    return alerts + "".join(line + "\n" for line in button_lines(buttons))


#: The Full Disclosure file for Bridge Base Online.
BSS = SystemFormat("bss", lambda config: str(config.bml_bss_filename), ".bss", render_bss, Kind.BSS)
#: The file the BBOalert browser extension imports.
BBOALERT = SystemFormat(
    "bboalert", lambda config: str(config.bml_bboalert_filename), ".txt", render_bboalert, Kind.BBOALERT
)
