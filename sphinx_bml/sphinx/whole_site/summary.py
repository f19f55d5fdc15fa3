"""``.. bml-summary::``: a convention-card overview, made from the system itself.

.. code-block:: rst

   .. bml-summary::

   .. bml-summary::
      :sequence: 1N

   .. bml-summary::
      :system: wj
      :title: Our openings

Without options it lists the openings of the page's system (the first call
that is not a pass, ours), one line each: the call, linked to the row that
defines it, and its meaning. ``:sequence:`` lists the answers to that
sequence instead (``1N``: the responses to 1NT; ``1C-1D``: opener's
rebids), ``:system:`` picks a system of ``bml_systems``, ``:title:`` replaces
the table's title. The overview is made once every document is read
(when the page is resolved: ``resolving``), so it never disagrees with the detailed pages, and
it is an ordinary table: HTML (with a one-page print layout in
``bml.css``), LaTeX and text builders show it as such.
"""

from __future__ import annotations

from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode
from sphinx.util.typing import OptionSpec

from ...language.calls import Sequence
from ...language.errors import BMLError, Kind
from ...language.inline import Inline, LineBreak, Text
from ...language.notation import context_label, label, parse_reference
from ...language.shown import concrete_call_tokens, meaning_tokens
from ...language.site import Site, answers, openings
from ...language.system import Key
from .. import nodes as bml
from ..config import site_abbreviations
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..nodes.inline import inline_nodes
from ..reading.abbreviations import abbreviation_nodes

KIND = "summary"
_CLASS = "bml-summary"
#: The columns in LaTeX (its small font: ``sphinxbml.sty``): a call with its seat and
#: vulnerability on one line, "3♣ (not vulnerable)", the rest of the line for the meaning.
_LATEX_COLUMNS = r"\X{6}{25}\X{19}{25}"


class BMLSummary(SphinxDirective):
    """``.. bml-summary::``: the openings, or the answers to a sequence, one line each."""

    option_spec: ClassVar[OptionSpec] = {
        "sequence": directives.unchanged_required,
        "system": directives.unchanged_required,
        "title": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        sequence = self.options.get("sequence", "").strip()
        if sequence:
            try:
                parse_reference(sequence)
            except BMLError as error:
                warn(Kind.DIRECTIVE, f"bml-summary :sequence: {sequence}: {error}", self.get_location())
                return []
        bml_domain(self.env).note_generated(self.env.docname)
        placeholder = bml.placeholder(
            kind=KIND,
            sequence=sequence,
            system=self.options.get("system", "").strip(),
            title=self.options.get("title", ""),
        )
        self.set_source_info(placeholder)
        return [placeholder]


def summary_rows(site: Site, sequence: Sequence | None) -> list[Key]:
    """The sequences a summary lists: the system's openings, or its answers to ``sequence``."""
    keys = site.shown_keys()
    return openings(keys) if sequence is None else answers(keys, sequence)


def summary_table(
    builder: Builder, docname: str, site: Site, keys: list[Key], title: str, abbreviations: dict[str, str]
) -> nodes.table:
    """A two-column table: each call linked to its row (its seat and vulnerability
    under it, ``span.bml-summary-context``), and its meaning, drawn as the trees
    draw them: suit symbols in their colours, abbreviations explained."""
    table = nodes.table(classes=[_CLASS, "colwidths-given"])
    table += nodes.title(title, title)
    group = nodes.tgroup(cols=2)
    table += group
    group += nodes.colspec(colwidth=18)
    group += nodes.colspec(colwidth=82)
    body = nodes.tbody()
    group += body
    for key in keys:
        target = site.targets[key]
        meaning = site.meaning(key) or target.meaning
        shown = inline_nodes(concrete_call_tokens(key[2].last))
        context = context_label(key[0], key[1])
        call = nodes.paragraph()
        strong = nodes.strong("", "", *shown)
        call += make_refnode(builder, docname, target.docname, target.anchor, strong, label(key[2]))
        if context:
            call += nodes.Text(" ")
            call += nodes.inline("", f"({context})", classes=["bml-summary-context"])
        text = nodes.paragraph()
        drawn = inline_nodes(_on_one_line(meaning_tokens(meaning.description.inline)))
        text.extend(_with_abbreviations(drawn, abbreviations))
        row = nodes.row()
        row += nodes.entry("", call)
        row += nodes.entry("", text)
        body += row
    return table


def _on_one_line(tokens: tuple[Inline, ...]) -> tuple[Inline, ...]:
    """A meaning's drawn tokens on one line: its line breaks as spaces, the text around them joined."""
    joined: list[Inline] = []
    for token in tokens:
        if isinstance(token, LineBreak):
            token = Text(" ")
        if isinstance(token, Text) and joined and isinstance(joined[-1], Text):
            joined[-1] = Text(joined[-1].text + token.text)
        else:
            joined.append(token)
    return tuple(joined)


def _with_abbreviations(drawn: list[nodes.Node], abbreviations: dict[str, str]) -> list[nodes.Node]:
    """The text of drawn nodes cut around the abbreviations it uses; styled text left as it is
    (as :func:`~sphinx_bml.language.shown.with_abbreviations` does for the trees)."""
    result: list[nodes.Node] = []
    for node in drawn:
        if isinstance(node, nodes.Text) and abbreviations:
            result += abbreviation_nodes(node.astext(), abbreviations)
        else:
            result.append(node)
    return result


def made_summary(app: Sphinx, doctree: nodes.document, placeholder: bml.placeholder, docname: str) -> list[nodes.Node]:
    """The table of a ``bml-summary`` (nothing, with a warning, when it has no rows)."""
    domain = bml_domain(app.env)
    site = domain.site_for(docname, placeholder.get("system", ""), "bml-summary", placeholder)
    if site is None:
        return []
    written = placeholder.get("sequence", "")
    sequence = parse_reference(written).sequence if written else None
    keys = summary_rows(site, sequence)
    if not keys:
        what = f"answers to {label(sequence)}" if sequence is not None else "openings"
        warn(Kind.DIRECTIVE, f"bml-summary: no bidding table of the site shows {what}", placeholder)
        return []
    title = placeholder.get("title") or ("Openings" if sequence is None else f"After {label(sequence)}")
    abbreviations = site_abbreviations(app.config)
    table = summary_table(app.builder, docname, site, keys, title, abbreviations)
    doctree.set_id(table, suggested_prefix=_CLASS)  # a titled table is a target (numfig)
    return [addnodes.tabular_col_spec(spec=_LATEX_COLUMNS), table]
