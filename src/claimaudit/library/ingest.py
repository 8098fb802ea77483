"""Adding one paper from disk: extract, settle its reference and title, size passages, store."""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from claimaudit.errors import CancelledWorkError, InputError, InvalidTitleError, RefRequiredError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import as_text
from claimaudit.identity import PaperRef, RefKind, try_parse_ref
from claimaudit.inputs import MAX_TITLE_CHARS
from claimaudit.library.extract import (
    LATEX_SUFFIXES,
    MARKDOWN_SUFFIXES,
    TEXT_SUFFIXES,
    extract,
    extractor_version,
)
from claimaudit.library.models import AddOutcome, ExtractedDocument, NewPaper
from claimaudit.library.passages import make_passages
from claimaudit.library.store import Library

# Far longer than any paper's title: a bound keeps a pasted document out of listings, the web
# page and the database.
EMPTY_PATH = "the path is empty: name the paper's file or folder"
# In the review tools' words for their bibliography_path ("... holds U+0000 ...").
NULL_IN_PATH = "path holds U+0000 (a null character), which no file name can"


def refuse_null(path: str | Path) -> None:
    """InputError for a path holding U+0000, which the system refuses with a ValueError: MCP's
    library_add failed as an "internal error", the API echoed it ("a\x00b: no such file")."""
    if "\x00" in str(path):
        raise InputError(NULL_IN_PATH)


def check_title(title: str | None) -> None:
    """InvalidTitleError when a title given for a paper is over ``MAX_TITLE_CHARS`` (tidied)."""
    tidied = tidy_title(title)
    if len(tidied) > MAX_TITLE_CHARS:
        raise InvalidTitleError(
            f"the title has {len(tidied):,} characters; the limit is {MAX_TITLE_CHARS:,}"
        )


def named_path(text: str) -> Path:
    """The file or folder ``text`` names; InputError when it names none: ``Path("")`` is
    ``.``, so an empty path would add the working directory as a paper."""
    if not text.strip():
        raise InputError(EMPTY_PATH)
    refuse_null(text)
    try:
        return Path(text).expanduser()
    except RuntimeError:  # "~someone" with no such user: as written, then "no such file"
        return Path(text)


def tidy_title(title: str | None) -> str:
    """``title`` on one line: line breaks, tabs and runs of spaces made one space, and no
    space or invisible formatting character (a zero-width space, a BOM) at either end; ""
    when nothing else is left, so the next source of a title is used, as for no title."""
    words = " ".join((title or "").split())
    start, end = 0, len(words)
    while start < end and _blank(words[start]):
        start += 1
    while end > start and _blank(words[end - 1]):
        end -= 1
    return words[start:end]


def _blank(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) == "Cf"


def _derived_title(title: str | None) -> str:
    """A title read from the file (its heading or metadata), tidied; one over the limit a
    given title has is cut at a word, with an ellipsis, rather than refused."""
    tidied = tidy_title(title)
    if len(tidied) <= MAX_TITLE_CHARS:
        return tidied
    cut = tidied[: MAX_TITLE_CHARS - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip() + "\u2026"


@dataclass(frozen=True)
class AddResult:
    ref: PaperRef
    title: str
    outcome: AddOutcome
    passage_count: int
    source_bytes: int
    # What the reader said of the file (``ExtractedDocument.warnings``), and where the file
    # names another paper (or version) than the reference it was stored under.
    warnings: tuple[str, ...] = ()


def add_path(
    library: Library,
    path: Path,
    *,
    ref: PaperRef | None = None,
    title: str | None = None,
    replace: bool = False,
    source_path: str | None = None,
    includes: bool = True,
    source_format: str | None = None,
    cancel: threading.Event | None = None,
) -> AddResult:
    """Ingest the paper at ``path``. Raises InputError/RefRequiredError/ContentConflictError
    (InvalidTitleError for a ``title`` over the limit, before the file is read);
    on any error the library is left exactly as it was. ``source_path`` records where the file
    came from when ``path`` is a temporary copy (a downloaded PDF's URL). ``includes=False``
    refuses a document that pulls in other files (an upload: see ``extract``).
    ``source_format`` names where the text came from when that says more than the file's
    format does (``"arxiv-latex"``: an arXiv paper's own LaTeX source). Once ``cancel`` is set
    (the caller went away), CancelledWorkError at the next step, and nothing is stored."""
    check_title(title)
    _unless_cancelled(cancel)
    document = extract(path, includes=includes)
    _unless_cancelled(cancel)
    resolved = ref or infer_ref(path, document)
    passages = make_passages(document.blocks)
    # The last look before the one transaction that stores the paper: a caller that has gone
    # gets no paper half-added, nor one added after it stopped waiting.
    _unless_cancelled(cancel)
    if not passages:
        raise InputError(f"{shown_name(path)}: no text found")
    paper = NewPaper(
        ref=resolved,
        # A file name need not be UTF-8: what is stored must be text.
        title=as_text(
            tidy_title(title)
            or _title_kept(library, resolved, document.content_hash)
            or _derived_title(document.title)
            or tidy_title(_stem(path))
            or _stem(path)
        ),
        passages=passages,
        content_hash=document.content_hash,
        url=resolved.url,
        source_path=as_text(source_path or str(path.resolve())),
        authors=document.authors,
        source_format=source_format or document.source_format,
        extractor=extractor_version(document.source_format),
    )
    outcome = library.add_paper(paper, replace=replace)
    identity = identity_warnings(ref, path, document) if ref is not None else ()
    warnings = (*document.warnings, *identity)
    return AddResult(resolved, paper.title, outcome, len(passages), document.source_bytes, warnings)


def _title_kept(library: Library, ref: PaperRef, content_hash: str) -> str | None:
    """The title the same file is stored under already, or None. Added again without a title,
    it keeps it: a newer reader reads the file again (an upgrade's), and a title the user gave
    when adding it (``--title``) must not give way to the file's own."""
    stored = library.get_paper(ref, exact=True)
    return stored.title if stored is not None and stored.content_hash == content_hash else None


def _unless_cancelled(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise CancelledWorkError("cancelled before the paper was stored; the library is unchanged")


def identity_warnings(ref: PaperRef, path: Path, document: ExtractedDocument) -> tuple[str, ...]:
    """What the file's name or metadata says against the reference it is stored under: another
    work of the same kind (another DOI, another arXiv id) or another version of the same one.
    An arXiv preprint whose PDF names its journal DOI is no conflict, so kinds are compared
    only with their own kind. The reference given wins (it may be right where metadata is
    stale); the warning lets the user catch a wrong file."""
    named = try_parse_ref(_stem(path))
    hints = [named] if named is not None and named.kind in (RefKind.ARXIV, RefKind.DOI) else []
    hints.extend(document.ref_hints)
    warnings = []
    for hint in dict.fromkeys(hints):
        if hint.kind is not ref.kind:
            continue
        if hint.work != ref.work:
            warnings.append(f"{path.name} names {hint}, not {ref}; stored as {ref}, as given")
        elif None not in (hint.version, ref.version) and hint.version != ref.version:
            warnings.append(
                f"{path.name} names version {hint}, not {ref}; stored as {ref}, as given"
            )
    return tuple(warnings)


def infer_ref(path: Path, document: ExtractedDocument) -> PaperRef:
    """The reference named by the file (or folder) name or the PDF metadata, if unambiguous."""
    candidates: list[PaperRef] = []
    named = try_parse_ref(_stem(path))
    # Only arXiv ids and DOIs count: a file called "notes:v2.md" is not a local id.
    if named is not None and named.kind in (RefKind.ARXIV, RefKind.DOI):
        candidates.append(named)
    else:
        named = None
    candidates.extend(document.ref_hints)
    works = {(c.kind, c.work) for c in candidates}
    versions = {c.version for c in candidates if c.version is not None}
    if not candidates:
        raise RefRequiredError(
            f"{shown_name(path)}: cannot tell which paper this is from its name or metadata"
        )
    if len(works) > 1 or len(versions) > 1:
        found = tuple(sorted(str(c) for c in dict.fromkeys(candidates)))
        raise RefRequiredError(
            f"{shown_name(path)}: {_disagreement(named, document.ref_hints)}", found=found
        )
    kind, work = works.pop()
    return PaperRef(kind, work, versions.pop() if versions else None)


def _disagreement(named: PaperRef | None, hints: tuple[PaperRef, ...]) -> str:
    """What names different papers: the metadata alone (the name naming none), or the name
    against the metadata, each with the papers it names."""
    listed = ", ".join(sorted(str(h) for h in dict.fromkeys(hints)))
    if named is None:
        return f"its metadata names different papers ({listed})"
    return f"the file name names {named}, its metadata {listed}"


# The suffixes a paper's file may end in (``extract``'s formats, and an arXiv source archive).
_FORMAT_SUFFIXES = (".tar.gz", ".pdf", *LATEX_SUFFIXES, *MARKDOWN_SUFFIXES, *TEXT_SUFFIXES)


def _stem(path: Path) -> str:
    """The name without its format suffix. Any other "suffix" is part of the name: a file
    saved from arxiv.org/pdf/1706.03762v5 is called ``1706.03762v5`` (a PDF, read as one), and
    ``Path.stem`` made that ``1706``, so the paper it names was not recognised."""
    name = path.resolve().name if path.is_dir() else path.name
    for suffix in _FORMAT_SUFFIXES:
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return name
