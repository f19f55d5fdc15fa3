"""The ``anki`` builder: each bidding system as an Anki deck, to learn it with spaced repetition.

``sphinx-build -b anki SOURCE OUTPUT`` writes ``OUTPUT/<project>.apkg`` for a
site with one system, or ``OUTPUT/<name>.apkg`` for each system of
``bml_systems``: one card per sequence of the system (the same system as the
``bss`` builder's file, :class:`.SystemFileBuilder`), the deck named after
the root document's ``#+TITLE``, else ``bml_bss_name``. Each card's page is
the page that shows the sequence (its title on the back, its name in the
tag). What a card holds, and why its ids stay the same from build to build,
is in :mod:`sphinx_bml.formats.anki`. It needs genanki (the ``anki``
extra); without it, a ``bml.anki`` warning says how to install it.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.config import Config
from sphinx.util.display import progress_message

from ...language.errors import BMLError, Kind
from ...language.site import Site
from ...language.system import Meaning
from ..config import project_slug, site_systems
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..whole_site.system_files import system_name
from .system_file import SystemFileBuilder

if TYPE_CHECKING:  # the deck's writer is imported by this builder's build only
    from ...formats.anki import Page

SUFFIX = ".apkg"


def deck_filename(config: Config, system: str) -> str:
    """``<project>.apkg`` for the one system of a site, ``<system>.apkg`` for each of ``bml_systems``."""
    return f"{system or project_slug(config)}{SUFFIX}"


class AnkiBuilder(SystemFileBuilder):
    """Writes each bidding system of the project as one Anki deck (``.apkg``)."""

    name = "anki"
    format = "anki"
    epilog = "The Anki decks of the system are in %(outdir)s: open a file with Anki (File > Import)."

    def finish(self) -> None:
        from ...formats.anki import write_deck

        systems = site_systems(self.config)
        self.warn_strays(Kind.ANKI, [deck_filename(self.config, system) for system, _ in systems])
        domain = bml_domain(self.env)
        sites = domain.sites()
        for system, root in systems:
            site = sites[system]
            target = Path(self.outdir) / deck_filename(self.config, system)
            title = system_name(self.config, domain.metadata(system))
            with progress_message(f"writing {target.name}"):
                try:
                    write_deck(site.system, title, target, partial(self.page_of, site))
                except BMLError as error:
                    warn(Kind.ANKI, f"{target.name} is not written: {error.message}", root)
                    return

    def page_of(self, site: Site, meaning: Meaning) -> Page | None:
        """The page that shows ``meaning`` (or, hidden, defines it): its title and name."""
        target = site.targets.get(meaning.key)
        docname = target.docname if target is not None else self.env.path2doc(meaning.location.file)
        if docname is None:
            return None
        from ...formats.anki import Page

        title = self.env.titles.get(docname)
        return Page(title.astext() if title is not None else docname, docname)
