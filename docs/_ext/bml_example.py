"""``.. bml-example::``: BML source beside its rendering, for the documentation.

Takes the same content and options as ``.. bml::`` and shows the text as a
literal block next to what sphinx-bml makes of it (stacked on narrow
screens, see ``_static/docs.css``). Always an ``:example:``: the examples
stand alone and are not a bidding system, so they neither enter the
cross-references nor contradict each other.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

from sphinx_bml.sphinx.reading.directive import BMLDirective


class BMLExample(BMLDirective):
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        self.options["example"] = None  # the :example: flag
        source = "\n".join(self.content)
        literal = nodes.literal_block(source, source, language="bml")
        literal["classes"].append("bml-example-source")
        rendered = nodes.container("", *super().run(), classes=["bml-example-result"])
        example = nodes.container("", literal, rendered, classes=["bml-example"])
        self.set_source_info(example)
        return [example]


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_directive("bml-example", BMLExample)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
