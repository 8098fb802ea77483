"""How an MCP tool calls the service: on a worker thread that a cancelled call or a client
gone stops (``claimaudit.server.mcp.cancel``), a refusal the service knows turned into a tool
error in the API's words, progress reported when the client asks, and a deprecated argument
name still taken."""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import anyio.from_thread
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError

from claimaudit.errors import CancelledWorkError, as_known
from claimaudit.guards.jsonsafe import escape_unsafe_text
from claimaudit.net.redaction import safe_line
from claimaudit.server.advice import tool_message

if TYPE_CHECKING:
    from claimaudit.server.mcp.server import ScreenedMCPServer

T = TypeVar("T")
_log = logging.getLogger("claimaudit.mcp")


def answer(work: Callable[[], T]) -> T:
    """Run a service call; a refusal the service knows becomes a clear tool error.

    Anything else is a one-line tool error too, and one line on stderr: a traceback there (a
    RecursionError's runs to 100 KB) can stall a client that does not drain stderr."""
    try:
        return work()
    except Exception as exc:
        known = as_known(exc)
        if known is not None:
            # Escaped as the text it is, not only on the wire: a client shows the message as
            # text, and it may quote what was sent (a path holding ESC or U+202E).
            raise ToolError(escape_unsafe_text(safe_line(tool_message(known)))) from None
        _log.error("tool failed: %s", type(exc).__name__)
        raise ToolError(
            f"internal error ({type(exc).__name__}); the request was not carried out"
        ) from None


async def cancellable(server: ScreenedMCPServer, work: Callable[[threading.Event], T]) -> T:
    """``work(cancel)`` answered as ``answer`` does, on a worker thread that a cancelled call
    or a client gone stops (``ToolWork``)."""
    return await server.work.run(lambda cancel: answer(lambda: work(cancel)))


def progress_reporter(
    ctx: Context[Any, Any],
) -> Callable[[threading.Event], Callable[[int, int], None] | None]:
    """For a call's ``cancel``, ``on_progress(done, total)`` for its work, sent as
    ``notifications/progress`` when the client asked for it (a ``progressToken``; else the SDK
    sends nothing) and the call is not cancelled. It is called on the work's thread, so each
    report is handed to the event loop."""
    try:
        ctx.request_context  # noqa: B018 (raises outside a request: a call made in-process)
    except ValueError:
        return lambda cancel: None

    def for_call(cancel: threading.Event) -> Callable[[int, int], None]:
        async def send(done: int, total: int) -> None:
            # Looked at on the event loop, where a cancellation sets ``cancel``: a call the
            # client cancelled before its work began reports nothing after it.
            if not cancel.is_set():
                await ctx.report_progress(done, total)

        def report(done: int, total: int) -> None:
            # A report that cannot be sent (the client gone) must not fail the work.
            with contextlib.suppress(Exception):
                anyio.from_thread.run(send, done, total)

        return report

    return for_call


def begun(cancel: threading.Event, work: Callable[[], T]) -> T:
    """``work()``, unless the call was cancelled while it waited for a thread: one query is
    quick, so not beginning it is all there is to stop."""
    if cancel.is_set():
        raise CancelledWorkError("cancelled before it began")
    return work()


def renamed(name: str, value: T | None, old: str, old_value: T | None) -> T | None:
    """The argument sent as ``name`` or under its deprecated name ``old``; both sent with
    different values is refused, since either could be the one meant."""
    if value is not None and old_value is not None and value != old_value:
        raise ToolError(f"{name} and {old} (its deprecated name) differ: send {name} only")
    return value if value is not None else old_value
