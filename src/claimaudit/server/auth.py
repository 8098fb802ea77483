"""Bearer-token authentication for every request once the server has a token.

Once a token is configured (required off loopback, see ``binding``), every request must carry
``Authorization: Bearer <token>``, except ``/health`` and the static web page, which hold no
data. The token is compared in constant time and never written to a response or a log.
"""

from __future__ import annotations

import hmac

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from claimaudit.server.errors import error_body
from claimaudit.server.responses import JSONResponse

# Paths anyone may fetch: a liveness probe and the page's own files (the page asks for the
# token itself and sends it with every API call).
OPEN_PATHS = frozenset({"/health", "/", "/favicon.ico"})
OPEN_PREFIXES = ("/static/",)


def token_matches(header: str | None, token: str) -> bool:
    if not header:
        return False
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(value.strip().encode(), token.encode())


def is_open_path(path: str) -> bool:
    return path in OPEN_PATHS or path.startswith(OPEN_PREFIXES)


class BearerAuthMiddleware:
    """Refuses every HTTP request without the configured token (401, JSON) before it runs."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or is_open_path(scope["path"]):
            await self.app(scope, receive, send)
            return
        if token_matches(Headers(scope=scope).get("authorization"), self.token):
            await self.app(scope, receive, send)
            return
        response = JSONResponse(
            error_body(401, "unauthorized", "a valid bearer token is required"),
            status_code=401,
            headers={"WWW-Authenticate": "Bearer"},
        )
        await response(scope, receive, send)
