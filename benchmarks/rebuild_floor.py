"""How fast could a rebuild be? The floor under an incremental build's time.

A measuring script, not a test: it prints figures and asserts nothing.

After one page of a 20-page site is edited, a rebuild does two kinds of work
for the whole site: sphinx-bml's (the site model, its checks, the sequence
index and its page, the list of objects) and Sphinx's own (starting, loading
the stored environment, writing ``objects.inv``, the search index and the
other pages it writes on every build). This script measures what is left
when sphinx-bml's share is free: it rebuilds the same edit twice from the
same state, once as it is (keeping what the site-wide steps produced), once
with those steps answered from what the first run kept (the checks skipped),
and prints both with their ratio to the full build, and the time
``Site.build`` still took in the second run.

Usage::

    python benchmarks/rebuild_floor.py                 # 18,000 lines, 3 edits
    python benchmarks/rebuild_floor.py --lines 36000 --runs 5

It patches sphinx-bml's private functions in the child process only: when
they change, this script must follow.
"""

from __future__ import annotations

import argparse
import atexit
import os
import pickle
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_builds import PAGES, edit_page, make_site


def child(mode: str, kept: Path, sphinx_args: list[str]) -> None:
    """Run sphinx-build in this process; ``keep``: save the site-wide results; ``reuse``: answer from them."""
    from sphinx.cmd.build import main

    from sphinx_bml.sphinx.domain import domain, index_page

    site_build = [0.0]
    original_sites = domain.BMLDomain.sites

    def sites(self: Any) -> Any:
        start = time.perf_counter()
        try:
            return original_sites(self)
        finally:
            site_build[0] += time.perf_counter() - start

    domain.BMLDomain.sites = sites  # type: ignore[method-assign]
    if mode == "keep":
        found: dict[str, Any] = {}
        objects, generate, body = domain.BMLDomain.get_objects, domain.SequenceIndex.generate, index_page.index_body

        def keep_objects(self: Any) -> Any:
            found["objects"] = list(objects(self))
            yield from found["objects"]

        def keep_index(self: Any, docnames: Any = None) -> Any:
            found["index"] = generate(self, docnames)
            return found["index"]

        def keep_body(*args: Any) -> str:
            found["body"] = body(*args)
            return found["body"]

        domain.BMLDomain.get_objects = keep_objects  # type: ignore[method-assign]
        domain.SequenceIndex.generate = keep_index  # type: ignore[method-assign]
        index_page.index_body = keep_body
        atexit.register(lambda: kept.write_bytes(pickle.dumps(found)))
    else:
        cache: dict[str, Any] = {}

        def load() -> dict[str, Any]:
            if not cache:
                cache.update(pickle.loads(kept.read_bytes()))
            return cache

        def kept_objects(self: Any) -> Any:
            yield from load()["objects"]

        domain.BMLDomain.get_objects = kept_objects  # type: ignore[method-assign]
        domain.SequenceIndex.generate = lambda self, docnames=None: load()["index"]  # type: ignore[method-assign]
        index_page.index_body = lambda *args: load()["body"]
        domain.BMLDomain.check_consistency = lambda self: None  # type: ignore[method-assign]

    def report() -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        print(f"{usage.ru_utime + usage.ru_stime:.4f} {site_build[0]:.4f}", file=sys.stderr)

    atexit.register(report)
    main(sphinx_args)


def build(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds of one child build, and the seconds it spent in ``Site.build``."""
    done = subprocess.run(
        [sys.executable, __file__, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True
    )
    cpu, sites = done.stderr.decode().split()[-2:]
    return float(cpu), float(sites)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=18_000, help="lines of the 20-page site (default 18,000)")
    parser.add_argument("--runs", type=int, default=3, help="edits measured; the median is shown (default 3)")
    parser.add_argument("--child", nargs=2, metavar=("MODE", "KEPT"), help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.child:
        child(args.child[0], Path(args.child[1]), rest)
        return 0
    source = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(source), "PYTHONHASHSEED": "0"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(source / "sphinx_bml")], check=True)
    with tempfile.TemporaryDirectory(prefix="rebuild-floor-") as temporary:
        root = Path(temporary)
        project, out, kept = root / "site", root / "out", root / "kept.pickle"
        make_site(project, args.lines)
        sphinx = ["-q", "-b", "html", str(project), str(out)]
        whole = build(["--child", "keep", str(kept), *sphinx], env)[0]
        as_is, floor, site_build = [], [], []
        for _ in range(args.runs):
            edited = project / "page07.bml"
            edited.write_text(edit_page(edited.read_text(encoding="utf-8"), "meaning"), encoding="utf-8")
            before = root / "before"
            shutil.copytree(out, before)
            as_is.append(build(["--child", "keep", str(kept), *sphinx], env)[0])
            shutil.rmtree(out)
            before.rename(out)
            cpu, sites = build(["--child", "reuse", str(kept), *sphinx], env)
            floor.append(cpu)
            site_build.append(sites)
    rebuilt, cached, sites = (statistics.median(values) for values in (as_is, floor, site_build))
    print(f"{PAGES} pages, {args.lines:,} lines, html, CPU seconds (median of {args.runs} edits of a meaning)\n")
    print("| full build | rebuild | ratio | rebuild, sphinx-bml's site-wide work kept | ratio | of it, Site.build |")
    print("|---:|---:|---:|---:|---:|---:|")
    print(
        f"| {whole:.2f} | {rebuilt:.2f} | {rebuilt / whole:.2f} | {cached:.2f} | {cached / whole:.2f} | {sites:.2f} |"
    )
    print(f"\nwithout Site.build too: {cached - sites:.2f} s, {(cached - sites) / whole:.2f} of the full build")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
