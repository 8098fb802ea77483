"""The MCP server's stdio output, and the client's requests that still await an answer.

A client that closes its end of the output pipe has gone: nothing it asked for can reach it. The
wire then drops what is still written (no traceback for a broken pipe), stops the work in flight
(``on_gone``, see ``claimaudit.server.mcp.cancel``), ends the wait for answers at the end of
input, and says so once on stderr.
"""

from __future__ import annotations

import contextlib
import json
import select
import sys
import threading
from collections.abc import Callable
from typing import IO, Any

import anyio
import anyio.to_thread

from claimaudit.guards.jsonsafe import escape_unsafe

GONE_MESSAGE = "claimaudit mcp: the client closed its output pipe; stopping"


def is_id(value: Any) -> bool:
    # JSON-RPC ids are strings or integers (MCP forbids null); True is no integer here.
    return isinstance(value, str | int) and not isinstance(value, bool)


def _id_key(request_id: Any) -> tuple[str, Any]:
    # 1 and "1" are different ids.
    return type(request_id).__name__, request_id


# A request answered only when its stream of notifications ends (2026-07-28), which the SDK
# does at the end of input: waiting for its answer there would wait for ever.
STREAMS = ("subscriptions/listen",)


class Pending:
    """The ids of the client's requests not yet answered; safe from any thread."""

    def __init__(self) -> None:
        self._ids: set[tuple[str, Any]] = set()
        self._streams: set[tuple[str, Any]] = set()
        self._changed = threading.Condition()
        self._abandoned = False

    def in_use(self, message: Any) -> bool:
        """Whether ``message`` is a request whose id a request still unanswered has."""
        if not isinstance(message, dict) or "method" not in message:
            return False
        if not is_id(message.get("id")):  # none, or one no request can have (a list, null)
            return False
        with self._changed:
            return _id_key(message["id"]) in self._ids

    def read(self, message: Any) -> None:
        """Note a request passed to the SDK, or forget one the client cancelled."""
        if not isinstance(message, dict):
            return
        if "id" in message and "method" in message:
            with self._changed:
                self._ids.add(_id_key(message["id"]))
                if message["method"] in STREAMS:
                    self._streams.add(_id_key(message["id"]))
        elif message.get("method") == "notifications/cancelled":
            params = message.get("params") or {}
            self.answered(params.get("requestId"))

    def sent(self, text: str) -> None:
        """Forget the request ``text`` answers, if it is an answer."""
        try:
            message = json.loads(text)
        except ValueError:
            return
        if isinstance(message, dict) and "method" not in message and "id" in message:
            self.answered(message["id"])

    def answered(self, request_id: Any) -> None:
        if not is_id(request_id):
            return
        with self._changed:
            self._ids.discard(_id_key(request_id))
            self._streams.discard(_id_key(request_id))
            self._changed.notify_all()

    def abandon(self) -> None:
        """No answer can reach the client any more: stop waiting for them."""
        with self._changed:
            self._abandoned = True
            self._changed.notify_all()

    def wait_until_answered(self) -> None:
        """Until every request but the open streams is answered (the SDK then ends those)."""
        with self._changed:
            self._changed.wait_for(lambda: self._ids <= self._streams or self._abandoned)


class Wire:
    """The protocol's output: one complete message per write, from any thread."""

    def __init__(self, binary: IO[bytes], on_gone: Callable[[], None] = lambda: None) -> None:
        self._binary = binary
        self._lock = threading.Lock()
        self._pending = Pending()
        self._on_gone = on_gone
        self._gone = False
        self._closed = False

    @property
    def pending(self) -> Pending:
        return self._pending

    def send(self, text: str, *, settles: bool = True) -> int:
        """Write one message; ``settles=False`` for an answer that must not settle the pending
        request of the same id (a refused duplicate's)."""
        # Each message is one JSON text: what a terminal would obey is written as a \\u
        # escape (structured content included), as the API's responses are.
        text = escape_unsafe(text)
        data = text.encode("utf-8", "backslashreplace")
        with self._lock:
            # Settled before it is written: a client that reuses the id on reading the answer
            # must find it free. The write is under way by then, and the end of input waits
            # for it (this thread) before the server exits.
            if settles:
                self._pending.sent(text)
            if not self._gone:
                try:
                    self._binary.write(data)
                    self._binary.flush()
                except (BrokenPipeError, ConnectionResetError):
                    self._lose_client()
        return len(text)

    def watch_client(self) -> None:
        """Notice at once when the client closes its end of the output, whatever the server is
        doing: it may be judging for minutes before it writes again."""
        threading.Thread(target=self._watch, name="mcp-client-watch", daemon=True).start()

    def stop_watching(self) -> None:
        """Serving is over: the output is closed by the server, not lost by the client."""
        with self._lock:
            self._closed = True

    def _watch(self) -> None:
        if _wait_until_reader_closed(self._binary):
            with self._lock:
                self._lose_client()

    def _lose_client(self) -> None:
        # Under the lock: said once, however many threads find the pipe broken.
        if not self._gone and not self._closed:
            self._gone = True
            self._on_gone()
            with contextlib.suppress(OSError):  # stderr may have gone with the client
                print(GONE_MESSAGE, file=sys.stderr, flush=True)
        self._pending.abandon()

    async def write(self, text: str, *, settles: bool = True) -> int:
        return await anyio.to_thread.run_sync(lambda: self.send(text, settles=settles))

    async def flush(self) -> None:
        return None


def _wait_until_reader_closed(binary: IO[bytes]) -> bool:
    """Wait until the read end of the pipe (or socket) ``binary`` writes to is closed; False at
    once where that cannot be known. poll reports POLLERR and POLLHUP unasked; a file or a
    terminal reports neither, and this waits for ever (on a daemon thread)."""
    try:
        poller = select.poll()
        poller.register(binary.fileno(), 0)
        while True:
            events = poller.poll()
            if any(mask & (select.POLLERR | select.POLLHUP) for _, mask in events):
                return True
            if any(mask & select.POLLNVAL for _, mask in events):
                return False
    except (OSError, ValueError):
        return False
