"""A JSON key or a form field given twice is refused, as a repeated query parameter is, never
read as the last one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from tests.server.conftest import DEEP_RULES_REF
from tests.server.test_api import _error


def _post_raw(api: httpx.Client, path: str, raw: str) -> httpx.Response:
    return api.post(path, content=raw.encode(), headers={"content-type": "application/json"})


@pytest.mark.parametrize(
    ("path", "raw", "words"),
    [
        (
            "/v1/checks",
            f'{{"claim": "sparse matrices", "papers": ["{DEEP_RULES_REF}"], "claim": "other"}}',
            "claim: Input should be given once, not 2 times",
        ),
        (
            "/v1/checks",
            f'{{"claim": "A", "papers": ["{DEEP_RULES_REF}"], "judge": "a", "judge": "b", '
            '"judge": "c"}',
            "judge: Input should be given once, not 3 times",
        ),
        (
            "/v1/reviews",
            '{"markdown": "Text.", "bibliography": {"text": "@misc{a}", "text": "@misc{b}"}}',
            "bibliography.text: Input should be given once, not 2 times",
        ),
    ],
)
def test_a_repeated_json_key_is_refused_at_any_level(
    api: httpx.Client, path: str, raw: str, words: str
) -> None:
    error = _error(_post_raw(api, path, raw), 422)
    assert (error["code"], error["message"]) == ("invalid_request", words)


def test_every_repeated_key_is_listed_by_name(api: httpx.Client) -> None:
    raw = '{"papers": ["x"], "papers": ["y"], "claim": "a", "claim": "b"}'
    error = _error(_post_raw(api, "/v1/checks", raw), 422)
    assert error["message"] == (
        "claim: Input should be given once, not 2 times; "
        "papers: Input should be given once, not 2 times"
    )


def test_a_repeat_is_refused_in_a_body_with_a_utf8_bom(api: httpx.Client) -> None:
    # FastAPI reads a JSON body with a BOM as JSON: its repeats count.
    raw = f'{{"claim": "sparse matrices", "papers": ["{DEEP_RULES_REF}"], "claim": "other"}}'
    headers = {"content-type": "application/json"}
    response = api.post("/v1/checks", content=raw.encode("utf-8-sig"), headers=headers)
    error = _error(response, 422)
    assert error["message"] == "claim: Input should be given once, not 2 times"


def test_a_key_and_its_escaped_spelling_are_one_key(api: httpx.Client) -> None:
    raw = f'{{"claim": "sparse matrices", "papers": ["{DEEP_RULES_REF}"], "\\u0063laim": "x"}}'
    error = _error(_post_raw(api, "/v1/checks", raw), 422)
    assert error["message"] == "claim: Input should be given once, not 2 times"


def test_the_same_key_in_different_objects_is_no_repeat(api: httpx.Client) -> None:
    raw = '{"markdown": "Text.", "bibliography": {"text": "@misc{a}"}, "text": 1}'
    # Refused for the unknown field, not for "text" appearing twice in different objects.
    assert "given once" not in _error(_post_raw(api, "/v1/reviews", raw), 422)["message"]


def test_a_repeated_form_field_is_refused(api: httpx.Client) -> None:
    response = api.post(
        "/v1/library",
        data={"ref": ["local:up6", "local:up7"]},
        files={"file": ("notes.md", b"# Notes\n\nSome text to store.\n")},
    )
    error = _error(response, 422)
    assert error["message"] == "ref: Input should be given once, not 2 times"
    assert api.get("/v1/library/local:up7").status_code == 404  # nothing was stored
    assert api.get("/v1/library/local:up6").status_code == 404


def test_two_files_in_one_upload_are_refused(api: httpx.Client) -> None:
    response = api.post(
        "/v1/library",
        data={"ref": "local:twofiles"},
        files=[("file", ("a.md", b"# A\n\nOne.\n")), ("file", ("b.md", b"# B\n\nTwo.\n"))],
    )
    assert _error(response, 422)["message"] == "file: Input should be given once, not 2 times"
    assert api.get("/v1/library/local:twofiles").status_code == 404


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        yield client


@pytest.mark.parametrize(
    ("content_type", "raw"),
    [
        ("application/json", b'{"a": 1, "a": 2}'),
        ("multipart/form-data", b"no boundary"),
        ("application/x-www-form-urlencoded", b"a=1&a=2"),
    ],
)
def test_a_route_without_a_body_ignores_any_body_sent(
    app_client: TestClient, content_type: str, raw: bytes
) -> None:
    # The check was app-wide: GET /health with a repeated key answered 422, and with a form
    # that has no boundary 400, where every route that takes no body ignores it.
    headers = {"content-type": content_type}
    health = app_client.request("GET", "/health", content=raw, headers=headers)
    assert health.status_code == 200, health.text
    listed = app_client.request("GET", "/v1/library", content=raw, headers=headers)
    assert listed.status_code == 200, listed.text
    assert listed.json()["papers"] == []
