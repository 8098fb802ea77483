"""Batch checking from JSON Lines, resumable.

Each input line is ``{"id", "claim", "papers": [REF, ...], "topic"?}``. Each (claim, paper) record
is written and flushed as soon as it is done, so a rerun with the same output file skips the
pairs already written and continues where a crash or Ctrl-C stopped it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from claimaudit.accounting import RunSummary
from claimaudit.checker import Checker, InvalidClaimError, Record, ref_key, validate_claim
from claimaudit.records import NotCheckedRecord, record_to_dict


@dataclass(frozen=True)
class BatchItem:
    line_number: int
    id: str
    claim: str
    papers: tuple[str, ...]
    topic: str | None


@dataclass(frozen=True)
class BadLine:
    line_number: int
    id: str
    error: str


def _parse_line(line_number: int, raw: str) -> BatchItem | BadLine:
    fallback_id = f"line-{line_number}"
    try:
        data: Any = json.loads(raw)
    except json.JSONDecodeError as error:
        return BadLine(line_number, fallback_id, f"line {line_number}: invalid JSON ({error.msg})")
    if not isinstance(data, dict):
        return BadLine(line_number, fallback_id, f"line {line_number}: expected a JSON object")
    item_id = data.get("id")
    if not isinstance(item_id, str | int) or isinstance(item_id, bool) or str(item_id) == "":
        return BadLine(line_number, fallback_id, f"line {line_number}: missing or invalid 'id'")
    ident = str(item_id)
    claim, papers, topic = data.get("claim"), data.get("papers"), data.get("topic")
    problem = None
    if not isinstance(claim, str):
        problem = "'claim' must be a string"
    elif not isinstance(papers, list) or not papers or not all(isinstance(p, str) for p in papers):
        problem = "'papers' must be a non-empty list of strings"
    elif topic is not None and not isinstance(topic, str):
        problem = "'topic' must be a string"
    else:
        try:
            claim = validate_claim(claim)
        except InvalidClaimError as error:
            problem = str(error)
    if problem:
        return BadLine(line_number, ident, f"line {line_number}: {problem}")
    assert isinstance(claim, str) and isinstance(papers, list)
    unique = tuple(dict.fromkeys(papers, None))
    return BatchItem(line_number, ident, claim, unique, topic)


def read_items(path: Path) -> Iterator[BatchItem | BadLine]:
    with path.open(encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            if raw.strip():
                yield _parse_line(number, raw)


def done_pairs(out: Path) -> set[tuple[str, str]]:
    """(id, paperRef) pairs already written; drops a torn last line left by a crash."""
    if not out.exists():
        return set()
    done: set[tuple[str, str]] = set()
    good_bytes = 0
    with out.open("rb") as handle:
        for raw in handle:
            try:
                data = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                break
            if not raw.endswith(b"\n"):
                break
            done.add((str(data.get("id")), str(data.get("paperRef"))))
            good_bytes += len(raw)
    if good_bytes != out.stat().st_size:
        with out.open("r+b") as handle:
            handle.truncate(good_bytes)
    return done


@dataclass
class BatchStats:
    written: int = 0
    skipped: int = 0
    # What the records written by this run cost (pairs already done are not counted again).
    summary: RunSummary = field(default_factory=RunSummary)


def pending_pairs(items: list[BatchItem | BadLine], done: set[tuple[str, str]]) -> int:
    count = 0
    for item in items:
        keys = [""] if isinstance(item, BadLine) else [ref_key(p) for p in item.papers]
        count += sum((item.id, key) not in done for key in keys)
    return count


def run_batch(
    source: Path,
    out: Path,
    checker: Checker,
    on_record: Callable[[Record], None] | None = None,
) -> BatchStats:
    """Check every pending pair of ``source``, appending records to ``out`` as they finish."""
    items = list(read_items(source))
    done = done_pairs(out)
    stats = BatchStats()
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as handle:
        for item in items:
            if isinstance(item, BadLine):
                if (item.id, "") in done:
                    stats.skipped += 1
                    continue
                record: Record = NotCheckedRecord(
                    claim="", paperRef="", error=item.error, id=item.id
                )
                _write(handle, record, stats, on_record)
                continue
            for paper in item.papers:
                if (item.id, ref_key(paper)) in done:
                    stats.skipped += 1
                    continue
                checked = checker.check_paper(item.claim, paper, item.topic)
                _write(handle, checked.model_copy(update={"id": item.id}), stats, on_record)
    return stats


def _write(
    handle: IO[str], record: Record, stats: BatchStats, on_record: Callable[[Record], None] | None
) -> None:
    handle.write(json.dumps(record_to_dict(record), ensure_ascii=False) + "\n")
    handle.flush()
    stats.written += 1
    stats.summary.add(record)
    if on_record:
        on_record(record)
