"""Engines: where the (claim, paper) pairs of a run are judged.

``local`` judges them in this process (the default); ``ray`` spreads them over the actors of a
Ray cluster (claimaudit's ``ray`` extra). Both take the same checker and the same stream of
requests, and hand every record to the same callback, so ``batch``, ``eval`` and ``review``
write the same records whichever engine ran them; only the order in which pairs finish may
differ.

Nothing here imports Ray: ``make_engine`` loads it only when the ``ray`` engine is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, TypeVar

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import UsageError
from claimaudit.judges.protocol import Judge
from claimaudit.records import Record
from claimaudit.sources.protocol import Source

T = TypeVar("T")

# Builds a backend where it runs (a Ray worker builds its own judge); must pickle.
JudgeFactory = Callable[[], Judge]
SourceFactory = Callable[[], Source]

# What claimaudit's ray extra holds, installed by itself: claimaudit is not on PyPI, so
# `pip install 'claimaudit[ray]'` finds nothing (or whoever registers the name).
RAY_INSTALL_HINT = "the ray engine needs Ray: pip install 'ray[default]==2.60.0'"

# The most workers a ray engine takes (the CLI's ``--workers`` too). Past it, Ray refused each
# worker's share of a CPU (under 0.0001 of one on a small machine) with a traceback, once the run
# had begun; and each worker loads the judge, so ten thousand is already more than a cluster of
# 64 machines runs (one per CPU).
MAX_WORKERS = 10_000


class EngineName(StrEnum):
    LOCAL = "local"
    RAY = "ray"


@dataclass(frozen=True)
class PairRequest:
    """One pair to judge: the claim (already validated), the paper reference and the topic."""

    claim: str
    paper: str
    topic: str | None = None


class Engine(Protocol):
    """Judges pairs with ``checker`` (its source, cache, policy and evidence settings) and calls
    ``on_record(tag, record)`` once per request, in the thread that called ``check``. The tag
    is the caller's own and never leaves this process."""

    name: str

    def connect(self) -> None:
        """Reach where the pairs are judged (``check`` does so too): a caller that is about to
        change a file calls this first, so that a cluster out of reach changes nothing."""
        ...

    def check(
        self,
        checker: Checker,
        requests: Iterable[tuple[T, PairRequest]],
        on_record: Callable[[T, Record], None],
    ) -> None: ...

    def close(self) -> None: ...


class RayMissingError(UsageError):
    """The ray engine was asked for and Ray is not installed."""


@dataclass(frozen=True)
class EngineOptions:
    """What the ray engine needs beyond the checker: how workers build their judge (and their
    source, for a source that does not read the library), and where the cluster is."""

    judge_factory: JudgeFactory | None = None
    source_factory: SourceFactory | None = None
    address: str | None = None  # None: a local Ray started for the run; "auto"; "ray://h:p"
    workers: int | None = None  # None: one per CPU of the cluster

    def __post_init__(self) -> None:
        # Checked here, once, so Python callers meet the CLI's words before a Ray starts.
        workers = self.workers
        if workers is None:
            return
        if isinstance(workers, bool) or not isinstance(workers, int):
            raise UsageError(
                f"workers: Input should be a valid integer, not {type(workers).__name__}"
            )
        if workers < 1:
            raise UsageError("workers: Input should be greater than or equal to 1")
        if workers > MAX_WORKERS:
            raise UsageError(f"workers: Input should be less than or equal to {MAX_WORKERS}")


def check_engine(engine: object) -> None:
    """None (this process's threads) or an engine: anything without a ``check`` (a name such as
    "ray") was an AttributeError once the first pairs were ready to judge. Every caller that
    takes an ``engine`` (review, batch, eval) refuses it alike, before it reads or writes."""
    if engine is not None and not callable(getattr(engine, "check", None)):
        raise UsageError(
            "engine must be an Engine (claimaudit.engines.make_engine makes one) or None, "
            f"not {type(engine).__name__}"
        )


def make_engine(name: EngineName | str, options: EngineOptions | None = None) -> Engine:
    """The engine ``name``; RayMissingError (one line: how to install it) without Ray, and
    UsageError for a name that is no engine."""
    try:
        chosen = EngineName(name)
    except ValueError:
        names = ", ".join(e.value for e in EngineName)
        raise UsageError(f"unknown engine {name!r} (known: {names})") from None
    if chosen is EngineName.LOCAL:
        from claimaudit.engines.local import LocalEngine

        return LocalEngine()
    try:
        import ray  # noqa: F401  (only to learn whether it is installed)
    except ImportError:
        raise RayMissingError(RAY_INSTALL_HINT) from None
    from claimaudit.engines.ray_engine import RayEngine

    options = options or EngineOptions()
    if options.judge_factory is None:
        raise UsageError("the ray engine needs a judge factory for its workers")
    return RayEngine(
        options.judge_factory,
        source_factory=options.source_factory,
        address=options.address,
        workers=options.workers,
    )
