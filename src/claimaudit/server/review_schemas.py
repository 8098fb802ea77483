"""``POST /v1/reviews`` bodies. The answer is the review module's own JSON
(``ReviewResult.to_dict``, what ``claimaudit review --json`` writes) plus the annotated Markdown
and the threshold used;
the response models below only document it in the OpenAPI document."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.config import JsonDict
from pydantic.json_schema import SkipJsonSchema

from claimaudit.bibfile import BibFormat
from claimaudit.library.wire import Wire
from claimaudit.records import BATCH_KEYS, CheckedRecord, JudgeTokens, NotCheckedRecord
from claimaudit.refcheck.models import ReferenceStatus
from claimaudit.review import annotate_latex
from claimaudit.server.reference_schemas import ONLY_WITH_VERIFY_REFS, ReferenceOut
from claimaudit.server.schemas import THRESHOLD_USED, TOKENS_SUMMED, JudgingOptions
from claimaudit.server.service import Reviewed


class BibliographyIn(Wire):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    text: str = Field(description="The bibliography's content.")
    # The formats the CLI reads from a file, named as ``claimaudit.bibfile`` names them.
    format: BibFormat | None = Field(
        default=None,
        description="bibtex, csl-json or csl-yaml (Pandoc's CSL YAML); by default CSL-JSON "
        "when the text starts with [ or {, else BibTeX.",
    )


# The rule ``_one_draft`` keeps, in the schema's words: exactly one of the two is a string (a
# null one counts as not sent, as the server reads it), so ``{}`` is invalid by the document too.
ONE_DRAFT: dict[str, Any] = {
    "oneOf": [
        {"required": [name], "properties": {name: {"type": "string"}}}
        for name in ("markdown", "latex")
    ]
}


class ReviewRequest(JudgingOptions):
    model_config = ConfigDict(json_schema_extra=ONE_DRAFT)

    markdown: str | None = Field(
        default=None,
        description="The draft, as Markdown text (its size is the body limit). Send this or latex.",
    )
    latex: str | None = Field(
        default=None,
        description="Or: the draft as LaTeX text, read on its own (an \\input is refused); "
        "its \\cite keys resolve through its thebibliography or the bibliography.",
    )
    bibliography: BibliographyIn | None = Field(
        default=None,
        description="Resolves citation keys such as [@smith2020] or \\cite{smith2020}; needed "
        "when the draft names a bibliography file (\\bibliography{refs}, or bibliography: in "
        "Markdown front matter).",
    )

    @model_validator(mode="after")
    def _one_draft(self) -> ReviewRequest:
        if (self.markdown is None) == (self.latex is None):
            raise ValueError("send the draft as markdown or as latex, exactly one of them")
        return self


def _left_out_when_none(schema: JsonDict) -> None:
    # A field the answer leaves out when it has none: never null, so no default of null.
    schema.pop("default", None)


class SentenceOut(BaseModel):
    file: str | SkipJsonSchema[None] = Field(
        default=None,
        description="LaTeX drafts only: the file the sentence is in (draft.tex for a draft "
        "sent as text); absent for Markdown.",
        json_schema_extra=_left_out_when_none,
    )
    index: int = Field(description="Position among the draft's sentences, from 0.")
    start: int = Field(description="Offset of its first character in the draft (code points).")
    end: int = Field(description="Offset just past its last character.")
    line: int
    column: int
    text: str


_SOMETIMES = ("id", "bibliographyNote", "referenceStatus", "reference")


def _reviewed_record(schema: JsonDict) -> None:
    # A check record's keys, each carried (``records``), without a batch line's: a review
    # record has no id, input line or key; a bibliography note only when there is one, a
    # reference check only with --verify-refs.
    properties, required = schema.get("properties"), schema.get("required")
    if isinstance(properties, dict):
        for key in ("id", *BATCH_KEYS):
            properties.pop(key, None)
    if isinstance(required, list):
        schema["required"] = [key for key in required if key not in _SOMETIMES]


class _Sentence(BaseModel):
    """What a review adds to a check record: where its sentence is, and how it cited."""

    sentence: SentenceOut
    citations: list[str] = Field(description="The citations, as written, naming this paper.")
    bibliography_note: str | SkipJsonSchema[None] = Field(
        default=None,
        alias="bibliographyNote",
        description="What the bibliography entry leaves to the reader (it names two works' "
        "identifiers, and which one was checked). Absent when there is nothing to say.",
        json_schema_extra=_left_out_when_none,
    )
    reference_status: ReferenceStatus | SkipJsonSchema[None] = Field(
        default=None,
        alias="referenceStatus",
        description="Whether the cited work is real (its reference's referenceStatus), with "
        + ONLY_WITH_VERIFY_REFS,
        json_schema_extra=_left_out_when_none,
    )
    reference: ReferenceOut | SkipJsonSchema[None] = Field(
        default=None,
        description="The cited reference's check, with " + ONLY_WITH_VERIFY_REFS,
        json_schema_extra=_left_out_when_none,
    )


# A check record, exactly as ``POST /v1/checks`` gives it, plus where the sentence is: each
# kind documented whole (the verdict, evidence or error a client reads), told apart by verdict.
class ReviewedCheckedRecord(CheckedRecord, _Sentence):
    model_config = ConfigDict(json_schema_extra=_reviewed_record)


class ReviewedNotCheckedRecord(NotCheckedRecord, _Sentence):
    model_config = ConfigDict(json_schema_extra=_reviewed_record)


ReviewedRecordOut = Annotated[
    ReviewedCheckedRecord | ReviewedNotCheckedRecord, Field(discriminator="verdict")
]


class UnreadEntryOut(BaseModel):
    """A bibliography block that could not be read as an entry (``UnreadEntry.to_dict``)."""

    file: str | None = Field(description="The bibliography file; null for one sent as text.")
    line: int | None = Field(description="Its first line, from 1, when known.")
    key: str | None = Field(description="The citation key it seems to give, when it has one.")
    reason: str = Field(
        description="What it is: an entry that could not be read (why), or a "
        "second entry with a key already used (the first is kept)."
    )


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
    judge_tokens: JudgeTokens | None = Field(alias="judgeTokens", description=TOKENS_SUMMED)
    judge_seconds: float = Field(
        alias="judgeSeconds",
        description="Seconds spent waiting on the judge, summed over records (concurrent "
        "checks overlap, so the sum may exceed the review's duration).",
    )
    reference_statuses: dict[ReferenceStatus, int] | SkipJsonSchema[None] = Field(
        default=None,
        alias="referenceStatuses",
        description="References by status, with " + ONLY_WITH_VERIFY_REFS,
        json_schema_extra=_left_out_when_none,
    )


class ReviewResponse(BaseModel):
    summary: ReviewSummaryOut
    records: list[ReviewedRecordOut] = Field(description="One per (cited sentence, paper).")
    uncited: list[SentenceOut] = Field(description="Sentences citing no paper: not checked.")
    annotated: str = Field(
        description="The draft with a footnote per cited sentence (for a LaTeX draft, a "
        "% comment line per paper after each)."
    )
    threshold: float = Field(description=THRESHOLD_USED)
    references: list[ReferenceOut] | SkipJsonSchema[None] = Field(
        default=None,
        description="Each cited reference's check, once, with " + ONLY_WITH_VERIFY_REFS,
        json_schema_extra=_left_out_when_none,
    )
    unread_entries: list[UnreadEntryOut] | SkipJsonSchema[None] = Field(
        default=None,
        alias="unreadEntries",
        description="The bibliography's blocks that could not be read as entries; a citation "
        "of one is a not_checked record saying why. Absent when there are none.",
        json_schema_extra=_left_out_when_none,
    )
    warnings: list[str] | SkipJsonSchema[None] = Field(
        default=None,
        description="What the reader may have lost, one line each (a LaTeX macro it does not "
        "know wrapping a citation, references listed that no citation names), as claimaudit "
        "review prints them. Absent when there are none.",
        json_schema_extra=_left_out_when_none,
    )


def review_wire(reviewed: Reviewed) -> dict[str, Any]:
    """The answer of the API and of the MCP tools: one serialiser, the review module's, plus
    the annotated draft and the threshold used."""
    result = reviewed.result
    if result.latex is None:
        annotated = result.annotated_markdown
    else:
        annotated = annotate_latex(result)[result.latex.draft.main]
    return {**result.to_dict(), "annotated": annotated, "threshold": reviewed.threshold}
