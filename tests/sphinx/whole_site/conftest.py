"""Fixtures of the tests of pages made from the whole site."""

from __future__ import annotations

import pytest
from sphinx.testing.util import SphinxTestApp

from tests.support import build_once, make_practice_site, needs


@pytest.fixture(scope="session")
def practice_site(tmp_path_factory: pytest.TempPathFactory) -> SphinxTestApp:
    """:func:`make_practice_site` with ``:seed: 8``, built once as HTML."""
    needs("endplay")
    folder = make_practice_site(tmp_path_factory.mktemp("practice"), options="   :seed: 8")
    return build_once("html", folder, folder / "_build")
