"""A deadline on loading another package's plugin and on building its judge or source.

A plugin's ``register()`` (or its module's import) and its factories run claimaudit's own
process: one that waits on a lock never released, or on a server that never answers, hung
``check``, ``serve`` and ``mcp`` forever, without a word. Each such call runs in a daemon thread
(``claimaudit.judges.deadline.within``) and the caller stops waiting after
``CLAIMAUDIT_PLUGIN_TIMEOUT`` seconds (default ``DEFAULT_PLUGIN_TIMEOUT``). Python cannot kill a
thread: the call may go on running in the background, which the interpreter does not wait for
on exit, and what it does after the deadline is not used. ``--timeout`` is the deadline of each
call into a backend already built (``claimaudit.backends.watchdog``); this one comes before.
"""

from __future__ import annotations

import math
import os

from claimaudit.backends.overdue import Missed, Overdue
from claimaudit.errors import InvalidSettingsError
from claimaudit.judges.deadline import MAX_TIMEOUT, MIN_TIMEOUT

# The deadline's bookkeeping is shared with the per-call watch (``overdue``); named here too,
# where the plugin loader and older callers look for it.
__all__ = ["DEFAULT_PLUGIN_TIMEOUT", "PLUGIN_TIMEOUT_ENV", "Missed", "Overdue", "plugin_timeout"]

PLUGIN_TIMEOUT_ENV = "CLAIMAUDIT_PLUGIN_TIMEOUT"
# Seconds a plugin may take to load, or a factory to build a backend: importing a package and
# reading a model file take seconds; half a minute is past any plugin that works.
DEFAULT_PLUGIN_TIMEOUT = 30.0


def plugin_timeout() -> float:
    """``$CLAIMAUDIT_PLUGIN_TIMEOUT`` in seconds, else the default; InvalidSettingsError (one
    line) for anything but a number of seconds in the range ``--timeout`` takes."""
    raw = os.environ.get(PLUGIN_TIMEOUT_ENV, "").strip()
    if not raw:
        return DEFAULT_PLUGIN_TIMEOUT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and MIN_TIMEOUT <= seconds <= MAX_TIMEOUT):
        raise InvalidSettingsError(
            f"{PLUGIN_TIMEOUT_ENV} must be a number of seconds from {MIN_TIMEOUT:g} up to "
            f"{MAX_TIMEOUT:g} (a day), not {raw!r}"
        )
    return seconds
