"""One loaded judge per (name, model), shared by every request of a server process.

Building a judge is cheap but loading its model is not (the local verifier reads 23 MB and
starts an onnxruntime session), so judges are kept rather than rebuilt per request. Judges are
shared across the worker threads: the built-in ones are thread-safe (the local judge's session
and tokenizer are read-only after loading; Jev's client is guarded by a lock).

The pool is bounded, since clients choose the model string. A judge that makes room for another
is closed (``Judge.close``) as soon as no request still uses it, never under a running check;
``close`` at shutdown closes the rest.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

from claimaudit.api import default_judge_name, make_judge
from claimaudit.backends.closing import close_all
from claimaudit.errors import InvalidSettingsError
from claimaudit.guards.untrusted import check_text
from claimaudit.judges.protocol import Judge, JudgeSettings
from claimaudit.plugins import get_registry

# Clients choose the model string: bound the pool so arbitrary names cannot grow it forever.
MAX_JUDGES = 8
# ... and its length (it is a key here, and sent on to the judge's server).
MAX_MODEL_CHARS = 200

Key = tuple[str, str | None]


def validate_model(model: str | None) -> None:
    """Refuse a client's model id that no judge could take, in the words of every surface
    (the API's model field and the MCP tools' model argument alike)."""
    if model is None:
        return
    check_text(model, "the model")
    if len(model) > MAX_MODEL_CHARS:
        raise InvalidSettingsError(
            f"the model id has {len(model)} characters; the limit is {MAX_MODEL_CHARS}"
        )


class JudgePool:
    def __init__(self, capacity: int = MAX_JUDGES, timeout: float | None = None) -> None:
        self.capacity = capacity
        # ``serve --timeout``: each judge's request deadline, and a plugin judge's watchdog.
        self.timeout = timeout
        self._judges: OrderedDict[Key, Judge] = OrderedDict()
        # Requests using each judge (by identity: judges need not be hashable), and judges that
        # left the pool while in use, to be closed when their last request ends.
        self._users: Counter[int] = Counter()
        self._retired: dict[int, Judge] = {}
        self._lock = threading.Lock()

    @contextmanager
    def lease(self, name: str | None = None, model: str | None = None) -> Iterator[Judge]:
        """The judge called ``name`` (default: the configured default) for ``model``, held for
        the ``with`` block. Raises UnknownBackendError for a name no plugin registered."""
        key = (name or default_judge_name(), model)
        with self._lock:
            judge, evicted = self._take(key)
            self._users[id(judge)] += 1
        self._close_unused(evicted)
        try:
            yield judge
        finally:
            with self._lock:
                self._users[id(judge)] -= 1
                done = None
                if not self._users[id(judge)]:
                    del self._users[id(judge)]
                    done = self._retired.pop(id(judge), None)
            if done is not None:
                close_all([done])  # after the reply is made: a close error must not lose it

    def _take(self, key: Key) -> tuple[Judge, list[Judge]]:
        judge = self._judges.get(key)
        if judge is not None:
            self._judges.move_to_end(key)
            return judge, []
        judge = make_judge(key[0], JudgeSettings(model=key[1], timeout=self.timeout))
        self._judges[key] = judge
        evicted = []
        while len(self._judges) > self.capacity:
            evicted.append(self._judges.popitem(last=False)[1])
        return judge, evicted

    def _close_unused(self, judges: list[Judge]) -> None:
        for judge in judges:
            with self._lock:
                if self._users[id(judge)]:
                    self._retired[id(judge)] = judge  # closed by its last user
                    continue
            close_all([judge])

    def close(self) -> None:
        """Close every judge (at shutdown, when no request runs any more)."""
        with self._lock:
            judges = [*self._judges.values(), *self._retired.values()]
            self._judges.clear()
            self._retired.clear()
        close_all(judges)

    @staticmethod
    def available() -> dict[str, str]:
        """Judge name -> description, for clients that offer a choice."""
        judges = get_registry().judges
        return {name: judges[name].description for name in sorted(judges)}
