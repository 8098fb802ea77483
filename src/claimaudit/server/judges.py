"""One loaded judge per (name, model), shared by every request of a server process.

Building a judge is cheap but loading its model is not (the local verifier reads 23 MB and
starts an onnxruntime session), so judges are kept rather than rebuilt per request. Judges are
shared across the worker threads: the built-in ones are thread-safe (the local judge's session
and tokenizer are read-only after loading; Jev's client is guarded by a lock).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from claimaudit.api import default_judge_name, make_judge
from claimaudit.judges.protocol import Judge, JudgeSettings
from claimaudit.plugins import get_registry

# Clients choose the model string: bound the pool so arbitrary names cannot grow it forever.
MAX_JUDGES = 8


class JudgePool:
    def __init__(self, capacity: int = MAX_JUDGES) -> None:
        self.capacity = capacity
        self._judges: OrderedDict[tuple[str, str | None], Judge] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, name: str | None = None, model: str | None = None) -> Judge:
        """The judge called ``name`` (default: the configured default) for ``model``.

        Raises UnknownBackendError for a name no plugin registered.
        """
        key = (name or default_judge_name(), model)
        with self._lock:
            judge = self._judges.get(key)
            if judge is None:
                judge = make_judge(key[0], JudgeSettings(model=model))
                self._judges[key] = judge
                if len(self._judges) > self.capacity:
                    self._judges.popitem(last=False)
            else:
                self._judges.move_to_end(key)
            return judge

    @staticmethod
    def available() -> dict[str, str]:
        """Judge name -> description, for clients that offer a choice."""
        return {name: about for name, (_, about) in sorted(get_registry().judges.items())}
