"""``POST /v1/checks`` through the app: how a request's fields are refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from claimaudit.inputs import MAX_TOPIC_CHARS
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig

CLAIM = "Transformers rely on attention."


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        yield client


@pytest.mark.parametrize("route", ["/v1/checks", "/v1/reviews"])
def test_an_over_long_topic_is_invalid_topic_not_invalid_claim(api: TestClient, route: str) -> None:
    # A topic is not the claim: it answered 400 invalid_claim.
    topic = "x" * (MAX_TOPIC_CHARS + 1)
    body = {"claim": CLAIM, "papers": ["arXiv:1706.03762"], "topic": topic}
    if route == "/v1/reviews":
        body = {"markdown": f"{CLAIM} [1]", "topic": topic}
    answer = api.post(route, json=body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == {
        "status": 400,
        "code": "invalid_topic",
        "message": f"the topic has {MAX_TOPIC_CHARS + 1} characters; the limit is 1000",
    }


def test_the_schema_says_which_status_an_over_long_topic_gets(api: TestClient) -> None:
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    topic = schemas["CheckRequest"]["properties"]["topic"]
    assert topic["maxLength"] == MAX_TOPIC_CHARS
    assert "400 invalid_topic" in topic["description"]


@pytest.mark.parametrize("route", ["/v1/checks", "/v1/reviews"])
def test_an_empty_model_is_no_model_as_an_empty_judge_is_the_default(
    api: TestClient, route: str
) -> None:
    # It was refused: "model '' applies to the jev and openai judges".
    body = {"claim": CLAIM, "papers": ["arXiv:1706.03762"], "judge": "local", "model": ""}
    if route == "/v1/reviews":
        body = {"markdown": f"{CLAIM} [1]", "judge": "local", "model": ""}
    answer = api.post(route, json=body)
    assert answer.status_code == 200, answer.text
    # A model given to the local judge is still refused.
    refused = api.post(route, json={**body, "model": "gpt-4o"})
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invalid_settings"


def test_a_check_s_topic_threshold_and_judge_are_the_request_s(api: TestClient) -> None:
    text = b"# Attention\n\nTransformers rely on attention alone.\n"
    added = api.post("/v1/library", files={"file": ("a.md", text)}, data={"ref": "local:t1"})
    assert added.status_code == 201, added.text
    body = {"claim": CLAIM, "papers": ["local:t1"], "topic": "sequence models", "threshold": 0.99}
    answer = api.post("/v1/checks", json={**body, "judge": "local"})
    assert answer.status_code == 200, answer.text
    [record] = answer.json()["records"]
    assert answer.json()["threshold"] == 0.99
    assert record["searchQuery"] == f"{CLAIM} sequence models"
    unknown = api.post("/v1/checks", json={**body, "judge": "nope"})
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (400, "unknown_judge")
