"""The app in process: what no real server test can provoke on purpose (an internal error)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from claimaudit.library.models import StoredPaper
from claimaudit.server.app import body_limit, create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.service import Service

# The app answers only Host headers naming loopback (DNS-rebinding defence).
LOOPBACK = "http://127.0.0.1"


class BrokenService(Service):
    def paper_listing(
        self, query: str | None = None, limit: int = 50
    ) -> tuple[list[StoredPaper], int]:
        raise RuntimeError("internal detail /secret/path")


def test_an_internal_error_is_a_bare_500(tmp_path: Path) -> None:
    config = ServerConfig(library=tmp_path / "lib.sqlite3")
    app = create_app(config, BrokenService(config.library))
    with TestClient(app, base_url=LOOPBACK, raise_server_exceptions=False) as client:
        response = client.get("/v1/library")
    assert response.status_code == 500
    assert response.json() == {
        "error": {
            "status": 500,
            "code": "internal_error",
            "message": "internal server error; see the server log",
        }
    }
    assert "secret" not in response.text and "Traceback" not in response.text
    assert response.headers["x-content-type-options"] == "nosniff"  # as every other answer


def test_uploads_get_the_upload_limit_and_everything_else_the_json_limit(tmp_path: Path) -> None:
    config = ServerConfig(library=tmp_path / "l", max_json_bytes=10, max_upload_bytes=99)
    assert body_limit(config, "POST", "/v1/library") == 99
    assert body_limit(config, "POST", "/v1/library/") == 99
    assert body_limit(config, "POST", "/v1/checks") == 10
    assert body_limit(config, "DELETE", "/v1/library") == 10
    assert body_limit(config, "POST", "/v1/library/search") == 10


def test_the_config_never_shows_its_token(tmp_path: Path) -> None:
    config = ServerConfig(library=tmp_path / "l", token="a-very-secret-token-value")
    assert "a-very-secret" not in repr(config) and "a-very-secret" not in str(config)


def test_title_lookup_finds_non_ascii_capitals_typed_exactly(tmp_path: Path) -> None:
    """``GET /v1/library?q=Über`` answered no paper: SQLite compared titles ASCII-case-blind."""
    from claimaudit.identity import parse_ref
    from claimaudit.library.models import NewPaper
    from claimaudit.library.store import Library
    from claimaudit.passage import Passage

    path = tmp_path / "lib.sqlite3"
    with Library.open(path) as library:
        for ref, title in (("local:de", "Über die Wirksamkeit"), ("local:ru", "Влияние сна")):
            passage = Passage(passage_id="p1", text=f"{title} text")
            library.add_paper(NewPaper(parse_ref(ref), title, [passage], "h"))
    config = ServerConfig(library=path)
    with TestClient(create_app(config, Service(config.library)), base_url=LOOPBACK) as client:
        for typed, ref in (("Über", "local:de"), ("über", "local:de"), ("влияние", "local:ru")):
            answer = client.get("/v1/library", params={"q": typed}).json()
            assert [p["ref"] for p in answer["papers"]] == [ref] and answer["total"] == 1


def test_an_upload_limit_that_is_no_whole_number_of_kib_reads_in_bytes(tmp_path: Path) -> None:
    # QA: max_upload_bytes=2000 answered "larger than this server accepts (1.95312 KiB)".
    config = ServerConfig(library=tmp_path / "lib.sqlite3", max_upload_bytes=2000)
    with TestClient(create_app(config), base_url=LOOPBACK) as client:
        response = client.post(
            "/v1/library", files={"file": ("big.txt", b"Words.\n" * 1000)}, data={"ref": "local:x"}
        )
    assert response.status_code == 413
    assert response.json()["error"]["message"] == (
        "the request body is larger than this server accepts (2,000 bytes)"
    )
