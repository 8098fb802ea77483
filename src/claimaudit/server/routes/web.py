"""The web page: static HTML, CSS and JavaScript shipped in the package, no build step and no
CDN. The page calls the same JSON API as any other client."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from claimaudit.server.state import AppState

STATIC = Path(__file__).resolve().parents[1] / "static"


def install(app: FastAPI, state: AppState) -> None:
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(
            STATIC / "index.html",
            # Its security headers come with every answer's (server.headers).
            headers={"Cache-Control": "no-cache"},
        )

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
