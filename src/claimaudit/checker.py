"""The checking pipeline and the review policy.

claim + paper reference -> source (identity and version checked) -> evidence selection -> judge
(two Choice questions) -> answers validated -> evidence copied verbatim from the chosen passage ->
one review record. Every operational failure becomes a ``not_checked`` record; nothing here
turns a failure into a verdict, and nothing here imports a concrete backend.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import cast

from claimaudit.advice import Advice, advised
from claimaudit.cache import CacheKey, ResultCache, cache_key, keep, recall
from claimaudit.claimwords import has_content_words
from claimaudit.errors import (
    ClaimauditError,
    ContextLengthError,
    InvalidReferenceError,
    JudgeError,
    PluginError,
    SourceError,
)
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.inputs import (
    paper_list,
    paper_text,
    require_str,
    search_query,
    shown_ref,
    source_query,
    validate_claim,
    validate_papers,
    validate_topic,
)
from claimaudit.judges.protocol import (
    Case,
    ChoiceAnswer,
    Judge,
    JudgeReply,
    settled_confidence,
    validate_reply,
)
from claimaudit.judges.questions import EVIDENCE, NO_EVIDENCE, RELATION, build_decision
from claimaudit.passage import Passage, page_list
from claimaudit.plugins import require_judge, require_source
from claimaudit.policy import ReviewPolicy
from claimaudit.records import (
    RELATIONS,
    CheckedRecord,
    EvidenceScope,
    NotCheckedRecord,
    Record,
    Relation,
)
from claimaudit.redaction import redact_text, redact_url, reply_text
from claimaudit.selection import (
    MAX_CHARS,
    MAX_PASSAGES,
    Bm25Ranker,
    Ranker,
    Selection,
    check_budgets,
    offerable,
    select_candidates,
    unofferable_kinds,
)
from claimaudit.sources.protocol import Source, SourcePaper
from claimaudit.spending import Spent
from claimaudit.untrusted import scrub_surrogates
from claimaudit.vetting import vet_source_paper

_log = logging.getLogger(__name__)


@dataclass
class Checker:
    """Checks one claim against papers, one independent record per paper."""

    source: Source
    judge: Judge
    ranker: Ranker = field(default_factory=Bm25Ranker)
    policy: ReviewPolicy = field(default_factory=ReviewPolicy)
    max_passages: int = MAX_PASSAGES
    max_chars: int = MAX_CHARS
    # Judged results are reused from here when given (see ``claimaudit.cache``).
    cache: ResultCache | None = None
    # What ``close`` releases: the backends made for this checker (``make_checker`` sets it),
    # never ones a caller passed in, which stay the caller's to close.
    owned: tuple[Judge | Source, ...] = field(default=(), repr=False)
    # The advice of the surface the records are for, added to a source's failure (a paper
    # missing from the library: how to add it there); None states the failure alone.
    advice: Advice | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        # Backends from plugins enter here: one that breaks its contract is refused up front,
        # in one line, rather than failing on a missing part in the middle of a check.
        require_source(self.source)
        require_judge(self.judge)
        check_budgets(self.max_passages, self.max_chars)
        workers = self.judge.concurrency
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise PluginError(
                f"judge {self.judge.name!r} allows {workers!r} concurrent decisions, "
                "not a whole number of at least 1"
            )
        # No threshold given: the judge's own fitted one, fixed here for every record and
        # every cache read of this checker.
        self.policy = self.policy.for_judge(self.judge)

    def close(self) -> None:
        """Release the backends ``make_checker`` built for this checker (not ones passed in)."""
        for backend in self.owned:
            backend.close()

    def __enter__(self) -> Checker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

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
        return (self.check_paper(text, paper, topic) for paper in refs)

    def check_paper(self, claim: str, paper: str | PaperRef, topic: str | None = None) -> Record:
        """The record for one paper; the claim is taken as given (``iter_check`` validates
        it). Failures while checking are a ``NotCheckedRecord``, never an exception."""
        require_str(claim, "the claim")
        paper = paper_text(paper)
        if topic is not None:
            require_str(topic, "the topic")
        if not has_content_words(claim):
            # Callers validate first (validate_claim); this keeps a verdict from ever being
            # given to punctuation by one that did not (a draft's sentence, say).
            return NotCheckedRecord(
                claim=scrub_surrogates(claim),
                paperRef=scrub_surrogates(paper.strip()),
                error="the claim has no words to check",
            )
        try:
            ref = parse_ref(paper)
        except InvalidReferenceError as error:
            return NotCheckedRecord(
                claim=claim, paperRef=shown_ref(paper), error=redact_text(str(error))
            )
        try:
            return self._check_ref(claim, ref, topic)
        except Exception as error:
            # A bug anywhere below is an operational failure of this paper alone, never a
            # verdict; the traceback goes to the debug log, not to the record.
            _log.debug("checking %s failed", ref, exc_info=True)
            return self._failure(claim, ref, f"check failed: {type(error).__name__}")

    def _check_ref(self, claim: str, ref: PaperRef, topic: str | None) -> Record:
        query = search_query(claim, topic)
        try:
            found = self.source.fetch(ref, source_query(claim, topic))
        except SourceError as error:
            spent = {error.backend or self.source.name: error.calls} if error.calls else {}
            return self._failure(claim, ref, self.said(error), calls=spent)
        except Exception as error:
            # A source's own bug (a plugin, say): as above, never a verdict.
            _log.debug("source %r failed on %s", self.source.name, ref, exc_info=True)
            message = f"source {self.source.name!r} failed: {type(error).__name__}"
            return self._failure(claim, ref, message)
        # From here the source's requests are spent: every record below accounts for them.
        try:
            found = vet_source_paper(ref, found, self.source.name)
        except SourceError as error:
            return self._failure(claim, ref, self.said(error), calls=self._calls(found))
        key = self.cache_key_for(claim, ref, found, topic)
        if key is not None and self.cache is not None:
            cached = recall(self.cache, key, found, self._calls(found), self.policy)
            if cached is not None:
                return cached
        record = self._judge(claim, ref, found, query, topic)
        if key is not None and self.cache is not None and isinstance(record, CheckedRecord):
            keep(self.cache, key, record)
        return record

    def cache_key_for(
        self, claim: str, ref: PaperRef, paper: SourcePaper, topic: str | None
    ) -> CacheKey | None:
        """The results-cache key of this question (None without a cache, or for a judge whose
        answers are never cached); an engine that judges elsewhere looks the cache up with it."""
        if self.cache is None:
            return None
        selection = f"{type(self.ranker).__name__}:{self.max_passages}:{self.max_chars}"
        return cache_key(claim, topic, ref, paper, self.judge, selection)

    def _calls(self, paper: SourcePaper, judge_calls: int = 0) -> dict[str, int]:
        """Backend requests by backend name, leaving out backends that made none."""
        counts = {paper.backend or self.source.name: paper.calls}
        counts[self.judge.name] = counts.get(self.judge.name, 0) + judge_calls
        return {name: count for name, count in counts.items() if count}

    def _judge(
        self, claim: str, ref: PaperRef, paper: SourcePaper, query: str, topic: str | None
    ) -> Record:
        """Put the questions to the judge; its failures become a ``not_checked`` record. When
        the prompt overflowed a context window the server named, the judge now knows the
        window: the evidence is fitted to it and the questions are asked once more."""
        spent = Spent()
        tried: Selection | None = None
        overflow = ""
        for _ in range(2):
            selection: Selection | None = None
            try:
                selection = self._select(claim, paper, query, topic, spent)
                if tried is not None and selection.passages == tried.passages:
                    break  # fitting changed nothing: asking again would overflow again
                return self._decide(claim, ref, paper, query, topic, selection, spent)
            except JudgeError as error:
                spent.add(error.calls, error.usage)
                asked = selection is not None and tried is None
                if not (asked and isinstance(error, ContextLengthError) and error.window):
                    return self._judge_failure(claim, ref, paper, str(error), spent)
                overflow, tried = str(error), selection
        return self._judge_failure(claim, ref, paper, overflow, spent)

    def _select(
        self, claim: str, paper: SourcePaper, query: str, topic: str | None, spent: Spent
    ) -> Selection:
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
            with self._asking(spent):
                fitted = self.judge.fit_evidence(frame, _copies(ranked), limit)
                if fitted is not None and not {p.passage_id for p in fitted} <= {
                    p.passage_id for p in ranked
                }:
                    raise JudgeError(
                        f"judge {self.judge.name!r} fitted passages it was not offered"
                    )
                return fitted

        selection = select_candidates(
            query, paper.passages, self.ranker, self.max_passages, self.max_chars, fit
        )
        if not selection.passages:
            raise JudgeError("no passage fits the evidence budget; nothing was sent to the judge")
        return selection

    def _decide(
        self,
        claim: str,
        ref: PaperRef,
        paper: SourcePaper,
        query: str,
        topic: str | None,
        selection: Selection,
        spent: Spent,
    ) -> CheckedRecord:
        case = Case(
            claim=claim,
            paper_title=paper.title,
            passages=_copies(selection.passages),
            topic=topic,
        )
        decision = build_decision(case)
        with self._asking(spent):
            reply = self.judge.decide(decision)
        if not isinstance(reply, JudgeReply):
            raise JudgeError(
                f"judge {self.judge.name!r} returned {type(reply).__name__}, not a JudgeReply"
            )
        spent.add(reply.calls, reply.usage)
        if not isinstance(reply.answers, Mapping):
            raise JudgeError(
                f"judge {self.judge.name!r} gave its answers as {type(reply.answers).__name__}, "
                "not a mapping"
            )
        if not isinstance(reply.model, str):
            # The record's "model" is text; anything else failed later as a bare ValidationError.
            raise JudgeError(
                f"judge {self.judge.name!r} gave its model as {type(reply.model).__name__}, "
                "not a string"
            )
        validate_reply(reply, decision, self.judge.name)
        relation: ChoiceAnswer = reply.answers[RELATION]
        evidence: ChoiceAnswer = reply.answers[EVIDENCE]
        relation_confidence = settled_confidence(relation)
        evidence_confidence = settled_confidence(evidence)
        chosen = None if evidence.choice == NO_EVIDENCE else evidence.choice
        # Code copies the passage, from the source's own objects; the judge only names it.
        passage = next((p for p in selection.passages if p.passage_id == chosen), None)
        scope: EvidenceScope = "full_text" if selection.complete else "selected_passages"
        if not paper.full_text:
            scope = "search_excerpts"
        return CheckedRecord(
            claim=claim,
            paperRef=str(ref),
            matchedRef=str(paper.ref),
            # Every backend's text, a plugin's included, as built-in ones keep theirs: one line,
            # no escape sequence a terminal would obey, no key a backend echoed.
            paperTitle=reply_text(paper.title),
            paperUrl=redact_url(paper.url) if paper.url else None,
            searchQuery=paper.search_query or query,
            evidenceScope=scope,
            retrievedAt=paper.retrieved_at,
            judge=self.judge.name,
            model=reply_text(reply.model),
            verdict=cast(Relation, relation.choice),  # validated above
            confidence=relation_confidence,
            probabilities=_relation_probabilities(relation),
            evidencePassageId=chosen,
            evidenceSection=passage.section if passage else None,
            evidencePages=page_list(passage.pages) if passage else None,
            evidence=passage.text if passage else None,
            evidenceConfidence=evidence_confidence,
            passagesConsidered=selection.considered,
            passagesSelected=selection.selected,
            needsReview=self.policy.needs_review(
                relation.choice,
                relation_confidence,
                evidence_confidence,
                chosen,
                reply.review_notes,
            ),
            reviewNotes=list(reply.review_notes),
            probabilitiesAvailable=(
                relation.probabilities_available and evidence.probabilities_available
            ),
            calls=self._calls(paper, spent.calls),
            judgeTokens=spent.tokens(),
            judgeSeconds=round(spent.seconds, 3),
        )

    @contextmanager
    def _asking(self, spent: Spent) -> Iterator[None]:
        """Time a call into the judge; a judge's own bug (a plugin, say) is still an operational
        failure of this paper: it must not become a verdict, nor stop the other papers."""
        start = time.perf_counter()
        try:
            yield
        except JudgeError:
            raise
        except Exception as error:
            _log.debug("judge %r failed", self.judge.name, exc_info=True)
            raise JudgeError(f"judge {self.judge.name!r} failed: {type(error).__name__}") from None
        finally:
            spent.seconds += time.perf_counter() - start

    def _judge_failure(
        self, claim: str, ref: PaperRef, paper: SourcePaper, error: str, spent: Spent
    ) -> NotCheckedRecord:
        record = self._failure(claim, ref, error, paper.url, self._calls(paper, spent.calls))
        return record.model_copy(
            update={"judge_tokens": spent.tokens(), "judge_seconds": round(spent.seconds, 3)}
        )

    @staticmethod
    def _failure(
        claim: str,
        ref: PaperRef,
        error: str,
        url: str | None = None,
        calls: dict[str, int] | None = None,
    ) -> NotCheckedRecord:
        return NotCheckedRecord(
            claim=claim,
            paperRef=str(ref),
            paperUrl=redact_url(url) if url else ref.url,
            # Messages come from backends and plugins: no credential in a URL may survive.
            error=redact_text(error),
            calls=calls or {},
        )


def _copies(passages: Sequence[Passage]) -> tuple[Passage, ...]:
    """Copies to hand a judge (a plugin, say): whatever it does to them, even to a frozen
    passage, the source's own objects, which are judged and quoted, stay as they were."""
    return tuple(replace(p) for p in passages)


def _relation_probabilities(answer: ChoiceAnswer) -> dict[str, float] | None:
    if answer.probabilities is None:
        return None
    return {label: float(answer.probabilities[label]) for label in RELATIONS}
