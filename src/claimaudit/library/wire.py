"""The JSON forms of the library's papers, passages, search hits and additions: camelCase, like
the records, and the same whether the command line, the HTTP API or an MCP tool writes them."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from pydantic.alias_generators import to_camel

from claimaudit.library.models import SearchHit, StoredPaper
from claimaudit.library.search_words import SearchWords, search_words
from claimaudit.passage import Passage, page_list

if TYPE_CHECKING:
    from claimaudit.library.ingest import AddResult


class Wire(BaseModel):
    """A JSON body: snake_case in Python, camelCase on the wire (``wire()``)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)

    def wire(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


_MOMENT = TypeAdapter(datetime)


def wire_time(moment: datetime) -> str:
    """``moment`` as the JSON forms write it (``...Z`` for UTC), for a surface that prints it:
    ``library show`` said ``+00:00`` where its ``--json`` and the API said ``Z``."""
    return str(_MOMENT.dump_python(moment, mode="json"))


class Paper(Wire):
    """A stored paper as every surface describes it (``LocalPaper`` adds its file)."""

    ref: str
    title: str
    url: str | None
    content_hash: str
    ingested_at: datetime
    passages: int
    authors: str | None
    # What the text was read from (pdf, latex, markdown, text, jsonl) and by which extractor
    # ("pdf/32"): a record's paperExtractor is compared with it.
    source_format: str | None
    extractor: str | None

    @classmethod
    def of(cls, paper: StoredPaper) -> Paper:
        return cls(
            ref=str(paper.ref),
            title=paper.title,
            url=paper.url,
            content_hash=paper.content_hash,
            ingested_at=paper.ingested_at,
            passages=paper.passage_count,
            authors=paper.authors,
            source_format=paper.source_format,
            extractor=paper.extractor,
        )


class PassageOut(Wire):
    id: str
    section: str | None
    # The pages it is printed on, first to last (PDF papers); null otherwise.
    pages: list[int] | None = None
    text: str

    @classmethod
    def of(cls, passage: Passage) -> PassageOut:
        return cls(
            id=passage.passage_id,
            section=passage.section,
            pages=page_list(passage.pages),
            text=passage.text,
        )


class Hit(Wire):
    ref: str
    title: str
    passage_id: str
    section: str | None
    # As a passage's: the pages it is printed on, first to last (PDF papers); null otherwise.
    pages: list[int] | None = None
    text: str
    score: float
    # An unversioned copy beside stored versions: ``ref`` reaches it only read exactly
    # (``--exact``), the plain ref resolving to the newest version.
    exact: bool = False

    @classmethod
    def of(cls, hit: SearchHit) -> Hit:
        return cls(
            ref=str(hit.ref),
            title=hit.title,
            passage_id=hit.passage_id,
            section=hit.section,
            pages=page_list(hit.pages),
            text=hit.text,
            score=round(hit.score, 4),
            exact=hit.exact,
        )


class HitList(Wire):
    """A search's answer, one object wherever it is asked (``library search --json``, the API,
    the MCP tool): the hits, the query's words past the most searched for
    (``MAX_SEARCH_TERMS``, then its CJK pairs and Thai, Lao, Burmese or Khmer words past
    ``MAX_CJK_GRAMS``, then its Greek, Russian, Arabic, Hebrew and German words searched for in
    some of their other spellings only), named, never dropped silently, and whether the limit
    cut the hits."""

    hits: list[Hit]
    left_out: list[str] = Field(default_factory=list)
    # More passages match than the limit let through: the hits are the best of them, not all.
    more: bool = Field(
        default=False,
        description="true when more passages match than were returned (the limit was reached); "
        "a larger limit, up to 1,000, returns more of them",
    )

    @classmethod
    def of(
        cls,
        hits: Iterable[SearchHit],
        query: str,
        *,
        more: bool = False,
        words: SearchWords | None = None,
    ) -> HitList:
        """``words``: the words the library searched ``query`` by (``Library.searched_words``),
        whose spellings left out are only those it holds; else ``query``'s words alone."""
        searched = words if words is not None else search_words(query)
        return cls(hits=[Hit.of(h) for h in hits], left_out=list(searched.left_out), more=more)


class Added(Wire):
    ref: str
    title: str
    outcome: str = Field(description="added, replaced or unchanged")
    passages: int
    source_bytes: int
    warnings: list[str] = Field(
        description="where the file seems cut short (a LaTeX file with no \\end{document}), "
        "its name or metadata names another paper or version than ref, identical content "
        "came with another title and was not retitled, or the same content is stored under "
        "another reference too"
    )

    @classmethod
    def of(cls, result: AddResult) -> Added:
        return cls(
            ref=str(result.ref),
            title=result.title,
            outcome=result.outcome.value,
            passages=result.passage_count,
            source_bytes=result.source_bytes,
            warnings=list(result.warnings),
        )


class LocalPaper(Paper):
    """A paper as the command line lists it: with the file it was read from, which a server
    never tells its clients."""

    source_path: str | None

    @classmethod
    def of(cls, paper: StoredPaper) -> LocalPaper:
        return cls(**Paper.of(paper).model_dump(), source_path=paper.source_path)
