"""A reference in a ``/v1/library/...`` path holding a control character is refused with 400
``invalid_reference`` before routing, as it is in a query string; a passage id holding one is
no passage (404 ``passage_not_found``).

Routing cannot see one: Starlette matches a path against ``^...(?P<ref>.*)$`` without DOTALL,
so ``.`` stops at a line break and ``$`` matches before a final one. ``/v1/library/X%0A`` was
read (or removed) as ``X``, ``.../passages/P001%0A`` as ``P001``, and a line break anywhere
else matched no route (404, "a path the API does not have"). Any other path ending in a line
break is that 404 too: ``/v1/library%0A`` was the list, ``/%0A`` the web page.
"""

from __future__ import annotations

from http import HTTPStatus

from starlette.types import ASGIApp, Receive, Scope, Send

from claimaudit.errors import InvalidReferenceError, PassageNotFoundError
from claimaudit.identity import refuse_unprintable
from claimaudit.server.errors import error_response
from claimaudit.server.library_service import refuse_control_passage_id

LIBRARY_PREFIX = "/v1/library/"
PASSAGES = "/passages/"
# As the API answers any path it does not have (Starlette's 404, ``server.errors``).
NO_SUCH_PATH = (404, "not_found", HTTPStatus.NOT_FOUND.phrase)


def path_problem(path: str) -> tuple[int, str, str] | None:
    """(status, code, message) for a path that routing would misread, or None: a library
    path's reference or passage id holding a control character, or a path ending in a line
    break, which no route of the API has (routing would read it without the break)."""
    problem = library_path_problem(path)
    if problem is None and path.endswith("\n"):
        return NO_SUCH_PATH
    return problem


def library_path_problem(path: str) -> tuple[int, str, str] | None:
    """(status, code, message) for a library path whose reference or passage id holds a
    control character (or whose reference an invisible formatting one); None for any other."""
    if not path.startswith(LIBRARY_PREFIX):
        return None
    rest = path[len(LIBRARY_PREFIX) :]
    ref, found, passage_id = rest.rpartition(PASSAGES)
    try:
        refuse_unprintable(ref if found else rest)
    except InvalidReferenceError as error:
        return 400, "invalid_reference", str(error)
    if found:
        try:
            refuse_control_passage_id(passage_id)
        except PassageNotFoundError as error:
            return 404, "passage_not_found", str(error)
    return None


class PathRefMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        problem = path_problem(scope["path"]) if scope["type"] == "http" else None
        if problem is None:
            await self.app(scope, receive, send)
            return
        await error_response(*problem)(scope, receive, send)
