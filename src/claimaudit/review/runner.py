"""Checking many (claim, paper) pairs: each distinct pair once, concurrently where the judge allows.

A judge says how many decisions it can take at once with its ``concurrency`` (see ``Judge``: the
embedded verifier one per two cores, since onnxruntime releases the GIL; Jev 8, it waits on the
network; by default one at a time).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

from claimaudit.checker import Checker
from claimaudit.engines import Engine, PairRequest
from claimaudit.inputs import ref_key
from claimaudit.records import Record

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
) -> dict[Pair, Record]:
    """One record per distinct pair, keyed by ``pair_key``; ``on_record`` after each one.
    ``engine`` judges them elsewhere (the ray engine), in place of this process's threads."""
    distinct: dict[Pair, Pair] = {}
    for pair in pairs:
        distinct.setdefault(pair_key(pair), pair)
    count = max(1, workers if workers is not None else checker.judge.concurrency)
    results: dict[Pair, Record] = {}

    def finish(key: Pair, record: Record) -> None:
        results[key] = record
        if on_record is not None:
            on_record(record)

    if engine is not None:
        requests = ((key, PairRequest(pair[0], pair[1], topic)) for key, pair in distinct.items())
        engine.check(checker, requests, finish)
        return results
    if count <= 1 or len(distinct) <= 1:
        for key, pair in distinct.items():
            finish(key, _check(checker, pair, topic))
        return results
    executor = ThreadPoolExecutor(max_workers=count, thread_name_prefix="claimaudit-review")
    pending: dict[Future[Record], Pair] = {}
    try:
        pending = {executor.submit(_check, checker, p, topic): k for k, p in distinct.items()}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                finish(pending.pop(future), future.result())
    finally:
        # On Ctrl-C, drop the pairs not yet started; finished ones are already in the cache.
        executor.shutdown(wait=not pending, cancel_futures=True)
    return results
