"""The API's request and response bodies (camelCase on the wire, like the review records)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from claimaudit.checker import DEFAULT_THRESHOLD, MAX_CLAIM_CHARS
from claimaudit.library.ingest import AddResult
from claimaudit.library.models import SearchHit, StoredPaper, StoredPassage
from claimaudit.passage import page_list
from claimaudit.records import ReviewRecord
from claimaudit.server.service import MAX_PAPERS_PER_CHECK, PassageContext

CACHE_FIELD = (
    "Answer from the library's cache of judged results when the same question was judged "
    "before, and keep new judgements there; false judges afresh and stores nothing."
)


class _Wire(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)

    def wire(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


class JudgingOptions(_Wire):
    """How a check or a review is judged: the options both request bodies share."""

    model_config = ConfigDict(
        alias_generator=to_camel, populate_by_name=True, frozen=True, extra="forbid"
    )

    topic: str | None = Field(
        default=None, max_length=1000, description="Extra query words for evidence selection."
    )
    judge: str | None = Field(default=None, description="Judge backend; default: local.")
    model: str | None = Field(default=None, max_length=200, description="Model id for the judge.")
    threshold: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="Confidence below which a record needs review (default: the judge's "
        f"validated threshold, else {DEFAULT_THRESHOLD}).",
    )
    cache: bool = Field(default=True, description=CACHE_FIELD)


class CheckRequest(JudgingOptions):
    # Its length is the checker's to judge (one clear message); the body limit bounds it here.
    claim: str = Field(description=f"The sentence to check (up to {MAX_CLAIM_CHARS} characters).")
    papers: list[str] = Field(
        min_length=1,
        max_length=MAX_PAPERS_PER_CHECK,
        description="Paper references (arXiv id or URL, DOI, prefix:id), each checked alone.",
    )


class CheckResponse(BaseModel):
    """For the OpenAPI document: records are returned exactly as ``record_to_dict`` writes them."""

    records: list[ReviewRecord]


class Paper(_Wire):
    ref: str
    title: str
    url: str | None
    content_hash: str
    ingested_at: datetime
    passages: int

    @classmethod
    def of(cls, paper: StoredPaper) -> Paper:
        return cls(
            ref=str(paper.ref),
            title=paper.title,
            url=paper.url,
            content_hash=paper.content_hash,
            ingested_at=paper.ingested_at,
            passages=paper.passage_count,
        )


class PaperList(_Wire):
    papers: list[Paper]


class PassageOut(_Wire):
    id: str
    section: str | None
    text: str
    # The pages it is printed on, first to last (PDF papers); null otherwise.
    pages: list[int] | None = None

    @classmethod
    def of(cls, passage: StoredPassage) -> PassageOut:
        return cls(
            id=passage.passage_id,
            section=passage.section,
            text=passage.text,
            pages=page_list(passage.pages),
        )


class PaperDetail(_Wire):
    paper: Paper
    passages: list[PassageOut]


class PassageInContext(_Wire):
    ref: str
    title: str
    passage: PassageOut
    before: list[PassageOut]
    after: list[PassageOut]

    @classmethod
    def of(cls, found: PassageContext) -> PassageInContext:
        return cls(
            ref=str(found.paper.ref),
            title=found.paper.title,
            passage=PassageOut.of(found.passage),
            before=[PassageOut.of(p) for p in found.before],
            after=[PassageOut.of(p) for p in found.after],
        )


class Hit(_Wire):
    ref: str
    title: str
    passage_id: str
    section: str | None
    text: str
    score: float

    @classmethod
    def of(cls, hit: SearchHit) -> Hit:
        return cls(
            ref=str(hit.ref),
            title=hit.title,
            passage_id=hit.passage_id,
            section=hit.section,
            text=hit.text,
            score=round(hit.score, 4),
        )


class HitList(_Wire):
    hits: list[Hit]


class Added(_Wire):
    ref: str
    title: str
    outcome: str = Field(description="added, replaced or unchanged")
    passages: int
    source_bytes: int

    @classmethod
    def of(cls, result: AddResult) -> Added:
        return cls(
            ref=str(result.ref),
            title=result.title,
            outcome=result.outcome.value,
            passages=result.passage_count,
            source_bytes=result.source_bytes,
        )


class Removed(_Wire):
    removed: Paper


class JudgeInfo(_Wire):
    name: str
    description: str
    default: bool


class JudgeList(_Wire):
    judges: list[JudgeInfo]


class Health(_Wire):
    status: str
    version: str
