"""The ray engine: pairs judged by worker actors on a Ray cluster, records streamed back.

The driver (this process) reads the requests lazily, fetches each paper from its source and
looks it up in its cache (``shipping.prepare``), and sends batches of pairs to the workers,
keeping only a few batches per worker in flight: memory stays flat however long the input.
Each record reaches ``on_record`` once, when its batch comes back. A worker that dies is
restarted by Ray and its unfinished batches are sent again (records are only written on the
driver, so a batch re-run is never written twice); a batch that kills its worker
``MAX_ATTEMPTS`` times becomes ``not_checked`` records. Nothing is sent to a worker being
replaced until it answers a cheap call (its judge loaded): a call sent while it restarts fails
at once, and would spend a batch's attempts in milliseconds.
"""

from __future__ import annotations

import logging
import signal
import socket
import threading
import time
import uuid
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, TypeVar

import ray
from ray.exceptions import RayActorError, RayError

from claimaudit.checker.cache import CacheKey, keep
from claimaudit.checker.pipeline import Checker
from claimaudit.engines import JudgeFactory, PairRequest, SourceFactory
from claimaudit.engines.ray_worker import RemoteLimiter, remote_worker
from claimaudit.engines.shipping import CheckerSpec, ShippedPair, prepare
from claimaudit.errors import BackendError, UsageError
from claimaudit.inputs import shown_ref
from claimaudit.net.redaction import redact_text
from claimaudit.records import NotCheckedRecord, Record

T = TypeVar("T")

BATCH_SIZE = 4  # pairs per task: amortises a round trip without holding many pairs in flight
MAX_ATTEMPTS = 3
# A worker being replaced: how often, and for how long, to ask whether it is back before its
# batches go to the others alone (a judge that no longer loads, a node that is gone).
PROBE_TRIES = 30
RESTART_SECONDS = 900.0
# Judges that run on the worker's own CPU: nothing remote to protect, so no cluster-wide cap.
IN_PROCESS_JUDGES = frozenset({"local"})
SEARCH_SOURCE_LIMIT = 4  # concurrent fetches cluster-wide for a source each worker asks itself


@dataclass
class _Batch:
    tags: list[Any]
    keys: list[CacheKey | None]
    pairs: list[ShippedPair]
    attempts: int = 0
    actor: int = -1


@dataclass
class _Restarting:
    """A worker Ray is replacing: sent no batch until ``pid`` (a cheap call, answered once the
    new process has loaded its judge) comes back."""

    since: float
    failures: int = 0
    probe: Any = None  # the call in flight, or None until ``next_probe``
    next_probe: float = 0.0


@dataclass
class RunCounters:
    """What the last run did, for tests and benchmarks."""

    workers: int = 0
    start_seconds: float = 0.0  # until every worker had loaded its judge
    batches: int = 0
    resubmitted: int = 0
    worker_errors: list[str] = field(default_factory=list)
    peaks: dict[str, int] = field(default_factory=dict)  # most slots held at once, per backend


def default_limits(checker: Checker, spec: CheckerSpec) -> dict[str, int]:
    """Cluster-wide caps: a remote judge's own concurrency, and a few for a search source."""
    limits: dict[str, int] = {}
    if checker.judge.name not in IN_PROCESS_JUDGES:
        limits[checker.judge.name] = max(1, checker.judge.concurrency)
    if spec.worker_fetches:
        limits[spec.source_name] = SEARCH_SOURCE_LIMIT
    return limits


def _probe(address: str) -> None:
    """A ``HOST:PORT`` where nothing listens fails at once: Ray itself would retry for minutes."""
    host, sep, port = address.rpartition(":")
    if "://" in address or not sep:
        return  # "auto", or Ray Client's ray://, which times out by itself
    # isdigit() is true for "²", which int() refuses; a port past 65535 overflows the socket call.
    if not (port.isascii() and port.isdigit()) or int(port) > 65535:
        raise BackendError(
            f"cannot start or reach Ray at {address}: its port is not a number up to 65535"
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
    except OSError as error:
        why = error.strerror or type(error).__name__
        raise BackendError(f"cannot start or reach Ray at {address}: {why}") from None


# The signal that asked this driver to stop, once one did.
_TERMINATED: list[int] = []


def exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    """SIGTERM in a driver that Ray joined: Ray's own handler dumps a C++ stack and aborts
    (exit 134). Raised in the main thread instead, so every ``finally`` runs (workers stopped,
    Ray shut down, locks freed) and the process exits as a terminated one does (128 + 15).
    Raised while Ray waits, it comes out of Ray as ``SystemExit(1)``: ``check`` restores it."""
    _TERMINATED.append(signum)
    raise SystemExit(128 + signum)


def _set_sigterm(handler: Any) -> bool:
    """Install ``handler`` for SIGTERM; False where Python allows no handler (a thread)."""
    if handler is None or threading.current_thread() is not threading.main_thread():
        return False
    signal.signal(signal.SIGTERM, handler)
    return True


class RayEngine:
    name = "ray"

    def __init__(
        self,
        judge_factory: JudgeFactory,
        *,
        source_factory: SourceFactory | None = None,
        address: str | None = None,
        workers: int | None = None,
        batch_size: int = BATCH_SIZE,
        limits: Mapping[str, int] | None = None,
    ) -> None:
        self.judge_factory = judge_factory
        self.source_factory = source_factory
        self.address = address
        self.workers = workers
        self.batch_size = max(1, batch_size)
        self.limits = limits
        self.counters = RunCounters()
        self._actors: list[Any] = []
        self._limiter: Any = None
        self._setup: tuple[CheckerSpec, dict[str, int]] | None = None
        self._started_ray = False
        self._sigterm: Any = None  # the handler before ours, while ours is installed

    def connect(self) -> None:
        """Join the cluster (``address``), or start a local Ray for this run when none is
        given and none is running in this process."""
        if ray.is_initialized():
            return
        before = signal.getsignal(signal.SIGTERM)
        common: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
        if self.address is not None:
            _probe(self.address)
        try:
            if self.address is None:
                ray.init(include_dashboard=False, _node_ip_address="127.0.0.1", **common)
                self._started_ray = True
            else:
                ray.init(address=self.address, **common)
        except (ConnectionError, RayError, ValueError, RuntimeError) as error:
            _set_sigterm(before)  # ray.init may have installed its own
            where = self.address or "a local Ray"
            raise BackendError(f"cannot start or reach Ray at {where}: {error}") from None
        # After ray.init, which installs handlers of its own (Python's and C++'s).
        if _set_sigterm(exit_on_sigterm):
            self._sigterm = before

    def worker_pids(self) -> list[int]:
        """The process id of each worker (a killed one is replaced: ask again)."""
        return list(ray.get([actor.pid.remote() for actor in self._actors]))

    def check(
        self,
        checker: Checker,
        requests: Iterable[tuple[T, PairRequest]],
        on_record: Callable[[T, Record], None],
    ) -> None:
        spec = CheckerSpec.of(checker)
        if spec.worker_fetches and self.source_factory is None:
            raise UsageError(f"source {spec.source_name!r}: the ray engine needs its factory")
        self.connect()
        limits = dict(self.limits) if self.limits is not None else default_limits(checker, spec)
        setup = (spec, limits)
        if self._actors and setup != self._setup:
            self._stop_workers()
        if not self._actors:
            # Workers load their judge once and serve every later run of this engine with the
            # same settings (the drafts of one review); ``close`` stops them.
            self.counters = RunCounters()
            started = time.perf_counter()
            self._start_workers(checker, spec, limits)
            self.counters.start_seconds = time.perf_counter() - started
            self._setup = setup
        else:
            self.counters = RunCounters(workers=len(self._actors))
        try:
            self._run(checker, spec, iter(requests), on_record)
        except BaseException:
            self._stop_workers()  # batches still in flight must not reach a later run
            if _TERMINATED:
                raise SystemExit(128 + _TERMINATED[0]) from None
            raise

    def _start_workers(self, checker: Checker, spec: CheckerSpec, limits: dict[str, int]) -> None:
        cpus = float(ray.cluster_resources().get("CPU", 1.0))  # type: ignore[no-untyped-call]
        count = self.workers or max(1, int(cpus))
        # More workers than CPUs would wait for CPUs forever: share them out instead.
        share = min(1.0, cpus / count)
        # Named, so that workers look it up (``remote_worker`` takes no handle); unique per run.
        name = f"claimaudit-limiter-{uuid.uuid4().hex}" if limits else None
        self._limiter = RemoteLimiter.options(name=name).remote(limits) if name else None
        worker = remote_worker(share, checker.judge.concurrency)
        # By value, not ray.put: small arguments are kept in the actor's creation task, so a
        # replaced worker is built from them again (see ``remote_worker``).
        factories = (self.judge_factory, self.source_factory, spec)
        self._actors = [worker.remote(*factories, name, limits) for _ in range(count)]
        self.counters.workers = count
        try:
            self.worker_pids()  # every worker has loaded its judge, or we say why not
        except RayError as error:
            self._stop_workers()
            cause = redact_text(" ".join(str(error).split())[-300:])
            raise BackendError(f"ray workers could not start: {cause}") from None

    def _stop_workers(self) -> None:
        for actor in self._actors:
            ray.kill(actor, no_restart=True)
        if self._limiter is not None:
            with suppress(RayError):  # only figures for tests and benchmarks
                self.counters.peaks = ray.get(self._limiter.peaks.remote(), timeout=10)
            ray.kill(self._limiter)
        self._actors, self._limiter, self._setup = [], None, None

    def _batches(
        self, checker: Checker, spec: CheckerSpec, requests: Iterator[tuple[T, PairRequest]]
    ) -> Iterator[_Batch]:
        batch = _Batch([], [], [])
        for tag, request in requests:
            shipped, key = prepare(checker, spec, request)
            batch.tags.append(tag)
            batch.keys.append(key)
            batch.pairs.append(shipped)
            if len(batch.pairs) >= self.batch_size:
                yield batch
                batch = _Batch([], [], [])
        if batch.pairs:
            yield batch

    def _run(
        self,
        checker: Checker,
        spec: CheckerSpec,
        requests: Iterator[tuple[T, PairRequest]],
        on_record: Callable[[T, Record], None],
    ) -> None:
        per_worker = max(1, checker.judge.concurrency) + 1  # one waiting: a worker never idles
        load: Counter[int] = Counter()
        inflight: dict[Any, _Batch] = {}
        restarting: dict[int, _Restarting] = {}
        lost: set[int] = set()  # workers that did not come back: their batches go elsewhere
        parked: deque[_Batch] = deque()  # batches waiting for a worker that is up
        probes: dict[Any, int] = {}

        def usable() -> list[int]:
            return [i for i in range(len(self._actors)) if i not in restarting and i not in lost]

        def submit(batch: _Batch) -> None:
            up = usable()
            if not up:
                parked.append(batch)
                return
            index = min(up, key=lambda i: load[i])
            batch.actor = index
            load[index] += 1
            inflight[self._actors[index].check.remote(batch.pairs)] = batch
            self.counters.batches += 1

        batches = self._batches(checker, spec, requests)
        exhausted = False
        while True:
            now = time.monotonic()
            for index, state in list(restarting.items()):
                if now - state.since > RESTART_SECONDS:
                    restarting.pop(index)
                    lost.add(index)
                elif state.probe is None and now >= state.next_probe:
                    state.probe = self._actors[index].pid.remote()
                    probes[state.probe] = index
            while parked and usable():
                submit(parked.popleft())
            while not exhausted and len(inflight) < per_worker * len(usable()):
                batch = next(batches, None)
                if batch is None:
                    exhausted = True
                else:
                    submit(batch)
            if not usable() and not restarting:
                # Every worker is gone for good: what is left cannot be judged.
                for batch in [*parked, *batches]:
                    self._give_up(batch, "no worker could be restarted", on_record)
                parked.clear()
                exhausted = True
            if not inflight and not parked and exhausted:
                return
            waits = [s.next_probe - now for s in restarting.values() if s.probe is None]
            timeout = max(0.0, min(waits)) if waits else None
            waiting = [*inflight, *probes]
            if not waiting:
                time.sleep(timeout or 0.0)  # only a restarting worker to ask again, later
                continue
            ready, _ = ray.wait(waiting, num_returns=1, timeout=timeout)
            if not ready:
                continue  # time to ask a restarting worker again
            if ready[0] in probes:
                self._probed(ready[0], probes.pop(ready[0]), restarting, lost)
                continue
            batch = inflight.pop(ready[0])
            load[batch.actor] -= 1
            try:
                results = ray.get(ready[0])
            except RayActorError as error:
                # The worker died (killed, out of memory, its node lost): Ray replaces it.
                batch.attempts += 1
                self.counters.worker_errors.append(type(error).__name__)
                if batch.actor not in restarting and batch.actor not in lost:
                    restarting[batch.actor] = _Restarting(since=time.monotonic())
                if batch.attempts < MAX_ATTEMPTS:
                    self.counters.resubmitted += 1
                    submit(batch)
                else:
                    self._give_up(batch, f"its worker died {MAX_ATTEMPTS} times", on_record)
                continue
            except RayError as error:
                self.counters.worker_errors.append(type(error).__name__)
                self._give_up(batch, f"worker failed: {type(error).__name__}", on_record)
                continue
            for tag, key, (record, kept) in zip(batch.tags, batch.keys, results, strict=True):
                if kept is not None and key is not None and checker.cache is not None:
                    keep(checker.cache, key, kept)
                on_record(tag, record)

    def _probed(
        self, probe: Any, index: int, restarting: dict[int, _Restarting], lost: set[int]
    ) -> None:
        """A restarting worker answered (it is back) or failed again (asked again later, up to
        ``PROBE_TRIES`` times; a worker being replaced fails calls at once until it is up)."""
        state = restarting.get(index)
        if state is None:
            return
        try:
            ray.get(probe)
        except RayError as error:
            self.counters.worker_errors.append(type(error).__name__)
            state.failures += 1
            state.probe = None
            if state.failures >= PROBE_TRIES:
                restarting.pop(index)
                lost.add(index)
            else:
                state.next_probe = time.monotonic() + min(2.0, 0.05 * 2**state.failures)
            return
        restarting.pop(index)

    @staticmethod
    def _give_up(batch: _Batch, why: str, on_record: Callable[[Any, Record], None]) -> None:
        for tag, pair in zip(batch.tags, batch.pairs, strict=True):
            request = pair.request
            record = NotCheckedRecord(
                claim=request.claim, paperRef=shown_ref(request.paper), error=f"check failed: {why}"
            )
            on_record(tag, record)

    def close(self) -> None:
        self._stop_workers()
        if self._started_ray and ray.is_initialized():
            ray.shutdown()
            self._started_ray = False
        if self._sigterm is not None and _set_sigterm(self._sigterm):
            self._sigterm = None
