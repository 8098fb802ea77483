"""Readers for labelled claim files: SciFact, Citation-Integrity and Check-COVID.

Each yields ``EvalPair`` items, one per (claim, cited document), with the gold label mapped to
three classes (supports / contradicts / not established) and the gold rationale sentences as
passage ids (sentence i of an abstract is passage ``P{i+1:03d}``, as the library imports it).
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from claimaudit.errors import DatasetError, InvalidClaimError, InvalidReferenceError, NestingError
from claimaudit.evaluation.citation_marks import remove_citation_marks
from claimaudit.evaluation.rows import CheckCovidRow, EvidenceEntry, SciFactRow, parse_row
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.jsonlines import json_problem
from claimaudit.guards.repeated import load_json_once, repeat_problem
from claimaudit.guards.usertext import NotUtf8Error, decode_utf8, refuse_utf16
from claimaudit.identity import parse_ref
from claimaudit.inputs import validate_claim
from claimaudit.library.scifact import CorpusFormat
from claimaudit.passage import passage_id

SUPPORTS, CONTRADICTS, NOT_ESTABLISHED = "supports", "contradicts", "not_established"
CLASSES: tuple[str, ...] = (SUPPORTS, CONTRADICTS, NOT_ESTABLISHED)

_LABELS = {
    "SUPPORT": SUPPORTS,
    "SUPPORTS": SUPPORTS,
    "ACCURATE": SUPPORTS,
    "CONTRADICT": CONTRADICTS,
    "REFUTE": CONTRADICTS,
    "REFUTES": CONTRADICTS,
    "NOT_ACCURATE": CONTRADICTS,
    "NEI": NOT_ESTABLISHED,
    "NOT_ENOUGH_INFO": NOT_ESTABLISHED,
    "NOTENOUGHINFO": NOT_ESTABLISHED,
    # The classes as eval's --out writes them in "gold": such a file's labels read back.
    "CONTRADICTS": CONTRADICTS,
    "NOT_ESTABLISHED": NOT_ESTABLISHED,
}


@dataclass(frozen=True)
class EvalPair:
    claim_id: str
    claim: str
    doc_id: str
    gold: str
    rationale: frozenset[str]
    # The claims file and line the pair comes from, for errors found later (against the corpus).
    where: str = ""
    line: int = 0  # that line's number: where --limit stops, in the file's order


@dataclass(frozen=True)
class LeftOutClaim:
    """A row whose claim ``check`` would refuse, left out when the read skips them."""

    claim_id: str
    where: str
    reason: str
    line: int = 0


class RefusedClaimError(DatasetError):
    """A row whose claim ``check`` and ``batch`` refuse (too long, no words, not valid text)."""


@dataclass(frozen=True)
class Dataset:
    pairs: list[EvalPair]
    left_out: list[LeftOutClaim]


def _text_lines(path: Path) -> Iterator[tuple[int, str]]:
    """Each line of ``path`` with its number; a BOM is fine (as in batch inputs and --corpus),
    bytes that are not UTF-8 are a DatasetError naming the line."""
    with path.open("rb") as handle:
        try:
            refuse_utf16(handle.peek(4096))  # its first line may be too short to tell
        except NotUtf8Error as error:
            raise DatasetError(f"{shown_name(path)}: {error}") from None
        for number, raw in enumerate(handle, start=1):
            if number == 1:
                raw = raw.removeprefix(codecs.BOM_UTF8)
            try:
                text = decode_utf8(raw, start=False)
            except NotUtf8Error as error:
                raise DatasetError(f"{shown_name(path)}:{number}: {error}") from None
            yield number, text


def _json_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, line in _text_lines(path):
        if not line.strip():
            continue
        try:
            data = load_json_once(line)
        except NestingError as error:
            raise DatasetError(f"{shown_name(path)}:{number}: {error}") from None
        except json.JSONDecodeError as error:
            problem = json_problem(error)
            raise DatasetError(f"{shown_name(path)}:{number}: invalid JSON ({problem})") from None
        if not isinstance(data, dict):
            raise DatasetError(f"{shown_name(path)}:{number}: expected a JSON object")
        # Never the last of a repeated key, as json keeps it: {"id": 1, "id": 2} was scored
        # as claim 2 without a word (batch, the API and MCP refuse such input).
        if (repeated := repeat_problem(data)) is not None:
            raise DatasetError(f"{shown_name(path)}:{number}: {repeated}")
        yield number, data


def _label(value: str, where: str) -> str:
    # FEVER, whose SUPPORTS and REFUTES are read, writes "NOT ENOUGH INFO": spaces and hyphens
    # are read as the underscores of NOT_ENOUGH_INFO.
    label = _LABELS.get(re.sub(r"[\s-]+", "_", value.strip()).upper())
    if label is None:
        # Naming the labels read: "unknown label 'Neutral'" left the user to guess them.
        known = ", ".join(_LABELS)
        raise DatasetError(
            f"{where}: unknown label {value!r} (labels read, in any case, spaces as "
            f"underscores: {known})"
        )
    return label


def _first_time(seen: dict[str, int], claim_id: str, number: int, where: str) -> None:
    # A repeated claim would be judged and counted twice, and --ids could not tell them apart.
    if claim_id in seen:
        raise DatasetError(f"{where}: id {claim_id} repeats line {seen[claim_id]}")
    seen[claim_id] = number


def _require_format(fmt: CorpusFormat, data: dict[str, Any], where: str) -> None:
    """DatasetError when the row is plainly one of the other format: a Check-COVID row read as
    SciFact cites no document, a SciFact one read as Check-COVID lacks cord_id, and neither
    error would say what is wrong."""
    covid = fmt is CorpusFormat.CHECK_COVID
    own, other = ("cord_id", "cited_doc_ids") if covid else ("cited_doc_ids", "cord_id")
    if other in data and own not in data:
        named = "scifact" if covid else "check-covid"
        raise DatasetError(
            f"{where}: this looks like a {named} row (it has {other}, not {own}); "
            f"is the format {fmt} right?"
        )


def _checkable(claim: str) -> str:
    """The claim as ``check`` and ``batch`` take it (whitespace normalised), or
    RefusedClaimError with why: a claim they refuse (too long, no words, not valid text) would
    be judged here, or fail as a not_checked pair that reads as a judge that was down."""
    try:
        return validate_claim(claim)
    except InvalidClaimError as error:
        raise RefusedClaimError(str(error)) from None


def _refused(claim_id: str, where: str, number: int, reason: str, skip: bool) -> LeftOutClaim:
    if not skip:
        raise RefusedClaimError(f"{where}: {reason}")
    return LeftOutClaim(claim_id, where, reason, number)


def _require_rationale(gold: str, rationale: frozenset[str], what: str, where: str) -> None:
    # A label with no sentence would count every evidence the judge gives as a miss.
    if gold != NOT_ESTABLISHED and not rationale:
        raise DatasetError(f"{where}: {what} labels it {gold} but names no sentence")


def _doc_id(fmt: CorpusFormat, doc: str, where: str) -> str:
    """``doc`` as the reference the corpus's document is stored under reads it (``"7 "`` is
    document 7), or DatasetError: two spellings of one document are one document."""
    try:
        ref = parse_ref(f"{fmt.ref_prefix}:{doc}")
    except InvalidReferenceError as error:
        raise DatasetError(f"{where}: document {doc!r}: {error}") from None
    return str(ref).partition(":")[2]


def _cited(row: SciFactRow, fmt: CorpusFormat, where: str) -> list[tuple[str, list[EvidenceEntry]]]:
    """The documents the claim is checked against, each once, with their evidence, every one
    with evidence among them. Compared as references: ``"7"`` and ``"7 "`` were two documents,
    the one paper judged twice and counted twice in every figure."""
    evidence: dict[str, list[EvidenceEntry]] = {}
    for key, entries in (row.evidence or {}).items():
        doc = _doc_id(fmt, key, where)
        if doc in evidence:
            raise DatasetError(f"{where}: evidence names document {doc} twice")
        evidence[doc] = entries
    given = row.cited_doc_ids or list(evidence)
    cited = [_doc_id(fmt, doc, where) for doc in given]
    for position, doc in enumerate(cited):
        if doc in cited[:position]:
            # Judged twice, it would count twice in every figure.
            raise DatasetError(f"{where}: cited_doc_ids lists document {doc} twice")
    uncited = [doc for doc in evidence if doc not in cited]
    if uncited:
        # Its gold label would be dropped without a word.
        raise DatasetError(
            f"{where}: evidence names document {uncited[0]}, which cited_doc_ids does not list"
        )
    return [(doc, evidence.get(doc, [])) for doc in cited]


def _scifact_style(path: Path, fmt: CorpusFormat, skip: bool) -> Iterator[EvalPair | LeftOutClaim]:
    seen: dict[str, int] = {}
    for number, data in _json_lines(path):
        where = f"{shown_name(path)}:{number}"
        _require_format(fmt, data, where)
        row = parse_row(SciFactRow, data, where)
        _first_time(seen, row.id, number, where)
        if not row.cited_doc_ids and not row.evidence:
            # It would yield no pair: left out without a word, and --ids would call it absent.
            raise DatasetError(
                f"{where}: the claim cites no document (no cited_doc_ids, no evidence)"
            )
        claim = row.claim
        try:
            if fmt is CorpusFormat.CITATION_INTEGRITY:
                claim = remove_citation_marks(claim)
                if not claim:
                    raise RefusedClaimError("claim is empty once its citation marks are removed")
            claim = _checkable(claim)
        except RefusedClaimError as error:
            yield _refused(row.id, where, number, str(error), skip)
            continue
        for doc, entries in _cited(row, fmt, where):
            labels = {_label(e.label, where) for e in entries}
            if len(labels) > 1:
                raise DatasetError(f"{where}: conflicting labels for document {doc}")
            gold = labels.pop() if labels else NOT_ESTABLISHED
            rationale = frozenset(passage_id(i) for e in entries for i in e.sentences)
            _require_rationale(gold, rationale, f"evidence for document {doc}", where)
            yield EvalPair(row.id, claim, doc, gold, rationale, where, number)


def _check_covid(path: Path, skip: bool) -> Iterator[EvalPair | LeftOutClaim]:
    seen: dict[str, int] = {}
    for number, data in _json_lines(path):
        where = f"{shown_name(path)}:{number}"
        _require_format(CorpusFormat.CHECK_COVID, data, where)
        row = parse_row(CheckCovidRow, data, where)
        _first_time(seen, row.id, number, where)
        document = _doc_id(CorpusFormat.CHECK_COVID, row.cord_id, where)
        try:
            claim = _checkable(row.claim)
        except RefusedClaimError as error:
            yield _refused(row.id, where, number, str(error), skip)
            continue
        gold = _label(row.label, where)
        # A "not enough info" row may list sentences it looked at: they are no rationale.
        sentences = (row.evidence_set or []) if gold != NOT_ESTABLISHED else []
        rationale = frozenset(passage_id(e.sent_index) for e in sentences)
        _require_rationale(gold, rationale, "evidence_set", where)
        yield EvalPair(row.id, claim, document, gold, rationale, where, number)


def read_pairs(fmt: CorpusFormat, claims: Path) -> list[EvalPair]:
    """Every pair of the file; DatasetError (RefusedClaimError for a claim ``check`` refuses)
    at the first row that is not right."""
    return read_dataset(fmt, claims).pairs


def read_dataset(fmt: CorpusFormat, claims: Path, *, skip_invalid: bool = False) -> Dataset:
    """The file's pairs; with ``skip_invalid``, a row whose claim ``check`` refuses is left out
    and named (a real dataset can hold one claim over the limit, and one row should not stop a
    measurement of thousands), while every other fault still stops the read."""
    if fmt is CorpusFormat.CHECK_COVID:
        items = list(_check_covid(claims, skip_invalid))
    else:
        items = list(_scifact_style(claims, fmt, skip_invalid))
    pairs = [item for item in items if isinstance(item, EvalPair)]
    return Dataset(pairs, [item for item in items if isinstance(item, LeftOutClaim)])


def read_ids(path: Path) -> list[str]:
    """Claim ids, one per line, each once in the file's order (blank lines and ``#`` comments
    ignored)."""
    lines = (line.strip() for _, line in _text_lines(path))
    return list(dict.fromkeys(line for line in lines if line and not line.startswith("#")))
