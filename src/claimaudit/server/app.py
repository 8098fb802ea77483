"""The ASGI application: ``create_app(config)`` wires features, limits, auth and errors."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial

from fastapi import Depends, FastAPI

from claimaudit import __version__
from claimaudit.server.auth import BearerAuthMiddleware
from claimaudit.server.coding import ContentCodingMiddleware
from claimaudit.server.config import ServerConfig
from claimaudit.server.errors import install_error_handlers
from claimaudit.server.forms import ClosedFormMiddleware
from claimaudit.server.headers import SecurityHeadersMiddleware
from claimaudit.server.judge_schema import document_judges
from claimaudit.server.judges import JudgePool
from claimaudit.server.limits import BodyLimitMiddleware
from claimaudit.server.methods import HeadAsGetMiddleware
from claimaudit.server.once import each_body_name_once
from claimaudit.server.openapi_security import install as declare_bearer
from claimaudit.server.origin import OriginGuardMiddleware
from claimaudit.server.pathrefs import PathRefMiddleware
from claimaudit.server.responses import JSONResponse
from claimaudit.server.routes import checks, health, judges, library, references, reviews, web
from claimaudit.server.service import Service
from claimaudit.server.state import AppState
from claimaudit.server.target import AbsoluteTargetMiddleware
from claimaudit.server.urltext import UrlTextMiddleware

# One module per feature, each with ``install(app, state)``; a new feature is one more entry.
FEATURES = (health, judges, checks, reviews, library, references, web)
UPLOAD_ROUTES = library.UPLOAD_ROUTES

DESCRIPTION = (
    "Check whether the papers cited for a claim support it, and where. Errors are JSON: "
    '`{"error": {"status", "code", "message"}}`. When the server has a token '
    "(`CLAIMAUDIT_TOKEN`), send `Authorization: Bearer <token>` with every request."
)


def body_limit(config: ServerConfig, method: str, path: str) -> int:
    if (method, path.rstrip("/") or "/") in UPLOAD_ROUTES:
        return config.max_upload_bytes
    return config.max_json_bytes


def create_app(config: ServerConfig, service: Service | None = None) -> FastAPI:
    """The app for ``config``; creates the library file if there is none yet."""
    service = service or Service(
        config.library,
        max_review_pairs=config.max_review_pairs,
        timeout=config.timeout,
        write_wait_seconds=config.write_wait_seconds,
    )
    service.ensure_library()
    state = AppState(config, service)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        service.close()  # the judges' connections and sessions, at shutdown

    app = FastAPI(
        lifespan=lifespan,
        title="claimaudit",
        version=__version__,
        description=DESCRIPTION,
        # The interactive docs pages load their scripts from a CDN, which these machines cannot
        # reach; the OpenAPI document itself is served.
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json",
        # Before any route's body is validated: a name given twice is refused, not half-read.
        dependencies=[Depends(each_body_name_once)],
        default_response_class=JSONResponse,
    )
    install_error_handlers(app)
    # The judges registered now, plugins' included, as the MCP tools list them.
    document_judges(app, sorted(JudgePool.available()))
    for feature in FEATURES:
        feature.install(app, state)
    declare_bearer(app)
    # The last middleware added runs first: auth refuses before any body is read, and a
    # foreign Host or a cross-origin request is refused before auth, with or without a token.
    # A library path's reference is read once its URL is known to be UTF-8 text.
    # Innermost: a form is read for its closing boundary as decoded (ContentCodingMiddleware).
    app.add_middleware(ClosedFormMiddleware, routes=UPLOAD_ROUTES)
    app.add_middleware(PathRefMiddleware)
    app.add_middleware(UrlTextMiddleware)
    app.add_middleware(ContentCodingMiddleware)
    app.add_middleware(BodyLimitMiddleware, limit_for=partial(body_limit, config))
    if config.token:
        app.add_middleware(BearerAuthMiddleware, token=config.token)
    app.add_middleware(OriginGuardMiddleware, bound_host=config.host)
    # Before the Host check: a whole URL as the target names the host it checks.
    app.add_middleware(AbsoluteTargetMiddleware)
    app.add_middleware(SecurityHeadersMiddleware)  # on every answer, refusals too
    # Outermost: a HEAD is refused or answered exactly as its GET, without the body.
    app.add_middleware(HeadAsGetMiddleware)
    return app
