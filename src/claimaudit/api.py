"""The Python API: check a claim against papers by name of judge and source."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import cast

from claimaudit.advice import Advice
from claimaudit.backends.closing import close_all
from claimaudit.backends.contracts import require_judge, require_source
from claimaudit.backends.watched import is_built_in, own_name, watched_judge, watched_source
from claimaudit.checker.args import check_backend_arg, check_judge_name
from claimaudit.checker.cache import ResultCache
from claimaudit.checker.pipeline import Checker
from claimaudit.checker.policy import ReviewPolicy
from claimaudit.checker.selection import MAX_CHARS, MAX_PASSAGES, check_budgets
from claimaudit.errors import (
    LibraryMissingError,
    LibraryOpenError,
    UnknownBackendError,
    UsageError,
)
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.userfiles import PathArg
from claimaudit.identity import PaperRef
from claimaudit.inputs import paper_list, validate_claim, validate_topic
from claimaudit.judges.protocol import Judge, JudgeSettings
from claimaudit.library.paths import library_arg, resolve_library_path
from claimaudit.library.result_cache import LibraryResultCache
from claimaudit.library.store import Library
from claimaudit.plugins import get_registry
from claimaudit.records import Record
from claimaudit.sources.fetching import FetchingSource
from claimaudit.sources.protocol import LibraryUse, Source

JUDGE_ENV = "CLAIMAUDIT_JUDGE"
DEFAULT_JUDGE = "local"


def default_judge_name() -> str:
    """The embedded verifier, unless the environment names another judge."""
    return os.environ.get(JUDGE_ENV) or DEFAULT_JUDGE


def make_judge(name: str | None = None, settings: JudgeSettings | None = None) -> Judge:
    """A judge by name (default ``$CLAIMAUDIT_JUDGE``, else ``local``, the embedded verifier),
    built with ``settings`` (model, timeout, context window); UnknownBackendError for a name no
    plugin registered, InvalidSettingsError for settings it cannot use. Close it when done."""
    registry = get_registry()
    if name:
        return registry.make_judge(name, settings)
    chosen = default_judge_name()
    try:
        return registry.make_judge(chosen, settings)
    except UnknownBackendError as error:
        if not os.environ.get(JUDGE_ENV) or chosen in registry.judges:
            raise
        # No judge was named: the name came from the environment, and the error says so, as
        # serve and mcp do (a user who gave no --judge looks for one in vain).
        raise error.reworded(
            str(error).replace("unknown judge", f"{JUDGE_ENV} names an unknown judge", 1)
        ) from None


DEFAULT_SOURCE = "auto"


def make_source(
    name: str = DEFAULT_SOURCE, library: PathArg | None = None, timeout: float | None = None
) -> Source:
    """A paper source by name; ``auto`` reads the library, else Valyu when its key is set. A
    plugin's source gives up on a fetch after ``timeout`` seconds (default 60)."""
    return get_registry().make_source(name, path=library, timeout=timeout)


def make_checker(
    judge: str | Judge | None = None,
    *,
    source: str | Source = DEFAULT_SOURCE,
    library: PathArg | None = None,
    fetch: bool = False,
    cache: bool | ResultCache = True,
    threshold: float | None = None,
    model: str | None = None,
    timeout: float | None = None,
    context_tokens: int | None = None,
    max_passages: int = MAX_PASSAGES,
    max_chars: int = MAX_CHARS,
    advice: Advice | None = None,
) -> Checker:
    """The one way a checker is built (the command line, the server, MCP and ``check_claim``
    all come here), so every one of them checks alike.

    ``judge``: a name (default ``$CLAIMAUDIT_JUDGE``, else ``local``), built with ``model``
    (an empty one is none given), ``timeout`` and ``context_tokens`` (``JudgeSettings``), or a
    ``Judge`` object. ``source``:
    a name (default ``auto``) or a ``Source``. A judge or source that is not built in (a
    plugin's, or an object of the caller's) is watched: a call into it that has not returned
    after ``timeout`` seconds (default 60) makes the paper ``not_checked``
    (``claimaudit.backends.watched``). ``fetch``: first download arXiv papers missing
    from the library into it (for a source that reads the library; UsageError otherwise, and
    for anything but True or False).
    ``cache``: True keeps judgements in the library's results cache and reuses them, False
    judges afresh and keeps nothing, or any ``ResultCache``; anything else is UsageError.
    Close the checker (or use ``with``) to release the backends built here; a judge or source
    passed in stays the caller's to close. ``library``: the library's path (a ``Path`` or a
    ``str``; default ``$CLAIMAUDIT_LIBRARY``, else the user data directory). ``threshold``: the
    review threshold, a number in [0, 1] (UsageError otherwise); None, the judge's own.
    ``max_passages`` and ``max_chars``: the evidence budget per paper, positive whole numbers
    (UsageError otherwise). ``advice``: the calling surface's advice, added to a
    ``not_checked`` record's error where a source failed (how to add a missing paper); None,
    the default, states the failure alone.
    """
    library = library_arg(library)
    if not isinstance(judge, str | None):
        check_backend_arg(judge, "judge", "Judge", names=True)  # a class for an instance, say
    if not isinstance(source, str):
        check_backend_arg(source, "source", "Source", names=True)
    check_budgets(max_passages, max_chars)  # before any backend is built
    if model == "":
        # None given, as ``check --model ''``, the HTTP API and the MCP tools read it, so that
        # ``model=os.environ.get("MODEL", "")`` runs the local judge here too.
        model = None
    check_cache_arg(cache)
    if not isinstance(fetch, bool):
        # Read for its truth, "no" (or any other text) turned downloading on: the opposite.
        raise UsageError(f"fetch must be True or False, not {type(fetch).__name__}")
    policy = ReviewPolicy(threshold)
    # Built (and so checked) whatever the judge: a bad timeout is refused alike for all.
    settings = JudgeSettings(model, timeout, context_tokens=context_tokens)
    owned: list[Judge | Source] = []
    try:
        if judge is None or isinstance(judge, str):
            judge = make_judge(judge, settings)
            owned.append(judge)
        elif not is_built_in(judge):
            # The caller's own: its calls may hang too. Its contract is checked first, as the
            # Checker would, so that a broken one is refused under its own name.
            # Its name, read once under the deadline as each later read of it is.
            name = own_name(require_judge(judge), "judge", timeout)
            check_judge_name(judge, name)
            judge = watched_judge(judge, timeout, cast(str, name))
        if isinstance(source, str):
            source = make_source(source, library, timeout)
            owned.append(source)
        elif not is_built_in(source):
            name = own_name(require_source(source), "source", timeout)
            source = watched_source(source, timeout, cast(str, name))
        if fetch:
            source = _fetching(source, library)
            owned.append(source)
        if cache is True:
            cache = LibraryResultCache(library)
        # Inside the try: the checker refuses a backend that breaks its contract (a judge's
        # concurrency), and the backends built above must not be left open then.
        return Checker(
            source=source,
            judge=judge,
            policy=policy,
            max_passages=max_passages,
            max_chars=max_chars,
            # ``is False``, not falsiness: a cache object that is empty may well be falsy.
            cache=None if cache is False else cache,
            owned=tuple(owned),
            advice=advice,
        )
    except BaseException:
        close_all(owned)  # the error that stopped the build is the one to report
        raise


def check_cache_arg(cache: object) -> None:
    """UsageError unless ``cache`` is True, False or a ``ResultCache`` (``get`` and ``put``):
    anything else (``"no"``, None) would otherwise pass as a cache, or quietly turn it off."""
    if isinstance(cache, bool):
        return
    if not (callable(getattr(cache, "get", None)) and callable(getattr(cache, "put", None))):
        raise UsageError(
            f"cache must be True, False or a ResultCache (with get and put), "
            f"not {type(cache).__name__}"
        )


def _fetching(source: Source, library: Path | None) -> Source:
    # Fetching puts papers into the library: it only makes sense for a source that reads it.
    if source.library_use is LibraryUse.NONE:
        raise UsageError(
            f"fetching (--fetch) adds papers to the library; it does not apply to source "
            f"{source.name!r}, which does not read it"
        )
    return FetchingSource(source, library)


def check_claim(
    claim: str,
    papers: Iterable[str | PaperRef],
    *,
    topic: str | None = None,
    judge: str | Judge | None = None,
    source: str | Source = DEFAULT_SOURCE,
    library: PathArg | None = None,
    cache: bool | ResultCache = True,
    threshold: float | None = None,
    model: str | None = None,
    timeout: float | None = None,
    context_tokens: int | None = None,
) -> list[Record]:
    """Check ``claim`` against each paper; one review record per paper, in the order given.

    Judgements are kept in the library's results cache and reused (``cache=False``: judge
    afresh; or any ``ResultCache``, as for ``make_checker``). ``papers``: a list (any iterable,
    read once) of references, strings or ``PaperRef``s, never one string. Raises
    InvalidClaimError for an unusable request (empty or oversized claim, no or duplicate
    papers: PaperListError, one string as ``papers``, a claim, topic or paper that is not a string),
    UsageError for an unusable setting (a ``threshold`` that is no number in [0, 1], a
    ``cache`` that is neither a bool nor a ``ResultCache``), UnknownBackendError for an unknown
    judge or source and InvalidSettingsError for unusable backend settings (the openai judge
    without a model, the jev judge or the valyu source without its API key:
    ``KeyRequiredError``); all are ``claimaudit.UsageError``. A ``library`` that cannot be used
    is refused up front as ``claimaudit check --library`` refuses it (``check_library_arg``):
    LibraryMissingError, LibraryOpenError, both ``claimaudit.LibraryError``. Failures while
    checking a paper come back as ``NotCheckedRecord`` entries, never as exceptions.
    """
    # Refused before any backend is built; materialised here as Checker.check reads it twice.
    validate_claim(claim)
    validate_topic(topic)
    refs = paper_list(papers)
    library = library_arg(library)
    with make_checker(
        judge,
        source=source,
        library=library,
        cache=cache,
        threshold=threshold,
        model=model,
        timeout=timeout,
        context_tokens=context_tokens,
    ) as checker:
        check_library_arg(library, checker.source.library_use)
        return checker.check(claim, refs, topic)


def check_library_arg(library: Path | None, use: LibraryUse) -> None:
    """The library ``check_claim`` was given, refused up front as ``claimaudit check --library``
    refuses it (exit 2): the caller's mistake, which every paper would otherwise come back
    ``not_checked`` for. LibraryOpenError for a folder, LibraryMissingError for a named file
    that does not exist where the source only reads the library, and the error opening it
    gives (LibraryOpenError: not a database, a newer schema) for a file the source reads.
    A library that fails while the papers are checked is the run's failure: ``not_checked``."""
    if use is LibraryUse.NONE:
        return  # the source never opens it (the cache's own failures are not a verdict)
    path = resolve_library_path(library)
    if library is not None:
        if path.is_dir():
            raise LibraryOpenError(f"library path {shown_name(path)} is a directory, not a file")
        if use is LibraryUse.READS and not path.exists():
            raise LibraryMissingError(path)
    if path.exists():
        Library.open(path, create=False).close()
