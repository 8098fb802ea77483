"""Readers for labelled claim files: SciFact, Citation-Integrity and Check-COVID.

Each yields ``EvalPair`` items, one per (claim, cited document), with the gold label mapped to
three classes (supports / contradicts / not established) and the gold rationale sentences as
passage ids (sentence i of an abstract is passage ``P{i+1:03d}``, as the library imports it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from claimaudit.errors import DatasetError, NestingError
from claimaudit.library.scifact import CorpusFormat
from claimaudit.passage import passage_id
from claimaudit.untrusted import load_json

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
}
# Citation-Integrity marks the citation slots in the citing sentence; they are not claim text.
_CITATION_MARKER = re.compile(
    r"(?:(?<!\s)\s+)?(?:\[[^\[\]]*<\|[a-z_]+\|>[^\[\]]*\]|<\|[a-z_]+\|>\s*)"
)


@dataclass(frozen=True)
class EvalPair:
    claim_id: str
    claim: str
    doc_id: str
    gold: str
    rationale: frozenset[str]


def _json_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                data = load_json(line)
            except NestingError as error:
                raise DatasetError(f"{path}:{number}: {error}") from None
            except json.JSONDecodeError as error:
                raise DatasetError(f"{path}:{number}: invalid JSON ({error.msg})") from None
            if not isinstance(data, dict):
                raise DatasetError(f"{path}:{number}: expected a JSON object")
            yield number, data


def _label(value: object, where: str) -> str:
    label = _LABELS.get(str(value).upper())
    if label is None:
        raise DatasetError(f"{where}: unknown label {value!r}")
    return label


def _scifact_style(path: Path, clean: bool) -> Iterator[EvalPair]:
    for number, row in _json_lines(path):
        where = f"{path}:{number}"
        try:
            claim = str(row["claim"])
            evidence: dict[str, list[dict[str, Any]]] = row.get("evidence") or {}
            cited = row.get("cited_doc_ids") or list(evidence)
            claim_id = str(row["id"])
        except (KeyError, TypeError) as error:
            raise DatasetError(f"{where}: missing field {error}") from None
        if clean:
            claim = _CITATION_MARKER.sub("", claim).strip()
        for doc in cited:
            entries = evidence.get(str(doc), [])
            labels = {_label(e.get("label"), where) for e in entries}
            if len(labels) > 1:
                raise DatasetError(f"{where}: conflicting labels for document {doc}")
            gold = labels.pop() if labels else NOT_ESTABLISHED
            rationale = frozenset(passage_id(i) for e in entries for i in e.get("sentences", []))
            yield EvalPair(claim_id, claim, str(doc), gold, rationale)


def _check_covid(path: Path) -> Iterator[EvalPair]:
    for number, row in _json_lines(path):
        where = f"{path}:{number}"
        try:
            gold = _label(row["label"], where)
            rationale = frozenset(
                passage_id(int(e["sent_index"]))
                for e in row.get("evidence_set", [])
                if gold != NOT_ESTABLISHED
            )
            yield EvalPair(str(row["id"]), str(row["claim"]), str(row["cord_id"]), gold, rationale)
        except (KeyError, TypeError, ValueError) as error:
            raise DatasetError(f"{where}: malformed record ({error})") from None


def read_pairs(fmt: CorpusFormat, claims: Path) -> list[EvalPair]:
    if fmt is CorpusFormat.CHECK_COVID:
        return list(_check_covid(claims))
    return list(_scifact_style(claims, clean=fmt is CorpusFormat.CITATION_INTEGRITY))


def read_ids(path: Path) -> list[str]:
    """Claim ids, one per line, each once in the file's order (blank lines and ``#`` comments
    ignored)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    ids = (line.strip() for line in lines if line.strip() and not line.startswith("#"))
    return list(dict.fromkeys(ids))
