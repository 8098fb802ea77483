"""The API's request and response bodies (camelCase on the wire, like the review records). The
JSON forms of the library's papers, passages and search hits are ``claimaudit.library.wire``'s,
shared with the command line and the MCP tools."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from claimaudit.accounting import check_answer
from claimaudit.checker.policy import DEFAULT_THRESHOLD
from claimaudit.identity import MAX_REF_CHARS
from claimaudit.inputs import MAX_CLAIM_CHARS, MAX_TITLE_CHARS, MAX_TOPIC_CHARS
from claimaudit.library.wire import Paper, PassageOut, Wire
from claimaudit.records import JudgeTokens, Record
from claimaudit.server.judges import MAX_MODEL_CHARS
from claimaudit.server.library_service import PassageContext
from claimaudit.server.service import MAX_PAPERS_PER_CHECK, Checked

THRESHOLD_USED = (
    "The review threshold the records were judged against: the request's, else the judge's "
    f"validated one, else {DEFAULT_THRESHOLD}. A record needs review when its confidence or "
    "evidence confidence is below it."
)
TOKENS_SUMMED = (
    "Prompt and completion tokens, as the judge's server reported them, summed over the "
    "records; null when no record's judge reported any (as each such record's judgeTokens)."
)
# The claim's limit counts its characters once runs of whitespace are one space, as every
# surface counts them: a raw maxLength would refuse (or promise) what the service does not.
CLAIM_FIELD = (
    f"The sentence to check: up to {MAX_CLAIM_CHARS} characters once each run of whitespace "
    "is read as one space (a longer claim is refused)."
)
# A reference is checked alone: one that is no reference (over MAX_REF_CHARS characters
# included) gets its not_checked record, as on the command line, not a refused request.
PAPERS_FIELD = (
    "Paper references (arXiv id or URL, DOI, prefix:id), each checked alone: one that cannot "
    f"be read (malformed, or over {MAX_REF_CHARS} characters) gets a not_checked record."
)
# The schemas as served name the default judge itself (``judge_schema.judge_description``).
JUDGE_FIELD = (
    "Judge backend, one of the judges registered; default (also when empty or null): the "
    "server's default judge, local unless its CLAIMAUDIT_JUDGE names another. Another name is "
    "refused as an unknown judge."
)
CACHE_FIELD = (
    "Answer from the library's cache of judged results when the same question was judged "
    "before, and keep new judgements there; false judges afresh and stores nothing."
)


class JudgingOptions(Wire):
    """How a check or a review is judged: the options both request bodies share."""

    # Strict: "0.5" is no threshold and "no" no boolean; the schema says what JSON type to send.
    model_config = ConfigDict(
        alias_generator=to_camel, populate_by_name=True, frozen=True, extra="forbid", strict=True
    )

    # Lengths and counts are the service's to refuse, in the words the MCP tools use too; the
    # schema only documents them.
    topic: str | None = Field(
        default=None,
        description=f"Extra query words for evidence selection, up to {MAX_TOPIC_CHARS} "
        "characters (a longer topic is refused: 400 invalid_topic).",
        json_schema_extra={"maxLength": MAX_TOPIC_CHARS},
    )
    judge: str | None = Field(default=None, description=JUDGE_FIELD)
    model: str | None = Field(
        default=None,
        description="Model id for a judge that takes one (jev, openai); the openai judge needs "
        "one unless the server sets OPENAI_MODEL. Empty or null: none.",
        json_schema_extra={"maxLength": MAX_MODEL_CHARS},
    )
    threshold: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        allow_inf_nan=False,  # Python's json reads NaN; "should be <= 1" would say too little
        description="Confidence below which a record needs review (default: the judge's "
        f"validated threshold, else {DEFAULT_THRESHOLD}).",
    )
    cache: bool = Field(default=True, description=CACHE_FIELD)


class CheckRequest(JudgingOptions):
    # Its length is the checker's to judge (one clear message); the body limit bounds it here.
    claim: str = Field(description=CLAIM_FIELD)
    papers: list[str] = Field(
        json_schema_extra={"minItems": 1, "maxItems": MAX_PAPERS_PER_CHECK},
        description=PAPERS_FIELD,
    )


class CheckSummary(BaseModel):
    """What the records of a check add up to (``RunSummary.to_dict``)."""

    records: int
    verdicts: dict[str, int] = Field(description="Every verdict, counted (not_checked too).")
    needs_review: int = Field(alias="needsReview")
    not_checked: int = Field(alias="notChecked")
    calls: dict[str, int] = Field(description="Backend requests, by backend.")
    judge_tokens: JudgeTokens | None = Field(
        alias="judgeTokens",
        description=TOKENS_SUMMED,
    )
    judge_seconds: float = Field(
        alias="judgeSeconds", description="Seconds spent waiting on the judge, summed."
    )


class CheckResponse(BaseModel):
    """For the OpenAPI document: the answer is ``check_wire``'s, records exactly as
    ``record_to_dict`` writes them."""

    records: list[Record]
    summary: CheckSummary
    threshold: float = Field(description=THRESHOLD_USED)


def check_wire(checked: Checked) -> dict[str, Any]:
    """The answer of the API and of the MCP tool: ``check --format json``'s object, the
    threshold used included."""
    return check_answer(checked.records, checked.threshold)


class PaperList(Wire):
    papers: list[Paper]
    total: int = Field(
        description="How many papers there are (with q: match it), listed or not: more than "
        "len(papers) when limit cut the list."
    )


class PaperDetail(Wire):
    paper: Paper
    passages: list[PassageOut]


class PassageInContext(Wire):
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


class ArxivAddRequest(Wire):
    """``POST /v1/library/arxiv``: an arXiv paper to download into the library."""

    model_config = ConfigDict(
        alias_generator=to_camel, populate_by_name=True, frozen=True, extra="forbid", strict=True
    )

    # Lengths are the service's to refuse, in the words the MCP tool's refusal uses too.
    ref: str = Field(
        description="The arXiv paper: arXiv:1706.03762, 1706.03762v5 or its abs URL (an "
        "unversioned one gets the newest version).",
        json_schema_extra={"minLength": 1, "maxLength": MAX_REF_CHARS},
    )
    title: str | None = Field(
        default=None,
        description="Title (default: arXiv's).",
        json_schema_extra={"maxLength": MAX_TITLE_CHARS},
    )
    replace: bool = Field(
        default=False, description="Download and read it again though it is stored."
    )


class Removed(Wire):
    removed: Paper


class JudgeInfo(Wire):
    name: str
    description: str
    default: bool


class JudgeList(Wire):
    judges: list[JudgeInfo]


class Health(Wire):
    status: str
    version: str


class RefKey(Wire):
    ref: str
    key: str = Field(
        description="The paper the reference names, as checks tell papers apart: two references "
        "with one key are one paper (a check naming both is refused)."
    )
    is_reference: bool = Field(
        description="Whether the text is a paper reference (an arXiv id or URL, a DOI, "
        "prefix:id) rather than other text (a title), which is its own key: a client that "
        "completes typed text from the library keeps a reference as typed.",
    )
