"""Importing SciFact-style abstract corpora: one paper per line, one passage per sentence.

Supported formats (JSON Lines, one document per line):

* ``scifact``: SciFact ``{doc_id, title, abstract: [sentence, ...]}``; refs ``scifact:<doc_id>``.
* ``citation-integrity``: Citation-Integrity's corpus, the same schema; refs ``citint:<doc_id>``
  (the prefix the evaluation harness uses). Some of its titles are empty: the ref stands in.
* ``check-covid``: Check-COVID ``{cord_id, title, abstract: [sentence, ...]}``; refs
  ``checkcovid:<cord_id>``.

Sentence ``i`` becomes passage ``P{i+1:03d}``, so the datasets' evidence sentence indices map
straight onto passage ids.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from claimaudit.errors import InputError, InvalidReferenceError, InvalidTextError, NestingError
from claimaudit.guards.untrusted import check_text, load_json
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.library.extract import extractor_version
from claimaudit.library.extract_text import decode_text, not_utf16, read_bytes
from claimaudit.library.models import AddOutcome, NewPaper
from claimaudit.library.passages import one_per_item
from claimaudit.library.store import Library


class CorpusFormat(StrEnum):
    """A claim-verification dataset family: its corpus schema here, its claims files in
    ``claimaudit.evaluation.datasets``."""

    SCIFACT = "scifact"
    CITATION_INTEGRITY = "citation-integrity"
    CHECK_COVID = "check-covid"

    @property
    def ref_prefix(self) -> str:
        """The prefix of its documents' references (``scifact:4983``)."""
        return _REF_PREFIX[self]

    @property
    def id_field(self) -> str:
        return "cord_id" if self is CorpusFormat.CHECK_COVID else "doc_id"

    @classmethod
    def of_ref(cls, ref: PaperRef) -> CorpusFormat | None:
        """The format whose documents' references ``ref`` is written like, if any."""
        prefix = str(ref).partition(":")[0]
        return next((f for f in cls if f.ref_prefix == prefix), None)


_REF_PREFIX = {
    CorpusFormat.SCIFACT: "scifact",
    CorpusFormat.CITATION_INTEGRITY: "citint",
    CorpusFormat.CHECK_COVID: "checkcovid",
}


@dataclass(frozen=True)
class ImportSummary:
    added: int
    replaced: int
    unchanged: int
    skipped: int
    # Passages of the file's stored documents; ``written`` of them were stored by this run
    # (an unchanged document's are already there).
    passages: int
    written: int = 0
    # The skipped documents' references, in the file's order.
    skipped_refs: tuple[str, ...] = ()


def import_corpus(
    library: Library,
    path: Path,
    corpus_format: CorpusFormat = CorpusFormat.SCIFACT,
    *,
    ref_prefix: str | None = None,
    replace: bool = False,
    format_named: str = "--format",
) -> ImportSummary:
    """Import every document of ``path`` in one transaction: all or nothing.

    Identical documents already stored are left alone; changed ones need ``replace=True``.
    Documents without any abstract sentence are skipped (they would have no passages). A file
    naming one document twice is refused, even with identical lines: which line should win is
    the file's author's call, not the importer's. ``format_named`` is how an error calls the
    format where the file looks like another one's (``eval`` takes it as an argument).
    """
    prefix = ref_prefix or corpus_format.ref_prefix
    papers = list(_read(path, corpus_format, prefix, format_named))
    kept = [p for p in papers if p.passages]
    outcomes = library.store_papers(kept, replace=replace)
    return ImportSummary(
        added=outcomes.count(AddOutcome.ADDED),
        replaced=outcomes.count(AddOutcome.REPLACED),
        unchanged=outcomes.count(AddOutcome.UNCHANGED),
        skipped=len(papers) - len(kept),
        passages=sum(len(p.passages) for p in kept),
        written=sum(
            len(p.passages)
            for p, outcome in zip(kept, outcomes, strict=True)
            if outcome is not AddOutcome.UNCHANGED
        ),
        skipped_refs=tuple(str(p.ref) for p in papers if not p.passages),
    )


def empty_documents(path: Path, corpus_format: CorpusFormat) -> frozenset[PaperRef]:
    """The documents of ``path`` that ``import_corpus`` skips: no abstract sentence."""
    return frozenset(
        p.ref for p in _read(path, corpus_format, corpus_format.ref_prefix) if not p.passages
    )


def sentence_counts(
    path: Path, corpus_format: CorpusFormat, format_named: str = "--format"
) -> dict[PaperRef, int]:
    """How many sentences (passages, once imported) each document of ``path`` has."""
    read = _read(path, corpus_format, corpus_format.ref_prefix, format_named)
    return {p.ref: len(p.passages) for p in read}


def _corpus_text(path: Path) -> str:
    """The corpus's text; a paper's file (a PDF, any binary file) given here is named as what it
    is, a paper to add, not text in the wrong encoding."""
    data = read_bytes(path)
    not_utf16(path, data)
    if data[:1024].lstrip()[:5] == b"%PDF-" or b"\x00" in data[:8192]:
        raise InputError(
            f"{path}: not a JSON Lines corpus (it looks like a PDF or other binary file); "
            "add a paper with `claimaudit library add`"
        )
    return decode_text(path, data)


def _read(
    path: Path, corpus_format: CorpusFormat, prefix: str, format_named: str = "--format"
) -> Iterator[NewPaper]:
    text = _corpus_text(path)
    id_field = corpus_format.id_field
    source = str(path.resolve())
    first_line: dict[PaperRef, int] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            record = load_json(line)
        except NestingError as exc:
            raise InputError(f"{where}: {exc}") from None
        except json.JSONDecodeError as exc:
            raise InputError(f"{where}: not valid JSON ({exc.msg})") from None
        if not isinstance(record, dict) or id_field not in record:
            raise InputError(
                f"{where}: expected an object with {id_field!r} (is {format_named} "
                f"{corpus_format} right?)"
            )
        paper = _paper(record, id_field, prefix, where, source)
        if paper.ref in first_line:
            raise InputError(
                f"{where}: {id_field} {record[id_field]} repeats line {first_line[paper.ref]}"
            )
        first_line[paper.ref] = number
        yield paper


def _paper(record: dict[str, Any], id_field: str, prefix: str, where: str, source: str) -> NewPaper:
    sentences = record.get("abstract")
    if not isinstance(sentences, list) or not all(isinstance(s, str) for s in sentences):
        raise InputError(f"{where}: 'abstract' must be a list of sentences")
    raw_title = record.get("title")
    if raw_title is not None and not isinstance(raw_title, str):
        raise InputError(f"{where}: 'title' must be a string")
    try:
        for sentence in (*sentences, raw_title or ""):
            check_text(sentence, "the text")
    except InvalidTextError as exc:
        raise InputError(f"{where}: {exc}") from None
    ref = _ref(prefix, record[id_field], id_field, where)
    title = (raw_title or "").strip() or str(ref)
    canonical = json.dumps({"title": title, "abstract": sentences}, ensure_ascii=False)
    return NewPaper(
        ref=ref,
        title=title,
        passages=one_per_item(sentences),
        content_hash=hashlib.sha256(canonical.encode()).hexdigest(),
        source_path=source,
        source_format="jsonl",
        extractor=extractor_version("jsonl"),
    )


def _ref(prefix: str, doc_id: object, id_field: str, where: str) -> PaperRef:
    # A JSON number that is not a whole number, true/false and null are not identifiers:
    # str() would turn them into "scifact:1.5", "scifact:True", "scifact:None".
    if isinstance(doc_id, bool) or not isinstance(doc_id, str | int):
        kinds = {bool: "true or false", float: "a fraction", list: "a list", dict: "an object"}
        kind = kinds.get(type(doc_id), "null")
        raise InputError(f"{where}: {id_field!r} must be a string or a whole number, not {kind}")
    try:
        return parse_ref(f"{prefix}:{doc_id}")
    except InvalidReferenceError as exc:
        raise InputError(f"{where}: {exc}") from None
