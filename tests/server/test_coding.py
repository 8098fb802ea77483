"""A request body sent with a Content-Encoding: refused for that (415), not read as its
compressed bytes and refused as text that is not UTF-8 or a form that cannot be read."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig

MESSAGE = (
    "the request body is sent with Content-Encoding gzip; this server reads only bodies sent "
    "as they are: send it uncompressed, without Content-Encoding"
)


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        yield client


def _gzipped(body: object) -> bytes:
    return gzip.compress(json.dumps(body).encode())


def test_a_gzipped_json_body_is_refused_for_its_coding(api: TestClient) -> None:
    # It was 422 invalid_text, "the request body is not valid UTF-8", of a valid JSON body.
    answer = api.post(
        "/v1/checks",
        content=_gzipped({"claim": "Frogs sing at night.", "papers": ["local:t1"]}),
        headers={"content-type": "application/json", "content-encoding": "gzip"},
    )
    assert answer.status_code == 415, answer.text
    assert answer.json()["error"] == {
        "status": 415,
        "code": "unsupported_media_type",
        "message": MESSAGE,
    }
    assert answer.headers["accept-encoding"] == "identity"


def test_a_gzipped_upload_is_refused_for_its_coding(api: TestClient) -> None:
    answer = api.post(
        "/v1/library",
        content=gzip.compress(b"--x\r\n\r\n--x--\r\n"),
        headers={"content-type": "multipart/form-data; boundary=x", "content-encoding": "GZIP"},
    )
    assert answer.status_code == 415, answer.text
    assert answer.json()["error"]["message"] == MESSAGE


@pytest.mark.parametrize("coding", ["identity", "", " Identity "])
def test_an_identity_coding_is_read_as_sent(api: TestClient, coding: str) -> None:
    answer = api.post(
        "/v1/checks",
        content=json.dumps({"claim": "", "papers": ["local:t1"]}),
        headers={"content-type": "application/json", "content-encoding": coding},
    )
    # The body was read: its empty claim is what is refused.
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["code"] == "invalid_claim"


def test_a_coding_the_client_wrote_oddly_is_not_echoed_whole(api: TestClient) -> None:
    answer = api.post(
        "/v1/checks",
        content=b"{}",
        headers={"content-type": "application/json", "content-encoding": "x" * 500},
    )
    assert answer.status_code == 415, answer.text
    assert "Content-Encoding a content coding;" in answer.json()["error"]["message"]


def test_the_openapi_document_lists_the_415_of_each_route_with_a_body(api: TestClient) -> None:
    paths = api.get("/openapi.json").json()["paths"]
    for path in ("/v1/checks", "/v1/reviews", "/v1/library", "/v1/library/arxiv"):
        assert "415" in paths[path]["post"]["responses"], path
