"""HTTP methods as HTTP means them: HEAD wherever GET works, and a 405's ``Allow`` naming every
method the path takes.

FastAPI's GET routes take no HEAD, and Starlette's 405 names the methods of the first route
whose path matched only (``/v1/library`` is a GET and a POST route: ``Allow: GET``).
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.routing import BaseRoute, Match, Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# The order ``Allow`` lists them in.
_ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


class HeadAsGetMiddleware:
    """A HEAD request is answered as its GET would be, headers and all, without the body: a
    refusal too, so a HEAD where only POST works is a 405 like a GET's."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return  # the GET's body is not sent; only its end is
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, without_body)


def allowed_methods(scope: Scope, routes: Sequence[BaseRoute]) -> str | None:
    """``Allow`` for a request no route takes by its method: each method some route takes at
    this path (HEAD with GET); None where no route says (a mount's files answer for
    themselves). Asked of the routes as the router asks them, method by method."""
    routes = [route for route in routes if not isinstance(route, Mount)]
    methods = [
        method
        for method in _ORDER
        if any(route.matches({**scope, "method": method})[0] is Match.FULL for route in routes)
    ]
    if "GET" in methods and "HEAD" not in methods:
        methods.insert(methods.index("GET") + 1, "HEAD")
    return ", ".join(methods) or None
