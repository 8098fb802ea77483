"""Request body size limits, answered with a JSON 413 before or while the body is read.

A declared ``Content-Length`` over the limit is refused before the application runs; a body
sent without one (chunked) is counted as it arrives and refused once it passes the limit.
Uploads to the library get their own, larger limit.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from claimaudit.guards.sizes import shown_size
from claimaudit.server.errors import error_body
from claimaudit.server.responses import JSONResponse

LimitFor = Callable[[str, str], int]


class BodyTooLargeError(HTTPException):
    """Raised from ``receive`` mid-body; FastAPI re-raises HTTPExceptions from body parsing, so
    the app's JSON error handler answers it."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, too_large_message(limit))


def too_large_message(limit: int) -> str:
    return f"the request body is larger than this server accepts ({describe_bytes(limit)})"


def describe_bytes(size: int) -> str:
    # As the command line says its limits: max_upload_bytes=2000 read "(1.95312 KiB)".
    return shown_size(size)


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, limit_for: LimitFor) -> None:
        self.app = app
        self.limit_for = limit_for

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["method"], scope["path"])
        declared = Headers(scope=scope).get("content-length") or ""
        # ASCII only: "²" is a digit to isdigit() but not to int().
        if declared.isascii() and declared.isdigit() and int(declared) > limit:
            response = JSONResponse(
                error_body(413, "too_large", too_large_message(limit)), status_code=413
            )
            await response(scope, receive, send)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLargeError(limit)
            return message

        await self.app(scope, counting_receive, send)
