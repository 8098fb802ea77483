"""A draft sent to the server as text, read for review: its bibliography and, for LaTeX, its
claims. Kept apart from ``Service`` so the service reads as what it does with a draft.

A draft sent as text has no folder: a bibliography file it names (LaTeX's ``\\bibliography``,
Markdown's front matter ``bibliography:``) cannot be read, so unless one was sent with it the
draft is refused rather than reviewed with every key unresolved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from claimaudit.bibfile import BibFormat
from claimaudit.errors import ClaimauditError, DraftError, DraftStructureError, InputError
from claimaudit.guards.bibliography_path import bibliography_path_problem
from claimaudit.guards.leftovers import scratch_folder
from claimaudit.guards.untrusted import check_text
from claimaudit.inputs import validate_topic
from claimaudit.review.bibliography import Bibliography, load_bibliography, parse_bibliography
from claimaudit.review.empty_draft import refuse_empty_draft
from claimaudit.review.front_matter import bibliography_names
from claimaudit.review.latex.claims import LatexClaims, extract_latex_claims

# What a LaTeX draft sent as text is called in messages and in the annotated copy.
LATEX_DRAFT_NAME = "draft.tex"
EMPTY_BIBLIOGRAPHY_PATH = (
    "bibliographyPath is empty: name the bibliography's file, or leave bibliographyPath out"
)


def check_texts(**values: str | None) -> None:
    """InvalidTextError for the first value that is not valid text (a lone surrogate sent as
    a JSON escape): refused here, before anything tries to encode it."""
    for name, value in values.items():
        if value is not None:
            check_text(value, f"the {name.replace('_', ' ')}")


def bibliography_file(written: str | None) -> Path | None:
    """The bibliography file an MCP client names (``~`` its home folder), or None for none;
    DraftError for a name no file can have, which the system refuses with a ValueError, for
    an empty one (``Path("")`` is ``.``, and taking it as no path would review the draft with
    every key unresolved and say nothing; ``library_add`` refuses one alike), and for one that
    is no file to read (``bibliography_path_problem``, as ``review --bib`` says it)."""
    if written is None:
        return None
    if not written.strip():
        raise DraftError(EMPTY_BIBLIOGRAPHY_PATH)
    if "\x00" in written:
        # Named as the empty one is: bibliography_path is the deprecated name.
        raise DraftError("bibliographyPath holds U+0000 (a null character), which no file name can")
    # In the command line's words ("--bib refs.bib: no such file"), the path as the client
    # wrote it: "~/refs.bib" does not tell the client the server's home folder.
    problem = bibliography_path_problem(_expanded(Path(written)), "bibliographyPath", written)
    if problem is not None:
        raise DraftError(problem)
    # Unexpanded: read at its expansion, it is named as written (``_read_as_written``).
    return Path(written)


def _expanded(path: Path) -> Path:
    try:
        return path.expanduser()
    except RuntimeError:  # "~someone" with no such user: as written, then "no such file"
        return path


def _read_as_written(path: Path) -> Bibliography:
    """The bibliography file ``path`` (``~`` its home folder), its records' errors, warnings
    and unread entries naming it as written: "no bibliography entry for @a in ~/refs.bib",
    not the server's home folder, which the client had not given."""
    read = _expanded(path)
    actual, written = str(read), str(path)

    def named(text: str) -> str:
        return text.replace(actual, written)

    try:
        bib = load_bibliography(read)
    except ClaimauditError as error:  # "cannot read bibliography ~/refs.bib: not UTF-8 ..."
        raise error.reworded(named(str(error))) from None
    if actual == written:
        return bib
    return replace(
        bib,
        source=named(bib.source) if bib.source is not None else None,
        unread=tuple(
            replace(
                entry,
                source=named(entry.source) if entry.source is not None else None,
                reason=named(entry.reason),
            )
            for entry in bib.unread
        ),
        empty=tuple(named(name) for name in bib.empty),
        read_as=tuple(named(line) for line in bib.read_as),
    )


def review_inputs(
    draft: str,
    language: str,
    text: str | None,
    kind: BibFormat | None,
    path: Path | None,
    topic: str | None,
) -> Bibliography | None:
    """A review's draft and topic checked, and its bibliography, sent as text or (local MCP
    clients) named as a file."""
    check_texts(draft=draft, bibliography=text)
    validate_topic(topic)
    refuse_empty_draft(draft, language)
    if "\x00" in draft:
        # No text holds one: the command line refuses such a file as binary, and here it was
        # reviewed, its sentence shown with U+FFFD while the annotated copy kept U+0000.
        raise DraftError(
            f"the draft holds U+0000 (a null character) at character {draft.index(chr(0)) + 1}: "
            f"send the {language} text itself"
        )
    if text is not None and path is not None:
        raise DraftError("give the bibliography as text or as a path, not both")
    if kind is not None and text is None:
        # Only the MCP tools can send one without text; a file's format is its suffix's, as
        # on the command line.
        raise DraftError(
            "bibliographyFormat is the format of the bibliography sent as text: send it with "
            "bibliography (a bibliographyPath is read by its suffix)"
        )
    # One with no entry yet, or none that could be parsed, is read on as ``claimaudit review``
    # reads such a file: each citation it was to resolve is a not_checked record saying why
    # (empty text too: sent, it is never taken for no bibliography at all).
    if path is not None:
        return _read_as_written(path)
    if text is not None:
        return parse_bibliography(text, kind=kind)
    return None


def latex_claims(latex: str, bibliography: Bibliography | None) -> LatexClaims:
    """The claims of a LaTeX draft sent as text, read on its own: nothing beside it belongs
    to it, so an ``\\input`` is refused and a bibliography file it names must come as text."""
    # Locked as this request's: one a killed server left is removed by the next draft's.
    with scratch_folder("claimaudit-draft-") as folder:
        path = folder / LATEX_DRAFT_NAME
        path.write_text(latex, encoding="utf-8")
        try:
            found = extract_latex_claims(path, bibliography, alone=True)
        except InputError as error:  # the draft's fault, not the library's
            raise DraftError(str(error)) from None
    named = found.draft.bibliographies
    if bibliography is None and named and not found.draft.bibitems:
        raise _bibliography_not_sent(named)
    return found


def check_markdown_bibliography(markdown: str, bibliography: Bibliography | None) -> None:
    """DraftError for a Markdown draft sent without a bibliography whose front matter names
    one (``bibliography: refs.bib`` or a list), or whose front matter cannot be read; with a
    bibliography sent, that one is used and the front matter is not read (as ``--bib``)."""
    if bibliography is not None:
        return
    try:
        named = bibliography_names(markdown)
    except DraftStructureError:
        raise  # found as its front matter was looked for; it names the draft itself
    except DraftError as error:
        raise DraftError(f"the draft: {error}") from None
    if named:
        raise _bibliography_not_sent(named)


class BibliographyNotSentError(DraftError):
    """A draft sent as text names a bibliography file, and none came with it."""


def _bibliography_not_sent(named: Sequence[str]) -> DraftError:
    # The web page matches these words to say "paste its BibTeX" (static/messages.js).
    return BibliographyNotSentError(
        f"the draft names the bibliography {', '.join(named)}: send its text as the bibliography"
    )
