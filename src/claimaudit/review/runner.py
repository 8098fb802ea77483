"""Checking many (claim, paper) pairs: each distinct pair once, concurrently where the judge allows.

A judge says how many decisions it can take at once with its ``concurrency`` (see ``Judge``: the
embedded verifier one per two cores, since onnxruntime releases the GIL; Jev 8, it waits on the
network; by default one at a time).

Every pair of one run reads its paper through one ``SnapshotSource``: a paper replaced in the
library while the review runs is still judged in the version its first sentence saw.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

from claimaudit.checker.pipeline import Checker
from claimaudit.engines import Engine, PairRequest, check_engine
from claimaudit.errors import CancelledWorkError
from claimaudit.inputs import ref_key
from claimaudit.records import Record
from claimaudit.review.arguments import check_checker, check_workers
from claimaudit.sources.snapshot import SnapshotSource

Pair = tuple[str, str]  # (claim text, paper reference)


def pair_key(pair: Pair) -> Pair:
    """Two spellings of one paper (``1907.10121``, ``arXiv:1907.10121``) are one pair."""
    return pair[0], ref_key(pair[1])


def _check(checker: Checker, pair: Pair, topic: str | None) -> Record:
    return checker.check_paper(pair[0], pair[1], topic)


def check_pairs(
    checker: Checker,
    pairs: Iterable[Pair],
    *,
    topic: str | None = None,
    workers: int | None = None,
    on_record: Callable[[Record], None] | None = None,
    engine: Engine | None = None,
    cancel: threading.Event | None = None,
) -> dict[Pair, Record]:
    """One record per distinct pair, keyed by ``pair_key``; ``on_record`` after each one.
    ``engine`` judges them elsewhere (the ray engine), in place of this process's threads.
    Once ``cancel`` is set, pairs not yet started are not judged, and CancelledWorkError is
    raised when the ones under way have finished (this process's threads only).
    Each paper is fetched once for the whole run (see ``SnapshotSource``). A ``checker`` that
    is no Checker, ``workers`` that is not a whole number from 1, or an ``engine`` without
    ``check``, is a UsageError."""
    check_checker(checker)
    check_workers(workers)
    check_engine(engine)
    distinct: dict[Pair, Pair] = {}
    for pair in pairs:
        distinct.setdefault(pair_key(pair), pair)
    checker = _with_snapshot(checker, distinct)
    count = max(1, workers if workers is not None else checker.judge.concurrency)
    results: dict[Pair, Record] = {}

    def judge(pair: Pair) -> Record | None:
        if cancel is not None and cancel.is_set():
            return None
        return _check(checker, pair, topic)

    def finish(key: Pair, record: Record | None) -> None:
        if record is None:
            return
        results[key] = record
        if on_record is not None:
            on_record(record)

    if engine is not None:
        requests = ((key, PairRequest(pair[0], pair[1], topic)) for key, pair in distinct.items())
        engine.check(checker, requests, finish)
        return results
    if count <= 1 or len(distinct) <= 1:
        for key, pair in distinct.items():
            finish(key, judge(pair))
        return _all_or_cancelled(results, len(distinct))
    executor = ThreadPoolExecutor(max_workers=count, thread_name_prefix="claimaudit-review")
    pending: dict[Future[Record | None], Pair] = {}
    try:
        pending = {executor.submit(judge, p): k for k, p in distinct.items()}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                finish(pending.pop(future), future.result())
    finally:
        # On Ctrl-C, drop the pairs not yet started; finished ones are already in the cache.
        executor.shutdown(wait=not pending, cancel_futures=True)
    return _all_or_cancelled(results, len(distinct))


def _with_snapshot(checker: Checker, distinct: dict[Pair, Pair]) -> Checker:
    """``checker`` reading through a snapshot that drops each paper after its last pair; it
    closes nothing (the backends stay ``checker``'s)."""
    uses = Counter(paper for _, paper in distinct)
    snapshot = SnapshotSource(checker.source, uses)
    return dataclasses.replace(checker, source=snapshot, owned=())


def _all_or_cancelled(results: dict[Pair, Record], wanted: int) -> dict[Pair, Record]:
    if len(results) < wanted:
        raise CancelledWorkError(f"cancelled after {len(results)} of {wanted} pairs")
    return results
