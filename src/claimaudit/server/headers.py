"""Security headers on every answer of the server: ``X-Content-Type-Options: nosniff`` on all
of them (a JSON answer, a script, an error from any middleware), and the page's Content Security
Policy on each HTML answer. Outermost, so that no answer leaves without them."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Everything the page loads comes from this server; the policy makes that a rule, not a habit.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)

# A browser must not read a reference or an upload's text as a script or a page.
NOSNIFF = {"X-Content-Type-Options": "nosniff"}


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.update(NOSNIFF)
                if headers.get("content-type", "").startswith("text/html"):
                    headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
            await send(message)

        await self.app(scope, receive, with_headers)
