"""``GET /v1/judges`` through the app: the judges a client may offer, the default marked."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from claimaudit.api import default_judge_name
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig


def test_the_judges_are_listed_with_the_default_marked_once(tmp_path: Path) -> None:
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as api:
        judges = api.get("/v1/judges").json()["judges"]
    assert {"jev", "local", "openai"} <= {j["name"] for j in judges}
    assert [j["name"] for j in judges if j["default"]] == [default_judge_name()]
    assert all(j["description"] for j in judges)
