"""``GET /health``: liveness, open without a token; it touches neither library nor judge."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from claimaudit import __version__
from claimaudit.server.schemas import Health
from claimaudit.server.state import AppState


def install(app: FastAPI, state: AppState) -> None:
    router = APIRouter(tags=["health"])

    @router.get("/health", response_model=Health, summary="Is the server up?")
    async def health() -> Health:
        return Health(status="ok", version=__version__)

    app.include_router(router)
