"""Finding a sequence: Sphinx's search and the sequence index page.

Each sequence is an object of the ``bml`` domain whose search name is its
sequence and its meaning (``1NT-2C · Stayman, 4-card major``): Sphinx's
search finds an object whose name holds the words typed, so searching
``Stayman`` finds the row that means Stayman. On the search page,
``bml-search.js`` reads a query that is a sequence in any notation
(``1NT-2C``, ``1N 2C``, ``1♣-1♦``) and ranks the sequence of that name
first. On the "Bidding sequences" page, ``bml-sequences.js`` adds a filter
box that narrows the list by sequence or by words of the meaning, and
reads a filter given in the page's address (``bml-sequences.html?filter=1N+2C``).

Both scripts are added only to the page that uses them. The sidebar template
``bml-sequences.html`` (in :data:`.index_page.TEMPLATES`, put in ``html_sidebars``) is a
small form that goes to that page with the words typed as its filter.

Sphinx escapes every object's name for HTML when it writes the search
index (``opener's`` as ``opener&#x27;s``), since Sphinx 8 puts it into the
results page as HTML; from Sphinx 9 the results page escapes what it shows
itself, so a meaning with ``'``, ``<``, ``>``, ``&`` or ``"`` showed as
entities. :class:`NamesAsWritten` keeps the sequences' names as written in
the index, where the page escapes them.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import IO, Any

import sphinx
from sphinx.application import Sphinx
from sphinx.config import Config

from ...language.shown import shortened
from ...language.system import Meaning
from .index_page import INDEX_PAGE

STATIC = Path(__file__).parent / "static"
CALLS_SCRIPT = STATIC / "bml-calls.js"
SEARCH_SCRIPT = STATIC / "bml-search.js"
FILTER_SCRIPT = STATIC / "bml-sequences.js"
#: Characters of the meaning kept in a search name: enough to recognise the row.
MEANING_IN_NAME = 80
#: Sphinx reads a dot in an object's name as a separator (``module.function``).
_DOT = "\u2024"


def searchable_name(shown: str, meaning: Meaning) -> str:
    """The name Sphinx's search shows and looks in: the sequence, then its meaning."""
    text = shortened(meaning.plain_text.replace(".", _DOT), MEANING_IN_NAME)
    return f"{shown} \u00b7 {text}" if text else shown


def add_scripts(app: Sphinx, config: Config) -> None:
    """``config-inited``: ship the scripts to ``_static``, before the project's own static files."""
    for script in (CALLS_SCRIPT, SEARCH_SCRIPT, FILTER_SCRIPT):
        config.html_static_path.insert(0, str(script))


def page_scripts(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """``html-page-context``: each script on the one page that uses it, run once the page is read."""
    script = {"search": SEARCH_SCRIPT, INDEX_PAGE: FILTER_SCRIPT}.get(pagename)
    if script is not None:  # deferred scripts run in document order: the shared reading of calls first
        app.add_js_file(CALLS_SCRIPT.name, loading_method="defer", priority=499)
        app.add_js_file(script.name, loading_method="defer")


#: From Sphinx 9.0, the search page escapes the names it shows (``_escapeHTML`` in
#: ``searchtools.js``); Sphinx 8 shows them as HTML, escaped when the index is written.
SEARCH_PAGE_ESCAPES = sphinx.version_info >= (9, 0)


class NamesAsWritten:
    """The search index format of an HTML builder, with the names of the
    ``bml`` domain's objects as written: Sphinx escaped them, and its search
    page escapes them again."""

    def __init__(self, sphinx_format: Any) -> None:
        self.sphinx_format = sphinx_format

    def dumps(self, data: Any) -> Any:
        return self.sphinx_format.dumps(names_as_written(data))

    def dump(self, data: Any, file: IO[Any]) -> None:
        self.sphinx_format.dump(names_as_written(data), file)

    def loads(self, text: Any) -> Any:
        return self.sphinx_format.loads(text)

    def load(self, file: IO[Any]) -> Any:
        return self.sphinx_format.load(file)


def names_as_written(index: dict[str, Any]) -> dict[str, Any]:
    """``index`` (``IndexBuilder.freeze()``) with our objects' names unescaped."""
    ours = {number for number, (domain, *_) in index.get("objnames", {}).items() if domain == "bml"}
    objects = {
        prefix: [
            (*entry[:4], html.unescape(entry[4])) if entry[1] in ours and "&" in entry[4] else entry
            for entry in entries
        ]
        for prefix, entries in index.get("objects", {}).items()
    }
    return {**index, "objects": objects}


def keep_names_as_written(app: Sphinx) -> None:
    """``builder-inited``: an HTML builder writes the sequences' names as
    written in its search index, when the search page escapes them itself."""
    if SEARCH_PAGE_ESCAPES and hasattr(app.builder, "indexer_format"):
        builder: Any = app.builder
        builder.indexer_format = NamesAsWritten(builder.indexer_format)
