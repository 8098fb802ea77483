"""Every error claimaudit raises on purpose, in one tree.

Each class knows how it reaches a person: ``exit_code`` on the command line, ``http_status``
and ``code`` in the HTTP API's ``{"error": {"status", "code", "message"}}`` (the MCP server
gives the same message as a tool error). Messages are one line, fit for a user, and never hold
a secret (callers redact what they quote).

- ``UsageError``: the request itself is unusable (a bad claim, reference, draft, setting);
  nothing was attempted.
- ``LibraryError``: a library operation could not be done (missing, conflict, unreadable file).
- ``BackendError``: an operational failure of a judge, a source or a download, carrying the
  backend requests it had cost (``calls``). While checking a paper it becomes a ``not_checked``
  record, never a verdict.

A message states what went wrong, never how to fix it from one interface: the command line's
flag, the API's field and the MCP tool's argument differ, so each surface adds its own advice
(``claimaudit.advice``), from the facts an error carries (``ContentConflictError.ref``).

Built-in exceptions of other libraries that mean one of these (``sqlite3.Error``: the library
database failed) are translated by ``as_known``, so every surface reports them alike.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import ClassVar, Literal, Self

__all__ = [
    "AmbiguousPaperError",
    "ArxivError",
    "ArxivNotFoundError",
    "BackendError",
    "BatchLockedError",
    "BatchOutputError",
    "BibliographyError",
    "CancelledWorkError",
    "ClaimauditError",
    "ContentConflictError",
    "ContextLengthError",
    "CorpusFileError",
    "CrossrefError",
    "CrossrefNotFoundError",
    "CrossrefOtherAgencyError",
    "DatasetError",
    "DraftError",
    "DraftStructureError",
    "DuplicatePaperError",
    "EprintError",
    "ExcerptsOverBudgetError",
    "InputError",
    "InvalidClaimError",
    "InvalidClaimTextError",
    "InvalidRecordError",
    "InvalidReferenceError",
    "InvalidSettingsError",
    "InvalidTextError",
    "InvalidTitleError",
    "JudgeError",
    "KeyRequiredError",
    "LibraryDamagedError",
    "LibraryError",
    "LibraryMissingError",
    "LibraryOpenError",
    "LibraryUnreadableError",
    "ModelNotTakenError",
    "ModelRequiredError",
    "NestingError",
    "PaperNotFoundError",
    "PaperNotInLibraryError",
    "PassageNotFoundError",
    "PluginError",
    "RefRequiredError",
    "ReviewTooLargeError",
    "SourceError",
    "UnknownBackendError",
    "UnsupportedFileError",
    "UsageError",
    "as_known",
]

EXIT_USAGE = 2


class ClaimauditError(Exception):
    """The base of every error claimaudit raises on purpose."""

    exit_code: ClassVar[int] = EXIT_USAGE
    http_status: ClassVar[int] = 400
    code: ClassVar[str] = "bad_request"
    # How a surface's advice follows the message (``claimaudit.advice``).
    advice_joint: ClassVar[str] = "; "

    def reworded(self, message: str) -> Self:
        """This error with another message (a server's path hidden, say): the same kind, with
        the same facts, so that each surface still gives its advice for it."""
        copy = type(self).__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.args = (message,)
        return copy


# -- the request is unusable -----------------------------------------------------------------


class UsageError(ClaimauditError, ValueError):
    """The caller asked for something that cannot be done as asked; nothing was attempted."""

    code = "invalid_request"


class InvalidTextError(UsageError):
    """Text that is not valid Unicode (a lone surrogate, from invalid UTF-8 or a JSON escape)."""

    http_status = 422
    code = "invalid_text"


class NestingError(UsageError):
    """Input nested deeper than a parser is allowed to go; the message says where."""


class InvalidClaimError(UsageError):
    """The check itself is unusable (empty or oversized claim, duplicate papers, bad topic)."""

    code = "invalid_claim"


class DuplicatePaperError(InvalidClaimError):
    """A paper given twice in one check: the claim is fine, the request is not."""

    code = UsageError.code


class InvalidClaimTextError(InvalidClaimError, InvalidTextError):
    """A claim, topic or paper reference that is not valid text: refused before anything tries
    to encode it, and reported as invalid text."""

    http_status = InvalidTextError.http_status
    code = InvalidTextError.code


class InvalidReferenceError(UsageError):
    """The text is not a paper reference this tool understands."""

    code = "invalid_reference"


class InvalidTitleError(UsageError):
    """A title given for a paper that cannot be stored (over the length limit)."""

    code = "invalid_title"


class UnknownBackendError(UsageError, LookupError):
    """No plugin registered a judge or source of that name."""

    code = "unknown_judge"


class InvalidSettingsError(UsageError):
    """A backend cannot be used as configured (the openai judge without a model, a bad timeout,
    a missing API key)."""

    code = "invalid_settings"


class ModelRequiredError(InvalidSettingsError):
    """A judge that runs the model it is told of, told of none. ``env``: the environment
    variable that names one when no request does (where the judge runs)."""

    # The advice completes the message: "needs a model id: pass --model or set OPENAI_MODEL".
    advice_joint = ": "

    def __init__(self, message: str, *, env: str = "") -> None:
        super().__init__(message)
        self.env = env


class KeyRequiredError(InvalidSettingsError):
    """A backend that needs an API key, run where none is set. ``env``: the environment
    variable that holds it (its name only: the message never holds a key)."""

    # The advice completes the message: "needs an API key: set TYPESAFE_API_KEY".
    advice_joint = ": "

    def __init__(self, message: str, *, env: str) -> None:
        super().__init__(message)
        self.env = env


class ModelNotTakenError(InvalidSettingsError):
    """A model id given to a judge that runs its own (the embedded one). ``model``: the one
    given, which the caller likely meant for a judge that takes one."""

    def __init__(self, message: str, *, model: str = "") -> None:
        super().__init__(message)
        self.model = model


class PluginError(ClaimauditError):
    """A backend that does not keep its contract (a judge without ``decide``, say): a bug of
    the plugin that made it, reported in one line rather than as a traceback mid-check."""

    http_status = 500
    code = "plugin_error"


class DraftError(UsageError):
    """A draft to review that is empty or cannot be read as a whole (nested too deeply)."""

    code = "invalid_draft"


class DraftStructureError(DraftError):
    """A Markdown draft whose structure (a huge table, brackets nested deep) would hold the
    parser for minutes (``review.markdown_limits``); its message names the draft itself."""


class BibliographyError(UsageError):
    """A bibliography file that cannot be read: its message says which entry or line."""

    code = "invalid_bibliography"


class ReviewTooLargeError(DraftError):
    """A draft asking for more judgements than the server takes in one review: refused before
    any is made."""

    http_status = 413
    code = "review_too_large"


class CancelledWorkError(ClaimauditError):
    """The caller went away (an HTTP client disconnected), so the work stopped unfinished."""

    # nginx's "client closed request": nobody reads the answer, the server's log shows it.
    http_status = 499
    code = "cancelled"


class DatasetError(UsageError):
    """A claims or corpus file does not have the expected shape."""

    code = "invalid_dataset"


class InvalidRecordError(UsageError):
    """Data read back as a review record (``record_from_dict``) that is not one."""

    code = "invalid_record"


class BatchOutputError(UsageError):
    """A batch ``--out`` that is some other file: it holds no record of an earlier run."""

    code = "invalid_batch_output"


class BatchLockedError(UsageError):
    """A batch or eval ``--out`` that another run is writing: two batches would each judge
    every pair, two evals write over each other's lines."""

    http_status = 409
    code = "batch_output_locked"


class UnsupportedFileError(UsageError):
    """An upload whose name does not say which kind of paper file it is."""

    http_status = 415
    code = "unsupported_media_type"


# -- the library -----------------------------------------------------------------------------


class LibraryError(ClaimauditError):
    """A library operation could not be done; the message is fit for a user."""

    code = "library_error"


class LibraryOpenError(LibraryError):
    """The database is missing, unreadable, not SQLite, or from a newer claimaudit."""

    http_status = 503
    code = "library_unavailable"


class LibraryMissingError(LibraryOpenError):
    """No library file at ``path`` where one must exist. The message says only that: how to
    make one is each surface's advice (``claimaudit.advice``)."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"no library at {path}")
        self.path = path


class LibraryDamagedError(LibraryOpenError):
    """The database is damaged (its full-text index out of step, or SQLite reporting a malformed
    file): answering would risk a false "nothing found", so nothing is answered. ``part``: what
    is damaged, which decides the advice: ``"index"`` (a repair rebuilds it), ``"database"``
    (a library check says where), or None (the message says what to do)."""

    code = "library_damaged"

    def __init__(self, message: str, *, part: Literal["index", "database"] | None = None) -> None:
        super().__init__(message)
        self.part = part


class PaperNotFoundError(LibraryError, LookupError):
    """No stored paper satisfies the requested reference."""

    http_status = 404
    code = "not_found"


class PassageNotFoundError(LibraryError, LookupError):
    """The paper exists but has no passage with the requested id."""

    http_status = 404
    code = "not_found"


class AmbiguousPaperError(LibraryError):
    """An unversioned reference names several stored copies (versions, or an unversioned copy
    beside them) where one was meant. ``unversioned``: one of them is stored under exactly the
    reference given."""

    def __init__(self, message: str, *, unversioned: bool = False) -> None:
        super().__init__(message)
        self.unversioned = unversioned


class ContentConflictError(LibraryError):
    """Different content is already stored under ``ref`` and replace was not asked."""

    http_status = 409
    code = "conflict"

    def __init__(self, message: str, *, ref: str = "") -> None:
        super().__init__(message)
        self.ref = ref


class InputError(LibraryError):
    """The file or folder to ingest cannot be read as a paper."""

    http_status = 422
    code = "unreadable_paper"


class CorpusFileError(InputError):
    """A corpus file (JSON Lines) given as a paper: it is imported another way."""


class RefRequiredError(InputError):
    """No unambiguous reference could be inferred, so the caller must give one. ``found``: the
    disagreeing references the file's name and metadata gave (none: they gave none)."""

    # Its own code, so that a client (the web page) can say how to give the reference there.
    code = "ref_required"

    def __init__(self, message: str, *, found: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.found = found


# -- operational failures of backends --------------------------------------------------------


class BackendError(ClaimauditError):
    """An operational failure: a service unreachable, a timeout, an HTTP error, an invalid answer.

    ``calls``: backend requests made before the failure (a failure after a request still cost
    it), for the record's cost accounting; ``backend``: who made them, when not the one that
    raised (the ``auto`` source searching Valyu). Messages must not contain secrets.
    """

    http_status = 502
    code = "backend_error"

    def __init__(self, message: str, *, calls: int = 0, backend: str | None = None) -> None:
        super().__init__(message)
        self.calls = calls
        self.backend = backend


class JudgeError(BackendError):
    """A judge could not decide: unreachable, timed out, HTTP error, invalid answer.

    ``usage``: the tokens the judge's server reported for requests that were answered before
    the failure (``input_tokens``, ``output_tokens``), as ``JudgeReply.usage``; they were paid
    for too.
    """

    def __init__(
        self,
        message: str,
        *,
        calls: int = 0,
        backend: str | None = None,
        usage: dict[str, int] | None = None,
    ) -> None:
        super().__init__(message, calls=calls, backend=backend)
        self.usage: dict[str, int] = dict(usage or {})


class ContextLengthError(JudgeError):
    """The prompt did not fit the model's context window. ``window``: the window's size in
    tokens, where the server said it (the judge then knows it, and the checker fits the
    evidence to it and asks once more); ``prompt_tokens``: how long the prompt was, where the
    server said it."""

    def __init__(
        self,
        message: str,
        *,
        window: int | None = None,
        prompt_tokens: int | None = None,
        calls: int = 0,
    ) -> None:
        super().__init__(message, calls=calls)
        self.window = window
        self.prompt_tokens = prompt_tokens


class SourceError(BackendError):
    """The paper could not be provided (unknown, missing, no passages, service failure)."""


class PaperNotInLibraryError(SourceError):
    """The library lacks the paper, or there is no library: the message says which. The facts
    each surface's advice is made from: ``library``, the library as a person at this machine
    would name it; ``arxiv_id``, the versioned arXiv id when a download could add the paper;
    ``search_key``, the unset environment variable that would let the source search
    elsewhere (Valyu's key for the ``auto`` source); ``local``: the reference is a ``local:``
    one, which a bibliography entry's attached file is stored under."""

    def __init__(
        self,
        message: str,
        *,
        library: str | None = None,
        arxiv_id: str | None = None,
        search_key: str | None = None,
        local: bool = False,
    ) -> None:
        super().__init__(message)
        self.library = library
        self.arxiv_id = arxiv_id
        self.search_key = search_key
        self.local = local


class LibraryUnreadableError(SourceError):
    """The library could not be read while checking; ``damaged``: what looks damaged, as
    ``LibraryDamagedError.part`` (None: nothing known to be)."""

    def __init__(
        self, message: str, *, damaged: Literal["index", "database"] | None = None
    ) -> None:
        super().__init__(message)
        self.damaged = damaged


class ExcerptsOverBudgetError(SourceError):
    """A search service's excerpts of ``work`` (an arXiv id without version) were over the
    judge's evidence budget, and nothing was cut: a narrower topic or the whole paper helps."""

    # "...; nothing was truncated: <how to choose fewer sections>".
    advice_joint = ": "

    def __init__(self, message: str, *, work: str, calls: int = 0) -> None:
        super().__init__(message, calls=calls)
        self.work = work


class ArxivError(BackendError):
    """arXiv could not provide the paper (unknown id, service failure, not a PDF)."""


class ArxivNotFoundError(ArxivError):
    """arXiv answered, and has no paper with this id (or no such version): the id does not
    exist. Every other ArxivError (a failed request, a malformed reply) says nothing about it."""


class EprintError(ArxivError):
    """arXiv's source package of a paper is over the unpacking limits: refused, not partly
    read (the paper is then read from its PDF)."""


class CrossrefError(BackendError):
    """Crossref could not be asked, or its answer could not be read: says nothing about the DOI."""


class CrossrefNotFoundError(CrossrefError):
    """Crossref answered 404 for the work, and its agency route 404 too: no DOI registration
    agency knows this DOI."""


class CrossrefOtherAgencyError(CrossrefError):
    """The DOI is registered with another agency (DataCite, mEDRA, ...), whose records Crossref
    does not serve: the DOI exists, but its metadata was not checked."""

    def __init__(self, message: str, *, agency: str) -> None:
        super().__init__(message)
        self.agency = agency


def as_known(exc: BaseException) -> ClaimauditError | None:
    """``exc`` as one of ours: itself, a library database failure as ``LibraryOpenError``, or
    None for a bug (which callers report as an internal error, never in detail)."""
    if isinstance(exc, ClaimauditError):
        return exc
    if isinstance(exc, sqlite3.Error):
        return LibraryOpenError(f"library database error: {exc}")
    return None
