"""The HTML of the "Bidding sequences" page, written in Python.

Sphinx renders a domain index with its ``domainindex.html`` template, one
Jinja loop turn per entry: for the tens of thousands of sequences of a big
system that takes longer than writing all the pages of the notes. This
``html-page-context`` handler writes the same markup (the template's, entry
for entry, so themes and ``bml-sequences.js`` see no difference) as one
string, and renders the page with ``templates/bml-sequence-index.html``:
what Sphinx's template writes around its body, with that string as the body,
so the page is byte for byte what Sphinx would write. Any other domain index, and a project or theme whose
own ``domainindex.html`` replaces Sphinx's, keep the template.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from jinja2 import TemplateNotFound
from markupsafe import escape
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.domains import IndexEntry

#: The page of the sequence index (Sphinx names a domain index ``<domain>-<index>``).
INDEX_PAGE = "bml-sequences"
#: Sphinx's template for domain indices, which this page's template stands in for.
DOMAIN_INDEX_TEMPLATE = "domainindex.html"
TEMPLATES = Path(__file__).parent / "templates"
#: The page's own template, in :data:`TEMPLATES` (with ``bml-sequences.html``, the sidebar box
#: that filters this page, for ``html_sidebars``).
INDEX_TEMPLATE = "bml-sequence-index.html"


def _escaped(text: str) -> str:
    """What Jinja's ``|e`` writes: markupsafe's ``escape`` (in C, faster than ``str.translate``)."""
    return str(escape(text))


_GROUP_HEAD = 1
_IN_GROUP = 2


def write_index_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> str | None:
    """``html-page-context``: the sequence index's body as one string, rendered by :data:`INDEX_TEMPLATE`."""
    if pagename != INDEX_PAGE or templatename != DOMAIN_INDEX_TEMPLATE or context.get("collapse_index"):
        return None
    if _template_overridden(app):
        return None
    context["body"] = index_body(context["indextitle"], context["content"], context["pathto"])
    return INDEX_TEMPLATE


def add_templates(app: Sphinx, config: Config) -> None:
    """``config-inited``: find :data:`INDEX_TEMPLATE` and the sidebar box, after the project's own templates."""
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path.append(str(TEMPLATES))


def _template_overridden(app: Sphinx) -> bool:
    """Whether the project or its theme brings a ``domainindex.html`` of its own: then it is used."""
    builder = app.builder
    templates = getattr(builder, "templates", None)
    if templates is None:
        return True
    theme_file = "/themes/basic/" + DOMAIN_INDEX_TEMPLATE
    try:
        _, filename, _ = templates.get_source(templates.environment, DOMAIN_INDEX_TEMPLATE)
    except TemplateNotFound:  # leave the page to Sphinx, which will say why
        return True
    return not str(filename).replace("\\", "/").endswith(theme_file)


def index_body(title: str, content: Iterable[tuple[str, list[IndexEntry]]], pathto: Callable[..., str]) -> str:
    """What ``domainindex.html``'s body block writes for ``content``."""
    groups = list(content)
    out = [f'\n\n   <h1>{title}</h1>\n\n   <div class="modindex-jumpbox">']
    jumps = [f'\n   <a href="#cap-{letter}"><strong>{letter}</strong></a>' for letter, _ in groups]
    out.append(" | ".join(jumps))
    out.append('\n   </div>\n\n   <table class="indextable modindextable">')
    toggler = pathto("_static/minus.png", 1)
    group_id = 0
    links: dict[str, str] = {}
    for letter, entries in groups:
        out.append(
            '\n     <tr class="pcap"><td></td><td>&#160;</td><td></td></tr>'
            f'\n     <tr class="cap" id="cap-{letter}"><td></td><td>'
            f"\n       <strong>{letter}</strong></td><td></td></tr>"
        )
        for name, subtype, page, anchor, extra, qualifier, description in entries:
            if subtype == _GROUP_HEAD:
                group_id += 1
                first = (
                    f'<img src="{toggler}" class="toggler"\n'
                    f'              id="toggle-{group_id}" style="display: none" alt="-" />'
                )
            else:
                first = ""
            row = f' class="cg-{group_id}"' if subtype == _IN_GROUP else ""
            indent = "&#160;&#160;&#160;" if subtype == _IN_GROUP else ""
            code = f'<code class="xref">{_escaped(name)}</code>'
            if page:
                link = links.get(page)
                if link is None:
                    link = links[page] = _escaped(pathto(page))
                code = f'<a href="{link}#{anchor}">{code}</a>'
            shown_extra = f" <em>({_escaped(extra)})</em>" if extra else ""
            shown_qualifier = f"<strong>{_escaped(qualifier)}:</strong>" if qualifier else ""
            out.append(
                f"\n     <tr{row}>\n       <td>{first}</td>\n       <td>{indent}\n       {code}{shown_extra}</td>"
                f"<td>{shown_qualifier}\n       <em>{_escaped(description)}</em></td></tr>"
            )
    out.append("\n   </table>\n\n")
    return "".join(out)
