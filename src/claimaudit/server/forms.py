"""A multipart body that ends before its closing boundary is refused as unreadable (400).

The multipart parser ends such a body quietly: the part it was reading (the upload) is left
out, so the route answered 422 "file: Field required" to a body that held a file. Watched as
the body streams in (nothing more is kept than a boundary's length), and refused as Starlette
refuses any form it cannot parse, so the answer says the form is malformed.
"""

from __future__ import annotations

from python_multipart.multipart import parse_options_header
from starlette.datastructures import Headers
from starlette.formparsers import MultiPartException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

UNCLOSED = "Missing closing boundary in multipart."


def _closing_delimiter(scope: Scope) -> bytes | None:
    """``CRLF--boundary--`` for a multipart/form-data request with a boundary, else None."""
    kind, options = parse_options_header(Headers(scope=scope).get("content-type") or "")
    boundary = options.get(b"boundary")
    if kind != b"multipart/form-data" or not boundary:
        return None
    return b"\r\n--" + boundary + b"--"


class ClosedFormMiddleware:
    """Only for ``routes`` that read a form (the upload): a JSON route sent a form body keeps
    its own answer, which says to send JSON."""

    def __init__(self, app: ASGIApp, routes: frozenset[tuple[str, str]]) -> None:
        self.app = app
        self.routes = routes

    def _watched(self, scope: Scope) -> bool:
        if scope["type"] != "http":
            return False
        return (scope["method"], scope["path"].rstrip("/") or "/") in self.routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        delimiter = _closing_delimiter(scope) if self._watched(scope) else None
        if delimiter is None:
            await self.app(scope, receive, send)
            return
        # The body's start counts as a line's start: an empty form is "--boundary--" alone.
        tail = b"\r\n"
        closed = False
        ended = False

        async def watching_receive() -> Message:
            nonlocal tail, closed, ended
            if ended:
                # Raised where the form is parsed: Starlette makes it its own 400.
                raise MultiPartException(UNCLOSED)
            message = await receive()
            if message["type"] != "http.request" or closed:
                return message
            seen = tail + message.get("body", b"")
            closed = delimiter in seen
            tail = seen[-(len(delimiter) - 1) :]
            if not closed and not message.get("more_body", False):
                # The parser reads the last bytes first (its own refusal of them comes first),
                # then asks for more and is refused.
                ended = True
                return {**message, "more_body": True}
            return message

        await self.app(scope, watching_receive, send)
