"""The child process that reads a PDF (``pdf_guard`` starts it): it limits its own memory and
processor time first, so that pdfium, handed a stream that inflates to gigabytes or a page
that takes hours, is stopped by the system rather than taking the program down with it.

It also ends when its parent dies (``kill -9`` of ``library add``): no one is left to read
its answer, and pdfium would otherwise read on alone until its processor-time limit.

Arguments: the memory and processor-time limits, then the parent's process id. Input on stdin:
the pickled ``(path, data)``. Output on stdout: a pickled ``(kind, value)``: ``("ok", PdfText)``,
``("input", message)`` for a refusal, ``("error", message)`` otherwise.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable

from claimaudit.errors import InputError
from claimaudit.library.pdf.read import read_pdf

# The exit status when Python itself runs out of the memory allowed (pdfium aborts instead).
OUT_OF_MEMORY = 3
# Processor seconds past the soft limit (SIGXCPU) before the system kills the child outright.
_CPU_GRACE_S = 5
# The exit status when the parent is gone (no one reads it; told apart from the others).
PARENT_GONE = 4
# Linux's prctl option that sends this process a signal when its parent dies.
_PR_SET_PDEATHSIG = 1
# Where the system cannot do that: how often the parent is looked for.
PARENT_POLL_S = 0.5


def end_with_parent(parent: int) -> None:
    """End this process when ``parent`` (the process that started it) dies. On Linux the
    system kills it then (``PR_SET_PDEATHSIG``, which holds while the thread that started it
    waits for it, as ``pdf_guard`` does); elsewhere a thread looks for the parent twice a
    second. A parent gone before either was in place is found at once."""
    if not _kill_on_parent_death():
        watcher = threading.Thread(
            target=watch_parent, args=(parent, lambda: os._exit(PARENT_GONE)), daemon=True
        )
        watcher.start()
    if os.getppid() != parent:  # died before: this process is someone else's child already
        os._exit(PARENT_GONE)


def _kill_on_parent_death() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; whether it was done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):  # no libc to load, or no prctl in it (a static build)
        return False


def watch_parent(parent: int, gone: Callable[[], None], poll_s: float = PARENT_POLL_S) -> None:
    """Call ``gone`` once ``parent`` is no longer this process's parent (it died, and this
    process was handed to another), looking every ``poll_s`` seconds."""
    while os.getppid() == parent:
        time.sleep(poll_s)
    gone()


def limit(kind: int, soft: int, hard: int) -> None:
    """Lower ``kind``'s limits to ``soft`` and ``hard``; one the parent set lower stays. A
    system that refuses the limit (macOS enforces no address-space limit) goes without it."""
    _, old = resource.getrlimit(kind)
    if old != resource.RLIM_INFINITY:
        hard = min(hard, old)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(kind, (min(soft, hard), hard))


def main() -> int:
    memory, cpu = int(sys.argv[1]), int(sys.argv[2])
    if len(sys.argv) > 3:
        end_with_parent(int(sys.argv[3]))
    limit(resource.RLIMIT_AS, memory, memory)
    limit(resource.RLIMIT_CPU, cpu, cpu + _CPU_GRACE_S)
    try:
        path, data = pickle.load(sys.stdin.buffer)
        answer: tuple[str, object]
        try:
            answer = ("ok", read_pdf(path, data))
        except InputError as error:
            answer = ("input", str(error))
        except Exception as error:  # the parent reports it as its own
            answer = ("error", f"{type(error).__name__}: {error}")
        sys.stdout.buffer.write(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))
        sys.stdout.buffer.flush()
    except MemoryError:
        os._exit(OUT_OF_MEMORY)  # nothing more may be allocated, not even for a message
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
