"""The consistency checks: where the notes contradict themselves.

Run once the whole site is read (the domain's ``check_consistency``), on the
pages in site order, so each problem is reported on every build that reads
a page, whichever page changed: ``bml.conflict``, ``bml.unused`` and
``bml.orphan``, as :mod:`sphinx_bml.language.site_problems` words them.
"""

from __future__ import annotations

from ...language.site import Site
from ...language.site_problems import site_problems
from ..diagnostics import warn


def check_site(site: Site, folder: str, seen: set[tuple[str, str]]) -> None:
    """Warn about every conflict and orphan of ``site``; paths in messages are
    relative to ``folder``. A warning in ``seen`` (from another system that
    shares the page) is not given again."""
    for problem in site_problems(site, folder):
        location = str(problem.location)
        if (problem.message, location) not in seen:
            seen.add((problem.message, location))
            warn(problem.kind, problem.message, location)
