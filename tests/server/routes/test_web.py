"""The page's own files as a browser caches them: always asked again (its scripts and style a
cheap 304 while unchanged), so a reload after an upgrade never runs an older script with the
newer page."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.routes.web import STATIC


def test_every_page_file_is_revalidated_before_it_is_reused(tmp_path: Path) -> None:
    config = ServerConfig(library=tmp_path / "lib.sqlite3")
    with TestClient(create_app(config), base_url="http://127.0.0.1") as client:
        for name in sorted(p.name for p in STATIC.iterdir()):
            path = "/" if name == "index.html" else f"/static/{name}"
            answer = client.get(path)
            assert answer.status_code == 200, name
            # Without it a browser keeps a script "fresh" for a tenth of its file's age: days,
            # after which an upgraded page would import last version's modules.
            assert answer.headers.get("cache-control") == "no-cache", name
            if name == "index.html":
                continue  # sent whole each time: a few kilobytes
            again = client.get(path, headers={"If-None-Match": answer.headers["etag"]})
            assert again.status_code == 304, name
            assert again.headers.get("cache-control") == "no-cache", name
