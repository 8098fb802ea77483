"""A request body must come as it is: no ``Content-Encoding`` but ``identity``.

The server never decompresses a request, so a gzip-compressed JSON body was read as its
compressed bytes and refused as "not valid UTF-8" (or an upload as a form it could not read),
which sent the client looking for a fault in its text. Such a body is refused for what it is,
415 ``unsupported_media_type`` (RFC 9110: a content coding the server does not accept), before
any route reads it.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from claimaudit.server.errors import error_response

# The methods whose bodies a route reads; another method's body is never looked at.
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
# Longest coding named in the message: a header is the client's text, not the server's.
_SHOWN_CHARS = 40


def coding_problem(scope: Scope) -> str | None:
    """Why the request's body cannot be read for its Content-Encoding, if it cannot."""
    if scope["method"] not in BODY_METHODS:
        return None
    codings = [
        coding.strip().lower()
        for value in Headers(scope=scope).getlist("content-encoding")
        for coding in value.split(",")
    ]
    applied = [coding for coding in codings if coding and coding != "identity"]
    if not applied:
        return None
    named = ", ".join(applied)
    if len(named) > _SHOWN_CHARS or not named.isascii() or not named.isprintable():
        named = "a content coding"
    return (
        f"the request body is sent with Content-Encoding {named}; this server reads only "
        "bodies sent as they are: send it uncompressed, without Content-Encoding"
    )


class ContentCodingMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        problem = coding_problem(scope) if scope["type"] == "http" else None
        if problem is None:
            await self.app(scope, receive, send)
            return
        response = error_response(415, "unsupported_media_type", problem)
        # RFC 9110 (15.5.16): a 415 for a content coding names the codings that are accepted.
        response.headers["Accept-Encoding"] = "identity"
        await response(scope, receive, send)
