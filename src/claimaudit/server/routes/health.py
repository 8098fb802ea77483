"""``GET /health``: liveness, open without a token; it touches neither library nor judge."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from claimaudit import __version__
from claimaudit.server.error_docs import error_responses
from claimaudit.server.schemas import Health
from claimaudit.server.state import AppState

# The refusals of the middleware that runs before any route; the token and cross-origin rules
# leave /health open (a probe and a link may reach it), so it has no 401 and no cross_origin.
HEALTH_ERRORS = error_responses(
    403,
    413,
    422,
    said={
        403: "A foreign Host on a loopback address (forbidden_host).",
        413: "A body declared over the JSON body limit (a probe sends none).",
        422: "A path or query string that is not valid UTF-8 once percent-decoded (invalid_text).",
    },
)


def install(app: FastAPI, state: AppState) -> None:
    router = APIRouter(tags=["health"])

    @router.get(
        "/health", response_model=Health, responses=HEALTH_ERRORS, summary="Is the server up?"
    )
    async def health() -> Health:
        return Health(status="ok", version=__version__)

    app.include_router(router)
