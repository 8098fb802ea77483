"""The Python API: check a claim against papers by name of judge and source."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from claimaudit.cache import ResultCache
from claimaudit.checker import Checker, Record, ReviewPolicy
from claimaudit.judges.protocol import Judge
from claimaudit.plugins import JudgeSettings, get_registry
from claimaudit.selection import MAX_CHARS, MAX_PASSAGES
from claimaudit.sources.protocol import Source

JUDGE_ENV = "CLAIMAUDIT_JUDGE"
DEFAULT_JUDGE = "local"


def default_judge_name() -> str:
    """The embedded verifier, unless the environment names another judge."""
    return os.environ.get(JUDGE_ENV) or DEFAULT_JUDGE


def make_judge(name: str | None = None, settings: JudgeSettings | None = None) -> Judge:
    return get_registry().make_judge(name or default_judge_name(), settings)


DEFAULT_SOURCE = "auto"


def make_source(name: str = DEFAULT_SOURCE, library: Path | None = None) -> Source:
    """A paper source by name; ``auto`` reads the library, else Valyu when its key is set."""
    return get_registry().make_source(name, path=library)


def make_checker(
    judge: str | Judge | None = None,
    *,
    source: Source | None = None,
    library: Path | None = None,
    threshold: float | None = None,
    max_passages: int = MAX_PASSAGES,
    max_chars: int = MAX_CHARS,
    model: str | None = None,
    timeout: float | None = None,
    cache: ResultCache | None = None,
) -> Checker:
    chosen = judge if judge is not None and not isinstance(judge, str) else None
    return Checker(
        source=source or make_source(library=library),
        judge=chosen
        or make_judge(judge if isinstance(judge, str) else None, JudgeSettings(model, timeout)),
        policy=ReviewPolicy(threshold),
        max_passages=max_passages,
        max_chars=max_chars,
        cache=cache,
    )


def check_claim(
    claim: str,
    papers: Sequence[str],
    *,
    topic: str | None = None,
    judge: str | Judge | None = None,
    source: Source | None = None,
    library: Path | None = None,
    threshold: float | None = None,
    model: str | None = None,
    timeout: float | None = None,
) -> list[Record]:
    """Check ``claim`` against each paper; one review record per paper, in the order given.

    Raises InvalidClaimError for an unusable request (empty or oversized claim, no or duplicate
    papers), UnknownBackendError for an unknown judge and ValueError for unusable judge settings
    (the openai judge without a model). Failures while checking a paper come
    back as ``NotCheckedRecord`` entries, never as exceptions.
    """
    checker = make_checker(
        judge,
        source=source,
        library=library,
        threshold=threshold,
        model=model,
        timeout=timeout,
    )
    return checker.check(claim, papers, topic)
