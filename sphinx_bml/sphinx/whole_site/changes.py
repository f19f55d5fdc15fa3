"""``.. bml-changes:: PATH``: what changed since an earlier version of the notes.

.. code-block:: rst

   .. bml-changes:: learned/2026-03.bss

   .. bml-changes:: old-notes.bml
      :system: wj
      :title: Since our last session

PATH is a ``.bss`` file (what partner last learned, as ``sphinx-build -b bss``
wrote it) or a ``.bml`` file, relative to the page as Sphinx reads paths
(``/`` for the documentation folder), inside the documentation folder, as
are the files a ``.bml`` file includes (an ``#INCLUDE`` leading out is a
``bml.include`` warning, as in a page, and is not read). The
page lists what ``bml-diff`` lists (:mod:`sphinx_bml.versions.changes`): the
sequences added, removed and changed from that version to the site's system,
grouped by opening, each with its meaning before and now, its seat and
vulnerability when the table is for some of them only; every sequence that
has a meaning now is linked to its row. ``:system:`` picks a system of
``bml_systems``, ``:title:`` replaces the title. A project folder is compared
by the ``bml-diff`` command, not here.

The directive checks the file when the page is read (the page is read again
when the file changes); the comparison is made once the whole site is read
(when the page is resolved: ``resolving``), so it never disagrees with the
tables.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode
from sphinx.util.typing import OptionSpec

from ...language.errors import Kind, Problems
from ...language.notation import anchor, context_label, label
from ...language.shown import meaning_tokens, sequence_tokens
from ...language.site import Site
from ...language.system import Meaning, System
from .. import nodes as bml
from ..config import setting_location
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..nodes.inline import inline_nodes

if TYPE_CHECKING:  # the comparison is imported where a page asks for one: most builds make none
    from ...versions.changes import Change, Comparison

KIND = "changes"
_CLASS = "bml-changes"


class BMLChanges(SphinxDirective):
    """``.. bml-changes:: PATH``: the sequences that changed since the version kept in PATH."""

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[OptionSpec] = {
        "system": directives.unchanged_required,
        "title": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0].strip()
        _, absolute = self.env.relfn2path(name, self.env.docname)
        path = Path(absolute).resolve()
        srcdir = Path(self.env.srcdir).resolve()
        problem = _problem(name, path, srcdir)
        if not self.state.document.settings.file_insertion_enabled:
            problem = "the file is not read here (file insertion is off)"
        if problem:
            warn(Kind.DIRECTIVE, f"bml-changes {name}: {problem}", self.get_location())
            if not path.exists():
                self.env.note_dependency(str(path))  # read again when it appears
            return []
        self.env.note_dependency(str(path))
        bml_domain(self.env).note_generated(self.env.docname)
        placeholder = bml.placeholder(
            kind=KIND,
            path=path.relative_to(srcdir).as_posix(),  # the project may move: from its folder
            written=name,
            system=self.options.get("system", "").strip(),
            title=self.options.get("title", ""),
        )
        self.set_source_info(placeholder)
        return [placeholder]


def _problem(name: str, path: Path, srcdir: Path) -> str:
    """Why the earlier version at ``path`` cannot be compared ('' when it can)."""
    from ...versions.reading import SUFFIXES

    kinds = " or ".join(f"a {kind} ({suffix})" for suffix, kind in SUFFIXES.items())
    if not path.is_relative_to(srcdir):
        return "the file is outside the documentation folder, so it is not read"
    if path.is_dir():
        return f"a folder is compared by the bml-diff command; here give {kinds}"
    if not path.exists():
        return "there is no such file"
    if not path.is_file():
        return "it is a pipe or a device, not a file, so it is not read"
    if path.suffix.lower() not in SUFFIXES:
        return f"the earlier version must be {kinds}, not a '{path.suffix}' file"
    return ""


def made_changes(app: Sphinx, doctree: nodes.document, placeholder: bml.placeholder, docname: str) -> list[nodes.Node]:
    """The list of a ``bml-changes`` (nothing, with a warning, when the earlier version cannot be read)."""
    domain = bml_domain(app.env)
    site = domain.site_for(docname, placeholder.get("system", ""), "bml-changes", placeholder)
    if site is None:
        return []
    written = str(placeholder["written"])
    path = Path(app.srcdir) / str(placeholder["path"])
    earlier = _earlier(path, Path(app.srcdir), written, placeholder)
    if earlier is None:
        return []
    from ...versions.changes import compare
    from ...versions.reading import holds_conditions

    comparison = compare(earlier, site.system, conditions=holds_conditions(path))
    title = placeholder.get("title") or f"Changes since {written}"
    made = _List(app.builder, docname, site).draw(comparison, title, written)
    for node in made:
        if isinstance(node, nodes.table):
            doctree.set_id(node, suggested_prefix=_CLASS)  # a titled table is a target (numfig)
    return made


def _earlier(path: Path, srcdir: Path, written: str, placeholder: bml.placeholder) -> System | None:
    """The system kept at ``path``, its ``#INCLUDE`` files inside the documentation folder ``srcdir``
    (as the pages'); its problems reported where they are."""
    from ...versions.reading import read_version

    try:
        system, problems = read_version(path, root=srcdir)
    except (OSError, ValueError) as error:  # gone since the page was read; no BSS record
        warn(Kind.DIRECTIVE, f"bml-changes {written}: cannot compare with it: {_reason(error)}", placeholder)
        return None
    _report(problems)
    return system


def _reason(error: OSError | ValueError) -> str:
    """Why an earlier version cannot be read, in a player's words (without the path, said already)."""
    from ...versions.reading import NotABssFile

    if isinstance(error, NotABssFile):
        return "it is not a BSS file: no line of it is a BSS record"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)


def _report(problems: Problems) -> None:
    for problem in problems:
        where = str(problem.location) if problem.location else None  # file:line (a tuple is a docname's)
        warn(problem.kind, f"in the earlier version: {problem.message}", where)


class _List:
    """Draws a :class:`Comparison` as docutils nodes: a title, a count, one table per opening."""

    def __init__(self, builder: Builder, docname: str, site: Site) -> None:
        self.builder = builder
        self.docname = docname
        self.site = site

    def draw(self, comparison: Comparison, title: str, written: str) -> list[nodes.Node]:
        from ...versions.changes import counted

        drawn: list[nodes.Node] = [nodes.rubric(title, title, classes=["bml-changes-title"])]
        if comparison.other_system:
            drawn.append(
                nodes.paragraph(
                    "",
                    f"{written} is the system '{comparison.old_title}' and the site's is '{comparison.new_title}': "
                    "two different systems, compared all the same.",
                )
            )
        if comparison.same:
            drawn.append(nodes.paragraph("", f"No sequence means something else than in {written}."))
            return drawn
        drawn.append(nodes.paragraph("", f"{comparison.counts()} since {written}."))
        for opening, changes in comparison.by_opening():
            drawn.append(self._table(f"{opening.label} ({counted(len(changes), 'change')})", changes))
        return drawn

    def _table(self, title: str, changes: list[Change]) -> nodes.table:
        table = nodes.table(classes=["bml-changes-table", "colwidths-given"])
        table += nodes.title(title, title)
        group = nodes.tgroup(cols=4)
        table += group
        for width in (10, 22, 34, 34):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        head += _row([nodes.Text("")], [nodes.Text("Sequence")], [nodes.Text("Before")], [nodes.Text("Now")])
        body = nodes.tbody()
        group += body
        for change in changes:
            row = _row(
                [nodes.inline(change.kind.value, change.kind.value, classes=[f"bml-{change.kind.value}"])],
                self._sequence(change),
                self._side(change, change.old),
                self._side(change, change.new),
            )
            row["classes"].append(f"bml-{change.kind.value}")
            body += row
        return table

    def _sequence(self, change: Change) -> list[nodes.Node]:
        """The auction, linked to its row when it has a meaning now; its seat and vulnerability
        when the table is for some of them only (on each side instead, when it moved)."""
        shown: list[nodes.Node] = [nodes.inline("", "", *inline_nodes(sequence_tokens(change.sequence)))]
        target = self.site.targets.get(change.new.key) if change.new is not None else None
        if target is not None:
            shown = [
                make_refnode(
                    self.builder, self.docname, target.docname, target.anchor, shown[0], label(change.sequence)
                )
            ]
        where = "" if _moved(change) else context_label(change.seat, change.vulnerability)
        return [*shown, nodes.Text(f" ({where})")] if where else shown

    @staticmethod
    def _side(change: Change, meaning: Meaning | None) -> list[nodes.Node]:
        if meaning is None:
            return [nodes.Text("—")]
        drawn: list[nodes.Node] = []
        if _moved(change):
            where = context_label(meaning.seat, meaning.vulnerability) or "any seat"
            drawn.append(nodes.emphasis(f"({where}) ", f"({where}) "))
        if meaning.alert:
            drawn.append(nodes.strong("! ", "! "))
        drawn += inline_nodes(meaning_tokens(meaning.description.inline)) or [nodes.Text("(no meaning written)")]
        if meaning.condition is not None:
            condition = meaning.condition.source.strip()
            drawn.append(nodes.Text(" "))
            drawn.append(nodes.literal(condition, f"{{{{ {condition} }}}}", classes=["bml-condition"]))
        return drawn


def _moved(change: Change) -> bool:
    """The meaning moved to another seat or vulnerability (a table put under ``#SEAT``)."""
    return change.old is not None and change.new is not None and change.old.key != change.new.key


def _row(*cells: list[nodes.Node]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        row += nodes.entry("", nodes.paragraph("", "", *cell))
    return row


# --------------------------------------------------------------------------
# bml_changed_since: the rows changed since an earlier version, marked in the tables


def _changed_since_path(app: Sphinx) -> Path | None:
    setting = str(app.config.bml_changed_since or "").strip()
    return (Path(app.confdir) / setting).resolve() if setting else None


def note_changed_since(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: a page with bidding tables is read again when the earlier version of
    ``bml_changed_since`` changes (its marks would change)."""
    path = _changed_since_path(app)
    if path is not None and next(iter(doctree.findall(bml.bidtable)), None) is not None:
        app.env.note_dependency(str(path))


def mark_changed_rows(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved`` (HTML): each table's rows whose sequence was added or changed since the
    version of ``bml_changed_since`` (``changed_since``: their numbers, for the HTML writer)."""
    path = _changed_since_path(app)
    if path is None or app.builder.format != "html":
        return
    tables = list(doctree.findall(bml.bidtable))
    if not tables:
        return
    changed = _changed_anchors(app, path, docname)
    for table in tables:
        numbers = [number for number, names in enumerate(table.anchors) if not changed.isdisjoint(names)]
        if numbers:
            table["changed_since"] = numbers


def _changed_anchors(app: Sphinx, path: Path, docname: str) -> frozenset[str]:
    domain = bml_domain(app.env)
    sites = domain.sites()
    system = next(iter(domain.systems_of(docname) or sites), "")
    if system not in sites:
        return frozenset()
    site = sites[system]
    # the anchors of the rows changed, by system: compared once for the site as it is put together
    return domain.made_from_site(("bml_changed_since", str(path), system), lambda: _anchors_changed(app, path, site))


def _anchors_changed(app: Sphinx, path: Path, site: Site) -> frozenset[str]:
    from ...versions.changes import compare
    from ...versions.reading import holds_conditions, read_version

    setting = f"bml_changed_since = {app.config.bml_changed_since!r} in conf.py"
    where = setting_location(app, "bml_changed_since")
    if not path.is_file():
        warn(Kind.CONFIG, f"{setting}: there is no such file, so no row is marked", where)
        return frozenset()
    try:
        earlier, problems = read_version(path, root=Path(app.srcdir))
    except (OSError, ValueError) as error:
        warn(Kind.CONFIG, f"{setting}: cannot compare with it: {_reason(error)}; no row is marked", where)
        return frozenset()
    _report(problems)
    comparison = compare(earlier, site.system, conditions=holds_conditions(path))
    return frozenset(anchor(*change.new.key) for change in comparison.changes if change.new is not None)
