"""The typed record schema: one review record per (claim, paper).

JSON keys follow the reference design (camelCase). A ``CheckedRecord`` carries a judge's verdict;
a ``NotCheckedRecord`` reports an operational failure and is never a verdict.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import datetime
from itertools import pairwise
from typing import Annotated, Any, Literal

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from claimaudit.errors import InvalidRecordError
from claimaudit.judges.protocol import PROBABILITY_SUM_TOLERANCE
from claimaudit.net.redaction import mask_url_credentials
from claimaudit.net.weburl import is_web_url

RELATIONS: tuple[str, ...] = ("supports", "contradicts", "not_addressed", "insufficient_evidence")
# Every verdict a record can carry: the relations, and not_checked for an operational failure.
VERDICTS: tuple[str, ...] = (*RELATIONS, "not_checked")
Relation = Literal["supports", "contradicts", "not_addressed", "insufficient_evidence"]
EvidenceScope = Literal["full_text", "selected_passages", "search_excerpts"]
Probability = Annotated[float, Field(ge=0.0, le=1.0)]
CallCount = Annotated[int, Field(ge=0)]  # requests made: never negative

_CONFIG = ConfigDict(populate_by_name=True, frozen=True, extra="forbid")


def _with_batch_keys(schema: dict[str, Any]) -> None:
    """A record's published schema names the keys a ``batch`` output line writes beside it
    (``BATCH_KEYS``), optional: it forbids any other key, and each line must still validate.
    Every other key is required, as ``record_to_dict`` always writes it, but ``id``, written
    only for a batch line."""
    required = schema.get("required")
    if required and "id" in required:
        required.remove("id")
    schema.setdefault("properties", {}).update(
        {
            "inputLine": {
                "type": "integer",
                "minimum": 1,
                "description": "Batch output only: the input line's number.",
            },
            "inputKey": {
                "type": "string",
                "description": "Batch output only: the input line's key, by which a rerun "
                "skips the pairs already written.",
            },
            "inputPaper": {
                "type": "integer",
                "minimum": 1,
                "description": "Batch output only: the paper's place in the line's list, where "
                "two of its references read alike once masked.",
            },
        }
    )


# A record's: as every model's, and its schema allows batch's keys. Its published (serialization)
# schema requires the fields that have defaults too, since every record carries them: else
# ``verdict``, by which a client tells a not_checked record apart, read as optional.
_RECORD_CONFIG = ConfigDict(
    **_CONFIG,
    json_schema_extra=_with_batch_keys,
    json_schema_serialization_defaults_required=True,
)


def _web_url_or_none(value: str | None) -> str | None:
    # Records reach links in the web page and reports: a "javascript:" address there would run.
    if value is not None and not is_web_url(value):
        # Only the scheme is named: the rest of an address may hold a password.
        scheme = re.match(r"[A-Za-z][A-Za-z0-9+.-]{0,19}:", value)
        shown = f"a {scheme.group(0)[:-1]!r} address" if scheme else "no web address"
        raise ValueError(f"must be an http or https address or null, not {shown}")
    return value


def _written_text(value: Any) -> Any:
    """``value`` unchanged unless a text in it (a string, or one in a list or a map's keys and
    values) holds a lone surrogate: claimaudit never writes one (it refuses such input), and a
    record holding one could not be written back out as UTF-8."""
    texts = [value] if isinstance(value, str) else []
    if isinstance(value, list | tuple):
        texts = [item for item in value if isinstance(item, str)]
    elif isinstance(value, Mapping):
        texts = [t for pair in value.items() for t in pair if isinstance(t, str)]
    for text in texts:
        at = next((i for i, char in enumerate(text) if "\ud800" <= char <= "\udfff"), None)
        if at is not None:
            raise ValueError(f"not valid text: a lone surrogate at character {at + 1}")
    return value


def _object_choice(schema: dict[str, Any], kind: str) -> dict[str, Any]:
    """The ``kind`` branch of a nullable field's schema (``anyOf``: it or null)."""
    return next(c for c in schema.get("anyOf", [schema]) if c.get("type") == kind)


def _over_relations(schema: dict[str, Any]) -> None:
    # As the validator below reads them: every relation, and nothing else, so a client typed
    # from the published schema knows the four keys (a map of any text said nothing).
    choice = _object_choice(schema, "object")
    choice["required"] = list(RELATIONS)
    choice["propertyNames"] = {"enum": list(RELATIONS)}


def _page_numbers(schema: dict[str, Any]) -> None:
    # Numbered from 1, each once (first to last, which a schema cannot say), as validated.
    choice = _object_choice(schema, "array")
    choice["items"] = {**choice.get("items", {}), "minimum": 1}
    choice["uniqueItems"] = True


class JudgeTokens(BaseModel):
    """Tokens the judge's server reported for this record's requests, as it counted them."""

    model_config = _CONFIG

    prompt: int = Field(ge=0)
    completion: int = Field(ge=0)


class CheckedRecord(BaseModel):
    """A judge's verdict on one (claim, paper): the relation, its confidence and the evidence
    passage quoted verbatim from the paper. Fields are snake_case in Python and camelCase in
    JSON (``record_to_dict``); ``needs_review`` says whether a person must read the evidence
    before the paper is cited for the claim."""

    model_config = _RECORD_CONFIG

    claim: str
    paper_ref: str = Field(alias="paperRef")
    # The edition actually checked; equals paperRef unless an unversioned request matched a version.
    matched_ref: str = Field(alias="matchedRef")
    paper_title: str = Field(alias="paperTitle")
    paper_url: str | None = Field(alias="paperUrl")
    search_query: str = Field(alias="searchQuery")
    evidence_scope: EvidenceScope = Field(alias="evidenceScope")
    # With its time zone, as every source gives it: a time without one names no instant.
    retrieved_at: AwareDatetime = Field(alias="retrievedAt")
    # The library's content hash of the paper judged (``library show``'s hash; null for papers
    # from other sources), to match a record to the text it quotes.
    paper_content_hash: str | None = Field(default=None, alias="paperContentHash")
    # The library's reader of that content and its version ("markdown/23"; null likewise).
    paper_extractor: str | None = Field(default=None, alias="paperExtractor")
    judge: str
    model: str
    verdict: Relation
    # confidence, probabilities and evidenceConfidence are null when the judge gave no
    # probabilities (see probabilitiesAvailable); nothing is made up in their place.
    confidence: float | None = Field(ge=0.0, le=1.0)
    probabilities: dict[str, Probability] | None = Field(json_schema_extra=_over_relations)
    evidence_passage_id: str | None = Field(alias="evidencePassageId")
    evidence_section: str | None = Field(default=None, alias="evidenceSection")
    # The page numbers the evidence passage is printed on (PDF papers), first to last.
    evidence_pages: list[int] | None = Field(
        default=None, alias="evidencePages", json_schema_extra=_page_numbers
    )
    evidence: str | None
    evidence_confidence: float | None = Field(ge=0.0, le=1.0, alias="evidenceConfidence")
    passages_considered: int = Field(ge=0, alias="passagesConsidered")
    passages_selected: int = Field(ge=0, alias="passagesSelected")
    # How many of the selected passages the judge's model read, whole or in part, as the judge
    # reported it (null when it did not: it was sent them all). The embedded judge scores at
    # most 24 windows, so on a long selection it leaves some passages unread.
    passages_read: int | None = Field(default=None, ge=0, alias="passagesRead")
    needs_review: bool = Field(alias="needsReview")
    # Why the judge asks for a human look whatever its confidence (the embedded verifier's
    # consistency checks between the claim and the quoted passage); any note means review.
    review_notes: list[str] = Field(default_factory=list, alias="reviewNotes")
    # False when the judge returned choices without probabilities; such a record always needs
    # review, since a model's self-reported confidence never clears it.
    probabilities_available: bool = Field(default=True, alias="probabilitiesAvailable")
    # Backend requests this record cost, by backend name (source and judge; non-zero only).
    calls: dict[str, CallCount] = Field(default_factory=dict)
    # What the judge's server reported this record's requests cost in tokens (null when it
    # reported none, or no request was made), and the seconds spent waiting on the judge.
    judge_tokens: JudgeTokens | None = Field(default=None, alias="judgeTokens")
    judge_seconds: float = Field(default=0.0, ge=0.0, allow_inf_nan=False, alias="judgeSeconds")
    # A batch line's id as its input gave it (a string or a whole number), so they join.
    id: StrictStr | StrictInt | None = None

    # A claim (or topic) may quote a URL with a password or a token in it: the record echoes it
    # without, while the judge and the search read it as written (masking could change their
    # answers).
    _text = field_validator("*")(_written_text)
    _no_credentials = field_validator("claim", "search_query")(mask_url_credentials)
    _web_url = field_validator("paper_url")(_web_url_or_none)

    @field_validator("probabilities")
    @classmethod
    def _probabilities_are_over_relations(
        cls, value: dict[str, float] | None
    ) -> dict[str, float] | None:
        if value is None:
            return value
        unknown = sorted(set(value) - set(RELATIONS))
        if unknown:
            raise ValueError(
                f"probabilities are over the relations ({', '.join(RELATIONS)}), "
                f"not {unknown[0][:40]!r}"
            )
        missing = [relation for relation in RELATIONS if relation not in value]
        if missing:
            raise ValueError(f"probabilities must cover every relation; {missing[0]} is missing")
        # The tolerance the checker allows a judge's answer; a record only copies those values.
        total = math.fsum(value.values())
        if abs(total - 1.0) > PROBABILITY_SUM_TOLERANCE:
            raise ValueError(f"probabilities must sum to 1, not {total:.3f}")
        return value

    @field_validator("evidence_passage_id")
    @classmethod
    def _passage_id_is_not_blank(cls, value: str | None) -> str | None:
        # A source's passage id is never blank (checker.vetting); no passage chosen is null.
        if value is not None and not value.strip():
            raise ValueError("a passage id is never blank; null when no passage was chosen")
        return value

    @field_validator("evidence_pages")
    @classmethod
    def _pages_are_first_to_last(cls, value: list[int] | None) -> list[int] | None:
        if value is not None:
            if any(page < 1 for page in value):
                raise ValueError("pages are numbered from 1")
            if any(later <= earlier for earlier, later in pairwise(value)):
                raise ValueError("pages must be listed first to last, each once")
        return value

    @model_validator(mode="after")
    def _probabilities_match_the_flag(self) -> CheckedRecord:
        measured = None not in (self.confidence, self.probabilities, self.evidence_confidence)
        if self.probabilities_available != measured:
            raise ValueError(
                "probabilitiesAvailable must be true exactly when confidence, probabilities "
                "and evidenceConfidence are all given"
            )
        if not measured and not self.needs_review:
            raise ValueError("a record without probabilities always needs review")
        if self.passages_read is not None and self.passages_read > self.passages_selected:
            raise ValueError(
                f"passagesRead ({self.passages_read}) cannot exceed passagesSelected "
                f"({self.passages_selected})"
            )
        # The selection is taken from the passages considered (checker.selection): never more.
        if self.passages_selected > self.passages_considered:
            raise ValueError(
                f"passagesSelected ({self.passages_selected}) cannot exceed passagesConsidered "
                f"({self.passages_considered})"
            )
        if self.review_notes and not self.needs_review:
            raise ValueError("a record with review notes always needs review")
        # The review policy clears only a supports that quotes its evidence (README, Verdicts).
        if self.verdict != "supports" and not self.needs_review:
            raise ValueError(f"a {self.verdict} record always needs review")
        # A blank quote quotes nothing: as no quote, it never clears a record (as batch resume
        # and the review policy read it).
        unquoted = self.evidence is None or not self.evidence.strip()
        if (self.evidence_passage_id is None or unquoted) and not self.needs_review:
            raise ValueError("a record without evidence always needs review")
        return self


class NotCheckedRecord(BaseModel):
    """A (claim, paper) that could not be checked (the paper missing, a backend failing, a
    malformed reference): ``error`` says why. It is never a verdict, and always needs review."""

    model_config = _RECORD_CONFIG

    claim: str
    paper_ref: str = Field(alias="paperRef")
    paper_url: str | None = Field(default=None, alias="paperUrl")
    verdict: Literal["not_checked"] = "not_checked"
    needs_review: Literal[True] = Field(default=True, alias="needsReview")
    error: str
    # Backend requests made before the failure, by backend name (non-zero only; a failure after a
    # request still cost it).
    calls: dict[str, CallCount] = Field(default_factory=dict)
    judge_tokens: JudgeTokens | None = Field(default=None, alias="judgeTokens")
    judge_seconds: float = Field(default=0.0, ge=0.0, allow_inf_nan=False, alias="judgeSeconds")
    # A batch line's id as its input gave it (a string or a whole number), so they join.
    id: StrictStr | StrictInt | None = None

    _text = field_validator("*")(_written_text)  # as a CheckedRecord's
    _no_credentials = field_validator("claim")(mask_url_credentials)  # as a CheckedRecord's
    _web_url = field_validator("paper_url")(_web_url_or_none)

    @field_validator("error")
    @classmethod
    def _error_says_why(cls, value: str) -> str:
        # A failure always says why (the checker's, batch's and review's all do): a blank one
        # left the reader nothing to act on.
        if not value.strip():
            raise ValueError("a not_checked record says why: error is blank")
        return value


# A review record, checked or not: ``verdict`` tells them apart (for pydantic too: the API's
# schema, ``record_from_dict``).
Record = Annotated[CheckedRecord | NotCheckedRecord, Field(discriminator="verdict")]
_RECORD_ADAPTER: TypeAdapter[Record] = TypeAdapter(Record)


def record_to_dict(record: Record) -> dict[str, Any]:
    """The record as JSON-ready data with the schema's camelCase keys (``id`` only when set);
    UsageError for anything that is no record (JSON data already, say)."""
    if not isinstance(record, CheckedRecord | NotCheckedRecord):
        raise InvalidRecordError(
            "record_to_dict takes a CheckedRecord or a NotCheckedRecord (record_from_dict reads "
            f"one from JSON), not {type(record).__name__}"
        )
    data = record.model_dump(mode="json", by_alias=True)
    if data.get("id") is None:
        data.pop("id", None)
    return data


# What claimaudit writes beside a record, set aside when one is read back: a batch output line's
# input line (``claimaudit.batch.run``), an eval output line's gold label
# (``claimaudit.evaluation``) and a ``review --json`` record's sentence, citations and reference
# check (``ReviewedRecord``).
BATCH_KEYS: tuple[str, ...] = ("inputLine", "inputKey", "inputPaper")
BESIDE_KEYS: tuple[str, ...] = (
    *BATCH_KEYS,
    "gold",
    "goldRationale",
    "sentence",
    "citations",
    "bibliographyNote",
    "referenceStatus",
    "reference",
)


def record_from_dict(data: Mapping[str, Any]) -> Record:
    """A record read back from its JSON form (``record_to_dict``, a ``check --json`` or HTTP
    record, a ``batch`` or ``eval`` output line or a ``review --json`` record, whose other keys
    are set aside). InvalidRecordError, in one line, when ``data`` is not a valid record: each
    value must have its JSON type (``"0.5"`` is no confidence), as claimaudit writes it."""
    if not isinstance(data, Mapping):
        raise InvalidRecordError(f"a record must be a JSON object, not {type(data).__name__}")
    fields = {key: value for key, value in data.items() if key not in BESIDE_KEYS}
    # JSON has no time type: the one field that is a string there but not in Python is read
    # here, so that the rest can be validated strictly (no number from text, no bool from "yes").
    when = fields.get("retrievedAt")
    if isinstance(when, str):
        try:
            fields["retrievedAt"] = datetime.fromisoformat(when)
        except ValueError:
            raise InvalidRecordError(
                f"not a valid review record: retrievedAt: {when[:40]!r} is not an ISO 8601 time"
            ) from None
    ident = fields.get("id")
    if ident is not None and (isinstance(ident, bool) or not isinstance(ident, str | int)):
        shown = repr(ident)[:40]
        raise InvalidRecordError(
            f"not a valid review record: id must be a string or a whole number, not {shown}"
        )
    try:
        return _RECORD_ADAPTER.validate_python(fields, strict=True)
    except ValidationError as error:
        raise InvalidRecordError(_one_line(error)) from None


def _one_line(error: ValidationError) -> str:
    """The first problem pydantic found, where it is, and how many more there are."""
    problems = error.errors(include_url=False, include_input=False)
    first = problems[0]
    if first["type"] in ("union_tag_not_found", "union_tag_invalid"):
        return f"not a valid review record: 'verdict' must be one of {', '.join(VERDICTS)}"
    # The first part of a location is the verdict that chose the model, not a field.
    where = ".".join(str(part) for part in first["loc"][1:]) or "the record"
    message = " ".join(str(first["msg"]).removeprefix("Value error, ").split())
    more = len(problems) - 1
    extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    return f"not a valid review record: {where}: {message}{extra}"
