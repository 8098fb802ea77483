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
from collections.abc import Callable, Generator, Iterator
from contextlib import closing
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from claimaudit.errors import InputError, InvalidReferenceError, InvalidTextError, NestingError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.jsonlines import json_problem
from claimaudit.guards.repeated import load_json_once, repeat_problem
from claimaudit.guards.untrusted import check_text
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.library.corpus_lines import corpus_lines
from claimaudit.library.extract import extractor_version
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

    The file is read as it is stored, one document at a time, inside the one transaction (SQLite
    keeps its uncommitted pages on disk): memory stays bounded whatever the corpus's size, and a
    bad line anywhere still rolls back every document before it.
    """
    prefix = ref_prefix or corpus_format.ref_prefix
    corpus = _Corpus(lambda: _read(path, corpus_format, prefix, format_named))
    outcomes = library.store_papers(corpus, replace=replace)
    tally = corpus.tally
    return ImportSummary(
        added=outcomes.count(AddOutcome.ADDED),
        replaced=outcomes.count(AddOutcome.REPLACED),
        unchanged=outcomes.count(AddOutcome.UNCHANGED),
        skipped=len(tally.skipped),
        passages=sum(tally.passages),
        written=sum(
            count
            for count, outcome in zip(tally.passages, outcomes, strict=True)
            if outcome is not AddOutcome.UNCHANGED
        ),
        skipped_refs=tuple(tally.skipped),
    )


class _Corpus:
    """The file's documents that have sentences, read afresh each time they are iterated: a
    new library's first import writes them again where another run made the library meanwhile
    (``first_add``), which once meant holding them all. ``tally`` is the last reading's."""

    def __init__(self, read: Callable[[], Generator[NewPaper, None, None]]) -> None:
        self._read = read
        self.tally = _Tally()

    def __iter__(self) -> Iterator[NewPaper]:
        self.tally = _Tally()
        # Closed however the iteration ends: the file is not left open until collected.
        with closing(self._read()) as read:
            yield from self.tally.kept(read)


class _Tally:
    """What the summary says of the documents read, noted as they pass: the documents
    themselves are not kept."""

    def __init__(self) -> None:
        self.passages: list[int] = []  # each stored document's, in the order stored
        self.skipped: list[str] = []  # the references of documents without a sentence

    def kept(self, papers: Iterator[NewPaper]) -> Iterator[NewPaper]:
        for paper in papers:
            if paper.passages:
                self.passages.append(len(paper.passages))
                yield paper
            else:
                self.skipped.append(str(paper.ref))


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


def _read(
    path: Path, corpus_format: CorpusFormat, prefix: str, format_named: str = "--format"
) -> Generator[NewPaper, None, None]:
    id_field = corpus_format.id_field
    source = str(path.resolve())
    first_line: dict[PaperRef, int] = {}
    for number, line in corpus_lines(path):
        if not line.strip():
            continue
        where = f"{shown_name(path)}:{number}"
        try:
            record = load_json_once(line)
        except NestingError as exc:
            raise InputError(f"{where}: {exc}") from None
        except json.JSONDecodeError as exc:
            raise InputError(f"{where}: not valid JSON ({json_problem(exc)})") from None
        # Never the last of a repeated key, as json keeps it: {"doc_id": 1, "doc_id": 2} was
        # stored as document 2 without a word (batch, the API and MCP refuse such input).
        if (repeated := repeat_problem(record)) is not None:
            raise InputError(f"{where}: {repeated}")
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
        kinds = {bool: "true or false", float: "a fraction", list: "a list"}
        # Any dict: ``load_json_once`` reads an object as a dict of its own, counting repeats.
        kind = "an object" if isinstance(doc_id, dict) else kinds.get(type(doc_id), "null")
        raise InputError(f"{where}: {id_field!r} must be a string or a whole number, not {kind}")
    try:
        return parse_ref(f"{prefix}:{doc_id}")
    except InvalidReferenceError as exc:
        raise InputError(f"{where}: {exc}") from None
