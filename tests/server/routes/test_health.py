"""``GET /health`` through the app: open, and naming the version that answers."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from claimaudit import __version__
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig


def test_health_names_the_running_version_without_a_token(tmp_path: Path) -> None:
    config = ServerConfig(library=tmp_path / "library.sqlite3", token="s3cret-token-value")
    with TestClient(create_app(config), base_url="http://127.0.0.1") as api:
        answer = api.get("/health")
        assert api.get("/v1/library").status_code == 401
    assert (answer.status_code, answer.json()) == (200, {"status": "ok", "version": __version__})
