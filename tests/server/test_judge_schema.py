"""The judge names the API's OpenAPI document and the MCP tools' schemas allow: the judges
registered when the app is built (a third-party one too), and what the service accepts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from claimaudit.plugins import Registered, get_registry
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.judge_schema import JUDGE_REQUESTS
from tests.fakes import ScriptedJudge, pick
from tests.server.mcp.listing import listed_tools

LOOPBACK = "http://127.0.0.1"
THIRD_PARTY = "third-party-judge"
CHECK = {"claim": "Simple baselines come first.", "papers": ["arXiv:2401.00001"]}


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A library, with a judge a plugin registered before the app is built."""
    judge = ScriptedJudge(pick("supports", None), name=THIRD_PARTY)
    registered = Registered(lambda _: judge, "a plugin's judge", "tests")
    monkeypatch.setitem(get_registry().judges, THIRD_PARTY, registered)
    return tmp_path / "library.sqlite3"


@pytest.fixture
def api(library: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(library=library)), base_url=LOOPBACK) as client:
        yield client


def _judge_strings(field: dict[str, Any]) -> list[str]:
    [string] = [choice for choice in field["anyOf"] if choice.get("type") == "string"]
    names: list[str] = string["enum"]
    return names


def test_the_openapi_document_lists_the_registered_judges(api: TestClient) -> None:
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    expected = ["", *sorted(get_registry().judges)]
    assert THIRD_PARTY in expected and "local" in expected
    for name in JUDGE_REQUESTS:
        judge = schemas[name]["properties"]["judge"]
        assert _judge_strings(judge) == expected, name
        assert {"type": "null"} in judge["anyOf"]  # null is the default judge too
    # A record's judge is whatever judged it (a cached one's too): not limited.
    assert "enum" not in str(schemas["CheckedRecord"]["properties"]["judge"])


def test_the_api_and_the_mcp_tools_list_the_same_judges(api: TestClient, library: Path) -> None:
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    tools = listed_tools(library)
    documented = _judge_strings(schemas["CheckRequest"]["properties"]["judge"])
    for tool in ("check_claim", "review_report", "review_latex"):
        assert _judge_strings(tools[tool].input_schema["properties"]["judge"]) == documented


def test_what_the_document_allows_is_accepted_and_an_unknown_judge_is_the_documented_error(
    api: TestClient,
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    document = api.get("/openapi.json").json()
    schema = {"$ref": "#/components/schemas/CheckRequest", "components": document["components"]}
    validator = jsonschema.Draft202012Validator(schema)
    for judge in (THIRD_PARTY, "", None):
        body = {**CHECK, "judge": judge}
        assert not list(validator.iter_errors(body)), judge
        answer = api.post("/v1/checks", json=body)
        assert answer.status_code == 200, answer.text
    unknown = {**CHECK, "judge": "no-such-judge"}
    assert list(validator.iter_errors(unknown))
    answer = api.post("/v1/checks", json=unknown)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "unknown_judge"
    refused = document["paths"]["/v1/checks"]["post"]["responses"]["400"]["description"]
    assert "an unknown judge" in refused


def test_the_schemas_name_the_default_judge_the_server_uses(
    library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # CLAIMAUDIT_JUDGE makes another judge the default: GET /v1/judges says so, and so must
    # what an empty or null judge is said to be, in the document and the tools' schemas.
    monkeypatch.setenv("CLAIMAUDIT_JUDGE", THIRD_PARTY)
    with TestClient(create_app(ServerConfig(library=library)), base_url=LOOPBACK) as api:
        [default] = [j["name"] for j in api.get("/v1/judges").json()["judges"] if j["default"]]
        schemas = api.get("/openapi.json").json()["components"]["schemas"]
    tools = listed_tools(library)
    said = f"default (also when empty or null): {THIRD_PARTY}, this server's default judge."
    assert default == THIRD_PARTY
    fields = [schemas[name]["properties"]["judge"] for name in JUDGE_REQUESTS]
    fields += [
        tools[t].input_schema["properties"]["judge"] for t in ("check_claim", "review_latex")
    ]
    for field in fields:
        assert said in field["description"]
        assert ": local." not in field["description"]
