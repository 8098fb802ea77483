"""Batch checking from JSON Lines, resumable.

Each input line is ``{"id", "claim", "papers": [REF, ...], "topic"?}``. Each (claim, paper) record
is written and flushed as soon as it is done, so a rerun with the same output file skips the
pairs already written and continues where a crash or Ctrl-C stopped it.

Resume matches a record to its input line by the line's *input key*, written into every record
(``inputKey``, with ``inputLine``, the line's number, for people): the SHA-256 of the line's
text and, for a line repeated word for word, which repeat it is (``<hex>:1``, ``<hex>:2``).
So lines that look alike (ids ``7`` and ``"7"``, or one line given twice) are separate pairs
that never merge; adding, removing or moving other lines changes no key; editing a line makes it
a new one. What ``--out`` already holds is read by ``claimaudit.batch.resume``.

A record carries its line's ``id`` as given (``7`` stays a number, ``"7"`` a string), so that
input and output join on it; a bad line without a usable id gets ``"line-N"``. An input whose
first line is no JSON object (a CSV, an indented JSON file) is refused whole, since every line of
it would be a bad line; a run holds ``--out``'s lock (``claimaudit.batch.lock``) while it lasts.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import nullcontext, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from claimaudit.accounting import RunSummary
from claimaudit.batch.ignored import IgnoredKeys, ignored_keys
from claimaudit.batch.lock import batch_lock
from claimaudit.batch.resume import Outcome, Resume, paper_places, read_resume
from claimaudit.checker.pipeline import Checker
from claimaudit.engines import Engine, PairRequest
from claimaudit.engines.local import LocalEngine
from claimaudit.errors import DatasetError, InvalidClaimError, InvalidTextError, NestingError
from claimaudit.guards.durable import PacedSync, sync_folder
from claimaudit.guards.jsonsafe import escape_unsafe
from claimaudit.guards.repeated import load_json_once, repeat_problem
from claimaudit.guards.untrusted import (
    NumberTooLongError,
    check_text,
    load_json,
    scrub_surrogates,
)
from claimaudit.guards.userfiles import make_folder
from claimaudit.guards.usertext import NotUtf8Error, decode_utf8, refuse_utf16
from claimaudit.inputs import (
    MAX_CLAIM_CHARS,
    cut_ref,
    ref_key,
    validate_claim,
    validate_papers,
    validate_topic,
)
from claimaudit.net.redaction import redact_text
from claimaudit.records import NotCheckedRecord, Record, record_to_dict

MAX_ID_CHARS = 1_000

# A line's id as the input gave it: a JSON string or a whole number (never a bool or a float).
ItemId = str | int


@dataclass(frozen=True)
class BatchItem:
    line_number: int
    key: str
    id: ItemId
    claim: str
    papers: tuple[str, ...]
    topic: str | None
    # Keys the line holds that batch does not read but that were plainly meant (a run's option
    # such as ``judge``, a slip such as ``topc``): ``claimaudit.batch.ignored``.
    ignored: tuple[str, ...] = ()

    @property
    def id_text(self) -> str:
        """The id as text: how records written before input keys existed are matched."""
        return str(self.id)


@dataclass(frozen=True)
class BadLine:
    line_number: int
    key: str
    id: ItemId
    error: str
    # What the line asked, as far as it could be read: its not_checked records keep the claim,
    # and there is one record per paper (one with no paper when none could be read).
    claim: str = ""
    papers: tuple[str, ...] = ()
    # Which of ``pairs()`` (1 first) are still to write, when some are done; None for all.
    pending: tuple[int, ...] | None = None

    @property
    def id_text(self) -> str:
        return str(self.id)

    def pairs(self) -> list[tuple[str, str, int | None]]:
        """(paper as sent, its resume key, its place where it needs one: ``paper_places``) of
        each record the line gets."""
        if not self.papers:
            return [("", "", None)]
        places = paper_places(self.papers)
        return [
            (paper, ref_key(paper), place) for paper, place in zip(self.papers, places, strict=True)
        ]

    def pending_pairs(self) -> list[tuple[str, str, int | None]]:
        pairs = self.pairs()
        return pairs if self.pending is None else [pairs[i - 1] for i in self.pending]


def input_key(text: bytes, repeat: int) -> str:
    """The key of an input line's text, ``repeat`` counting lines with the same text (1 first)."""
    return f"{hashlib.sha256(text).hexdigest()[:32]}:{repeat}"


def _item_id(data: dict[str, Any]) -> ItemId | None:
    """The line's id, unchanged, or None when it is missing or not a usable string or integer
    (a bool is refused though Python counts it an int; ``7.0`` is refused as a float)."""
    item_id = data.get("id")
    if not isinstance(item_id, str | int) or isinstance(item_id, bool):
        return None
    if isinstance(item_id, str) and not item_id.strip():  # "" or "  " joins to nothing
        return None
    ident = str(item_id)
    try:
        check_text(ident, "'id'")
    except InvalidTextError:
        return None
    return item_id if len(ident) <= MAX_ID_CHARS else None


def _parse_line(line_number: int, key: str, raw: str) -> BatchItem | BadLine:
    fallback_id = f"line-{line_number}"

    def bad(
        problem: str, ident: ItemId = fallback_id, claim: str = "", papers: Sequence[str] = ()
    ) -> BadLine:
        return BadLine(
            line_number, key, ident, f"line {line_number}: {problem}", claim, _distinct(papers)
        )

    try:
        data: Any = load_json_once(raw)
    except NestingError as error:
        return bad(str(error))
    except json.JSONDecodeError as error:
        return bad(f"invalid JSON ({error.msg})")
    if not isinstance(data, dict):
        return bad("expected a JSON object")
    # Whatever of the claim and papers can be read goes into every not_checked record below.
    readable_claim, readable_papers = _readable(data)
    unknown = _unknown_keys(data)

    def bad_here(problem: str, ident: ItemId = fallback_id) -> BadLine:
        return bad(f"{problem}{unknown}", ident, readable_claim, readable_papers)

    # json keeps the last of a repeated key: the line would ask something other than it says.
    repeated = repeat_problem(data)
    if repeated:
        # The id joins records to the input: a repeated id is no id to trust.
        ident = None if repeated.startswith("id:") else _item_id(data)
        return bad_here(repeated, ident or fallback_id)
    # Every field the line lacks, named at once: fixing one should not reveal the next.
    missing = _missing(data)
    ident = _item_id(data)
    if ident is None:
        limit = f"{MAX_ID_CHARS:,}"
        also = f"; {missing}" if missing else ""
        return bad_here(
            f"missing or invalid 'id' (a string or whole number, up to {limit} characters){also}"
        )
    if missing:
        return bad_here(missing, ident)
    claim, papers, topic = data.get("claim"), data.get("papers"), data.get("topic")
    if not isinstance(claim, str):
        return bad_here("'claim' must be a string", ident)
    if not isinstance(papers, list) or not all(isinstance(p, str) for p in papers):
        return bad_here("'papers' must be a list of strings", ident)
    if topic is not None and not isinstance(topic, str):
        return bad_here("'topic' must be a string", ident)
    try:
        text = validate_claim(claim)
        validate_topic(topic)
        # No paper, or one listed twice (in any spelling), is refused in the words `check`,
        # the API and MCP use.
        validate_papers(papers)
    except InvalidClaimError as error:
        return bad(str(error), ident, claim, papers)
    return BatchItem(line_number, key, ident, text, tuple(papers), topic, ignored_keys(data, _KEYS))


_KEYS = ("id", "claim", "papers", "topic")


def _missing(data: dict[str, Any]) -> str:
    """``missing 'claim' and 'papers'`` for the required fields besides the id that the line
    lacks; "" when it has them."""
    names = [f"'{name}'" for name in ("claim", "papers") if name not in data]
    return f"missing {' and '.join(names)}" if names else ""


def _readable(data: dict[str, Any]) -> tuple[str, list[str]]:
    """The line's claim and papers as far as they can be read: a claim that is no string is
    "", and of a list of papers those that are strings (a lone string is no list)."""
    claim, papers = data.get("claim"), data.get("papers")
    listed = [p for p in papers if isinstance(p, str)] if isinstance(papers, list) else []
    return (claim if isinstance(claim, str) else ""), listed


def _unknown_keys(data: dict[str, Any]) -> str:
    """``; unknown key 'paper' (did you mean 'papers'?)`` for keys a line does not use, so
    a slip is named; "" when there are none. Extra keys alone do not make a line bad."""
    notes = []
    for name in data:
        if name in _KEYS:
            continue
        shown = json.dumps(name, ensure_ascii=False)[1:-1][:40]
        close = difflib.get_close_matches(name, [k for k in _KEYS if k not in data], n=1)
        notes.append(f"'{shown}'" + (f" (did you mean '{close[0]}'?)" if close else ""))
    if not notes:
        return ""
    return f"; unknown key{'s' if len(notes) > 1 else ''} {', '.join(notes[:5])}"


def _distinct(papers: Sequence[str]) -> tuple[str, ...]:
    """Each paper once, however often (in whatever spelling) the line lists it."""
    first: dict[str, str] = {}
    for paper in papers:
        first.setdefault(ref_key(paper), paper)
    return tuple(first.values())


def _split_lines(handle: IO[bytes]) -> Iterator[bytes]:
    """The lines of ``handle``, each ended by "\\r\\n", "\\n" or a lone "\\r" (classic Mac OS),
    as ``import-jsonl`` reads them. JSON never holds a raw "\\r" inside a line."""
    for raw in handle:
        body = raw.removesuffix(b"\n").removesuffix(b"\r")
        yield from body.split(b"\r")


def _lines(handle: IO[bytes]) -> Iterator[tuple[int, bytes]]:
    """(number, text) of each non-blank line, stripped, without a byte order mark: on any line,
    since files joined with ``cat`` carry each one's mark at the start of its first line."""
    for number, raw in enumerate(_split_lines(handle), start=1):
        text = raw.strip()
        if text.startswith(b"\xef\xbb\xbf"):
            text = text[3:].strip()
        if text:
            yield number, text


def require_json_lines(path: Path) -> None:
    """DatasetError unless the first non-blank line of ``path`` is a JSON object.

    A CSV file or an indented JSON document would otherwise pass, every line of it a bad line
    written to ``--out``; a bad line after a good one is a ``not_checked`` record as ever."""
    with path.open("rb") as handle:
        try:
            refuse_utf16(handle.peek(4096))  # its first line may be too short to tell
        except NotUtf8Error as error:
            raise DatasetError(f"{path}: {error}") from None
        number, text = next(_lines(handle), (0, b""))
    if not number:
        return  # nothing to check: an empty input writes nothing
    problem = _not_an_object(text)
    if problem:
        raise DatasetError(f"{path} is not JSON Lines: line {number} {problem}")


def _not_an_object(text: bytes) -> str | None:
    """Why a line is not a JSON object, or None when it is one."""
    hint = "(one claim object per line)"
    if text.startswith(b"["):  # a JSON array, on one line or indented over many
        return "starts a JSON array; write one claim object per line"
    try:
        data: Any = load_json(decode_utf8(text, start=False))
    except NotUtf8Error:
        return f"is not UTF-8 text {hint}"
    except (NestingError, NumberTooLongError):
        # An object too deep to read, or holding a number too long to: it becomes a bad line
        # like any other, saying so (not "is not a JSON object").
        return None if text.startswith(b"{") else f"is not a JSON object {hint}"
    except json.JSONDecodeError:
        return f"is not a JSON object {hint}"
    return None if isinstance(data, dict) else f"is not a JSON object {hint}"


def read_items(path: Path) -> Iterator[BatchItem | BadLine]:
    """Every non-blank line of ``path``, parsed; a line that is not UTF-8 is a BadLine too."""
    seen: Counter[bytes] = Counter()
    with path.open("rb") as handle:
        for number, text in _lines(handle):
            seen[text] += 1
            key = input_key(text, seen[text])
            try:
                # A UTF-16 file was refused by its start (require_json_lines).
                decoded = decode_utf8(text, start=False)
            except NotUtf8Error as error:
                message = f"line {number}: {error}"
                yield BadLine(number, key, f"line-{number}", message)
                continue
            yield _parse_line(number, key, decoded)


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


def scan_input(path: Path, resume: Resume, *, keys: bool = False) -> InputScan:
    """``path`` read once (twice where ``resume`` holds records from before input keys); with
    ``keys``, the lines' input keys are kept too."""
    ignored = IgnoredKeys()
    ids: Counter[str] = Counter()
    kept: set[str] = set()

    def noting(items: Iterable[BatchItem | BadLine]) -> Iterator[BatchItem | BadLine]:
        for item in items:
            if isinstance(item, BatchItem):
                ignored.add(item.line_number, item.ignored)
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
    return InputScan(_once(ids), pending, ignored, done, kept)


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
) -> BatchStats:
    """Check every pending pair of ``source``, appending records to ``out`` as they finish.

    ``items`` and ``resume`` are ``source`` and ``out`` as already read (``read_items``,
    ``read_resume``), for a caller that counted the pending pairs first; ``unique_ids`` (from
    ``scan_input``) lets ``items`` be a stream. ``engine`` judges the pairs (default: here, in
    input order; the ray engine writes each record as its pair finishes). ``out`` is locked for
    the run (``batch_lock``; BatchLockedError when another run holds it); ``lock=False`` is for
    a caller that holds that lock already, since it read ``out`` under it. ``done`` is what a
    scan counted of the pairs already done, for ``items`` that leave out a finished input
    (``InputScan.done``): its pairs are counted as skipped without reading it again."""
    if items is None:
        require_json_lines(source)
    with batch_lock(out) if lock else nullcontext():
        stats = _run_batch(source, out, checker, on_record, items, resume, unique_ids, engine)
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
    with out.open("a", encoding="utf-8") as handle:
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
