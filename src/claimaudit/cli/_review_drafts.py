"""``claimaudit review``'s drafts, read whole before any pair is judged: the format, the text,
a LaTeX draft's claims and files, a Markdown draft's front-matter bibliography."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from claimaudit.cli._common import fail, require_input_file
from claimaudit.errors import DraftError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.usertext import NotUtf8Error, decode_utf8
from claimaudit.library.extract import LATEX_SUFFIXES
from claimaudit.review import Bibliography, load_bibliography
from claimaudit.review.document import check_draft
from claimaudit.review.empty_draft import refuse_empty_draft
from claimaudit.review.front_matter import (
    front_matter_bibliographies,
    with_front_matter_references,
)
from claimaudit.review.latex.claims import LatexClaims, bibliography_files, extract_latex_claims


class DraftFormat(StrEnum):
    MARKDOWN = "markdown"
    LATEX = "latex"


def draft_format_of(report: Path, chosen: DraftFormat | None) -> DraftFormat:
    if chosen is not None:
        return chosen
    return DraftFormat.LATEX if report.suffix.lower() in LATEX_SUFFIXES else DraftFormat.MARKDOWN


def _read(report: Path, chosen: DraftFormat) -> str:
    require_input_file(report, "REPORT", "the draft's file")
    try:
        # Bytes decoded whole keep "\r\n" (and a BOM) as written, so positions and the
        # annotated copy are exact.
        data = report.read_bytes()
        text = decode_utf8(data)
    except NotUtf8Error as error:
        fail(f"{shown_name(report)}: {error}")
    except OSError as error:
        fail(f"cannot read {shown_name(report)}: {error.strerror or error}")
    # NUL bytes never occur in text (a LaTeX draft is refused alike, and a paper's file).
    if b"\x00" in data[:8192] and chosen is DraftFormat.MARKDOWN:
        fail(f"{shown_name(report)}: looks like a binary file, not a Markdown draft")
    return text


def _latex_inputs(found: LatexClaims) -> set[Path]:
    folder = found.draft.folder
    files = {(folder / name).resolve() for name in found.draft.files}
    return files | {p.resolve() for p in bibliography_files(found.draft, missing_ok=True)}


@dataclass
class Draft:
    """A draft read whole (and its LaTeX files and bibliography) before any pair is judged."""

    path: Path
    text: str
    found: LatexClaims | None
    inputs: set[Path]
    bibliography: Bibliography | None


def _front_matter_bibliography(report: Path, text: str) -> tuple[Bibliography | None, set[Path]]:
    """The bibliography a Markdown draft's front matter names (Pandoc's ``bibliography:``),
    with its files; none without one. A file that is not there is one line, exit 2."""
    try:
        paths = front_matter_bibliographies(text, report.parent)
    except DraftError as error:
        fail(f"{shown_name(report)}: {error}")
    for path in paths:
        if not path.exists():
            fail(
                f"{shown_name(report)}: the bibliography {shown_name(path)} named in its front "
                "matter does not exist"
            )
    if not paths:
        return None, set()
    return load_bibliography(*paths, allow_empty=True), {p.resolve() for p in paths}


def prepare(
    report: Path, draft_format: DraftFormat | None, bibliography: Bibliography | None
) -> Draft:
    chosen = draft_format_of(report, draft_format)
    text = _read(report, chosen)
    found: LatexClaims | None = None
    inputs: set[Path] = set()
    try:
        # Refused, not reviewed to "0 cited sentences": a gate must not pass an emptied file.
        refuse_empty_draft(text, "LaTeX" if chosen is DraftFormat.LATEX else "Markdown")
        if chosen is DraftFormat.LATEX:
            # The whole draft is read (and its bibliography) before any work.
            found = extract_latex_claims(report, bibliography)
            inputs = _latex_inputs(found)
        else:
            # A draft the parser cannot read whole fails before any work; read from its
            # blocks alone, as the review parses it whole once (``extract_claims``).
            check_draft(text)
            if bibliography is None:  # --bib wins over the front matter's, as in Pandoc
                bibliography, inputs = _front_matter_bibliography(report, text)
            # Its own references too, before any work: an unread one is warned of first.
            bibliography = with_front_matter_references(text, bibliography)
    except DraftError as error:
        fail(f"{shown_name(report)}: {error}")
    return Draft(report, text, found, inputs, bibliography)
