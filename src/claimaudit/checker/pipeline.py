"""The checking pipeline.

claim + paper reference -> source (identity and version checked) -> evidence selection -> judge
(two Choice questions) -> answers validated -> evidence copied verbatim from the chosen passage ->
one review record. Every operational failure becomes a ``not_checked`` record; nothing here
turns a failure into a verdict, and nothing here imports a concrete backend. The decision step
(the judge's reply made into a record, a failure into a ``not_checked`` one) is
``claimaudit.checker.decision``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from claimaudit.advice import Advice, advised
from claimaudit.backends.backend_output import prints_to_stderr
from claimaudit.backends.closing import close_all
from claimaudit.backends.contracts import require_judge, require_source
from claimaudit.checker.args import (
    backend_attribute,
    backend_name,
    check_backend_arg,
    check_checker_cache,
    check_checker_settings,
    check_judge_name,
)
from claimaudit.checker.cache import CacheKey, ResultCache, cache_key, keep, recall
from claimaudit.checker.decision import (
    asking,
    backend_calls,
    copies,
    decide,
    failure,
    failure_text,
    judge_failure,
    side_calls,
)
from claimaudit.checker.policy import ReviewPolicy
from claimaudit.checker.readings import reading_marks
from claimaudit.checker.selection import (
    MAX_CHARS,
    MAX_PASSAGES,
    Bm25Ranker,
    Ranker,
    Selection,
    check_budgets,
    offerable,
    ranking_settings,
    select_candidates,
    unofferable_kinds,
    vet_fitted,
)
from claimaudit.checker.spending import Spent
from claimaudit.checker.vetting import vet_source_paper
from claimaudit.closing import Closing
from claimaudit.errors import (
    ClaimauditError,
    ContextLengthError,
    InvalidReferenceError,
    JudgeError,
    PluginError,
    SourceError,
)
from claimaudit.guards.untrusted import scrub_surrogates
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.inputs import (
    as_asked,
    paper_list,
    paper_text,
    ranking_query,
    require_text,
    search_query,
    shown_ref,
    source_query,
    topic_reordered,
    validate_claim,
    validate_papers,
    validate_topic,
)
from claimaudit.judges.protocol import Case, Judge
from claimaudit.net.redaction import redact_text
from claimaudit.passage import Passage
from claimaudit.records import CheckedRecord, NotCheckedRecord, Record
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper, as_library_use
from claimaudit.text.claimwords import has_content_words

_log = logging.getLogger(__name__)

# The editions one check judged, (reference read, content hash), by the reference judged as each.
Judged = dict[tuple[str, str | None], PaperRef]


def _same_paper(first: PaperRef, ref: PaperRef, edition: PaperRef) -> str:
    """Why ``ref`` is not judged: it was read as ``edition``, which ``first`` was judged as in
    this check. Judged again it was a second, identical record of one paper (a count of two
    papers supporting the claim), at a second judge's cost."""
    return (
        f"{first} and {ref} are the same paper here (both read as {edition}): "
        f"it is checked once, in the record of {first}"
    )


@dataclass
class Checker(Closing):
    """Checks one claim against papers, one independent record per paper."""

    source: Source
    judge: Judge
    ranker: Ranker = field(default_factory=Bm25Ranker)
    policy: ReviewPolicy = field(default_factory=ReviewPolicy)
    max_passages: int = MAX_PASSAGES
    max_chars: int = MAX_CHARS
    # Judged results are reused from here when given (see ``claimaudit.checker.cache``).
    cache: ResultCache | None = None
    # What ``close`` releases: the backends made for this checker (``make_checker`` sets it),
    # never ones a caller passed in, which stay the caller's to close.
    owned: tuple[Judge | Source, ...] = field(default=(), repr=False)
    # The advice of the surface the records are for, added to a source's failure (a paper
    # missing from the library: how to add it there); None states the failure alone.
    advice: Advice | None = field(default=None, repr=False)
    # How the surface the records are for words a judge's failure; None keeps it as the judge
    # said it. The server's public records must not show its judge's address (``server``).
    judge_failure_words: Callable[[str], str] | None = field(default=None, repr=False)
    # Whether the source reads the library: only then are a paper's content hash and reader
    # the library's (set from its ``library_use`` when the checker is built).
    _reads_library: bool = field(default=True, init=False, repr=False)

    def __post_init__(self) -> None:
        # Backends from plugins enter here: one that breaks its contract is refused up front,
        # in one line, rather than failing on a missing part in the middle of a check. A name
        # or a class in their place is the caller's mistake, said as such first.
        check_backend_arg(self.judge, "judge", "Judge")
        check_backend_arg(self.source, "source", "Source")
        check_checker_cache(self.cache)
        check_checker_settings(self.policy, self.ranker, self.advice, self.judge_failure_words)
        require_source(self.source)
        require_judge(self.judge)
        check_judge_name(self.judge)
        # Records and messages name the source by it: one that raises is refused here, in one
        # line, not as its bare exception in the middle of a check.
        backend_name(self.source, "source")
        check_budgets(self.max_passages, self.max_chars)
        workers = backend_attribute(self.judge, "concurrency", "judge")
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise PluginError(
                f"judge {self.judge.name!r} allows {workers!r} concurrent decisions, "
                "not a whole number of at least 1"
            )
        # No threshold given: the judge's own fitted one, fixed here for every record and
        # every cache read of this checker.
        self.policy = self.policy.for_judge(self.judge)
        # Read by every caller before a check (is the library used?): a failure is said here.
        use = backend_attribute(self.source, "library_use", "source")
        # A string other than a LibraryUse's value would pass every ``is LibraryUse.NONE`` test
        # as a source that opens the library: refused here, naming the source.
        use = as_library_use(use, str(getattr(self.source, "name", type(self.source).__name__)))
        self._reads_library = use is not LibraryUse.NONE

    def close(self) -> None:
        """Release the backends ``make_checker`` built for this checker (not ones passed in)."""
        # One that fails to close is a warning: the records are made, and must not be lost.
        close_all(self.owned)

    def said(self, error: ClaimauditError) -> str:
        """``error`` as a record of this checker says it: with its surface's advice, if any."""
        return advised(error, self.advice) if self.advice is not None else str(error)

    def check(
        self, claim: str, papers: Iterable[str | PaperRef], topic: str | None = None
    ) -> list[Record]:
        """One record per paper, in the order given (see ``iter_check``)."""
        return list(self.iter_check(claim, papers, topic))

    def iter_check(
        self, claim: str, papers: Iterable[str | PaperRef], topic: str | None = None
    ) -> Iterator[Record]:
        """Each paper's record as soon as it is done. ``papers``: references as strings or
        ``PaperRef``s. An unusable request (a bad claim or topic, no or duplicate papers, a
        value that is no reference) raises InvalidClaimError here, before any paper is read;
        a paper that cannot be checked is a ``NotCheckedRecord``, never an exception."""
        text = validate_claim(claim)
        validate_topic(topic)
        refs = paper_list(papers)  # one string is refused; an iterator is read once
        validate_papers(refs)
        # Two references can name one edition (arXiv:X is read as the arXiv:Xv2 stored, which
        # is given too): that is known only once each is read, and it is judged once.
        judged: Judged = {}
        return (self.check_paper(text, paper, topic, judged=judged) for paper in refs)

    def check_paper(
        self,
        claim: str,
        paper: str | PaperRef,
        topic: str | None = None,
        *,
        judged: Judged | None = None,
    ) -> Record:
        """The record for one paper; the claim is taken as given (``iter_check`` validates
        it). Failures while checking are a ``NotCheckedRecord``, never an exception.
        ``judged``: the editions this check judged so far, by the reference judged as each; a
        paper read as one of them is not judged again (``_same_paper``), and one judged here
        is added."""
        # Valid text too: a lone surrogate made records that could not be written out.
        require_text(claim, "the claim")
        paper = paper_text(paper)
        # As asked here too, for callers that did not validate: the same words in either
        # Unicode form, or with a soft hyphen inside, are one question, one key, one answer.
        claim = as_asked(claim)
        if topic is not None:
            require_text(topic, "the topic")
            # Spaced as the cache keys it: a judge shown "sparse    matrices" in its prompt
            # got another question than the one its cached answer is reused for.
            topic = " ".join(as_asked(topic).split())
        if not has_content_words(claim):
            # Callers validate first (validate_claim); this keeps a verdict from ever being
            # given to punctuation by one that did not (a draft's sentence, say).
            return NotCheckedRecord(
                claim=scrub_surrogates(claim),
                paperRef=shown_ref(paper),
                error="the claim has no words to check",
            )
        try:
            ref = parse_ref(paper)
        except InvalidReferenceError as error:
            return NotCheckedRecord(
                claim=claim, paperRef=shown_ref(paper), error=redact_text(self.said(error))
            )
        try:
            # A backend that prints while it fetches or judges must not corrupt stdout.
            with prints_to_stderr():
                return self._check_ref(claim, ref, topic, judged)
        except Exception as error:
            # A bug anywhere below is an operational failure of this paper alone, never a
            # verdict; the traceback goes to the debug log, not to the record.
            _log.debug("checking %s failed", ref, exc_info=True)
            return failure(claim, ref, f"check failed: {failure_text(error)}")

    def _check_ref(
        self, claim: str, ref: PaperRef, topic: str | None, judged: Judged | None
    ) -> Record:
        query = search_query(claim, topic)
        try:
            found = self.source.fetch(ref, source_query(claim, topic))
        except SourceError as error:
            spent = {error.backend or self.source.name: error.calls} if error.calls else {}
            return failure(claim, ref, self.said(error), calls=spent)
        except (Exception, SystemExit) as error:
            # A source's own bug (a plugin, say): as above, never a verdict (its sys.exit() too,
            # as a judge's). A module it cannot import is named, as for a judge:
            # "ModuleNotFoundError" alone left the user to guess.
            _log.debug("source %r failed on %s", self.source.name, ref, exc_info=True)
            message = f"source {self.source.name!r} failed: {failure_text(error)}"
            return failure(claim, ref, message)
        # From here the source's requests are spent: every record below accounts for them
        # (the vetting error carries them, once they are known to be a count).
        try:
            found = vet_source_paper(ref, found, self.source.name)
        except SourceError as error:
            spent = {error.backend or self.source.name: error.calls} if error.calls else {}
            return failure(claim, ref, self.said(error), calls=spent)
        if not self._reads_library and (found.content_hash, found.extractor) != (None, None):
            # The library's hash and reader of what was read, from a source that never reads
            # it: naming a content no library holds, it made every record "judged as an older
            # reader read it" and no judgement cached (none is kept for content not stored).
            found = replace(found, content_hash=None, extractor=None)
        edition = (str(found.ref), found.content_hash)
        first = judged.get(edition) if judged is not None else None
        if first is not None:
            return failure(claim, ref, _same_paper(first, ref, found.ref), calls=self._calls(found))
        record = self._answer(claim, ref, found, query, topic)
        if judged is not None and isinstance(record, CheckedRecord):
            judged.setdefault(edition, ref)
        return record

    def _answer(
        self, claim: str, ref: PaperRef, found: SourcePaper, query: str, topic: str | None
    ) -> Record:
        """The record of ``found``, read for ``ref``: the cached answer, else the judge's."""
        try:
            key = self.cache_key_for(claim, ref, found, topic)
        except JudgeError as error:
            # The judge's part of the key failed (a plugin's cache_identity): named, not judged.
            return self._judge_failure(claim, ref, found, str(error), Spent())
        # The key may have cost requests (the openai judge asks its server's context window):
        # this record's, whether it comes from the cache or is judged.
        keyed = side_calls(self.judge)
        if key is not None and self.cache is not None:
            cached = recall(self.cache, key, found, self._calls(found, keyed), self.policy)
            if cached is not None:
                return cached
        record = self._judge(claim, ref, found, query, topic, Spent(calls=keyed))
        if key is not None and self.cache is not None and isinstance(record, CheckedRecord):
            # Under the judge's identity as it judged: one that learned its context window from
            # an overflow meanwhile read other evidence than the first key names.
            keep(self.cache, self._key_after(claim, ref, found, topic) or key, record)
        return record

    def cache_key_for(
        self, claim: str, ref: PaperRef, paper: SourcePaper, topic: str | None
    ) -> CacheKey | None:
        """The results-cache key of this question (None without a cache, or for a judge whose
        answers are never cached); an engine that judges elsewhere looks the cache up with it."""
        if self.cache is None:
            return None
        selection = ranking_settings(self.ranker, self.max_passages, self.max_chars)
        query = ranking_query(claim, topic)
        if topic_reordered(claim, topic):
            # Answers cached before the topic's words came first were ranked without some of
            # them: such a question is asked afresh.
            selection += ":topic-first"
        texts = [f"{p.text}\n{p.section or ''}" for p in paper.passages]
        # What the rankers read otherwise than they once did (``checker.readings``).
        selection += reading_marks(query, texts)
        return cache_key(claim, topic, ref, paper, self.judge, selection)

    def _key_after(
        self, claim: str, ref: PaperRef, paper: SourcePaper, topic: str | None
    ) -> CacheKey | None:
        """The key once judged; None when it fails now (the record stands, under the first)."""
        try:
            return self.cache_key_for(claim, ref, paper, topic)
        except JudgeError:
            return None

    def _calls(self, paper: SourcePaper, judge_calls: int = 0) -> dict[str, int]:
        return backend_calls(paper, self.source.name, self.judge.name, judge_calls)

    def _judge(
        self,
        claim: str,
        ref: PaperRef,
        paper: SourcePaper,
        query: str,
        topic: str | None,
        spent: Spent,
    ) -> Record:
        """Put the questions to the judge; its failures become a ``not_checked`` record. When
        the prompt overflowed a context window the server named, the judge now knows the
        window: the evidence is fitted to it and the questions are asked once more. ``spent``:
        what the record already cost."""
        tried: Selection | None = None
        overflow = ""
        for _ in range(2):
            selection: Selection | None = None
            try:
                selection = self._select(claim, paper, topic, spent)
                if tried is not None and selection.passages == tried.passages:
                    break  # fitting changed nothing: asking again would overflow again
                return decide(
                    self.judge,
                    self.policy,
                    claim=claim,
                    ref=ref,
                    paper=paper,
                    query=query,
                    topic=topic,
                    selection=selection,
                    spent=spent,
                    source=self.source.name,
                )
            except JudgeError as error:
                spent.add(error.calls, error.usage, self.judge.name)
                asked = selection is not None and tried is None
                if not (asked and isinstance(error, ContextLengthError) and error.window):
                    return self._judge_failure(claim, ref, paper, str(error), spent)
                overflow, tried = str(error), selection
        return self._judge_failure(claim, ref, paper, overflow, spent)

    def _select(self, claim: str, paper: SourcePaper, topic: str | None, spent: Spent) -> Selection:
        if paper.passages and not offerable(paper.passages):
            # Not a budget matter: nothing is there to judge, so the judge is not even asked
            # to fit it.
            only = " and ".join(unofferable_kinds(paper.passages))
            raise JudgeError(
                f"the paper has no passage of text to judge (only {only}); nothing was "
                "sent to the judge"
            )
        frame = Case(claim=claim, paper_title=paper.title, passages=(), topic=topic)

        def fit(ranked: Sequence[Passage], limit: int) -> Sequence[Passage] | None:
            with asking(self.judge, spent):
                fitted = self.judge.fit_evidence(frame, copies(ranked), limit)
                if fitted is not None:
                    vet_fitted(self.judge.name, fitted, ranked)
                return fitted

        query = ranking_query(claim, topic)
        selection = select_candidates(
            query, paper.passages, self.ranker, self.max_passages, self.max_chars, fit
        )
        if not selection.passages:
            raise JudgeError("no passage fits the evidence budget; nothing was sent to the judge")
        return selection

    def _judge_failure(
        self, claim: str, ref: PaperRef, paper: SourcePaper, error: str, spent: Spent
    ) -> NotCheckedRecord:
        # A fitting no question followed (it changed nothing after an overflow) still sent its
        # requests: this record's, not the next one judged on this thread.
        spent.calls += side_calls(self.judge)
        if self.judge_failure_words is not None:
            error = self.judge_failure_words(error)
        return judge_failure(claim, ref, paper, error, spent, self._calls(paper, spent.calls))
