"""Pages that are not UTF-8 are read as Windows-1252, as included files are.

Sphinx decodes a page before any extension sees it, with
``source_encoding`` (``utf-8-sig`` by default), and a page saved by
Notepad in Windows-1252 stops the whole build with "Encoding error!",
naming no file. So, while ``source_encoding`` is left at UTF-8, sphinx-bml
gives Sphinx its own codec, :data:`CODEC`: UTF-8 (with or without BOM), else
Windows-1252 by the engine's rule (:func:`sphinx_bml.language.reader.decode`).
A page that needed the fallback is named on ``source-read``, as a
``bml.include`` warning, exactly as an included file would be. (Sphinx 9
deprecates other source encodings and checks on ``config-inited`` at
priority 790; the codec is put in place after that check.)
"""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.application import Sphinx
from sphinx.config import Config

from ...language.errors import Kind
from ...language.reader import decode
from ..diagnostics import warn

if TYPE_CHECKING:
    from typing_extensions import Buffer

#: The name of the codec, as ``source_encoding``.
CODEC = "sphinx_bml_utf8_or_cp1252"
#: What Sphinx's default ``source_encoding`` may be written as.
UTF8_NAMES = frozenset({"utf-8-sig", "utf-8", "utf8", "utf_8", "utf_8_sig"})

#: The texts decoded with the fallback since the last page was read (checked on ``source-read``).
_read_as_windows: set[str] = set()


def _decode(data: Buffer, errors: str = "strict") -> tuple[str, int]:
    raw = bytes(data)
    text, windows = decode(raw)
    if windows:
        _read_as_windows.add(text)
    return text, len(raw)


def _encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
    return text.encode("utf-8", errors), len(text)


class _IncrementalDecoder(codecs.BufferedIncrementalDecoder):
    """Decodes once all the bytes are in: the fallback is for a whole file."""

    def _buffer_decode(self, input: Buffer, errors: str, final: bool) -> tuple[str, int]:
        return _decode(input, errors) if final else ("", 0)


def _search(name: str) -> codecs.CodecInfo | None:
    if name.replace("-", "_") != CODEC:
        return None
    return codecs.CodecInfo(
        _encode,
        _decode,
        incrementalencoder=codecs.getincrementalencoder("utf-8"),
        incrementaldecoder=_IncrementalDecoder,
        name=CODEC,
    )


codecs.register(_search)


def use_fallback_codec(app: Sphinx, config: Config) -> None:
    """``config-inited``: read the pages with :data:`CODEC` while ``source_encoding`` is UTF-8."""
    if str(config.source_encoding).lower() in UTF8_NAMES:
        config.source_encoding = CODEC


def warn_windows_page(app: Sphinx, docname: str, content: list[str]) -> None:
    """``source-read``: name the page that was not UTF-8."""
    try:
        if content and content[0] in _read_as_windows:
            name = Path(app.env.doc2path(docname)).name
            warn(Kind.INCLUDE, f"{name} is not UTF-8; it was read as Windows-1252 text", (docname, 1))
    finally:
        _read_as_windows.clear()
