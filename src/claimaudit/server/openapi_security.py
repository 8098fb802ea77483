"""The bearer token in the OpenAPI document. ``auth.BearerAuthMiddleware`` refuses a request
without it before any route runs, so no route declares it: the document gets it here, from the
same rule (``auth.is_open_path``) the middleware follows."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from claimaudit.server.auth import is_open_path

BEARER = "bearerAuth"
BEARER_SCHEME = {
    "type": "http",
    "scheme": "bearer",
    "description": "Applies when the server was started with a token (CLAIMAUDIT_TOKEN): "
    "send Authorization: Bearer <token>, else the answer is 401 with WWW-Authenticate: Bearer. "
    "A server started without one asks for none.",
}
_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})


def declare_bearer(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with the bearer scheme, required by every operation but the open ones."""
    document.setdefault("components", {}).setdefault("securitySchemes", {})[BEARER] = BEARER_SCHEME
    for path, item in document.get("paths", {}).items():
        if is_open_path(path):
            continue
        for method, operation in item.items():
            if method in _METHODS:
                operation["security"] = [{BEARER: []}]
    return document


def install(app: FastAPI) -> None:
    """Serve ``app``'s document with the bearer scheme declared (built once, as FastAPI does)."""
    build = app.openapi

    def document() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = declare_bearer(build())
        return app.openapi_schema

    app.openapi = document  # type: ignore[method-assign]
