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

The families live in private submodules (``_usage``, ``_library``, ``_backend``); import every
name from here.
"""

from __future__ import annotations

from claimaudit.errors._backend import (
    ArxivEmptyFeedError,
    ArxivError,
    ArxivNotFoundError,
    ArxivReplyError,
    BackendError,
    ContextLengthError,
    CrossrefError,
    CrossrefNotFoundError,
    CrossrefOtherAgencyError,
    CrossrefReplyError,
    EprintError,
    ExcerptsOverBudgetError,
    JudgeError,
    LibraryUnreadableError,
    PaperNotInLibraryError,
    SourceError,
)
from claimaudit.errors._base import EXIT_USAGE as EXIT_USAGE  # importable here, as before
from claimaudit.errors._base import (
    CancelledWorkError,
    ClaimauditError,
    PluginError,
    PluginTimeoutError,
)
from claimaudit.errors._known import as_known
from claimaudit.errors._library import (
    AmbiguousPaperError,
    ContentChangedError,
    ContentConflictError,
    CorpusFileError,
    InputError,
    LibraryBusyError,
    LibraryDamagedError,
    LibraryError,
    LibraryFolderError,
    LibraryMadeMeanwhileError,
    LibraryMissingError,
    LibraryOpenError,
    PaperNotFoundError,
    PassageNotFoundError,
    RefRequiredError,
)
from claimaudit.errors._usage import (
    BatchLockedError,
    BatchOutputError,
    BibliographyError,
    DatasetError,
    DraftError,
    DraftStructureError,
    DuplicatePaperError,
    InvalidClaimError,
    InvalidClaimTextError,
    InvalidRecordError,
    InvalidReferenceError,
    InvalidSettingsError,
    InvalidTextError,
    InvalidTitleError,
    InvalidTopicError,
    KeyRequiredError,
    ModelNotTakenError,
    ModelRequiredError,
    NestingError,
    PaperListError,
    ReviewTooLargeError,
    SettingNotTakenError,
    UnknownBackendError,
    UnsupportedFileError,
    UsageError,
)

__all__ = [
    "AmbiguousPaperError",
    "ArxivEmptyFeedError",
    "ArxivError",
    "ArxivNotFoundError",
    "ArxivReplyError",
    "BackendError",
    "BatchLockedError",
    "BatchOutputError",
    "BibliographyError",
    "CancelledWorkError",
    "ClaimauditError",
    "ContentChangedError",
    "ContentConflictError",
    "ContextLengthError",
    "CorpusFileError",
    "CrossrefError",
    "CrossrefNotFoundError",
    "CrossrefOtherAgencyError",
    "CrossrefReplyError",
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
    "InvalidTopicError",
    "JudgeError",
    "KeyRequiredError",
    "LibraryBusyError",
    "LibraryDamagedError",
    "LibraryError",
    "LibraryFolderError",
    "LibraryMadeMeanwhileError",
    "LibraryMissingError",
    "LibraryOpenError",
    "LibraryUnreadableError",
    "ModelNotTakenError",
    "ModelRequiredError",
    "NestingError",
    "PaperListError",
    "PaperNotFoundError",
    "PaperNotInLibraryError",
    "PassageNotFoundError",
    "PluginError",
    "PluginTimeoutError",
    "RefRequiredError",
    "ReviewTooLargeError",
    "SettingNotTakenError",
    "SourceError",
    "UnknownBackendError",
    "UnsupportedFileError",
    "UsageError",
    "as_known",
]


# Each name keeps the home it had before the tree was split into submodules: its repr, a
# traceback's last line and a pickle (a Ray worker's error) say ``claimaudit.errors.X``.
for _name in __all__:
    globals()[_name].__module__ = __name__
del _name
