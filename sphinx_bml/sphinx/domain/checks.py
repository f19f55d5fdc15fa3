"""The consistency checks: where the notes contradict themselves.

Run once the whole site is read (the domain's ``check_consistency``), on the
pages in site order, so each problem is reported on every build that reads
a page, whichever page changed; a problem that several systems share is
reported once, naming them (:class:`~sphinx_bml.sphinx.diagnostics.Problems`):
``bml.conflict``, ``bml.unused`` and ``bml.orphan``, as
:mod:`sphinx_bml.language.site_problems` words them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...language.site import Site
from ...language.site_problems import site_problems
from ..diagnostics import Problem, where


def check_site(site: Site, folder: str) -> Iterator[Problem]:
    """Every conflict, unused row and orphan of ``site`` (:func:`.site_problems.site_problems`);
    paths in messages are relative to ``folder``."""
    for problem in site_problems(site, folder):
        location = problem.location
        yield Problem(problem.kind, problem.message, where(location) if location is not None else "")
