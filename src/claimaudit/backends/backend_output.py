"""What a backend prints kept off standard output: a judge or source (a plugin, say) that prints
while it judges or fetches must not corrupt machine-readable output (``check --format json``),
as a plugin printing while it loads does not (``claimaudit.plugins``)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from claimaudit.backends.late_output import reroute

# Papers are checked on several threads at once (review, the server): sys.stdout is one for the
# process, so it is swapped by the first to enter and restored by the last to leave. Nested
# contextlib.redirect_stdout calls on two threads could restore in the wrong order and leave
# stdout pointing at stderr for good.
_lock = threading.Lock()
_inside = 0
_saved: TextIO | None = None


@contextmanager
def prints_to_stderr() -> Iterator[None]:
    """While inside, ``print()`` (to ``sys.stdout``) goes to stderr, on every thread."""
    global _inside, _saved
    with _lock:
        if not _inside:
            _saved, sys.stdout = sys.stdout, sys.stderr
        _inside += 1
    try:
        yield
    finally:
        with _lock:
            _inside -= 1
            if not _inside and _saved is not None:
                sys.stdout, _saved = _saved, None
        reroute()  # a call given up on meanwhile still prints to stderr (``late_output``)
