"""Closing backends without losing what they did: a judge or source whose ``close()`` raises (a
plugin's bug, say) costs a warning, never the records already made, and never the closing of the
others."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from claimaudit.backends.backend_output import prints_to_stderr
from claimaudit.judges.protocol import Judge
from claimaudit.net.redaction import backend_text
from claimaudit.sources.protocol import Source

_log = logging.getLogger(__name__)


def close_all(backends: Iterable[Judge | Source]) -> None:
    """Close each of ``backends``; one that fails is a one-line warning (its message masked, as
    a close error may quote a key) and its traceback goes to the debug log (``--debug``)."""
    for backend in backends:
        try:
            with prints_to_stderr():  # a close that prints must not corrupt stdout either
                backend.close()
        # SystemExit too, as for a plugin that exits while loading; Ctrl-C still stops.
        except (Exception, SystemExit) as error:
            what = _described(backend)
            _log.debug("closing %s failed", what, exc_info=True)
            why = backend_text(f"{type(error).__name__}: {error}")
            _log.warning("warning: closing %s failed (results are kept): %s", what, why)


def _described(backend: object) -> str:
    """``judge 'x'`` or ``source 'y'``, found without calling into the backend's properties (a
    protocol check would read them all), which may fail as its close() did."""
    kind = "judge" if callable(getattr(type(backend), "decide", None)) else "source"
    try:
        name = backend_text(str(backend.name))  # type: ignore[attr-defined]
    except Exception:
        name = type(backend).__name__
    return f"{kind} {name!r}"
