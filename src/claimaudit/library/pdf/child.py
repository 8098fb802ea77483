"""The child process that reads a PDF (``pdf_guard`` starts it): it limits its own memory and
processor time first, so that pdfium, handed a stream that inflates to gigabytes or a page
that takes hours, is stopped by the system rather than taking the program down with it.

Input on stdin: the pickled ``(path, data)``. Output on stdout: a pickled ``(kind, value)``:
``("ok", PdfText)``, ``("input", message)`` for a refusal, ``("error", message)`` otherwise.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import resource
import sys

from claimaudit.errors import InputError
from claimaudit.library.pdf.read import read_pdf

# The exit status when Python itself runs out of the memory allowed (pdfium aborts instead).
OUT_OF_MEMORY = 3
# Processor seconds past the soft limit (SIGXCPU) before the system kills the child outright.
_CPU_GRACE_S = 5


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
