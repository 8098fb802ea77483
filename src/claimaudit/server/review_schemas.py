"""``POST /v1/reviews`` bodies. The answer is the review module's own JSON
(``ReviewResult.to_dict``, what ``claimaudit review --json`` writes) plus the annotated Markdown
and the threshold used;
the response models below only document it in the OpenAPI document."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from claimaudit.library.wire import Wire
from claimaudit.records import JudgeTokens
from claimaudit.server.schemas import THRESHOLD_USED, JudgingOptions
from claimaudit.server.service import Reviewed


class BibliographyIn(Wire):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    text: str = Field(description="The bibliography's content.")
    format: Literal["bibtex", "csl-json"] | None = Field(
        default=None,
        description="bibtex or csl-json; by default CSL-JSON when the text starts with [ or {.",
    )


class ReviewRequest(JudgingOptions):
    markdown: str = Field(description="The draft, as Markdown text (its size is the body limit).")
    bibliography: BibliographyIn | None = Field(
        default=None, description="Resolves citation keys such as [@smith2020]."
    )


class SentenceOut(BaseModel):
    index: int = Field(description="Position among the draft's sentences, from 0.")
    start: int = Field(description="Offset of its first character in the draft (code points).")
    end: int = Field(description="Offset just past its last character.")
    line: int
    column: int
    text: str


class ReviewedRecordOut(BaseModel):
    """A check record, exactly as ``POST /v1/checks`` gives it, plus where the sentence is."""

    model_config = ConfigDict(extra="allow")

    sentence: SentenceOut
    citations: list[str] = Field(description="The citations, as written, naming this paper.")


class ReviewSummaryOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    sentences: int
    cited_sentences: int = Field(alias="citedSentences")
    uncited_sentences: int = Field(alias="uncitedSentences")
    records: int
    verdicts: dict[str, int]
    needs_review: int = Field(alias="needsReview")
    not_checked: int = Field(alias="notChecked")
    calls: dict[str, int] = Field(description="Backend requests, by backend.")
    judge_tokens: JudgeTokens = Field(
        alias="judgeTokens",
        description="Prompt and completion tokens, as the judge's server reported them.",
    )
    judge_seconds: float = Field(
        alias="judgeSeconds",
        description="Seconds spent waiting on the judge, summed over records (concurrent "
        "checks overlap, so the sum may exceed the review's duration).",
    )


class ReviewResponse(BaseModel):
    summary: ReviewSummaryOut
    records: list[ReviewedRecordOut] = Field(description="One per (cited sentence, paper).")
    uncited: list[SentenceOut] = Field(description="Sentences citing no paper: not checked.")
    annotated: str = Field(description="The draft with a footnote per cited sentence.")
    threshold: float = Field(description=THRESHOLD_USED)


def review_wire(reviewed: Reviewed) -> dict[str, Any]:
    """The answer of the API and of the MCP tool: one serialiser, the review module's, plus
    the annotated Markdown and the threshold used."""
    result = reviewed.result
    return {
        **result.to_dict(),
        "annotated": result.annotated_markdown,
        "threshold": reviewed.threshold,
    }
