"""Who may address the server from a browser: the Host check and the cross-origin refusal.

A web page the user visits can make the browser send requests to the local server: "simple"
cross-site requests (a form POST, a multipart upload) go out without a CORS preflight, and a
DNS-rebinding page gets its own host name pointed at 127.0.0.1, so that its requests are
same-origin to the browser. Two checks, as local development servers make them:

- On a loopback address the Host header must name ``localhost``, ``127.0.0.1``, ``[::1]`` or
  the address the server is bound to (``--host 127.0.0.2``; any port): a rebinding page's
  requests name the attacker's host.
  Off loopback a token is required (``binding``), which a rebinding page does not have, and the
  server cannot know every name it is reached by (proxies, DNS), so any Host is accepted there.
- An API request whose ``Origin`` is not the server's own, or whose ``Sec-Fetch-Site`` says
  ``cross-site`` or ``same-site``, is refused, whatever its method: no route is meant for
  another site's page (the API sends no CORS headers), and one rule for every route cannot miss
  one. Clients outside a browser (curl, scripts, the MCP server) send neither header.

The page and its static files (see ``auth.OPEN_PATHS``) stay open to cross-site navigation: a
link to the page is harmless, the data is behind the API.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from claimaudit.server.auth import is_open_path
from claimaudit.server.binding import is_loopback
from claimaudit.server.errors import error_body
from claimaudit.server.responses import JSONResponse

DEFAULT_PORTS = {"http": 80, "https": 443}
# The names a loopback-bound server answers to, besides the address it is bound to. Other
# loopback addresses (127.0.0.2 on a server bound to 127.0.0.1) are refused: no local client
# uses them, and the bound one must pass or a server on it refuses its own clients.
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
# Sec-Fetch-Site values a browser sends for requests another site's page started.
FOREIGN_SITES = frozenset({"cross-site", "same-site"})
FORBIDDEN_HOST = (
    "this server listens on loopback and answers only requests addressed to localhost, "
    "127.0.0.1, [::1] or the address it listens on"
)
CROSS_ORIGIN = (
    "cross-origin requests are refused: the API answers its own page and clients that send "
    "no Origin (curl, scripts)"
)


def split_host(value: str) -> tuple[str, int | None] | None:
    """``(host, port)`` of a Host header (``[::1]:8000`` -> ``("::1", 8000)``), or None when
    it is not a plain host and optional port."""
    try:
        parts = urlsplit(f"//{value.strip()}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.path or parts.query or parts.fragment or "@" in parts.netloc:
        return None
    return parts.hostname, port


def host_name(bound_host: str) -> str:
    """The name a Host header gives for the address ``bound_host`` (``[::1]`` -> ``::1``)."""
    return bound_host.strip().strip("[]").lower()


def host_allowed(host_header: str | None, bound_host: str = "127.0.0.1") -> bool:
    """Whether a server bound to the loopback address ``bound_host`` answers a request with
    this Host header.

    A request without one (HTTP/1.0) cannot come from a browser, so it passes."""
    if host_header is None:
        return True
    parts = split_host(host_header)
    return parts is not None and parts[0] in LOOPBACK_NAMES | {host_name(bound_host)}


def same_origin(origin: str, host_header: str | None) -> bool:
    """Whether ``origin`` (``scheme://host[:port]``) names the host and port the request was
    sent to. Either scheme passes: behind a proxy that terminates HTTPS the page is https."""
    if host_header is None:
        return False
    try:
        parts = urlsplit(origin.strip())
        origin_port = parts.port
    except ValueError:
        return False
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return False
    target = split_host(host_header)
    if target is None:
        return False
    default = DEFAULT_PORTS[parts.scheme]
    return (parts.hostname, origin_port or default) == (target[0], target[1] or default)


def refusal(
    headers: Headers, *, check_host: bool, api: bool, bound_host: str = "127.0.0.1"
) -> tuple[str, str] | None:
    """``(code, message)`` when the request must be refused, else None."""
    host = headers.get("host")
    if check_host and not host_allowed(host, bound_host):
        return "forbidden_host", FORBIDDEN_HOST
    if not api:
        return None
    if headers.get("sec-fetch-site", "").strip().lower() in FOREIGN_SITES:
        return "cross_origin", CROSS_ORIGIN
    origin = headers.get("origin")
    # "null" (a sandboxed frame, a file:// page) is no origin of this server's either.
    if origin is not None and not same_origin(origin, host):
        return "cross_origin", CROSS_ORIGIN
    return None


class OriginGuardMiddleware:
    """Refuses (403, JSON) foreign Host headers on loopback and cross-origin API requests."""

    def __init__(self, app: ASGIApp, bound_host: str) -> None:
        self.app = app
        self.bound_host = bound_host
        self.check_host = is_loopback(bound_host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        problem = refusal(
            Headers(scope=scope),
            check_host=self.check_host,
            api=not is_open_path(scope["path"]),
            bound_host=self.bound_host,
        )
        if problem is None:
            await self.app(scope, receive, send)
            return
        code, message = problem
        response = JSONResponse(error_body(403, code, message), status_code=403)
        await response(scope, receive, send)
