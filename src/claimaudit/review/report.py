"""``review_report`` and ``review_latex``: each cited sentence of a Markdown report or a LaTeX
draft checked against its papers (and, with a verifier, each reference against the catalogues)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace

from claimaudit.checker.pipeline import Checker
from claimaudit.engines import Engine
from claimaudit.errors import DraftError, InputError, InvalidClaimError
from claimaudit.guards.userfiles import PathArg, as_path
from claimaudit.inputs import validate_claim, validate_topic
from claimaudit.records import NotCheckedRecord, Record
from claimaudit.refcheck.verify import ReferenceVerifier
from claimaudit.review.annotate import annotate
from claimaudit.review.arguments import check_draft_path, check_review_args, check_text
from claimaudit.review.bibliography import Bibliography, two_identifiers
from claimaudit.review.citation_only import NO_CLAIM, only_pointers
from claimaudit.review.claims import Claim, Target, read_draft
from claimaudit.review.empty_draft import refuse_empty_draft
from claimaudit.review.front_matter import with_front_matter_references
from claimaudit.review.latex.claims import LatexClaims, extract_latex_claims
from claimaudit.review.limits import ReviewLimits
from claimaudit.review.local_names import settle_local_names
from claimaudit.review.none_cited import markdown_none_cited
from claimaudit.review.references import check_references, reference_key
from claimaudit.review.result import ClaimReview, ReviewedRecord, ReviewResult, ReviewSummary
from claimaudit.review.runner import Pair, check_pairs, pair_key
from claimaudit.review.sentences import Sentence

Progress = Callable[[int, int], None]


def _text(claim: Claim, target: Target) -> str:
    """What ``target``'s paper is judged on: its own part of the sentence, where the sentence
    says something else of it than of the others (``parts``), else the claim's text."""
    return target.claim or claim.text


def _pairs(claims: list[Claim]) -> tuple[list[Pair], dict[str, str]]:
    """The (claim, paper) pairs to judge, and why a text cannot be a claim at all."""
    pairs: list[Pair] = []
    invalid: dict[str, str] = {}
    for claim in claims:
        for target in claim.targets:
            text = _text(claim, target)
            try:
                text = validate_claim(text)
            except InvalidClaimError as error:
                invalid[text] = f"sentence not checked: {error}"
                continue
            if only_pointers(text):
                # "As described at [1]." alone: words, but none a judge could find in the work.
                invalid[text] = f"sentence not checked: {NO_CLAIM}"
                continue
            if target.paper is not None:
                pairs.append((text, target.paper))
    return pairs, invalid


def review_report(
    text: str,
    *,
    checker: Checker,
    bibliography: Bibliography | None = None,
    topic: str | None = None,
    workers: int | None = None,
    on_progress: Progress | None = None,
    verifier: ReferenceVerifier | None = None,
    engine: Engine | None = None,
    limits: ReviewLimits | None = None,
    cancel: threading.Event | None = None,
) -> ReviewResult:
    """Check each cited sentence of ``text`` against each paper it cites; one record per paper.

    Citations resolve through ``bibliography`` (a BibTeX or CSL-JSON file, see
    ``load_bibliography``), the report's own References section and Manubot citation tags.
    Each distinct (claim, paper) pair is judged once, concurrently where the judge allows
    (``workers`` overrides); with a cache on the checker, a pair judged before is not judged
    again. ``on_progress(done, total)`` is called before the first pair and after each one.
    With a ``verifier``, every cited reference is also checked against the catalogues.
    ``engine`` judges the pairs elsewhere (the ray engine: on a cluster's workers).
    Nothing here raises for a bad citation or paper: those become ``not_checked`` records.
    A draft over ``limits`` is refused (ReviewTooLargeError) before anything is judged; once
    ``cancel`` is set, no further pair is judged (CancelledWorkError). An argument of the
    wrong kind is a UsageError naming it; an empty draft (whitespace only) a DraftError.
    """
    check_text(text)
    check_review_args(
        checker=checker,
        bibliography=bibliography,
        workers=workers,
        on_progress=on_progress,
        verifier=verifier,
        cancel=cancel,
        engine=engine,
        limits=limits,
    )
    validate_topic(topic)
    refuse_empty_draft(text, "Markdown")
    bibliography = with_front_matter_references(text, bibliography)
    read = read_draft(text, bibliography)
    claims, uncited = read.claims, read.uncited
    result = _review(
        claims, uncited, checker, topic, workers, on_progress, verifier, engine, limits, cancel
    )
    annotated = annotate(text, result.claims)
    unread = bibliography.unread if bibliography is not None else ()
    # Nothing cited: say so when the draft lists references (author-year prose is not read).
    # A citation that cites nothing ("[3-1]") is one review read, said by its own warning.
    cited = bool(claims or read.warnings)
    notices = read.warnings + (() if cited else markdown_none_cited(text, bibliography))
    if bibliography is not None:
        notices = (*bibliography.warnings(), *notices)
    return replace(result, text=text, annotated_markdown=annotated, unread=unread, notices=notices)


def review_latex(
    path: PathArg,
    *,
    checker: Checker,
    bibliography: Bibliography | None = None,
    topic: str | None = None,
    workers: int | None = None,
    on_progress: Progress | None = None,
    verifier: ReferenceVerifier | None = None,
    engine: Engine | None = None,
    limits: ReviewLimits | None = None,
    cancel: threading.Event | None = None,
) -> ReviewResult:
    """``review_report`` for the LaTeX draft at ``path`` (with the files it includes and the
    bibliography it names, plus ``bibliography``), ``limits`` and ``cancel`` included.
    DraftError (a UsageError) when the draft is empty or cannot be read, BibliographyError
    when a bibliography it names cannot; see ``annotate_latex`` for the annotated copy."""
    check_draft_path(path)
    draft = as_path(path, "the draft")
    check_review_args(
        checker=checker,
        bibliography=bibliography,
        workers=workers,
        on_progress=on_progress,
        verifier=verifier,
        cancel=cancel,
        engine=engine,
        limits=limits,
    )
    validate_topic(topic)
    try:
        found = extract_latex_claims(draft, bibliography)
    except InputError as error:
        # The reader is ingestion's, whose unreadable file is a library error; here the draft
        # is the caller's request, so its unreadable file is a usage error, as README says.
        raise DraftError(str(error)) from error
    return review_latex_claims(
        found,
        checker=checker,
        topic=topic,
        workers=workers,
        on_progress=on_progress,
        verifier=verifier,
        engine=engine,
        limits=limits,
        cancel=cancel,
    )


def review_latex_claims(
    found: LatexClaims,
    *,
    checker: Checker,
    topic: str | None = None,
    workers: int | None = None,
    on_progress: Progress | None = None,
    verifier: ReferenceVerifier | None = None,
    engine: Engine | None = None,
    limits: ReviewLimits | None = None,
    cancel: threading.Event | None = None,
) -> ReviewResult:
    """``review_latex`` for a draft already read (``extract_latex_claims``); ``limits`` and
    ``cancel`` as for ``review_report``."""
    check_review_args(
        checker=checker,
        workers=workers,
        on_progress=on_progress,
        verifier=verifier,
        cancel=cancel,
        engine=engine,
        limits=limits,
    )
    validate_topic(topic)
    result = _review(
        found.claims,
        found.uncited,
        checker,
        topic,
        workers,
        on_progress,
        verifier,
        engine,
        limits,
        cancel,
    )
    text = found.draft.files[found.draft.main]
    return replace(
        result,
        text=text,
        latex=found,
        unread=found.bibliography.unread,
        notices=found.bibliography.warnings(),
    )


def _review(
    claims: list[Claim],
    uncited: list[Sentence],
    checker: Checker,
    topic: str | None,
    workers: int | None,
    on_progress: Progress | None,
    verifier: ReferenceVerifier | None,
    engine: Engine | None = None,
    limits: ReviewLimits | None = None,
    cancel: threading.Event | None = None,
) -> ReviewResult:
    claims = settle_local_names(claims, checker.source)
    pairs, invalid = _pairs(claims)
    total = len({pair_key(p) for p in pairs})
    if limits is not None:
        limits.check(claims, total)
    done = 0
    if on_progress is not None:
        on_progress(0, total)

    def advance(_: Record) -> None:
        nonlocal done
        done += 1
        if on_progress is not None:
            on_progress(done, total)

    references = check_references(claims, verifier) if verifier is not None else None
    results = check_pairs(
        checker,
        pairs,
        topic=topic,
        workers=workers,
        on_record=advance,
        engine=engine,
        cancel=cancel,
    )
    reviews: list[ClaimReview] = []
    for claim in claims:
        records: list[ReviewedRecord] = []
        for target in claim.targets:
            record: Record
            text = _text(claim, target)
            if text in invalid or target.paper is None:
                error = invalid.get(text) or target.error or "not checked"
                record = NotCheckedRecord(claim=text, paperRef=target.name, error=error)
            else:
                record = results[pair_key((validate_claim(text), target.paper))]
                if isinstance(record, NotCheckedRecord) and target.note:
                    record = record.model_copy(update={"error": f"{record.error} ({target.note})"})
            reference = None if references is None else references[reference_key(target)]
            note = None if target.entry is None else two_identifiers(target.entry)
            records.append(
                ReviewedRecord(claim.sentence, target.citations, record, reference, note)
            )
        reviews.append(ClaimReview(claim, tuple(records)))
    claim_reviews = tuple(reviews)
    checks = None if references is None else tuple(references.values())
    return ReviewResult(
        text="",
        claims=claim_reviews,
        uncited=tuple(uncited),
        summary=ReviewSummary.of(claim_reviews, len(uncited), checks),
        annotated_markdown="",
        references=checks,
    )
