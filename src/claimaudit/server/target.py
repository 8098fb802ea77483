"""A request whose target is a whole URL (absolute-form, RFC 9112 3.2.2): routed by its path.

An HTTP/1.1 server must accept ``GET http://localhost:8000/health HTTP/1.1``, as a proxy or a
client configured for one sends it. uvicorn's h11 protocol gives the whole URL as the path, so
no route matched and the request got a 404. The URL's path and query become the request's, and
its authority the Host header, which RFC 9112 says to use instead of any Host sent: the loopback
Host check (``origin``) then judges the host the request was really addressed to.
"""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from claimaudit.server.errors import error_response

# Schemes an HTTP server's absolute-form target may name (RFC 9110 4.2).
HTTP_SCHEMES = frozenset({"http", "https"})
BAD_TARGET = (
    "the request's target is a URL this server does not serve: an absolute URL must be http or "
    "https, with a host and no user name or password"
)


def origin_form(scope: Scope) -> Scope | None:
    """``scope`` with an absolute-form target made origin-form (its path, query and Host
    header from the URL); ``scope`` itself when its target is a path; None when the target is
    a URL no HTTP server serves (another scheme, no host, a user name or password)."""
    raw_path = scope.get("raw_path") or scope["path"].encode("latin-1", "replace")
    if raw_path.startswith(b"/") or b"://" not in raw_path:
        return scope  # origin-form (or "*"): as every client but a proxy's sends it
    target = raw_path.decode("latin-1")
    if scope.get("query_string"):
        target += "?" + scope["query_string"].decode("latin-1")
    try:
        parts = urlsplit(target)
        _ = parts.port  # raises ValueError for a port that is no number
    except ValueError:
        return None
    if parts.scheme.lower() not in HTTP_SCHEMES or not parts.hostname or "@" in parts.netloc:
        return None
    path = parts.path or "/"  # "http://host" names the root (RFC 9112 3.2.1)
    headers = [(name, value) for name, value in scope["headers"] if name.lower() != b"host"]
    headers.append((b"host", parts.netloc.encode("latin-1")))
    return {
        **scope,
        "path": unquote(path),
        "raw_path": path.encode("latin-1"),
        "query_string": parts.query.encode("latin-1"),
        "headers": headers,
    }


class AbsoluteTargetMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        routed = origin_form(scope)
        if routed is None:
            await error_response(400, "bad_request", BAD_TARGET)(scope, receive, send)
            return
        await self.app(routed, receive, send)
