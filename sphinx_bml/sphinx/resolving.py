"""What happens to a page once the whole site is read: the one ``doctree-resolved``
handler, and the one ``env-get-updated`` handler.

When a page is about to be written, :func:`resolve_page` runs these steps,
in this order:

1. the links in the tables' meanings are found (``domain/links``), while
   the tables are still ours, for every builder;
2. each :class:`~sphinx_bml.sphinx.nodes.placeholder` is made
   (``whole_site/summary``, ``whole_site/convention_card``, ``whole_site/glossary``, ``whole_site/changes``,
   ``whole_site/downloads``, ``whole_site/playground``;
   the practice page's boards are dealt earlier, by a post-transform);
3. the links between the tables continuing a sequence and the rows they
   continue are found (HTML), and the rows changed since ``bml_changed_since``
   (``whole_site/changes``, HTML);
4. builders without our visitors get standard nodes in place of ours,
   and every builder but HTML and LaTeX the abbreviations as written: after
   the placeholders are made, so that a summary shows what the prose shows
   (``writing/fallback``);
5. with pdflatex, the characters it cannot print are reported (``writing/latex``).

A page's links and generated content depend on other pages:
:func:`pages_to_write_again` says which pages to write again although
their source did not change.
"""

from __future__ import annotations

from collections.abc import Callable

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from . import nodes as bml
from .domain import links
from .domain.domain import bml_domain
from .whole_site.changes import made_changes, mark_changed_rows
from .whole_site.convention_card import made_convention_card
from .whole_site.downloads import made_downloads
from .whole_site.glossary import made_glossary
from .whole_site.playground import made_playground
from .whole_site.summary import made_summary
from .writing import fallback, latex

#: What each kind of placeholder is made of, when its page is resolved.
Maker = Callable[[Sphinx, nodes.document, bml.placeholder, str], list[nodes.Node]]
MAKERS: dict[str, Maker] = {
    "summary": made_summary,
    "convention-card": made_convention_card,
    "changes": made_changes,
    "glossary": lambda app, doctree, placeholder, docname: [made_glossary(app.env)],
    "downloads": lambda app, doctree, placeholder, docname: [made_downloads(app, docname, placeholder)],
    "playground": made_playground,
}


def resolve_page(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: the steps above, in order."""
    links.link_meanings(app, doctree, docname)
    make_placeholders(app, doctree, docname)
    links.link_tables(app, doctree, docname)
    mark_changed_rows(app, doctree, docname)
    fallback.replace_nodes(app, doctree, docname)
    fallback.plain_abbreviations(app, doctree)
    latex.warn_unprintable(app, doctree, docname)


def make_placeholders(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Each placeholder of the page becomes a container holding what it asks for."""
    for placeholder in list(doctree.findall(bml.placeholder)):
        maker = MAKERS.get(str(placeholder["kind"]))
        bml.filled(placeholder, maker(app, doctree, placeholder, docname) if maker is not None else [])


def pages_to_write_again(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-get-updated``: the pages whose references now lead elsewhere (the domain's),
    whose tables' links moved (``domain/links``), and the pages made from the whole
    site (``bml-glossary``, ``bml-summary``, ``bml-changes``), written again whenever any page was read."""
    domain = bml_domain(env)
    return sorted({*domain.pages_to_rewrite(), *links.pages_to_relink(env), *domain.generated})
