"""A cache of judged results, so the same question is never put to a judge twice.

The key holds everything that determines a judge's answer: the normalised claim and topic, the
requested and the matched edition of the paper with a fingerprint of the text the judge could see
(re-ingesting changed text gives a new fingerprint, hence a miss), the judge with its cache
identity (model and weights, or model and endpoint), and the evidence-selection settings.

Only checked records are stored; a ``not_checked`` record is an operational failure and is never
cached. The review policy is not part of the key: ``recall`` decides ``needsReview`` on every
read, so changing ``--threshold`` needs no fresh judgements.

Any object with ``get`` and ``put`` is a cache (``ResultCache``); the library database provides
one (``claimaudit.library.result_cache``). A judge opts in with its ``cache_identity`` (see
``Judge``); a judge without one is never cached, since its answers could not be told apart.
The checker asks only ``cache_key``, ``recall`` and ``keep``.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import asdict, dataclass
from typing import Protocol, runtime_checkable

from claimaudit.checker.policy import ReviewPolicy
from claimaudit.errors import JudgeError
from claimaudit.identity import PaperRef
from claimaudit.inputs import as_asked
from claimaudit.judges.protocol import Judge
from claimaudit.net.redaction import mask_url_credentials, redact_url
from claimaudit.records import CheckedRecord
from claimaudit.sources.protocol import SourcePaper

_log = logging.getLogger(__name__)

# Bump when the stored record's meaning changes, so older entries simply stop matching.
CACHE_FORMAT = 1


@dataclass(frozen=True)
class CacheKey:
    claim: str
    topic: str
    paper_ref: str
    matched_ref: str
    fingerprint: str
    judge: str
    judge_identity: str
    selection: str

    @property
    def digest(self) -> str:
        payload = json.dumps({"format": CACHE_FORMAT, **asdict(self)}, sort_keys=True)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@runtime_checkable
class ResultCache(Protocol):
    def get(self, key: CacheKey) -> CheckedRecord | None:
        """The stored record for ``key``, or None (a miss, or an unreadable cache)."""
        ...

    def put(self, key: CacheKey, record: CheckedRecord) -> None:
        """Store ``record``; a cache that cannot write drops it silently (it is only a cache)."""
        ...


def paper_fingerprint(paper: SourcePaper) -> str:
    """SHA-256 over the title and every passage (id, section, text, and pages where it has
    them: a record names its evidence's pages) the judge could be shown. A passage without
    pages hashes as it did before pages were kept, so such cached results still count."""
    digest = hashlib.sha256()
    digest.update(json.dumps([str(paper.ref), paper.title, paper.full_text]).encode("utf-8"))
    for passage in paper.passages:
        item: list[object] = [passage.passage_id, passage.section, passage.text]
        if passage.pages is not None:
            item.append(list(passage.pages))
        digest.update(b"\x00" + json.dumps(item, ensure_ascii=False).encode("utf-8"))
    return digest.hexdigest()


def cache_key(
    claim: str, topic: str | None, ref: PaperRef, paper: SourcePaper, judge: Judge, selection: str
) -> CacheKey | None:
    """The key of this question to ``judge``, or None when the judge has no cache identity
    (its answers are never cached). ``selection`` names the evidence selection's settings."""
    identity = _identity(judge)
    if not identity:
        return None
    return CacheKey(
        # Composed, as the checker asks it: an engine's driver keys the request as given.
        claim=as_asked(claim),
        topic=as_asked(" ".join((topic or "").split())),
        paper_ref=str(ref),
        matched_ref=str(paper.ref),
        fingerprint=paper_fingerprint(paper),
        judge=judge.name,
        judge_identity=identity,
        selection=selection,
    )


def _identity(judge: Judge) -> str | None:
    """``judge.cache_identity``; JudgeError naming the judge when reading it fails or gives no
    text (a plugin's property reading a missing model file): it said "check failed:
    FileNotFoundError", naming no judge. A JudgeError of its own (a server asked) is kept."""
    try:
        identity: object = judge.cache_identity
    except JudgeError:
        raise
    except (Exception, SystemExit) as error:  # a plugin's sys.exit() too, as in decide
        _log.debug("judge %r's cache_identity failed", judge.name, exc_info=True)
        raise JudgeError(
            f"judge {judge.name!r} failed to give its cache_identity: it raised "
            f"{type(error).__name__}"
        ) from error
    if identity is not None and not isinstance(identity, str):
        raise JudgeError(
            f"judge {judge.name!r} gave its cache_identity as {type(identity).__name__}, "
            "not a string"
        )
    return identity


def recall(
    cache: ResultCache,
    key: CacheKey,
    paper: SourcePaper,
    calls: dict[str, int],
    policy: ReviewPolicy,
) -> CheckedRecord | None:
    """The judgement stored under ``key`` as a record of this check: the paper's address and
    retrieval time as found now, this check's ``calls`` (a cached judgement cost no question,
    no tokens and no time waiting on the judge; only what finding its key cost, as the openai
    judge's look-up of its context window) and ``needsReview`` decided by ``policy`` now. None
    on a miss, or when the cache fails: a cache only saves time, and its failure must never fail
    a check."""
    try:
        hit = cache.get(key)
    except Exception:
        return None
    if hit is None:
        return None
    asked = (mask_url_credentials(key.claim), key.paper_ref, key.matched_ref)  # as records keep it
    if (hit.claim, hit.paper_ref, hit.matched_ref) != asked:
        # A stored record answering another question (a damaged or hand-edited cache) is a
        # miss, never a verdict for this one.
        return None
    found = hit.model_copy(
        update={
            "paper_url": redact_url(paper.url) if paper.url else None,
            "retrieved_at": paper.retrieved_at,
            "paper_content_hash": paper.content_hash,
            "paper_extractor": paper.extractor,
            "calls": calls,
            "judge_tokens": None,
            "judge_seconds": 0.0,
        }
    )
    return policy.reviewed(found)


def keep(cache: ResultCache, key: CacheKey, record: CheckedRecord) -> None:
    """Store ``record`` under ``key``; a failure to store is ignored (the record is returned to
    the caller whether or not it was kept)."""
    try:
        cache.put(key, record)
    except Exception:
        return
