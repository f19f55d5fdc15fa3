"""Fixtures of the Sphinx tests: a real browser."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support import CHROMIUM, CHROMIUM_ARGS, require


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright: one per test process, a new page
    (with its own context) for each look. Missing, the test skips, or fails in CI."""
    require(CHROMIUM.exists(), f"Chromium is not installed at {CHROMIUM} (Debian package chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - part of the test extra
        require(False, "the playwright Python package is not installed")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
