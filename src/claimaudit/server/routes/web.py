"""The web page: static HTML, CSS and JavaScript shipped in the package, no build step and no
CDN. The page calls the same JSON API as any other client."""

from __future__ import annotations

import os
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

from claimaudit.server.state import AppState

STATIC = Path(__file__).resolve().parents[1] / "static"
# Asked again before each use (a 304 while unchanged): without it a browser reuses a script for a
# tenth of its file's age, so after an upgrade the new page would import the old modules.
REVALIDATE = {"Cache-Control": "no-cache"}


class PageFiles(StaticFiles):
    """The page's scripts and style, each revalidated as the page itself is."""

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.update(REVALIDATE)
        return response


def install(app: FastAPI, state: AppState) -> None:
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(
            STATIC / "index.html",
            # Its security headers come with every answer's (server.headers).
            headers=REVALIDATE,
        )

    app.mount("/static", PageFiles(directory=STATIC), name="static")
