"""The ``conf.py`` settings of sphinx-bml, their defaults and their checks.

=========================  ======  ============================  =========================================
setting                    type    default                       what it does
=========================  ======  ============================  =========================================
``bml_tree``               bool    ``True``                      draw bidding tables as trees with connecting
                                                                 lines (``False``: plain indentation); a
                                                                 ``bml`` directive may say ``:tree:`` or
                                                                 ``:no-tree:``
``bml_indentation``        int     ``2``                         spaces per level in bidding tables; a
                                                                 directive may say ``:indentation: N``
``bml_four_colour``        bool    ``False``                     four-colour suits in HTML (clubs green,
                                                                 diamonds orange)
``bml_exclude_included``   bool    ``True``                      a ``.bml`` file that another ``.bml`` file
                                                                 ``#INCLUDE``\\ s is a part of it, not a page
                                                                 of its own (see :mod:`.parts`)
``bml_bss_name``           str     ``project``                   system name in the ``.bss`` header, when the
                                                                 root document has no ``#+TITLE``
``bml_bss_summary``        str     ``""``                        summary in the ``.bss`` header, when the root
                                                                 document has no ``#+DESCRIPTION``
``bml_bss_filename``       str     ``<project>.bss``             the file ``sphinx-build -b bss`` writes
                                                                 (project name in lower case, words joined
                                                                 by ``-``)
``bml_bboalert_filename``  str     ``<project>.txt``             the file ``sphinx-build -b bboalert`` writes
                                                                 (named like the ``.bss`` file)
=========================  ======  ============================  =========================================
"""

from __future__ import annotations

import re

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

logger = logging.getLogger(__name__)

DEFAULT_INDENTATION = 2


def default_bss_name(config: Config) -> str:
    return str(config.project)


def project_slug(config: Config) -> str:
    """``My Precision System`` gives ``my-precision-system``."""
    slug = re.sub(r"[^\w]+", "-", str(config.project).lower(), flags=re.UNICODE).strip("-_")
    return slug or "system"


def default_bss_filename(config: Config) -> str:
    """``My Precision System`` gives ``my-precision-system.bss``."""
    return f"{project_slug(config)}.bss"


def default_bboalert_filename(config: Config) -> str:
    """``My Precision System`` gives ``my-precision-system.txt``: BBOalert files are plain text."""
    return f"{project_slug(config)}.txt"


def add_config_values(app: Sphinx) -> None:
    app.add_config_value("bml_tree", True, "env", bool)
    app.add_config_value("bml_indentation", DEFAULT_INDENTATION, "env", int)
    app.add_config_value("bml_four_colour", False, "html", bool)
    app.add_config_value("bml_exclude_included", True, "env", bool)
    app.add_config_value("bml_bss_name", default_bss_name, "", str)
    app.add_config_value("bml_bss_summary", "", "", str)
    app.add_config_value("bml_bss_filename", default_bss_filename, "", str)
    app.add_config_value("bml_bboalert_filename", default_bboalert_filename, "", str)


def check_config(app: Sphinx, config: Config) -> None:
    """``config-inited``: a setting that cannot work is reported and replaced by its default."""
    indentation = config.bml_indentation
    if isinstance(indentation, bool) or not isinstance(indentation, int) or indentation < 1:
        logger.warning(
            "bml_indentation = %r in conf.py: write the number of spaces per level of a bidding table, "
            "such as 2; 2 is used",
            indentation,
            type="bml",
            subtype="config",
        )
        config.bml_indentation = DEFAULT_INDENTATION
    for setting, example, default in (
        ("bml_bss_filename", "precision.bss", default_bss_filename),
        ("bml_bboalert_filename", "precision.txt", default_bboalert_filename),
    ):
        filename = str(config[setting])
        if not filename or "/" in filename or "\\" in filename:
            logger.warning(
                "%s = %r in conf.py: write a file name such as %r, without a folder; %r is used",
                setting,
                config[setting],
                example,
                default(config),
                type="bml",
                subtype="config",
            )
            config[setting] = default(config)
