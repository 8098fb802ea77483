"""The Ray actors: a worker that loads the judge once and judges shipped pairs, and the limiter
that caps a remote backend's concurrent requests across the whole cluster.

Imported only by the ray engine (it imports Ray at the top).
"""

from __future__ import annotations

import asyncio
import os
from collections import Counter
from collections.abc import Mapping
from contextlib import contextmanager
from typing import Any

import ray

from claimaudit.engines import JudgeFactory, SourceFactory
from claimaudit.engines.shipping import CheckerSpec, ShippedPair, judge_shipped
from claimaudit.identity import PaperRef
from claimaudit.judges.delegating import DelegatingJudge
from claimaudit.judges.protocol import Decision, Judge, JudgeReply
from claimaudit.records import CheckedRecord, Record
from claimaudit.sources.delegating import DelegatingSource
from claimaudit.sources.protocol import Source, SourcePaper


class Limiter:
    """One slot count per backend name; a slot is held by a worker (by its actor id), so the
    slots of a worker that died are given back when it is replaced."""

    def __init__(self, limits: Mapping[str, int]) -> None:
        self._limits = dict(limits)
        self._free = {name: asyncio.Semaphore(count) for name, count in limits.items()}
        self._held: Counter[tuple[str, str]] = Counter()
        self.peak: Counter[str] = Counter()  # the most slots held at once, per backend

    async def acquire(self, name: str, holder: str) -> None:
        await self._free[name].acquire()
        self._held[name, holder] += 1
        busy = sum(n for (backend, _), n in self._held.items() if backend == name)
        self.peak[name] = max(self.peak[name], busy)

    def release(self, name: str, holder: str) -> None:
        if self._held[name, holder] > 0:
            self._held[name, holder] -= 1
            self._free[name].release()

    def release_all(self, holder: str) -> None:
        for name, who in list(self._held):
            while who == holder and self._held[name, who] > 0:
                self.release(name, who)

    def peaks(self) -> dict[str, int]:
        return dict(self.peak)


class _Slots:
    def __init__(self, limiter: Any, holder: str) -> None:
        self.limiter = limiter
        self.holder = holder

    @contextmanager
    def slot(self, name: str) -> Any:
        ray.get(self.limiter.acquire.remote(name, self.holder))
        try:
            yield
        finally:
            self.limiter.release.remote(name, self.holder)


class LimitedJudge(DelegatingJudge):
    """A judge whose every decision holds one of the cluster's slots for it."""

    def __init__(self, judge: Judge, slots: _Slots) -> None:
        super().__init__(judge, judge.name)
        self.slots = slots

    def decide(self, decision: Decision) -> JudgeReply:
        with self.slots.slot(self.name):
            return self.inner.decide(decision)


class LimitedSource(DelegatingSource):
    """A search source whose every fetch holds one of the cluster's slots for it."""

    def __init__(self, source: Source, slots: _Slots) -> None:
        super().__init__(source, source.name)
        self.slots = slots

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        with self.slots.slot(self.name):
            return self.inner.fetch(ref, query)


class PairWorker:
    """Loads the judge (and a search source) once, then judges batches of shipped pairs."""

    def __init__(
        self,
        judge_factory: JudgeFactory,
        source_factory: SourceFactory | None,
        spec: CheckerSpec,
        limiter_name: str | None,
        limits: Mapping[str, int],
    ) -> None:
        holder = ray.get_runtime_context().get_actor_id() or str(os.getpid())
        # By name, not by handle: a handle among the arguments is an object-store reference,
        # which a restarted worker may no longer find (see ``remote_worker``).
        limiter = ray.get_actor(limiter_name) if limiter_name is not None else None
        if limiter is not None:
            # A restarted worker has its predecessor's actor id: free what that one held.
            ray.get(limiter.release_all.remote(holder))
        slots = _Slots(limiter, holder)
        judge = judge_factory()
        self.judge: Judge = LimitedJudge(judge, slots) if judge.name in limits else judge
        source = source_factory() if source_factory is not None else None
        if source is not None and source.name in limits:
            source = LimitedSource(source, slots)
        self.source = source
        self.spec = spec

    # Its own thread: answered while the judge is busy (a test kills the worker by its pid).
    @ray.method(concurrency_group="control")
    def pid(self) -> int:
        return os.getpid()

    def check(self, pairs: list[ShippedPair]) -> list[tuple[Record, CheckedRecord | None]]:
        return [judge_shipped(self.spec, self.judge, self.source, pair) for pair in pairs]


RemoteLimiter = ray.remote(num_cpus=0)(Limiter)


def remote_worker(cpus: float, concurrency: int) -> Any:
    """The worker actor class: replaced by Ray when its process dies (its pairs are re-run by
    the driver, not by Ray, so that no pair is judged into the output twice). Its arguments
    must be plain values: Ray rebuilds a replaced worker from its creation task, and an
    argument held in the object store (a ``ray.put`` reference, an actor handle) may be gone
    by then, which Ray reports at error level (ray-project/ray#53727)."""
    options: dict[str, Any] = {
        "num_cpus": cpus,
        "max_restarts": -1,
        "max_task_retries": 0,
        "max_concurrency": max(1, concurrency),
        "concurrency_groups": {"control": 1},
    }
    return ray.remote(**options)(PairWorker)
