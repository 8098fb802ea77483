"""A plugin's judge or source with a watchdog on every call (see ``claimaudit.backends.watchdog``).

Built-in backends bound their own calls (the ``jev`` and ``openai`` judges each HTTP attempt,
Valyu its search, arXiv each request; the embedded judge and the library wait on nothing
remote) and are used as they are. A plugin's backend, or one a caller hands ``make_checker``,
is wrapped here when it is made: its ``decide``, ``fit_evidence`` and ``fetch`` each end within
the timeout (``--timeout``, else ``DEFAULT_WATCH_TIMEOUT``), or the paper is ``not_checked``;
so does each read of its ``cache_identity``, and of its ``concurrency``, ``review_threshold``
or ``library_use``, read before any paper is checked, else a one-line ``PluginTimeoutError``;
so does the one read of the ``name`` of a backend the caller hands in (``own_name``).
Wrapped where it is made, the watch holds through every wrapper put around it later (a
review's snapshot, the server's source) and is one per backend, whichever checker or thread
calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from claimaudit.backends.overdue import Missed, Overdue
from claimaudit.backends.watchdog import DEFAULT_WATCH_TIMEOUT, Watch
from claimaudit.checker.args import name_failure
from claimaudit.errors import JudgeError, PluginError, PluginTimeoutError, SourceError
from claimaudit.identity import PaperRef
from claimaudit.judges.named import RegisteredJudge
from claimaudit.judges.protocol import Case, Decision, Judge, JudgeReply
from claimaudit.passage import Passage
from claimaudit.sources.named import RegisteredSource
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper, as_library_use

R = TypeVar("R")


class WatchedJudge(RegisteredJudge):
    """``inner`` under ``name``, each call into it watched, and each read of its contract's
    properties: one may wait as a call does (a plugin asking its server for its limits), and
    one that never answered hung the whole run."""

    def __init__(self, inner: Judge, name: str, seconds: float) -> None:
        super().__init__(inner, name)
        self.watch = Watch("judge", name, seconds, JudgeError)
        # Its properties have a watch of their own: read beside a stuck call as they always
        # were (a server's next request still gets its papers not_checked, not refused), yet
        # never two threads beside one stuck read.
        self.reads = Watch("judge", name, seconds, JudgeError)

    @property
    def cache_identity(self) -> str | None:
        # Read for each paper: past the deadline that paper is not_checked (JudgeError).
        identity: str | None = self.reads.call(
            lambda: self.inner.cache_identity, doing="give its cache_identity"
        )
        return identity

    @property
    def concurrency(self) -> int:
        return _setting(self.reads, lambda: self.inner.concurrency, "concurrency")

    @property
    def review_threshold(self) -> float | None:
        return _setting(self.reads, lambda: self.inner.review_threshold, "review_threshold")

    def decide(self, decision: Decision) -> JudgeReply:
        return self.watch.call(lambda: self.inner.decide(decision))

    def fit_evidence(
        self, case: Case, ranked: Sequence[Passage], limit: int
    ) -> Sequence[Passage] | None:
        return self.watch.call(lambda: self.inner.fit_evidence(case, ranked, limit))

    def close(self) -> None:
        # Not beside a call still running: closing under it could break or hang as well.
        self.watch.call(self.inner.close, refused="closed")


class WatchedSource(RegisteredSource):
    """``inner``, each call into it watched."""

    def __init__(self, inner: Source, name: str, seconds: float) -> None:
        super().__init__(inner, name)
        self.watch = Watch("source", str(name), seconds, SourceError)
        self.reads = Watch("source", str(name), seconds, SourceError)  # as a judge's

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        return self.watch.call(lambda: self.inner.fetch(ref, query))

    @property
    def library_use(self) -> LibraryUse:
        read = _setting(self.reads, lambda: self.inner.library_use, "library_use")
        return as_library_use(read, self.name)

    def close(self) -> None:
        self.watch.call(self.inner.close, refused="closed")


def _setting(watch: Watch, read: Callable[[], R], attribute: str) -> R:
    """A property read before any paper is checked (how many at once, the review threshold,
    the library use): past the deadline, a one-line PluginTimeoutError naming it, as a
    factory that does not return is (``claimaudit.plugins``)."""
    return watch.call(read, doing=f"give its {attribute}", error=PluginTimeoutError)


def _seconds(timeout: float | None) -> float:
    return DEFAULT_WATCH_TIMEOUT if timeout is None else timeout


def watched_judge(judge: Judge, timeout: float | None, name: str | None = None) -> Judge:
    """``judge`` (a plugin's), each call ending within ``timeout`` seconds (None: the default),
    under ``name`` (None: its own, read here); one already watched under that name is handed
    back as it is. A plugin's judge is given the name it was registered by, so that its own
    ``name``, its code, is never run: a property that hangs would hang the command unwatched."""
    if isinstance(judge, WatchedJudge) and name in (None, judge.name):
        return judge
    return WatchedJudge(judge, judge.name if name is None else name, _seconds(timeout))


def watched_source(source: Source, timeout: float | None, name: str | None = None) -> Source:
    """``source`` (a plugin's), each call ending within ``timeout`` seconds (None: the
    default), under ``name`` (None: its own), as ``watched_judge``."""
    if isinstance(source, WatchedSource) and name in (None, source.name):
        return source
    return WatchedSource(source, source.name if name is None else name, _seconds(timeout))


# The name reads of backends callers handed in that missed their deadline, still running.
_NAME_READS = Overdue()


def own_name(backend: object, kind: str, timeout: float | None) -> object:
    """The ``name`` of a ``kind`` ("judge", "source") a caller hands ``make_checker`` (None
    where it has none), read within ``timeout`` seconds (None: the default) as every other
    read of its contract is: a property that asks a server and never answers hung
    ``make_checker`` for good. Past the deadline, a one-line PluginTimeoutError naming its
    class, as a plugin's factory that does not return is named; read once, the backend is
    watched under it."""
    seconds = _seconds(timeout)
    # By the object's id: the read still running holds the object, so the id is not reused.
    key = id(backend)
    if key in _NAME_READS:
        # Not a second thread beside the stuck one, at every make_checker a caller retries.
        raise PluginTimeoutError(
            f"{kind} {type(backend).__name__} was not asked its name: an earlier read did not "
            f"answer in time and may still be running"
        )
    try:
        return _NAME_READS.call(
            key, lambda: getattr(backend, "name", None), seconds, name=f"claimaudit-{kind}"
        )
    except Missed:
        raise PluginTimeoutError(
            f"{kind} {type(backend).__name__} did not give its name within {seconds:g} s"
        ) from None
    except PluginError:
        raise  # the backend's own word, meant for the user
    except (Exception, SystemExit) as error:
        # As a plugin's property that raises is named (``backend_attribute``): one line, not
        # the bare exception, whose message may quote a secret.
        raise name_failure(backend, kind, error) from error


def is_built_in(backend: object) -> bool:
    """Whether ``backend``'s class is claimaudit's own (a built-in backend, or a wrapper whose
    inner backend was watched when it was made): it needs no watch of its own."""
    return type(backend).__module__.partition(".")[0] == "claimaudit"
