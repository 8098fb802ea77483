"""A server on 127.0.0.1 that speaks HTTP/1.1 by hand, for replies no well-behaved server sends
(a body broken off) and for a stop that closes every connection, as a process that ends does
(``httpfake.FakeServer.close`` leaves a keep-alive connection's handler serving it)."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from types import TracebackType
from typing import Self

OK = b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{"ok": true}'
# Headers promising 5,000 bytes, then a few of them: the reply begun, then broken off.
CUT_SHORT = (
    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n"
    b'{"id": "chatcmpl-1", "choices": ['
)


class RawServer:
    """Answers every request with ``reply`` (status line on), keeping the connection open for
    the next request unless ``close_after``; past ``replies`` answers, a request is read and the
    connection closed without a word (a server that dropped its idle keep-alive connection as
    the request came); ``replies`` counts each connection's answers with ``per_connection``,
    else all of them; ``reset``: that close is an abort (a TCP reset, as a server or middlebox
    that gives up on a connection sends), not an orderly close; ``partial``: bytes sent before
    that close (a reply begun, then broken off). ``stop()`` closes the listener
    and every connection."""

    def __init__(
        self,
        reply: bytes,
        *,
        close_after: bool = False,
        replies: int | None = None,
        per_connection: bool = False,
        reset: bool = False,
        partial: bytes = b"",
    ) -> None:
        self.reply = reply
        self.close_after = close_after
        self.replies = replies
        self.per_connection = per_connection
        self.reset = reset
        self.partial = partial
        self.served = 0
        self.dropped = 0  # requests read and answered by closing the connection
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.1)
        self._connections: list[socket.socket] = []
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._listener.getsockname()[1]}"

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(5)
        self._listener.close()
        with self._lock:
            for connection in self._connections:
                with contextlib.suppress(OSError):  # closed by the client already
                    connection.shutdown(socket.SHUT_RDWR)
                connection.close()

    def _accept(self) -> None:
        while not self._stopped.is_set():
            try:
                connection, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._lock:
                self._connections.append(connection)
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    @property
    def connections(self) -> int:
        """How many connections clients have made to it so far."""
        with self._lock:
            return len(self._connections)

    def _serve(self, connection: socket.socket) -> None:
        pending = b""
        served_here = 0
        try:
            while True:
                while b"\r\n\r\n" not in pending:
                    chunk = connection.recv(65536)
                    if not chunk:
                        return
                    pending += chunk
                head, _, pending = pending.partition(b"\r\n\r\n")
                length = _content_length(head)
                while len(pending) < length:
                    chunk = connection.recv(65536)
                    if not chunk:
                        return
                    pending += chunk
                pending = pending[length:]
                served = served_here if self.per_connection else self.served
                if self.replies is not None and served >= self.replies:
                    self.dropped += 1
                    connection.sendall(self.partial)
                    if self.reset:  # a zero linger time makes close() send RST, not FIN
                        linger = struct.pack("ii", 1, 0)
                        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, linger)
                        connection.close()
                    else:
                        connection.shutdown(socket.SHUT_RDWR)
                    return
                # Counted before it is sent: a client that has read it may check the count.
                self.served += 1
                served_here += 1
                connection.sendall(self.reply)
                if self.close_after:
                    connection.shutdown(socket.SHUT_RDWR)
                    return
        except OSError:
            return  # stopped, or the client went away


def _content_length(head: bytes) -> int:
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value.strip())
    return 0
