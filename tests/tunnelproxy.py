"""An HTTP proxy on 127.0.0.1 that tunnels ``CONNECT`` requests, for HTTPS through a proxy.

It records each ``CONNECT host:port`` line and relays bytes both ways until either side closes;
it never reads what it relays (the TLS session is the client's with the server). Standard
library only, daemon threads, closed with the context manager.
"""

from __future__ import annotations

import contextlib
import select
import socket
import threading
from types import TracebackType
from typing import Self

__all__ = ["TunnelProxy"]

_IDLE_SECONDS = 10  # a relay with nothing to pass for this long is given up


class TunnelProxy:
    def __init__(self) -> None:
        self._server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._server.getsockname()[1]}"
        self._lock = threading.Lock()
        self._connects: list[str] = []
        threading.Thread(target=self._accept, name="tunnelproxy", daemon=True).start()

    @property
    def connects(self) -> list[str]:
        """The ``host:port`` of each CONNECT received, oldest first (a copy)."""
        with self._lock:
            return list(self._connects)

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return  # closed
            threading.Thread(target=self._tunnel, args=(client,), daemon=True).start()

    def _tunnel(self, client: socket.socket) -> None:
        with client, contextlib.suppress(OSError):
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = client.recv(4096)
                if not chunk:
                    return
                head += chunk
            method, target, *_ = head.split(b"\r\n", 1)[0].decode("latin-1").split()
            if method != "CONNECT":
                client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                return
            with self._lock:
                self._connects.append(target)
            host, port = target.rsplit(":", 1)
            with socket.create_connection((host, int(port)), timeout=_IDLE_SECONDS) as upstream:
                client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
                _relay(client, upstream)

    def close(self) -> None:
        self._server.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def _relay(one: socket.socket, other: socket.socket) -> None:
    while True:
        ready, _, _ = select.select([one, other], [], [], _IDLE_SECONDS)
        if not ready:
            return
        for sock in ready:
            data = sock.recv(65536)
            if not data:
                return
            (other if sock is one else one).sendall(data)
