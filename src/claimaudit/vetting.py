"""What a source hands the checker, vetted before anything is judged: a source (a plugin, say)
that returns another work, no text, ambiguous passage ids or impossible counts gets a
``not_checked`` record, never a verdict; a paper URL that is not http(s) is dropped."""

from __future__ import annotations

from dataclasses import replace

from claimaudit.errors import SourceError
from claimaudit.identity import PaperRef
from claimaudit.judges.questions import NO_EVIDENCE
from claimaudit.sources.protocol import SourcePaper
from claimaudit.weburl import is_web_url


def vet_source_paper(ref: PaperRef, found: SourcePaper, source: str | None = None) -> SourcePaper:
    """``found`` as it may be judged and recorded (its URL dropped unless http or https);
    SourceError when it cannot be, naming ``source`` (its name) when given: a plugin's error
    must say whose it is."""
    who = f"source {source!r}" if source is not None else "source"
    if not ref.matches(found.ref):
        # A source that returns another work or edition must not yield a verdict.
        raise SourceError(f"{who} returned {found.ref}, not the requested {ref}")
    if not isinstance(found.title, str):
        # Ranked and recorded as text: anything else failed later as a bare AttributeError.
        raise SourceError(
            f"{who} returned a title of type {type(found.title).__name__}, not a string"
        )
    if not found.passages:
        raise SourceError(f"{ref} has no text passages to check")
    for passage in found.passages:
        if not isinstance(passage.passage_id, str) or not isinstance(passage.text, str):
            # Ranked, offered and quoted as text: anything else would fail half-way through.
            raise SourceError(
                f"{who} returned passage {passage.passage_id!r} with "
                f"{type(passage.text).__name__} text, not a string"
            )
    ids = [p.passage_id for p in found.passages]
    if len(set(ids)) != len(ids):
        # The judge names a passage by id and code copies it: an id must name one text.
        repeated = next(i for i in ids if ids.count(i) > 1)
        raise SourceError(f"{who} returned passage id {repeated} more than once")
    if NO_EVIDENCE in ids:
        # "none" is the judge's answer for "no passage": a passage so named could never be quoted.
        raise SourceError(f"{who} returned a passage with the reserved id {NO_EVIDENCE!r}")
    if isinstance(found.calls, bool) or not isinstance(found.calls, int) or found.calls < 0:
        raise SourceError(f"{who} reported {found.calls!r} requests, not a count")
    if found.retrieved_at.tzinfo is None:
        raise SourceError(f"{who} gave a retrieval time without a time zone")
    if found.url is not None and not is_web_url(found.url):
        # Records reach a web page's links: a "javascript:" URL there would run.
        return replace(found, url=None)
    return found
