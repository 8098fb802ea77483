"""Security headers on every answer: nosniff on all of them, refusals included, and the page's
Content Security Policy on HTML answers only."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from tests.server.conftest import TOKEN


def test_every_answer_is_nosniff_and_html_carries_the_policy(tmp_path: Path) -> None:
    config = ServerConfig(library=tmp_path / "lib.sqlite3", token=TOKEN)
    with TestClient(create_app(config), base_url="http://127.0.0.1") as client:
        page = client.get("/")
        assert page.headers["content-type"].startswith("text/html")
        assert page.headers["content-security-policy"].startswith("default-src 'self'")
        auth = {"Authorization": f"Bearer {TOKEN}"}
        others = {
            "script": client.get("/static/main.js"),
            "style": client.get("/static/style.css"),
            "health": client.get("/health"),
            "api": client.get("/v1/library", headers=auth),
            "not found": client.get("/v1/nothing", headers=auth),
            "unauthorized": client.get("/v1/library"),
        }
        assert others["unauthorized"].status_code == 401
        for name, answer in {"page": page, **others}.items():
            assert answer.headers.get("x-content-type-options") == "nosniff", name
        for name, answer in others.items():
            assert "content-security-policy" not in answer.headers, name
