"""Percent-encoded bytes in a path or query string must decode as UTF-8.

The server decodes them with replacement, so ``?q=%FFdeep`` would quietly search for
"\ufffddeep" and a reference with such bytes would be some other reference. They are refused
instead, as invalid text anywhere else is: 422 ``invalid_text``, before any route runs.
"""

from __future__ import annotations

from urllib.parse import unquote_to_bytes

from starlette.types import ASGIApp, Receive, Scope, Send

from claimaudit.server.errors import error_response


def url_text_problem(scope: Scope) -> str | None:
    """Which part of the request's URL is not valid UTF-8 once percent-decoded, if any."""
    raw_path = scope.get("raw_path")
    parts = (("path", raw_path), ("query string", scope.get("query_string", b"")))
    for name, raw in parts:
        if not raw:
            continue  # a server that gives no raw path: nothing to check it against
        try:
            # Strict: encoded surrogates (%ED%A0%80) are refused as well.
            unquote_to_bytes(raw).decode("utf-8")
        except UnicodeDecodeError as error:
            return (
                f"the request's {name} is not valid text: invalid UTF-8 at byte {error.start + 1} "
                "once percent-decoded"
            )
    return None


class UrlTextMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        problem = url_text_problem(scope) if scope["type"] == "http" else None
        if problem is None:
            await self.app(scope, receive, send)
            return
        await error_response(422, "invalid_text", problem)(scope, receive, send)
