"""What a remote worker is sent for a pair, and how it judges it with the very same checker.

The driver reads each paper from its source (the library: workers need no shared file system)
and looks the pair up in its results cache; the worker gets the paper (or how fetching it
failed) and the cached judgement, and runs ``Checker.check_paper`` with a source and a cache
that replay them. So a record judged on a worker is built by the same code, from the same
inputs, as one judged locally. A source that does not read the library (a search service such
as Valyu) is not replayed: each worker builds its own and fetches the excerpts itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from claimaudit.advice import Advice
from claimaudit.checker.cache import CacheKey
from claimaudit.checker.pipeline import Checker
from claimaudit.checker.policy import ReviewPolicy
from claimaudit.checker.selection import Ranker
from claimaudit.engines import PairRequest
from claimaudit.errors import InvalidReferenceError, JudgeError, SourceError
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.inputs import source_query
from claimaudit.judges.protocol import Judge
from claimaudit.records import CheckedRecord, Record
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper
from claimaudit.text.claimwords import has_content_words


@dataclass(frozen=True)
class FetchFailure:
    """How the driver's fetch failed: a SourceError (message, calls, backend) or a source's
    own bug (only its exception's class name reaches the record)."""

    message: str
    calls: int = 0
    backend: str | None = None
    bug: str | None = None  # the exception's class name when it was not a SourceError


@dataclass(frozen=True)
class ShippedPair:
    request: PairRequest
    # None: the worker fetches the paper itself (or the checker never gets as far).
    paper: SourcePaper | FetchFailure | None = None
    cached: CheckedRecord | None = None
    looked_up: bool = False  # the driver has a cache and the judge's answers can be cached


@dataclass(frozen=True)
class CheckerSpec:
    """The driver checker's settings a worker's checker must share to build the same record."""

    source_name: str
    worker_fetches: bool
    ranker: Ranker
    policy: ReviewPolicy
    max_passages: int
    max_chars: int
    advice: Advice | None = None  # a module's function, so that it pickles

    @classmethod
    def of(cls, checker: Checker) -> CheckerSpec:
        return cls(
            source_name=checker.source.name,
            worker_fetches=checker.source.library_use is LibraryUse.NONE,
            ranker=checker.ranker,
            policy=checker.policy,
            max_passages=checker.max_passages,
            max_chars=checker.max_chars,
            advice=checker.advice,
        )


def prepare(
    checker: Checker, spec: CheckerSpec, request: PairRequest
) -> tuple[ShippedPair, CacheKey | None]:
    """On the driver: the pair as shipped, and its cache key (kept on the driver)."""
    if not has_content_words(request.claim):
        return ShippedPair(request), None
    try:
        ref = parse_ref(request.paper)
    except InvalidReferenceError:
        return ShippedPair(request), None  # the worker's checker writes the same error
    if spec.worker_fetches:
        return ShippedPair(request), None
    paper = _fetch(checker, ref, request)
    key = None
    cached = None
    if isinstance(paper, SourcePaper) and ref.matches(paper.ref) and paper.passages:
        try:
            key = checker.cache_key_for(request.claim, ref, paper, request.topic)
        except JudgeError:
            key = None  # the worker's checker fails the same way, in the pair's record
        if key is not None and checker.cache is not None:
            try:
                cached = checker.cache.get(key)
            except Exception:
                cached = None  # a cache only saves time; as ``recall`` does
    return ShippedPair(request, paper, cached, key is not None), key


def _fetch(checker: Checker, ref: PaperRef, request: PairRequest) -> SourcePaper | FetchFailure:
    try:
        return checker.source.fetch(ref, source_query(request.claim, request.topic))
    except SourceError as error:
        # Worded here, with the driver's advice: the worker's checker has none.
        return FetchFailure(checker.said(error), error.calls, error.backend)
    except (Exception, SystemExit) as error:  # a plugin's sys.exit() too, as the checker's
        return FetchFailure(str(error), bug=type(error).__name__)


class ReplayedSource(Source):
    """The driver's fetch of one paper, replayed: the paper, or the same failure."""

    library_use = LibraryUse.READS

    def __init__(self, name: str, found: SourcePaper | FetchFailure | None) -> None:
        self.name = name
        self.found = found

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        found = self.found
        if isinstance(found, SourcePaper):
            return found
        if found is None:
            raise SourceError(f"{ref}: the driver sent no paper")  # a bug of the engine
        if found.bug is not None:
            # The checker names only the class of a source's own exception.
            raise type(found.bug, (Exception,), {})(found.message)
        raise SourceError(found.message, calls=found.calls, backend=found.backend)


@dataclass
class ReplayedCache:
    """The driver's cache read for one pair, and what the checker asks to keep (sent back)."""

    hit: CheckedRecord | None
    kept: CheckedRecord | None = field(default=None)

    def get(self, key: CacheKey) -> CheckedRecord | None:
        return self.hit

    def put(self, key: CacheKey, record: CheckedRecord) -> None:
        self.kept = record


def judge_shipped(
    spec: CheckerSpec, judge: Judge, source: Source | None, pair: ShippedPair
) -> tuple[Record, CheckedRecord | None]:
    """On the worker: the pair's record, and the judgement for the driver's cache (if any)."""
    cache = ReplayedCache(pair.cached) if pair.looked_up else None
    chosen = source if spec.worker_fetches and source is not None else None
    checker = Checker(
        source=chosen or ReplayedSource(spec.source_name, pair.paper),
        judge=judge,
        ranker=spec.ranker,
        policy=spec.policy,
        max_passages=spec.max_passages,
        max_chars=spec.max_chars,
        cache=cache,
        advice=spec.advice,
    )
    request = pair.request
    record = checker.check_paper(request.claim, request.paper, request.topic)
    return record, cache.kept if cache is not None else None
