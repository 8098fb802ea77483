"""Operational failures of backends: a judge, a source, arXiv or Crossref could not do its
part. While checking a paper one becomes a ``not_checked`` record, never a verdict."""

from __future__ import annotations

from typing import Literal

from claimaudit.errors._base import ClaimauditError


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


class ArxivReplyError(ArxivError):
    """arXiv's metadata reply came but could not be read (not Atom, an entry without an id or
    title, an error feed, another paper's entry): the service was asked, and says nothing
    about the id."""


class ArxivEmptyFeedError(ArxivNotFoundError):
    """arXiv's feed held no entry for the id. It answers so for an id it never issued, but also
    now and then for a paper it has (an empty feed, or one counting a result it does not
    give): a downloader may take it as "no such paper", a verdict on a reference may not."""


class EprintError(ArxivError):
    """arXiv's source package of a paper is over the unpacking limits: refused, not partly
    read (the paper is then read from its PDF)."""


class CrossrefError(BackendError):
    """Crossref could not be asked, or its answer could not be read: says nothing about the DOI."""


class CrossrefReplyError(CrossrefError):
    """Crossref answered, but gave no record to check against: its reply came and could not be
    read (not JSON, not a work, a 404 page not its own, too big), or it registered the DOI and
    serves no record of it. Not "could not be asked": the network and the service were up."""


class CrossrefNotFoundError(CrossrefError):
    """Crossref answered 404 for the work, and its agency route 404 too: no DOI registration
    agency knows this DOI."""


class CrossrefOtherAgencyError(CrossrefError):
    """The DOI is registered with another agency (DataCite, mEDRA, ...), whose records Crossref
    does not serve: the DOI exists, but its metadata was not checked."""

    def __init__(self, message: str, *, agency: str) -> None:
        super().__init__(message)
        self.agency = agency
