"""What the server does, independent of how it is asked: HTTP routes and MCP tools call this.
Checking and reviewing are here; what it does with the library is ``library_service``'s.

Every method opens its own ``Library`` and closes it before returning, so a call is safe on any
worker thread (a sqlite3 connection must stay on the thread that made it). Errors are the
domain's own exceptions (``claimaudit.errors``), each knowing how it reaches a caller; the
surface reporting one adds its own advice (``claimaudit.server.advice``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

from claimaudit.advice import Advice
from claimaudit.api import make_checker
from claimaudit.bibfile import BibFormat
from claimaudit.checker.pipeline import Checker
from claimaudit.errors import CancelledWorkError, InvalidClaimError
from claimaudit.inputs import validate_claim, validate_papers, validate_topic
from claimaudit.records import Record
from claimaudit.review import ReviewResult, review_report
from claimaudit.review.limits import ReviewLimits
from claimaudit.review.report import Progress, review_latex_claims
from claimaudit.server.advice import api_advice
from claimaudit.server.arxiv_downloads import ArxivDownloads
from claimaudit.server.config import DEFAULT_MAX_REVIEW_PAIRS, DEFAULT_WRITE_WAIT_SECONDS
from claimaudit.server.drafts import (
    check_markdown_bibliography,
    check_texts,
    latex_claims,
    review_inputs,
)
from claimaudit.server.judge_address import judge_failure_words
from claimaudit.server.judges import JudgePool, validate_model
from claimaudit.server.library_service import LibraryService
from claimaudit.server.sources import server_source

MAX_PAPERS_PER_CHECK = 50


@dataclass(frozen=True)
class Checked:
    """A check's records and the review threshold they were judged against (the request's,
    else the judge's fitted one, else the default): a client can say why a record needs review."""

    records: list[Record]
    threshold: float


@dataclass(frozen=True)
class Reviewed:
    """A reviewed draft and the review threshold its records were judged against."""

    result: ReviewResult
    threshold: float


class Service(LibraryService):
    """What the server does (see the module): the checking here, the library's calls from
    ``LibraryService``."""

    def __init__(
        self,
        library: Path,
        judges: JudgePool | None = None,
        max_review_pairs: int = DEFAULT_MAX_REVIEW_PAIRS,
        advice: Advice = api_advice,
        timeout: float | None = None,
        arxiv: ArxivDownloads | None = None,
        write_wait_seconds: float = DEFAULT_WRITE_WAIT_SECONDS,
    ) -> None:
        self.library = library
        # How long a write waits for another process's write lock: a client waits no 10 minutes.
        self.write_wait_seconds = write_wait_seconds
        self.arxiv = arxiv or ArxivDownloads()
        # ``--timeout``: each judge's request deadline and each plugin call's (None: 60 s).
        self.timeout = timeout
        # What records' errors advise: the HTTP API's requests, or the MCP server's tools.
        self.advice = advice
        self.judges = judges or JudgePool(timeout=timeout)
        self.review_limits = ReviewLimits(MAX_PAPERS_PER_CHECK, max_review_pairs)
        # Set once the library is made at start: from then on a missing file vanished, and
        # nothing (an upload included) makes a new empty one in its place.
        self.library_made = False

    # -- checking ----------------------------------------------------------------------------

    @contextmanager
    def _checker(
        self, judge: str | None, model: str | None, threshold: float | None, cache: bool
    ) -> Iterator[Checker]:
        """A checker with the pool's judge, held for the ``with`` block."""
        if threshold is not None and not 0.0 <= threshold <= 1.0:
            raise InvalidClaimError("the threshold must lie in [0, 1]")
        check_texts(judge=judge)
        validate_model(model)
        # An empty model is none given, as an empty judge is the default (the web page sends
        # none for an empty field): "model '' applies to the jev and openai judges" said nothing.
        model = model or None
        # The one checker factory, as everywhere. Judged results are kept in the library's
        # cache, shared by every worker and process using it.
        with (
            self._library_errors(),  # the results cache lives in the library
            self.judges.lease(judge, model) as chosen,
            closing(
                server_source(self.library, made_at_start=self.library_made, timeout=self.timeout)
            ) as source,
            make_checker(
                chosen,
                source=source,
                library=self.library,
                cache=cache,
                threshold=threshold,
                advice=self.advice,
            ) as checker,
        ):
            # A public user learns that the judge failed and why, never where it runs.
            checker.judge_failure_words = judge_failure_words(chosen)
            yield checker

    def close(self) -> None:
        """Release the judges and the arXiv client (at shutdown)."""
        self.judges.close()
        self.arxiv.close()

    def check(
        self,
        claim: str,
        papers: Sequence[str],
        *,
        topic: str | None = None,
        judge: str | None = None,
        model: str | None = None,
        threshold: float | None = None,
        cache: bool = True,
        cancel: threading.Event | None = None,
        on_progress: Progress | None = None,
    ) -> Checked:
        """One record per paper, as ``claimaudit check`` gives them.

        The request is validated before a judge is loaded, so its errors come first and fast.
        Once ``cancel`` is set (the client went away), no further paper is checked.
        ``on_progress(done, total)`` is called before the first paper and after each one.
        """
        self.validate_check(claim, papers, topic, model)
        _unless_cancelled(cancel, 0, len(papers))  # the client left while the check queued
        records: list[Record] = []
        with self._checker(judge, model, threshold, cache) as checker:
            if on_progress is not None:
                on_progress(0, len(papers))
            # The generator checks each paper when asked for it: none is begun once cancelled.
            for record in checker.iter_check(claim, papers, topic):
                records.append(record)
                if on_progress is not None:
                    on_progress(len(records), len(papers))
                if len(records) < len(papers):
                    _unless_cancelled(cancel, len(records), len(papers))
            return Checked(records, checker.policy.effective_threshold)

    @staticmethod
    def validate_check(
        claim: str, papers: Sequence[str], topic: str | None, model: str | None = None
    ) -> None:
        """Refuse a check that cannot be done, in the words every surface uses; the HTTP route
        asks first, so that a bad request is not queued behind running checks."""
        validate_claim(claim)
        validate_topic(topic)
        validate_papers(papers, MAX_PAPERS_PER_CHECK)
        validate_model(model)

    def review(
        self,
        markdown: str,
        *,
        bibliography: str | None = None,
        bibliography_format: BibFormat | None = None,
        bibliography_path: Path | None = None,
        topic: str | None = None,
        judge: str | None = None,
        model: str | None = None,
        threshold: float | None = None,
        cache: bool = True,
        cancel: threading.Event | None = None,
        on_progress: Progress | None = None,
    ) -> Reviewed:
        """Every cited sentence of a Markdown draft checked against its papers, as
        ``claimaudit review`` does. The bibliography comes as text (BibTeX, CSL-JSON or CSL
        YAML: ``bibliography_format``) or as a file on this machine (for local MCP clients),
        never both; without one, a draft whose front matter names a bibliography file is
        refused. A draft over the review limits is refused before anything is judged; once
        ``cancel`` is set, nothing more is.
        ``on_progress(done, total)`` counts the (sentence, paper) pairs judged."""
        bib = review_inputs(
            markdown, "Markdown", bibliography, bibliography_format, bibliography_path, topic
        )
        check_markdown_bibliography(markdown, bib)
        with self._checker(judge, model, threshold, cache) as checker:
            result = review_report(
                markdown,
                checker=checker,
                bibliography=bib,
                topic=topic,
                limits=self.review_limits,
                cancel=cancel,
                on_progress=on_progress,
            )
            return Reviewed(result, checker.policy.effective_threshold)

    def review_latex(
        self,
        latex: str,
        *,
        bibliography: str | None = None,
        bibliography_format: BibFormat | None = None,
        bibliography_path: Path | None = None,
        topic: str | None = None,
        judge: str | None = None,
        model: str | None = None,
        threshold: float | None = None,
        cache: bool = True,
        cancel: threading.Event | None = None,
        on_progress: Progress | None = None,
    ) -> Reviewed:
        """``review`` for a LaTeX draft sent as text: read on its own (an ``\\input`` is
        refused, there is nothing beside it), its ``thebibliography`` or ``bibliography``
        resolving its ``\\cite`` keys."""
        bib = review_inputs(
            latex, "LaTeX", bibliography, bibliography_format, bibliography_path, topic
        )
        found = latex_claims(latex, bib)
        with self._checker(judge, model, threshold, cache) as checker:
            result = review_latex_claims(
                found,
                checker=checker,
                topic=topic,
                limits=self.review_limits,
                cancel=cancel,
                on_progress=on_progress,
            )
            return Reviewed(result, checker.policy.effective_threshold)


def _unless_cancelled(cancel: threading.Event | None, done: int, total: int) -> None:
    if cancel is not None and cancel.is_set():
        raise CancelledWorkError(f"cancelled after {done} of {total} papers")
