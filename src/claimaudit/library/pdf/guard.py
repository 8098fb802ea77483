"""A PDF read in a child process (``pdf_child``) under limits on memory and processor time that
grow with the file's size, so that a hostile file is refused in one line instead of killing the
program, the server or an MCP session (a 4 MB file whose content stream inflates to 4 GiB), or
holding it for hours (a small page of dense text listed 2,000 times).

pdfium cannot be stopped from outside while it reads, and a thread cannot be killed; a process
can. The child is also killed, and the read stopped, when the work's client goes away
(``claimaudit.backends.stopping``) or the server shuts down (``stop_all``), and it ends itself
when this process dies (``pdf_child.end_with_parent``).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import subprocess
import sys
import threading
from pathlib import Path

from claimaudit.backends.stopping import stop_requested
from claimaudit.errors import CancelledWorkError, InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.library.pdf.child import OUT_OF_MEMORY
from claimaudit.library.pdf.read import PdfText

# Memory (address space): the child itself takes under 100 MiB; papers read within 70 MiB.
MEMORY_BASE = 1024 * 1024 * 1024
MEMORY_PER_BYTE = 32
MEMORY_MAX = 4 * 1024 * 1024 * 1024
# Processor time: papers read in well under a second each (a few hundredths a page).
CPU_BASE_S = 30
CPU_PER_MIB_S = 60
CPU_MAX_S = 600
POLL_S = 0.1  # how often a stop is looked for while the child reads

_lock = threading.Lock()
_running: dict[subprocess.Popen[bytes], threading.Event] = {}


def memory_limit(size: int) -> int:
    return min(MEMORY_MAX, MEMORY_BASE + MEMORY_PER_BYTE * size)


def cpu_limit(size: int) -> int:
    return min(CPU_MAX_S, CPU_BASE_S + CPU_PER_MIB_S * size // (1024 * 1024))


def read_pdf_isolated(path: Path, data: bytes) -> PdfText:
    """``pdf_read.read_pdf`` in a child process: the same pages, or InputError (one line) when
    the file needs more memory or time than its size allows; CancelledWorkError when stopped."""
    memory, cpu = memory_limit(len(data)), cpu_limit(len(data))
    # -P: the working folder never goes on the child's import path, where ``-m`` alone puts it
    # first, so a random.py or pypdfium2.py there (a folder of downloads) would run on every
    # read. Not -I: it would also drop the PYTHONPATH below.
    # The last argument, this process's id: the child ends when this process dies (a kill -9
    # of `library add`), rather than reading on alone until its processor-time limit.
    command = [sys.executable, "-P", "-m", "claimaudit.library.pdf.child"]
    command += [str(memory), str(cpu), str(os.getpid())]
    # The child imports this package as the parent did, from wherever it was found (an editable
    # or PYTHONPATH=src checkout too); "" (the working folder under ``python -c``) is left out.
    # The rest of the environment is the user's, trusted as the parent trusted it (and
    # PYTHONSTARTUP is read only by an interactive Python, which the child never is).
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    child = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
    )
    stopped = threading.Event()
    with _lock:
        _running[child] = stopped
    try:
        output = _wait(child, pickle.dumps((path, data)), stopped)
    finally:
        with _lock:
            del _running[child]
        if child.poll() is None:
            child.kill()
            child.wait()
    if output is None:
        raise CancelledWorkError("reading the PDF was stopped")  # no path: a server's is private
    return _answer(path, child.returncode, output, memory, cpu)


def stop_all() -> None:
    """Stop every read in progress (the server is shutting down); each raises
    CancelledWorkError."""
    with _lock:
        for child, stopped in _running.items():
            stopped.set()
            if child.poll() is None:
                child.kill()


def _wait(child: subprocess.Popen[bytes], payload: bytes, stopped: threading.Event) -> bytes | None:
    """The child's output once it exits; None if it was stopped first. Its input and output go
    through threads: ``communicate`` with a timeout cannot go on sending input when called
    again."""
    output: list[bytes] = []
    feeder = threading.Thread(target=_feed, args=(child, payload), daemon=True)
    reader = threading.Thread(target=_drain, args=(child, output), daemon=True)
    feeder.start()
    reader.start()
    while True:
        try:
            child.wait(timeout=POLL_S)
            break
        except subprocess.TimeoutExpired:
            if stop_requested() or stopped.is_set():
                child.kill()
                child.wait()
                break
    feeder.join()
    reader.join()
    return None if stopped.is_set() or stop_requested() else b"".join(output)


def _feed(child: subprocess.Popen[bytes], payload: bytes) -> None:
    assert child.stdin is not None
    # OSError: the child died or was killed before it read everything.
    with contextlib.suppress(OSError):
        child.stdin.write(payload)
    with contextlib.suppress(OSError):
        child.stdin.close()


def _drain(child: subprocess.Popen[bytes], output: list[bytes]) -> None:
    assert child.stdout is not None
    output.append(child.stdout.read())
    child.stdout.close()


def _answer(path: Path, status: int, output: bytes, memory: int, cpu: int) -> PdfText:
    if status == 0 and output:
        kind, value = pickle.loads(output)  # written by our own child
        if kind == "ok":
            return value  # type: ignore[no-any-return]
        if kind == "input":
            raise InputError(value)
        # The reader's own bug, or a pypdfium2 without what it calls: one line, as any
        # other unreadable file, never a traceback.
        raise InputError(
            f"{shown_name(path)}: not a readable PDF (its reader failed: {_one_line(value)})"
        )
    if status == -signal.SIGXCPU:
        raise InputError(
            f"{shown_name(path)}: the PDF takes more than {cpu:,} s of processor time to read, the "
            "limit for a file of its size; it may draw the same page or shapes over and over"
        )
    if status in (OUT_OF_MEMORY, -signal.SIGABRT, -signal.SIGSEGV, -signal.SIGBUS, -signal.SIGKILL):
        raise InputError(
            f"{shown_name(path)}: the PDF needs more than {memory // (1024 * 1024):,} MiB of "
            "memory to read, the limit for a file of its size; a compressed stream in it may "
            "inflate far beyond the file (a decompression bomb)"
        )
    raise InputError(
        f"{shown_name(path)}: not a readable PDF (its reader stopped with status {status})"
    )


def _one_line(text: object) -> str:
    text = " ".join(str(text).split()) or "no message"
    return text if len(text) <= 200 else text[:197] + "..."
