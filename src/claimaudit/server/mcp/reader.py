"""The MCP server's input, read line by line from its file descriptor in a way that can be
stopped.

A buffered file's ``readline`` blocks in the kernel until the client sends a line or closes
stdin, holding the file's lock: Ctrl-C cancelled the session, which then waited on that read
(and closing the file waited on its lock), so ``claimaudit mcp`` went on until stdin closed.
Here the descriptor is polled, and ``stop`` ends a read within ``POLL_S`` seconds.
"""

from __future__ import annotations

import os
import select
import threading

POLL_S = 0.2
CHUNK_BYTES = 1 << 16


class LineReader:
    """Lines of ``fd``, each ending with its line break (the last one perhaps without)."""

    def __init__(self, fd: int, max_bytes: int) -> None:
        self._fd = fd
        self._max = max_bytes
        self._buffer = bytearray()
        self._searched = 0  # the bytes of the buffer known to hold no line break
        self._eof = False
        self._stopped = threading.Event()

    def stop(self) -> None:
        """End the read under way (it returns None), and any later one."""
        self._stopped.set()

    def readline(self) -> bytes | None:
        """The next line, None at the end of input or once stopped. A line longer than
        ``max_bytes`` is read to its end but given as ``max_bytes + 1`` bytes of ``x``, so that
        its size is seen and nothing of it is kept."""
        oversized = False
        while True:
            end = self._buffer.find(b"\n", self._searched)
            if end >= 0:
                line = bytes(self._buffer[: end + 1])
                del self._buffer[: end + 1]
                self._searched = 0
                return self._oversized() if oversized or len(line) > self._max else line
            if len(self._buffer) > self._max:
                oversized = True  # the rest of this line is read, and dropped, as it comes
                self._buffer.clear()
            self._searched = len(self._buffer)
            if self._eof:
                if oversized:
                    return self._oversized()
                if not self._buffer:
                    return None
                line = bytes(self._buffer)
                self._buffer.clear()
                self._searched = 0
                return line
            chunk = self._read()
            if chunk is None:
                return None
            if chunk:
                self._buffer += chunk
            else:
                self._eof = True

    def _oversized(self) -> bytes:
        return b"x" * (self._max + 1)

    def _read(self) -> bytes | None:
        """What the descriptor has (b"" at its end), or None once stopped."""
        while not self._stopped.is_set():
            try:
                ready, _, _ = select.select([self._fd], [], [], POLL_S)
                if ready:
                    return os.read(self._fd, CHUNK_BYTES)
            except OSError:
                # The descriptor closed under a read that was stopped (the session ending).
                if self._stopped.is_set():
                    return None
                raise
        return None
