"""Batch checking from JSON Lines, resumable.

The input is read by ``claimaudit.batch.items``. Each (claim, paper) record is written and
flushed as soon as it is done, so a rerun with the same output file skips the pairs already
written and continues where a crash or Ctrl-C stopped it.

Resume matches a record to its input line by the line's *input key*, written into every record
(``inputKey``, with ``inputLine``, the line's number, for people): the SHA-256 of the line's
text and, for a line repeated word for word, which repeat it is (``<hex>:1``, ``<hex>:2``).
So lines that look alike (ids ``7`` and ``"7"``, or one line given twice) are separate pairs
that never merge; adding, removing or moving other lines changes no key; editing a line makes it
a new one. What ``--out`` already holds is read by ``claimaudit.batch.resume``; a run holds
``--out``'s lock (``claimaudit.batch.lock``) while it lasts.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import nullcontext, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO

from claimaudit.accounting import RunSummary
from claimaudit.batch.ignored import IgnoredKeys
from claimaudit.batch.items import BadLine, BatchItem, read_items, require_json_lines
from claimaudit.batch.lock import batch_lock
from claimaudit.batch.repeats import RepeatedIds
from claimaudit.batch.resume import Outcome, Resume, paper_places, read_resume
from claimaudit.checker.pipeline import Checker
from claimaudit.engines import Engine, PairRequest, check_engine
from claimaudit.engines.local import LocalEngine
from claimaudit.guards.durable import PacedSync, sync_folder
from claimaudit.guards.fifos import open_records
from claimaudit.guards.jsonsafe import escape_unsafe
from claimaudit.guards.untrusted import scrub_surrogates
from claimaudit.guards.userfiles import make_folder
from claimaudit.inputs import MAX_CLAIM_CHARS, cut_ref, ref_key
from claimaudit.net.redaction import redact_text
from claimaudit.records import NotCheckedRecord, Record, record_to_dict


@dataclass
class BatchStats:
    written: int = 0
    skipped: int = 0
    # What the records written by this run cost (pairs already done are not counted again).
    summary: RunSummary = field(default_factory=RunSummary)
    # What the records of the pairs already done said (``--fail-on`` looks at them too).
    earlier: Counter[Outcome] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    # Input lines this run wrote as bad input (their numbers) and their records: a mistake in
    # the input, to fix there, not an outage to retry.
    bad_lines: list[int] = field(default_factory=list)
    bad_records: int = 0


def _ids_once(items: Iterable[BatchItem | BadLine]) -> set[str]:
    return _once(Counter(item.id_text for item in items))


def _once(counts: Counter[str]) -> set[str]:
    # As text: ids 7 and "7" on two lines are one id here, so neither trusts a legacy record
    # (which does not say which of them it was written for).
    return {ident for ident, count in counts.items() if count == 1}


def pending_pairs(items: Iterable[BatchItem | BadLine], resume: Resume) -> int:
    items = list(items)
    return _pending_count(items, resume, _ids_once(items), BatchStats())


def _pending_count(
    items: Iterable[BatchItem | BadLine], resume: Resume, unique: set[str], stats: BatchStats
) -> int:
    """The pairs left to do, as ``pending_work`` finds them; those done counted in ``stats``."""
    return sum(
        len(work.pending_pairs()) if isinstance(work, BadLine) else 1
        for work in pending_work(items, resume, unique, stats)
    )


def _done_whole(item: BadLine, resume: Resume, unique: set[str]) -> Outcome | None:
    """The record an earlier version wrote for a bad line that lists papers, as one record
    without claim or paper (a repeated key, no usable id, a claim that is no text): the
    line is done, not to be written again paper by paper beside it."""
    if not item.papers:
        return None
    return resume.earlier(item.key, item.id_text, "", item.id_text in unique)


@dataclass(frozen=True)
class InputScan:
    """One streaming pass over the input: the ids that a single line has, the pairs left to
    do, and the pairs done as a run counts them. A run with pairs left reads the input again
    to do them (``read_items``), so a long input is never held in memory whole; a finished
    one need not be read again (``run_batch``'s ``done``)."""

    unique_ids: set[str]
    pending: int
    # Good lines holding keys batch does not read that were plainly meant, to warn of first.
    ignored: IgnoredKeys = field(default_factory=IgnoredKeys)
    # The pairs already in --out (``skipped``) and what their records said (``earlier``).
    done: BatchStats = field(default_factory=BatchStats)
    # Every line's input key, where asked for: which records of --out are this input's.
    keys: set[str] = field(default_factory=set)
    # Ids that good lines share, to warn of first: records would join to the wrong line.
    repeated: RepeatedIds = field(default_factory=RepeatedIds)


def scan_input(path: Path, resume: Resume, *, keys: bool = False) -> InputScan:
    """``path`` read once (twice where ``resume`` holds records from before input keys); with
    ``keys``, the lines' input keys are kept too."""
    ignored = IgnoredKeys()
    repeated = RepeatedIds()
    ids: Counter[str] = Counter()
    kept: set[str] = set()

    def noting(items: Iterable[BatchItem | BadLine]) -> Iterator[BatchItem | BadLine]:
        for item in items:
            if isinstance(item, BatchItem):
                ignored.add(item.line_number, item.ignored)
                repeated.add(item.line_number, item.id)
            ids[item.id_text] += 1
            if keys:
                kept.add(item.key)
            yield item

    done = BatchStats()
    if resume.legacy:
        # A record from before input keys counts only for an id that a single line has, known
        # once every line is read: the pairs are counted in a second pass.
        unique = _once(Counter(item.id_text for item in noting(read_items(path))))
        pending = _pending_count(read_items(path), resume, unique, done)
    else:
        # Without such records no pair's outcome depends on its id: one pass counts them.
        pending = _pending_count(noting(read_items(path)), resume, set(), done)
    return InputScan(_once(ids), pending, ignored, done, kept, repeated)


# A pair to check (line, paper as written, its place where it needs one), or a bad line.
Work = tuple[BatchItem, str, int | None] | BadLine


def pending_work(
    items: Iterable[BatchItem | BadLine], resume: Resume, unique: set[str], stats: BatchStats
) -> Iterator[Work]:
    """What is left to do, in input order; each pair already in ``--out`` counts as skipped."""
    for item in items:
        once = item.id_text in unique
        if isinstance(item, BadLine):
            if _skipped(stats, _done_whole(item, resume, unique)):
                continue
            left = tuple(
                number
                for number, (_, paper_key, place) in enumerate(item.pairs(), start=1)
                if not _skipped(
                    stats, resume.earlier(item.key, item.id_text, paper_key, once, place)
                )
            )
            if left:
                yield replace(item, pending=left)
            continue
        for paper, place in zip(item.papers, paper_places(item.papers), strict=True):
            done = resume.earlier(item.key, item.id_text, ref_key(paper), once, place)
            if not _skipped(stats, done):
                yield item, paper, place


def _skipped(stats: BatchStats, earlier: Outcome | None) -> bool:
    """Whether the pair is done already (counted as skipped)."""
    if earlier is None:
        return False
    stats.skipped += 1
    stats.earlier[earlier] += 1
    return True


def bad_line_records(item: BadLine) -> list[tuple[Record, int | None]]:
    """A bad line's not_checked records still to write, each with its paper's place where it
    needs one: the claim and each paper as sent (the claim cut to the claim limit, a paper as
    ``inputs.shown_ref`` cuts it), redacted as any record's text is."""
    claim = _shown(item.claim[:MAX_CLAIM_CHARS])
    error = _shown(item.error)
    return [
        (
            NotCheckedRecord(
                claim=claim, paperRef=cut_ref(_shown(paper_key)), error=error, id=item.id
            ),
            place,
        )
        for _, paper_key, place in item.pending_pairs()
    ]


def _shown(text: str) -> str:
    return redact_text(scrub_surrogates(text))


def run_batch(
    source: Path,
    out: Path,
    checker: Checker,
    on_record: Callable[[Record], None] | None = None,
    *,
    items: Iterable[BatchItem | BadLine] | None = None,
    resume: Resume | None = None,
    unique_ids: set[str] | None = None,
    engine: Engine | None = None,
    lock: bool = True,
    done: BatchStats | None = None,
    waiting: Callable[[], None] | None = None,
) -> BatchStats:
    """Check every pending pair of ``source``, appending records to ``out`` as they finish.

    ``items`` and ``resume`` are ``source`` and ``out`` as already read (``read_items``,
    ``read_resume``), for a caller that counted the pending pairs first; ``unique_ids`` (from
    ``scan_input``) lets ``items`` be a stream. ``engine`` judges the pairs (default: here, in
    input order; the ray engine writes each record as its pair finishes). ``out`` is locked for
    the run (``batch_lock``; BatchLockedError when another run holds it); ``lock=False`` is for
    a caller that holds that lock already, since it read ``out`` under it. ``done`` is what a
    scan counted of the pairs already done, for ``items`` that leave out a finished input
    (``InputScan.done``): its pairs are counted as skipped without reading it again.
    ``waiting`` is called once when ``out`` is a FIFO that no program reads yet, before the
    run waits for one (``open_records``)."""
    check_engine(engine)  # as review does: a name ("ray") is no engine
    if items is None:
        require_json_lines(source)
    with batch_lock(out) if lock else nullcontext():
        stats = _run_batch(
            source, out, checker, on_record, items, resume, unique_ids, engine, waiting
        )
    if done is not None:
        stats.skipped += done.skipped
        stats.earlier.update(done.earlier)
    return stats


def _run_batch(
    source: Path,
    out: Path,
    checker: Checker,
    on_record: Callable[[Record], None] | None,
    items: Iterable[BatchItem | BadLine] | None,
    resume: Resume | None,
    unique_ids: set[str] | None,
    engine: Engine | None,
    waiting: Callable[[], None] | None,
) -> BatchStats:
    resume = read_resume(out) if resume is None else resume
    if items is None:
        items = read_items(source)
        unique_ids = unique_ids if unique_ids is not None else _ids_once(read_items(source))
    elif unique_ids is None:
        items = list(items)
        unique_ids = _ids_once(items)
    engine = engine or LocalEngine()
    stats = BatchStats(problems=resume.problems(out))
    make_folder(out.parent)  # synced as made: a crash must not lose the folder with the records
    with open_records(out, waiting) as handle:
        # Its name, once a run: a new file (the lock makes it empty first) that a crash
        # unnamed would lose every record synced into it.
        sync_folder(Path(os.path.realpath(out)).parent)
        synced = PacedSync(handle.fileno())

        def write(item: BatchItem | BadLine, record: Record, place: int | None) -> None:
            _write(handle, record, (item, place), stats, on_record)
            synced.wrote()

        def requests() -> Iterator[tuple[tuple[BatchItem, int | None], PairRequest]]:
            for work in pending_work(items, resume, unique_ids, stats):
                if isinstance(work, BadLine):
                    stats.bad_lines.append(work.line_number)
                    for record, place in bad_line_records(work):
                        stats.bad_records += 1
                        write(work, record, place)
                else:
                    item, paper, place = work
                    yield (item, place), PairRequest(item.claim, paper, item.topic)

        def finished(tag: tuple[BatchItem, int | None], record: Record) -> None:
            item, place = tag
            write(item, record.model_copy(update={"id": item.id}), place)

        try:
            engine.check(checker, requests(), finished)
        except BaseException:
            # Stopped (Ctrl-C, an error): the records written are kept on the disk too, never
            # hiding what stopped it.
            with suppress(OSError):
                synced.finish()
            raise
        synced.finish()
    return stats


def _write(
    handle: IO[str],
    record: Record,
    where: tuple[BatchItem | BadLine, int | None],
    stats: BatchStats,
    on_record: Callable[[Record], None] | None,
) -> None:
    item, place = where
    extra: dict[str, object] = {"inputLine": item.line_number, "inputKey": item.key}
    if place is not None:
        # Its paper reads the same as another of the line once masked: the place tells the two
        # apart on resume, without the secret that differs.
        extra["inputPaper"] = place
    # As every --json output: a terminal showing the file (cat, tail -f) cannot be turned.
    line = json.dumps({**record_to_dict(record), **extra}, ensure_ascii=False)
    handle.write(escape_unsafe(line) + "\n")
    handle.flush()
    stats.written += 1
    stats.summary.add(record)
    if on_record:
        on_record(record)
