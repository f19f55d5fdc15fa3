"""``.. bml-practice:: N``: a practice page of N boards, dealt when the site is built.

.. code-block:: rst

   .. bml-practice:: 6
      :seed: 2024
      :seat: S
      :opponents: opponents/natural.bml
      :sequence: 1N-2C

Each board is bid to the end by the robot of ``bml-practice`` (the four
hands dealt; every seat bids the first row whose hand condition fits, and a
forcing call is answered). Every call of yours (``:seat:``, South by
default) that comes from a row is a question; the first that does not (a
pass no row gives, a call the robot makes off the notes) ends them, and is
said (:mod:`sphinx_bml.practice.quiz` decides all this; this module only
draws it). The board shows your hand, the auction up to your first call and
how many calls are asked. In HTML each answer is a ``<details>`` disclosure
(no JavaScript; it works on Read the Docs and on a phone): your call, its
meaning, a link to its row, partner's answer, and the auction going on to
your next call, whose answer is the next ``<details>``, nested in it; the
last one shows the whole auction and where the notes stop. Above the boards,
HTML also has the page's two screens, one for each partner of the side
(:mod:`.practice_screens`; :func:`screen_board` draws a board's parts for
them). LaTeX and text, where nothing can be hidden, ask the calls under each
board and print the answers after all the boards, as the key at the end of a
quiz book: per board the whole auction, each of your calls and partner's
with its meaning and row, and where the notes stop. Only deals where your
first call comes from a row are kept, and boards with more than one question are preferred
(:func:`~sphinx_bml.practice.quiz.quiz_boards`). The boards are the same at
every build: the seed is ``:seed:``, else a number made from the document's
name.

``:opponents:`` names the opponents' own notes (a ``.bml``, ``.bss`` or
BBOalert file, its path from the page, inside the documentation folder; the
page is built again when it changes): the other side bids by them, each of
their calls shown with its meaning from their notes, as an alert at the
table, never linked (their rows are not the site's). ``:sequence:`` deals
only boards where your side bids the sequence, the opponents' calls in
brackets theirs (:func:`~sphinx_bml.practice.aiming.aimed`). Notes that
cannot be read, are the site's own or open nothing, and a sequence the
notes never reach, deal no board: the page says so, and a warning says why.

The directive leaves a :class:`~sphinx_bml.sphinx.nodes.placeholder`. The
boards are dealt once every document is read, just before references
are resolved (a post-transform), so the whole system of the page's site
(``bml_systems``) is known and the links go through the ``bml`` domain like
``:bml:seq:``. Hands, calls and meanings are drawn by :mod:`.practice_boards`
with the shared tokens (:mod:`sphinx_bml.language.shown`): suit symbols that
every builder colours (``\bmlsuit`` in LaTeX).
Dealing needs endplay (``pip install 'sphinx-bml[practice]'``); without it
the page says that the boards are not dealt yet (a reader has nothing to
install) and a ``bml.practice`` warning tells the author what to install.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from ...language.errors import BMLError, Kind
from ...language.notation import parse_reference
from ...language.system import System
from .. import nodes as bml
from ..diagnostics import warn
from ..domain.domain import bml_domain
from .practice_screens import two_screens

KIND = "practice"


def _seat(argument: str) -> str:
    from ...practice.boards import SEATS

    seat = (argument or "").strip().upper()[:1]
    if seat not in SEATS:
        raise ValueError("the seat is N, E, S or W")
    return seat


class BMLPractice(SphinxDirective):
    """``.. bml-practice:: N``: a placeholder, filled when the whole site is read."""

    optional_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "seed": directives.unchanged,
        "seat": _seat,
        "opponents": directives.unchanged_required,
        "sequence": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        count = 6
        if self.arguments:
            try:
                count = int(self.arguments[0])
            except ValueError:
                count = 0
            if not 1 <= count <= 100:
                warn(
                    Kind.DIRECTIVE,
                    f"bml-practice {self.arguments[0]}: give the number of boards, 1 to 100; 6 are dealt",
                    self.get_location(),
                )
                count = 6
        seed = zlib.crc32(self.env.docname.encode("utf-8"))
        if "seed" in self.options:
            from ...practice.dealing import seed_of

            try:
                seed = seed_of(self.options["seed"])
            except ValueError as error:
                warn(
                    Kind.DIRECTIVE,
                    f"bml-practice :seed: {error}; the seed is made from the page's name",
                    self.get_location(),
                )
        sequence = self.options.get("sequence", "").strip()
        if sequence and (problem := _sequence_problem(sequence)) is not None:
            warn(
                Kind.DIRECTIVE, f"bml-practice :sequence: {sequence}: {problem}; no board is dealt", self.get_location()
            )
            return [_not_dealt(f"the sequence {sequence} could not happen at a table")]
        opponents = self.opponents()
        if opponents is None:
            return [_not_dealt("the notes of the opponents cannot be read")]
        placeholder = bml.placeholder(
            kind=KIND,
            boards=count,
            seed=seed,
            seat=self.options.get("seat", "S"),
            docname=self.env.docname,
            opponents=opponents,
            opponents_written=self.options.get("opponents", "").strip(),
            sequence=sequence,
        )
        self.set_source_info(placeholder)
        return [placeholder]

    def opponents(self) -> str | None:
        """The path of ``:opponents:`` from the documentation folder (``""`` without the option), a
        dependency of the page; ``None`` (warned why) when the file cannot be theirs."""
        if "opponents" not in self.options:
            return ""
        written = self.options["opponents"].strip()
        _, absolute = self.env.relfn2path(written, self.env.docname)
        path = Path(absolute).resolve()
        srcdir = Path(self.env.srcdir).resolve()
        self.env.note_dependency(str(path))  # dealt again when their notes change, or appear
        problem = _file_problem(path, srcdir)
        if problem is None and not self.state.document.settings.file_insertion_enabled:
            problem = "the file is not read here (file insertion is off)"
        if problem is None and self.env.path2doc(str(path)) in self.env.found_docs:
            problem = (
                "it is a page of this site, so its rows are the site's too; keep it out of the pages "
                'with exclude_patterns in conf.py, such as exclude_patterns = ["opponents/**"]'
            )
        if problem is not None:
            warn(Kind.DIRECTIVE, f"bml-practice :opponents: {written}: {problem}", self.get_location())
            return None
        return path.relative_to(srcdir).as_posix()  # the project may move: from its folder


def _sequence_problem(written: str) -> str | None:
    """Why ``:sequence:`` is no auction (``None``: it is one)."""
    from ...practice.aiming import legal_sequence

    try:
        legal_sequence(parse_reference(written).sequence)
    except BMLError as error:
        return error.message
    return None


def _file_problem(path: Path, srcdir: Path) -> str | None:
    """Why the opponents' notes at ``path`` cannot be read (``None``: they may be)."""
    if not path.is_relative_to(srcdir):
        return "the file is outside the documentation folder, so it is not read"
    if path.is_dir():
        return "a project folder is read by bml-practice --opponents; here give a .bml, .bss or BBOalert file"
    if not path.exists():
        return "there is no such file"
    if not path.is_file():
        return "it is a pipe or a device, not a file, so it is not read"
    return None


def _not_dealt(why: str) -> nodes.paragraph:
    """What the page says in place of its boards (the warning tells the author more)."""
    text = f"The practice boards are not dealt: {why}."
    return nodes.paragraph(text, text)


class PracticeBoards(SphinxPostTransform):
    """Deal and bid the boards of each ``bml-practice`` placeholder, before references are resolved."""

    default_priority = 5  # Sphinx resolves references at 10

    def run(self, **kwargs: Any) -> None:
        for placeholder in list(self.document.findall(bml.placeholder)):
            if placeholder["kind"] == KIND:
                bml.filled(placeholder, self.boards(placeholder))

    def output_format(self) -> str:
        """The builder's format (``html``, ``latex``, ``text``), without the ``app`` Sphinx 9 deprecates."""
        builder = getattr(self.env, "_builder_cls", None)
        return str(builder.format) if builder is not None else str(self.app.builder.format)

    def boards(self, placeholder: bml.placeholder) -> list[nodes.Node]:
        """The boards of one ``bml-practice``, or a paragraph saying why there are none."""
        from ...practice.aiming import OutOfReach
        from ...practice.dealing import NEEDS_ENDPLAY, PracticeUnavailable
        from ...practice.quiz import practice_quizzes
        from .practice_boards import against, answer_key, board_nodes, screen_board, side_seats

        settings = placeholder.attributes
        docname = str(settings["docname"])
        domain = bml_domain(self.env)
        sites = domain.sites()
        names = domain.systems_of(docname) or list(sites)
        site = sites.get(names[0]) if names else None
        location: str | tuple[str, int | None] = (
            f"{placeholder.source}:{placeholder.line}" if placeholder.source else (docname, placeholder.line)
        )
        if site is None or not any(meaning.condition is not None for meaning in site.system):
            warn(
                Kind.PRACTICE,
                "bml-practice: no row of the system has a hand condition ({{ 15-17 hcp, balanced }}), "
                "so there is nothing to practise",
                location,
            )
            return [nodes.paragraph("", "No row of the system has a hand condition yet, so no board is dealt.")]
        theirs: System | None = None
        if settings.get("opponents"):
            theirs = self.opponents(placeholder, site.system, location)
            if theirs is None:
                return [_not_dealt("the notes of the opponents cannot be read")]
        written = str(settings.get("sequence", ""))
        sequence = parse_reference(written).sequence if written else None
        seat = str(settings["seat"])
        try:
            found = list(
                practice_quizzes(
                    site.system,
                    int(settings["boards"]),
                    int(settings["seed"]),
                    seat,
                    opponents=theirs,
                    sequence=sequence,
                )
            )
        except PracticeUnavailable:
            warn(Kind.PRACTICE, f"the practice boards are not dealt: {NEEDS_ENDPLAY}", location)
            return [nodes.paragraph("", "The practice boards are not dealt yet.")]  # the warning tells the author
        except OutOfReach as error:
            warn(Kind.PRACTICE, f"bml-practice :sequence: {written}: {error.message}", location)
            return [_not_dealt(f"no deal reaches {written}")]
        if len(found) < int(settings["boards"]):
            warn(
                Kind.PRACTICE,
                f"bml-practice: only {len(found)} of {settings['boards']} boards found a row of the system "
                "for your hand; give more rows a hand condition",
                location,
            )
        prefix = f"{names[0]}:" if names and names[0] else ""
        fmt = self.output_format()
        made: list[nodes.Node] = [] if theirs is None else [against(theirs, seat)]
        made += [board_nodes(quiz, prefix, fmt) for quiz in found]
        if fmt != "html" and found:
            made.append(answer_key(found, prefix, fmt))
        if fmt == "html" and found:  # with partner, each at their own screen
            seats = side_seats(str(settings["seat"]))
            made.insert(0, two_screens([screen_board(quiz, prefix) for quiz in found], seats, int(settings["seed"])))
        return made

    def opponents(
        self, placeholder: bml.placeholder, ours: System, location: str | tuple[str, int | None]
    ) -> System | None:
        """The opponents' notes of a ``bml-practice``, their problems warned about where they are;
        ``None`` (warned why) when they cannot be the other side's."""
        from ...practice.source import opponents_problem
        from ...versions.reading import holds_conditions, read_notes

        written = str(placeholder["opponents_written"])
        srcdir = Path(self.env.srcdir)
        path = srcdir / str(placeholder["opponents"])
        try:
            theirs, problems = read_notes(path, root=srcdir)
        except (OSError, ValueError, BMLError) as error:  # gone since the page was read; no BSS record
            reason = error.strerror or str(error) if isinstance(error, OSError) else str(error)
            warn(Kind.PRACTICE, f"bml-practice :opponents: {written}: cannot be read: {reason}", location)
            return None
        for found in problems:
            where = str(found.location) if found.location else location
            warn(found.kind, f"in the opponents' notes {written}: {found.message}", where)
        problem = opponents_problem(theirs, ours, written, conditions=holds_conditions(path))
        if problem is not None:
            warn(Kind.PRACTICE, f"bml-practice :opponents: {written}: {problem}", location)
            return None
        return theirs
