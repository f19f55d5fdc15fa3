"""Cross-references to the system: what :func:`setup` registers.

* the ``bml`` domain (:mod:`.domain`): sequences as objects, the
  ``:bml:seq:`` role (:mod:`.roles`), the "Bidding sequences" index
  (:mod:`.sequence_index`) and the checks (:mod:`.checks`);
* the ``:bml:`` role for BML inline markup in prose;
* the transform that leaves one anchor per sequence and adds the general
  index entries (:mod:`.anchors`);
* on ``env-get-updated``, the pages whose references lead elsewhere since
  they were written, to be written again;
* the setting ``bml_general_index`` (int, default 2): sequences of at most
  that many calls, passes not counted, get an entry in the general index;
  0 for none.
"""

from __future__ import annotations

from sphinx.application import Sphinx

from .anchors import SequenceAnchors
from .domain import BMLDomain, pages_to_rewrite, warn_missing
from .roles import InlineRole

DEFAULT_GENERAL_INDEX = 2


def setup(app: Sphinx) -> None:
    app.add_config_value("bml_general_index", DEFAULT_GENERAL_INDEX, "env", int)
    app.add_domain(BMLDomain)
    app.add_role("bml", InlineRole())
    app.add_transform(SequenceAnchors)
    app.connect("warn-missing-reference", warn_missing)
    app.connect("env-get-updated", pages_to_rewrite)
