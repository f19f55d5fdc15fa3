"""The playground in a real browser (Chromium, driven by Playwright), offline.

The site is built with the real Pyodide (``.ci/fetch-pyodide``) and served
from 127.0.0.1; every other request is refused, and none may be made. A row
typed becomes a table; a mistake typed is warned at its line; the ``.bss``
file offered is what ``sphinx-build -b bss`` writes for the same notes;
nothing typed runs as script; a 10,000-row paste leaves the page answering
while the engine works, Stop ends the run, and the playground goes on.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import pyodide_folder, require, served, sphinx_build, write_project

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTES = "1N 15-17 balanced\n  2C Stayman"
CONF = 'extensions = ["sphinx_bml"]\nproject = "Our notes"\nexclude_patterns = ["_build"]\n'
#: How long Pyodide may take to start in a fresh browser on a slow machine, in milliseconds.
START = 120_000
STATUS = "div.bml-playground span.bml-playground-status"
NOTES_AREA = "div.bml-playground textarea.bml-playground-notes"
HOSTILE = "<img src=x onerror=window.hacked=1>"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    """The playground's site, built and served on 127.0.0.1: its address."""
    pyodide = pyodide_folder()
    require(pyodide is not None, "Pyodide's files are not there: run bash .ci/fetch-pyodide")
    conf = CONF + f"bml_playground_pyodide = {str(pyodide)!r}\n"
    indented = "".join(f"   {line}\n" for line in NOTES.splitlines())
    source = write_project(tmp_path / "site", f"Try it\n======\n\n.. bml-playground::\n\n{indented}", conf)
    html = tmp_path / "html"
    result = sphinx_build("-b", "html", source, html)
    assert result.returncode == 0, result.stderr
    with served(html) as address:
        yield address + "/"


def offline(context: Any, site: str) -> list[str]:
    """Every request not to ``site`` refused; the list of those that were tried."""
    tried: list[str] = []

    def route(request: Any) -> None:
        if request.request.url.startswith(site):
            request.continue_()
        else:
            tried.append(request.request.url)
            request.abort()

    context.route("**/*", route)
    return tried


def read(page: Any, notes: str) -> None:
    """``notes`` in the editor, as typed, and the playground's answer awaited."""
    before = int(page.eval_on_selector("div.bml-playground[data-settings]", "root => root.dataset.read || 0"))
    page.fill(NOTES_AREA, notes)
    page.wait_for_function(
        "(([before, length]) => { const root = document.querySelector('div.bml-playground[data-settings]');"
        " return Number(root.dataset.read) > before && Number(root.dataset.readLength) === length; })",
        arg=[before, len(notes)],
        timeout=START,
    )


def bss_of(tmp_path: Path, notes: str) -> str:
    """What ``sphinx-build -b bss`` writes for ``notes`` on the one page of a site."""
    indented = "".join(f"   {line}\n" if line else "\n" for line in notes.splitlines())
    source = write_project(tmp_path / "bss-site", f"Notes\n=====\n\n.. bml::\n\n{indented}", CONF)
    command = [sys.executable, "-m", "sphinx", "-q", "-b", "bss", str(source), str(tmp_path / "bss")]
    result = subprocess.run(command, capture_output=True, text=True, check=False)  # warned: the mistake typed
    assert result.returncode == 0, result.stderr
    return (tmp_path / "bss" / "our-notes.bss").read_text(encoding="utf-8")


def test_the_playground_reads_what_is_typed_offline(site: str, browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(accept_downloads=True)
    tried = offline(context, site)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(site + "index.html")
        page.wait_for_selector("div.bml-playground-output div.bml-bidtable", timeout=START)
        assert page.locator("div.bml-playground-output li.bml-bid").count() == 2
        # a row typed becomes a row of the table
        page.locator(NOTES_AREA).press("Control+End")
        page.keyboard.type("\n  2D transfer to hearts")
        page.wait_for_selector("div.bml-playground-output li.bml-bid:has-text('transfer to hearts')", timeout=START)
        calls = page.locator("div.bml-playground-output span.bml-call").all_inner_texts()
        assert calls == ["1NT", "2♣", "2♦"]
        # a mistake typed is warned at its line, in a player's words, and its line is marked
        page.keyboard.type("\n  2Q nonsense")
        warning = page.locator("li.bml-playground-warning[data-line='4']")
        warning.wait_for(timeout=START)
        assert "'2Q' is not a call BML knows" in warning.inner_text()
        assert page.locator("pre.bml-playground-gutter span.bml-playground-warned").all_inner_texts() == ["4"]
        warning.locator("button").click()
        selected = page.evaluate(
            "(() => { const area = document.querySelector('textarea.bml-playground-notes');"
            " return area.value.slice(area.selectionStart, area.selectionEnd); })()"
        )
        assert selected == "  2Q nonsense"
        # the .bss file offered is the bss builder's for the same notes
        notes = page.locator(NOTES_AREA).input_value()
        with page.expect_download() as download:
            page.click("a.bml-playground-bss")
        assert download.value.suggested_filename == "our-notes.bss"
        assert Path(download.value.path()).read_text(encoding="utf-8") == bss_of(tmp_path, notes)
        # nothing typed runs as script: in a heading, a meaning, a condition
        read(page, f"* Openings {HOSTILE}\n1N 15-17 {HOSTILE} {{{{ 15-17 hcp {HOSTILE} }}}}\n  2C ask\n")
        output = page.locator("div.bml-playground-output")
        assert output.locator("img").count() == 0
        assert output.inner_text().count(HOSTILE) == 2
        assert HOSTILE in page.locator("li.bml-playground-warning[data-line='2']").inner_text()
        assert page.evaluate("window.hacked") is None
        assert not errors, errors
    finally:
        context.close()
    assert tried == [], f"the playground asked another site for {tried}"


def test_a_long_run_never_freezes_the_page_and_can_be_stopped(site: str, browser: Any) -> None:
    context = browser.new_context()
    tried = offline(context, site)
    page = context.new_page()
    try:
        page.goto(site + "index.html")
        page.wait_for_selector("div.bml-playground-output div.bml-bidtable", timeout=START)
        page.evaluate(
            "window.clicks = []; const button = document.createElement('button'); button.id = 'poke';"
            " button.textContent = 'poke'; document.body.prepend(button);"
            " button.addEventListener('click', () => window.clicks.push("
            f"document.querySelector({STATUS!r}).textContent));"
        )
        # pasted: the whole text at once (Playwright's fill types it into the text area, far too slowly)
        page.evaluate(
            "(text) => { const area = document.querySelector('textarea.bml-playground-notes');"
            " area.value = text; area.dispatchEvent(new InputEvent('input', {inputType: 'insertFromPaste'})); }",
            "1N 15-17 balanced\n  2C Stayman, asks for a major\n" * 5_000,  # 10,000 rows
        )
        page.wait_for_function(f"document.querySelector({STATUS!r}).textContent.startsWith('Reading')")
        started = time.monotonic()
        page.click("#poke")
        answered = time.monotonic() - started
        assert page.evaluate("window.clicks") == ["Reading the notes…"], "the click was not handled during the run"
        assert answered < 2, f"the page took {answered:.1f} s to answer a click while the engine read"
        stop = page.locator("button.bml-playground-stop")
        assert stop.is_enabled()
        stop.click()
        assert page.locator(STATUS).inner_text().startswith("Stopped")
        assert stop.is_disabled()
        # a new engine takes the next notes: a condition opened and never closed is a warning at its line
        read(page, "1N 15-17\n  2C Stayman {{ 8+ hcp\n")
        warning = page.locator("li.bml-playground-warning[data-line='2']")
        assert "has no closing }}" in warning.inner_text()
        assert page.locator("div.bml-playground-output li.bml-bid").count() == 2
    finally:
        context.close()
    assert tried == [], f"the playground asked another site for {tried}"
