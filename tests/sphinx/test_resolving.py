"""A page once the whole site is read: one handler runs its steps in order, one says what to write again."""

from __future__ import annotations

import pytest
from docutils import nodes
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx import resolving


@pytest.mark.sphinx("html", testroot="card")
@pytest.mark.parametrize(
    ("event", "handler"), [("doctree-resolved", "resolve_page"), ("env-get-updated", "pages_to_write_again")]
)
def test_one_handler_of_ours_per_event(app: SphinxTestApp, event: str, handler: str) -> None:
    ours = [
        listener.handler
        for listener in app.events.listeners[event]
        if getattr(listener.handler, "__module__", "").startswith("sphinx_bml")
    ]
    assert ours == [getattr(resolving, handler)]


@pytest.mark.sphinx("text", testroot="card", freshenv=True)
def test_no_placeholder_is_left_for_a_translator(app: SphinxTestApp) -> None:
    """Each directive's placeholder becomes a container of class bml-<kind> once the page is resolved."""
    seen: dict[str, list[list[str]]] = {}

    def after_ours(app: object, doctree: nodes.document, docname: str) -> None:
        assert not list(doctree.findall(resolving.bml.placeholder))
        seen[docname] = [node["classes"] for node in doctree.findall(nodes.container)]

    app.connect("doctree-resolved", after_ours, priority=900)
    app.build()
    assert seen["summary"] == [["bml-summary"]] * 3
    assert seen["glossary"] == [["bml-glossary"]]
