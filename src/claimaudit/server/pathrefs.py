"""A reference in a ``/v1/library/...`` path holding a control character is refused with 400
``invalid_reference`` before routing, as it is in a query string.

Routing cannot see one: Starlette matches a path against ``^...(?P<ref>.*)$`` without DOTALL,
so ``.`` stops at a line break and ``$`` matches before a final one. ``/v1/library/X%0A`` was
read (or removed) as ``X``, and a line break anywhere else matched no route (404, "a path the
API does not have").
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from claimaudit.errors import InvalidReferenceError
from claimaudit.identity import refuse_unprintable
from claimaudit.server.errors import error_response

LIBRARY_PREFIX = "/v1/library/"
PASSAGES = "/passages/"


def path_ref_problem(path: str) -> str | None:
    """Why the reference in a library path is none, if it holds a control or invisible
    formatting character; None for any other path."""
    if not path.startswith(LIBRARY_PREFIX):
        return None
    rest = path[len(LIBRARY_PREFIX) :]
    ref, found, _ = rest.rpartition(PASSAGES)
    try:
        refuse_unprintable(ref if found else rest)
    except InvalidReferenceError as error:
        return str(error)
    return None


class PathRefMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        problem = path_ref_problem(scope["path"]) if scope["type"] == "http" else None
        if problem is None:
            await self.app(scope, receive, send)
            return
        await error_response(400, "invalid_reference", problem)(scope, receive, send)
