"""What a source hands the checker, vetted before anything is judged: a source (a plugin, say)
that returns another work, no text, ambiguous passage ids or impossible counts gets a
``not_checked`` record, never a verdict; a paper URL that is not http(s) is dropped."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from claimaudit.errors import SourceError
from claimaudit.guards.untrusted import name_problem, text_problem
from claimaudit.identity import PaperRef
from claimaudit.inputs import MAX_TITLE_CHARS
from claimaudit.judges.questions import NO_EVIDENCE
from claimaudit.net.redaction import backend_text, clipped
from claimaudit.net.weburl import is_web_url
from claimaudit.passage import Passage
from claimaudit.sources.protocol import SourcePaper
from claimaudit.text.plain import capped


def vet_source_paper(ref: PaperRef, found: object, source: str | None = None) -> SourcePaper:
    """``found`` as it may be judged and recorded (its URL dropped unless http or https);
    SourceError when it cannot be, naming ``source`` (its name) when given: a plugin's error
    must say whose it is. Every part is checked for its type, so that a broken contract is a
    named line, never a bare TypeError or AttributeError half-way through. The error carries
    the requests the paper reported (``calls``, ``backend``) once those are known to be sound,
    for the record's accounting."""
    who = f"source {source!r}" if source is not None else "source"
    if not isinstance(found, SourcePaper):
        raise SourceError(f"{who} returned {_kind(found)}, not a SourcePaper")
    if isinstance(found.calls, bool) or not isinstance(found.calls, int) or found.calls < 0:
        raise SourceError(f"{who} reported {_shown(found.calls)} requests, not a count")
    if found.backend is not None and not (isinstance(found.backend, str) and found.backend):
        raise SourceError(f"{who} named its backend with {_shown(found.backend)}, not a name")
    try:
        return _vetted(ref, found, who)
    except SourceError as error:
        # The requests were made whatever else is wrong: the record still counts them.
        error.calls, error.backend = found.calls, found.backend
        raise


def _vetted(ref: PaperRef, found: SourcePaper, who: str) -> SourcePaper:
    if not isinstance(found.ref, PaperRef):
        raise SourceError(f"{who} returned a ref of type {_kind(found.ref)}, not a PaperRef")
    if not ref.matches(found.ref):
        # A source that returns another work or edition must not yield a verdict.
        raise SourceError(f"{who} returned {found.ref}, not the requested {ref}")
    if not isinstance(found.title, str):
        # Ranked and recorded as text: anything else failed later as a bare AttributeError.
        raise SourceError(f"{who} returned a title of type {_kind(found.title)}, not a string")
    if not isinstance(found.search_query, str) or not isinstance(found.full_text, bool):
        raise SourceError(f"{who} returned a search_query or full_text of the wrong type")
    _vet_passages(ref, found.passages, who)
    found = _clean_sections(found)
    if len(found.title) > MAX_TITLE_CHARS:
        # Read by the judge beside the budgeted passages and kept in every record: a 1 MB
        # title would be sent, billed and stored whole.
        found = replace(found, title=capped(found.title, MAX_TITLE_CHARS))
    ids = [p.passage_id for p in found.passages]
    if len(set(ids)) != len(ids):
        # The judge names a passage by id and code copies it: an id must name one text.
        repeated = next(i for i in ids if ids.count(i) > 1)
        raise SourceError(f"{who} returned passage id {repeated} more than once")
    if NO_EVIDENCE in ids:
        # "none" is the judge's answer for "no passage": a passage so named could never be quoted.
        raise SourceError(f"{who} returned a passage with the reserved id {NO_EVIDENCE!r}")
    if not isinstance(found.retrieved_at, datetime):
        raise SourceError(
            f"{who} gave a retrieval time of type {_kind(found.retrieved_at)}, not a datetime"
        )
    if found.retrieved_at.tzinfo is None:
        raise SourceError(f"{who} gave a retrieval time without a time zone")
    for what, value in (("content hash", found.content_hash), ("extractor", found.extractor)):
        if value is not None and not isinstance(value, str):
            raise SourceError(f"{who} returned a {what} of type {_kind(value)}, not a string")
    if found.url is not None and not isinstance(found.url, str):
        raise SourceError(f"{who} returned a url of type {_kind(found.url)}, not a string")
    if found.url is not None and not is_web_url(found.url):
        # Records reach a web page's links: a "javascript:" URL there would run.
        return replace(found, url=None)
    return found


def _vet_passages(ref: PaperRef, passages: object, who: str) -> None:
    # A list or tuple: a generator would be used up by the first reader (the ranker), leaving
    # the judge nothing, and a string would be read letter by letter.
    if not isinstance(passages, list | tuple):
        raise SourceError(f"{who} returned passages as {_kind(passages)}, not a list or tuple")
    if not passages:
        raise SourceError(f"{ref} has no text passages to check")
    for number, passage in enumerate(passages, start=1):
        if not isinstance(passage, Passage):
            raise SourceError(f"{who} returned a passage of type {_kind(passage)}, not a Passage")
        if not isinstance(passage.passage_id, str) or not isinstance(passage.text, str):
            # Ranked, offered and quoted as text: anything else would fail half-way through.
            raise SourceError(
                f"{who} returned passage {_shown(passage.passage_id)} with "
                f"{_kind(passage.text)} text, not a string"
            )
        _vet_passage_id(passage.passage_id, number, who)
        # Refused, not cleaned: the quote is the source's text verbatim, and a lone surrogate
        # cannot be ranked, sent or written ("check failed: UnicodeEncodeError" said nothing).
        problem = text_problem(passage.text, "its text")
        if problem is not None:
            raise SourceError(f"{who} returned passage {passage.passage_id!r}, but {problem}")
        if passage.section is not None and not isinstance(passage.section, str):
            raise SourceError(
                f"{who} returned passage {passage.passage_id!r} with a section of type "
                f"{_kind(passage.section)}, not a string"
            )
        if passage.pages is not None and not _page_range(passage.pages):
            raise SourceError(
                f"{who} returned passage {passage.passage_id!r} with pages "
                f"{_shown(passage.pages)}, not (first, last) page numbers"
            )


def _vet_passage_id(passage_id: str, number: int, who: str) -> None:
    """SourceError unless ``passage_id`` is one line of text: it is the judge's option, the
    record's ``evidencePassageId`` and printed beside the quote. A blank one read as "no
    evidence passage selected" beside a cleared verdict; a line break printed a line of its
    own under the verdict. Refused, not cleaned: the judge names the passage by it."""
    if not passage_id.strip():
        raise SourceError(f"{who} returned passage {number} with a blank id")
    problem = name_problem(passage_id, "it")
    if problem is not None:
        raise SourceError(
            f"{who} returned passage {number} with an id that is not one line of text: {problem}"
        )


def _clean_sections(found: SourcePaper) -> SourcePaper:
    """``found`` with each passage's section heading as a record may show it: one line, no
    control characters, no credentials. A section is recorded (``evidenceSection``) and shown
    in tables; a source (a plugin, say) may have put anything in it."""
    cleaned = [
        replace(p, section=backend_text(p.section)) if p.section is not None else p
        for p in found.passages
    ]
    if all(new.section == old.section for new, old in zip(cleaned, found.passages, strict=True)):
        return found  # the source's own objects, as they were
    return replace(found, passages=cleaned)


def _page_range(pages: object) -> bool:
    if not isinstance(pages, tuple) or len(pages) != 2:
        return False
    first, last = pages
    whole = all(isinstance(p, int) and not isinstance(p, bool) for p in pages)
    return whole and 1 <= first <= last


def _kind(value: object) -> str:
    return type(value).__name__


def _shown(value: object) -> str:
    """A value for a one-line message: its repr, masked, then cut short (a plugin's may be
    anything, a credential included; cut first, it would no longer be recognised)."""
    return clipped(repr(value), 40, mark="...")
