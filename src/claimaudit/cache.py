"""A cache of judged results, so the same question is never put to a judge twice.

The key holds everything that determines a judge's answer: the normalised claim and topic, the
requested and the matched edition of the paper with a fingerprint of the text the judge could see
(re-ingesting changed text gives a new fingerprint, hence a miss), the judge with its cache
identity (model and weights, or model and endpoint), and the evidence-selection settings.

Only checked records are stored; a ``not_checked`` record is an operational failure and is never
cached. The review policy is not part of the key: ``needsReview`` is recomputed on every read, so
changing ``--threshold`` needs no fresh judgements.

Any object with ``get`` and ``put`` is a cache (``ResultCache``); the library database provides
one (``claimaudit.library.results``). A judge opts in by exposing ``cache_identity``; a judge
without one is never cached, since its answers could not be told apart.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from typing import Protocol, runtime_checkable

from claimaudit.records import CheckedRecord
from claimaudit.sources.protocol import SourcePaper

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


def judge_identity(judge: object) -> str | None:
    """The judge's ``cache_identity``, or None when it has none (then nothing is cached)."""
    identity = getattr(judge, "cache_identity", None)
    return identity if isinstance(identity, str) and identity else None


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
