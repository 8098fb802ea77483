"""The decision step of a check: the judge asked, its answers on the selected passages made
into a record, and a failure made into a ``not_checked`` one.

The judge only chooses: a relation and a passage id. Code checks the reply, computes the
confidence from the probabilities, copies the evidence from the source's own passage, and
decides with the review policy whether a human must look. The pipeline around it (source,
vetting, cache, selection, a second try after a context overflow) is
``claimaudit.checker.pipeline``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import cast

from claimaudit.checker.policy import ReviewPolicy
from claimaudit.checker.selection import Selection
from claimaudit.checker.spending import Spent, is_count
from claimaudit.errors import JudgeError
from claimaudit.guards.untrusted import scrub_surrogates
from claimaudit.identity import PaperRef
from claimaudit.inputs import MAX_MODEL_CHARS
from claimaudit.judges.protocol import (
    PASSAGES_READ,
    Case,
    ChoiceAnswer,
    Judge,
    JudgeReply,
    settled_confidence,
    validate_reply,
)
from claimaudit.judges.questions import EVIDENCE, NO_EVIDENCE, RELATION, build_decision
from claimaudit.net.redaction import backend_text, redact_text, redact_url, reply_text
from claimaudit.passage import Passage, page_list
from claimaudit.records import (
    RELATIONS,
    CheckedRecord,
    EvidenceScope,
    NotCheckedRecord,
    Relation,
)
from claimaudit.sources.protocol import SourcePaper
from claimaudit.text.plain import capped

# The checker's log: a judge's bug is logged under the name its --debug lines always had.
_log = logging.getLogger("claimaudit.checker.pipeline")
# How much of an ImportError's message a reason keeps (they are a line or two).
_MAX_IMPORT_TEXT = 300


def decide(
    judge: Judge,
    policy: ReviewPolicy,
    *,
    claim: str,
    ref: PaperRef,
    paper: SourcePaper,
    query: str,
    topic: str | None,
    selection: Selection,
    spent: Spent,
    source: str,
) -> CheckedRecord:
    """Put the two questions on ``selection`` to ``judge`` and make its reply a record.
    ``source``: the name the paper's requests are counted under when it names no backend.
    Raises JudgeError for a failure, or a reply that breaks the judge's contract."""
    case = Case(
        claim=claim,
        paper_title=paper.title,
        passages=copies(selection.passages),
        topic=topic,
    )
    decision = build_decision(case)
    with asking(judge, spent):
        reply = judge.decide(decision)
    if not isinstance(reply, JudgeReply):
        raise JudgeError(f"judge {judge.name!r} returned {type(reply).__name__}, not a JudgeReply")
    spent.add(reply.calls, reply.usage, judge.name)
    if not isinstance(reply.answers, Mapping):
        raise JudgeError(
            f"judge {judge.name!r} gave its answers as {type(reply.answers).__name__}, "
            "not a mapping"
        )
    if not isinstance(reply.model, str):
        # The record's "model" is text; anything else failed later as a bare ValidationError.
        raise JudgeError(
            f"judge {judge.name!r} gave its model as {type(reply.model).__name__}, not a string"
        )
    validate_reply(reply, decision, judge.name)
    relation: ChoiceAnswer = reply.answers[RELATION]
    evidence: ChoiceAnswer = reply.answers[EVIDENCE]
    relation_confidence = settled_confidence(relation)
    evidence_confidence = settled_confidence(evidence)
    chosen = None if evidence.choice == NO_EVIDENCE else evidence.choice
    # Code copies the passage, from the source's own objects; the judge only names it.
    passage = next((p for p in selection.passages if p.passage_id == chosen), None)
    read = passages_read(reply.usage, selection.selected)
    # The full text only when the judge read every passage of it, not only was given them all.
    whole = selection.complete and read in (None, selection.selected)
    scope: EvidenceScope = "full_text" if whole else "selected_passages"
    if not paper.full_text:
        scope = "search_excerpts"
    return CheckedRecord(
        claim=claim,
        paperRef=str(ref),
        matchedRef=str(paper.ref),
        # Every backend's text, a plugin's included, as built-in ones keep theirs: one line,
        # no escape sequence a terminal would obey, no key a backend echoed (the search query
        # and review notes below alike; a passage's section is cleaned when it is vetted).
        paperTitle=reply_text(paper.title),
        paperUrl=redact_url(paper.url) if paper.url else None,
        searchQuery=backend_text(paper.search_query) if paper.search_query else query,
        evidenceScope=scope,
        retrievedAt=paper.retrieved_at,
        paperContentHash=paper.content_hash,
        paperExtractor=paper.extractor,
        judge=judge.name,
        # A judge's id has no limit of its own: a 1 MB one would fill every record.
        model=capped(reply_text(reply.model), MAX_MODEL_CHARS),
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
        passagesRead=read,
        needsReview=policy.needs_review(
            relation.choice,
            relation_confidence,
            evidence_confidence,
            chosen,
            reply.review_notes,
        ),
        reviewNotes=[backend_text(note) for note in reply.review_notes],
        probabilitiesAvailable=(
            relation.probabilities_available and evidence.probabilities_available
        ),
        calls=backend_calls(paper, source, judge.name, spent.calls),
        judgeTokens=spent.tokens(),
        judgeSeconds=round(spent.seconds, 3),
    )


@contextmanager
def asking(judge: Judge, spent: Spent) -> Iterator[None]:
    """Time a call into the judge; a judge's own bug (a plugin, say) is still an operational
    failure of this paper: it must not become a verdict, nor stop the other papers."""
    start = time.perf_counter()
    try:
        yield
    except JudgeError:
        raise
    # SystemExit too: a plugin calling sys.exit() ended the whole run, nothing written, as
    # one exiting while loading did. Ctrl-C and SIGTERM (KeyboardInterrupt) still stop it.
    except (Exception, SystemExit) as error:
        _log.debug("judge %r failed", judge.name, exc_info=True)
        raise JudgeError(f"judge {judge.name!r} failed: {failure_text(error)}") from None
    finally:
        spent.seconds += time.perf_counter() - start


def failure_text(error: BaseException) -> str:
    """A judge's or a source's unexpected error as its reason: the class alone (a bug's text
    says nothing to a user), but an ImportError's message too, as it names what is missing or
    does not fit the installation, which the user can fix. One line, redacted, cut short."""
    name = type(error).__name__
    if not isinstance(error, ImportError):
        return name
    text = backend_text(str(error))
    if not text:
        return name
    return f"{name}: {text if len(text) <= _MAX_IMPORT_TEXT else text[:_MAX_IMPORT_TEXT] + '...'}"


def side_calls(judge: Judge) -> int:
    """The requests ``judge`` sent on this thread outside ``decide`` that no record has counted
    yet (the openai judge's look-up of its context window for a cache key, or the token counts of
    a fitting no question followed), taken for the record being made. Optional, beyond the
    contract: a judge without ``take_side_calls`` (or whose answer is not a count) has none."""
    take = getattr(judge, "take_side_calls", None)
    if not callable(take):
        return 0
    try:
        taken = take()
    except Exception:
        return 0  # only a count is lost, never the record
    return taken if is_count(taken) else 0


def backend_calls(
    paper: SourcePaper, source: str, judge: str, judge_calls: int = 0
) -> dict[str, int]:
    """Backend requests by backend name, leaving out backends that made none. ``source`` and
    ``judge``: the names of the checker's source (when the paper names no backend) and judge."""
    counts = {paper.backend or source: paper.calls}
    counts[judge] = counts.get(judge, 0) + judge_calls
    return {name: count for name, count in counts.items() if count}


def failure(
    claim: str,
    ref: PaperRef,
    error: str,
    url: str | None = None,
    calls: dict[str, int] | None = None,
) -> NotCheckedRecord:
    """The ``not_checked`` record of a paper whose check failed with ``error``."""
    return NotCheckedRecord(
        claim=claim,
        paperRef=str(ref),
        paperUrl=redact_url(url) if url else ref.url,
        # Messages come from backends and plugins: no credential in a URL may survive, and no
        # lone surrogate (a plugin's message), which no record may hold: it cannot be written.
        # A plugin's error may say nothing ("" or spaces): a record always says why.
        error=scrub_surrogates(redact_text(error)).strip() or "the check failed without a message",
        calls=calls or {},
    )


def judge_failure(
    claim: str,
    ref: PaperRef,
    paper: SourcePaper,
    error: str,
    spent: Spent,
    calls: dict[str, int],
) -> NotCheckedRecord:
    """A failure after the paper was read: it notes what asking the judge had cost."""
    record = failure(claim, ref, error, paper.url, calls)
    return record.model_copy(
        update={"judge_tokens": spent.tokens(), "judge_seconds": round(spent.seconds, 3)}
    )


def passages_read(usage: object, selected: int) -> int | None:
    """How many of the ``selected`` passages the judge said its model read (``PASSAGES_READ``
    in its usage), or None when it said nothing usable: a figure that is no count, or more
    than it was given, is no statement about this record (the verdict stands)."""
    if not isinstance(usage, Mapping):
        return None
    read = usage.get(PASSAGES_READ)
    return read if is_count(read) and read <= selected else None


def copies(passages: Sequence[Passage]) -> tuple[Passage, ...]:
    """Copies to hand a judge (a plugin, say): whatever it does to them, even to a frozen
    passage, the source's own objects, which are judged and quoted, stay as they were."""
    return tuple(replace(p) for p in passages)


def _relation_probabilities(answer: ChoiceAnswer) -> dict[str, float] | None:
    if answer.probabilities is None:
        return None
    return {label: float(answer.probabilities[label]) for label in RELATIONS}
