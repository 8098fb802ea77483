"""What ``claimaudit review --verify-refs`` adds to a review's JSON (``ReferenceCheck.to_dict``),
documented in the review answer's schema: one schema describes what every surface writes, so a
client validating the CLI's JSON against the API's document passes. The API does not check
references itself (it never asks a catalogue), so its answers leave these keys out."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from claimaudit.refcheck.models import ReferenceStatus

ONLY_WITH_VERIFY_REFS = (
    "claimaudit review --verify-refs only (the API does not check references): absent otherwise."
)


class _Out(BaseModel):
    # Documents a fixed shape: every key always written, nothing else.
    model_config = ConfigDict(populate_by_name=True, extra="forbid")


class MismatchOut(_Out):
    field: Literal["title", "firstAuthor", "year"]
    cited: str
    catalogue: str


class CatalogueOut(_Out):
    source: str = Field(description="The catalogue that answered (arxiv or crossref).")
    title: str
    first_author: str | None = Field(alias="firstAuthor")
    year: int | None
    url: str | None


class ReferenceOut(_Out):
    """One cited reference's check (``ReferenceCheck.to_dict``)."""

    key: str = Field(description="The citation key, or the citation as written.")
    ref: str | None = Field(description="The reference it resolved to; null when none.")
    reference_status: ReferenceStatus = Field(alias="referenceStatus")
    reason: str
    mismatches: list[MismatchOut]
    catalogue: CatalogueOut | None = Field(description="What the catalogue gave, when it did.")
    checked_at: str | None = Field(alias="checkedAt", description="When it was asked (ISO 8601).")
    cached: bool = Field(description="Whether the answer came from the library's lookups.")
