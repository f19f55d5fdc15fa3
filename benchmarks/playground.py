"""The playground's cost to a reader: what the first visit downloads, and the time to the first table.

Builds a one-page site with ``.. bml-playground::`` (Pyodide from
$SPHINX_BML_PYODIDE or ~/.cache/sphinx-bml/pyodide: ``bash .ci/fetch-pyodide``),
serves it from 127.0.0.1 and opens it in Debian's Chromium (through Playwright),
noting any request to another address (the browser test refuses them; here
they are only watched, as Playwright's routing would switch the cache off).
For each run, a fresh browser profile loads the page (cold), then loads it
again (cached: the browser's HTTP cache kept); it prints the bytes the server
sent and the time from asking for the page to the first table drawn; then
the time to read a pasted table of 10,000 rows. Medians of the runs.

Run: python benchmarks/playground.py [--runs 3]
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
INDEX = """\
Try it
======

.. bml-playground::

   1N 15-17 {{ 15-17 hcp, balanced }}
     2C Stayman
     2D ! transfer
"""
TABLE = "div.bml-playground-output div.bml-bidtable"
TIMEOUT = 300_000


class Counted(SimpleHTTPRequestHandler):
    """Serves the site, counting the bytes of the files it sends (a 304, "not modified", sends none)."""

    sent = 0

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            Counted.sent += len(chunk)


def pyodide() -> Path:
    configured = os.environ.get("SPHINX_BML_PYODIDE")
    folder = Path(configured) if configured else Path.home() / ".cache" / "sphinx-bml" / "pyodide"
    if not (folder / "pyodide.mjs").is_file():
        sys.exit(f"Pyodide's files are not at {folder}: run bash .ci/fetch-pyodide")
    return folder


def build(folder: Path) -> Path:
    source = folder / "site"
    source.mkdir()
    (source / "conf.py").write_text(f'extensions = ["sphinx_bml"]\nbml_playground_pyodide = {str(pyodide())!r}\n')
    (source / "index.rst").write_text(INDEX)
    html = folder / "html"
    command = [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", str(source), str(html)]
    subprocess.run(command, check=True)
    return html


def big_table(count: int) -> str:
    bids = [f"{level}{strain}" for level in range(1, 8) for strain in "CDHSN"]
    rows: list[str] = []
    for first, opening in enumerate(bids):
        rows.append(f"{opening} opening {first}")
        for second in range(first + 1, len(bids)):
            rows.append(f"  {bids[second]} answer")
            for third in range(second + 1, len(bids)):
                rows.append(f"    {bids[third]} rebid")
                rows += [f"      {bid} and on" for bid in bids[third + 1 :]]
                if len(rows) >= count:
                    return "\n".join(rows[:count])
    return "\n".join(rows)


def load(page: Any, address: str) -> tuple[float, int]:
    """Seconds to the first table, and the bytes the server sent for the load."""
    before = Counted.sent
    start = time.perf_counter()
    page.goto(address)
    page.wait_for_selector(TABLE, timeout=TIMEOUT)
    elapsed = time.perf_counter() - start
    page.wait_for_load_state("networkidle")
    return elapsed, Counted.sent - before


def paste(page: Any, text: str) -> float:
    """Seconds from a paste to its table drawn."""
    start = time.perf_counter()
    page.evaluate(
        "(text) => { const area = document.querySelector('textarea.bml-playground-notes'); area.value = text;"
        " area.dispatchEvent(new InputEvent('input', {inputType: 'insertFromPaste'})); }",
        text,
    )
    page.wait_for_function(
        "(length) => Number(document.querySelector('div.bml-playground[data-settings]').dataset.readLength) === length",
        arg=len(text),
        timeout=TIMEOUT,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        html = build(Path(temporary))
        files = sorted((html / "_static" / "bml-playground").rglob("*.*"))
        on_disk = {path.relative_to(html).as_posix(): path.stat().st_size for path in files}
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counted, directory=str(html)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        site = f"http://127.0.0.1:{server.server_address[1]}/"
        cold: list[float] = []
        cached: list[float] = []
        sizes: list[tuple[int, int]] = []
        pasted: list[float] = []
        outside: list[str] = []
        table = big_table(10_000)
        with sync_playwright() as playwright:
            for _ in range(options.runs):
                with tempfile.TemporaryDirectory() as profile:  # a fresh profile: nothing cached
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=ARGS, headless=True
                    )

                    # watched, not routed: routing requests switches Playwright's HTTP cache off
                    context.on(
                        "request",
                        lambda request: None if request.url.startswith(site) else outside.append(request.url),
                    )
                    page = context.new_page()
                    first, first_bytes = load(page, site + "index.html")
                    page.close()
                    page = context.new_page()
                    second, second_bytes = load(page, site + "index.html")
                    pasted.append(paste(page, table))
                    context.close()
                cold.append(first)
                cached.append(second)
                sizes.append((first_bytes, second_bytes))
        server.shutdown()
    print("playground files (bytes on disk):")
    for name, size in on_disk.items():
        print(f"  {size:>12,}  {name}")
    print(f"  {sum(on_disk.values()):>12,}  in all")
    print(f"\nmedian of {options.runs} runs, Chromium {CHROMIUM}, served from 127.0.0.1:")
    print("| load | transferred (bytes) | time to first table (s) |")
    print("|---|---:|---:|")
    print(f"| cold (fresh profile) | {statistics.median(s[0] for s in sizes):,.0f} | {statistics.median(cold):.2f} |")
    print(f"| cached (second load) | {statistics.median(s[1] for s in sizes):,.0f} | {statistics.median(cached):.2f} |")
    print(f"\na pasted table of 10,000 rows read and drawn in {statistics.median(pasted):.2f} s")
    if outside:
        print(f"\nasked of other sites: {sorted(set(outside))}")


if __name__ == "__main__":
    main()
