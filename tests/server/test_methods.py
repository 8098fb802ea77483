"""HEAD wherever GET works, and a 405's ``Allow`` naming every method its path takes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig

LOOPBACK = "http://127.0.0.1"
TOKEN = "head-test-token-0123456789"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3"))
    with TestClient(app, base_url=LOOPBACK) as test_client:
        yield test_client


@pytest.mark.parametrize(
    "path",
    [
        "/health",
        "/",
        "/openapi.json",
        "/v1/judges",
        "/v1/library",
        "/v1/library/search?q=words",
        "/v1/references/key?ref=hep-th/9901001",
    ],
)
def test_head_answers_as_get_without_the_body(client: TestClient, path: str) -> None:
    got, head = client.get(path), client.head(path)
    assert got.status_code == head.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers["content-length"] == got.headers["content-length"] != "0"
    assert head.headers["x-content-type-options"] == "nosniff"


def test_head_is_refused_as_get_is(client: TestClient) -> None:
    missing = client.head("/v1/library/arXiv:2401.00001")
    assert (missing.status_code, missing.content) == (404, b"")
    only_post = client.head("/v1/checks")
    assert only_post.status_code == 405 and only_post.headers["allow"] == "POST"


def test_head_needs_the_token_as_get_does(tmp_path: Path) -> None:
    config = ServerConfig(library=tmp_path / "lib.sqlite3", token=TOKEN)
    with TestClient(create_app(config), base_url=LOOPBACK) as client:
        assert client.head("/v1/judges").status_code == 401
        allowed = client.head("/v1/judges", headers={"Authorization": f"Bearer {TOKEN}"})
        assert allowed.status_code == 200


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("PUT", "/v1/library", "GET, HEAD, POST"),
        ("POST", "/v1/library/local%3Aqanote", "GET, HEAD, DELETE"),
        ("DELETE", "/v1/checks", "POST"),
        ("PUT", "/health", "GET, HEAD"),
    ],
)
def test_a_405_allows_every_method_its_path_takes(
    client: TestClient, method: str, path: str, allow: str
) -> None:
    refused = client.request(method, path)
    assert refused.status_code == 405
    assert refused.headers["allow"] == allow
    assert refused.json()["error"]["code"] == "method_not_allowed"


@pytest.mark.parametrize(
    "path", ["/v1/library/search", "/v1/library/arXiv:1907.10121/passages/P001"]
)
def test_get_only_library_paths_take_no_delete(client: TestClient, path: str) -> None:
    # The remove route's path matched them: Allow named DELETE, and a DELETE was tried as a
    # removal of "arXiv:1907.10121/passages/P001" (400 invalid_reference).
    post = client.post(path)
    assert post.status_code == 405 and post.headers["allow"] == "GET, HEAD"
    delete = client.delete(path)
    assert delete.status_code == 405 and delete.headers["allow"] == "GET, HEAD"
    assert delete.json()["error"]["code"] == "method_not_allowed"


def test_a_paper_is_still_removed_by_its_reference(client: TestClient) -> None:
    for ref in ("hep-th/9901001", "local:search", "doi:10.1000/passages"):
        removal = client.delete(f"/v1/library/{ref}")
        assert removal.status_code == 404, (ref, removal.text)  # tried: no such paper
