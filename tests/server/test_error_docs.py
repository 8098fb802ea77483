"""The OpenAPI document states the errors the API really answers with."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig

LOOPBACK = "http://127.0.0.1"
ERROR_REF = {"$ref": "#/components/schemas/ErrorBody"}


def test_every_api_operation_documents_its_real_error_body(tmp_path: Path) -> None:
    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3"))
    with TestClient(app, base_url=LOOPBACK) as client:
        document = client.get("/openapi.json").json()
        answered = client.post("/v1/checks", json={"claim": 1, "papers": []})
    schemas = document["components"]["schemas"]
    assert "HTTPValidationError" not in schemas
    assert set(schemas["ErrorBody"]["properties"]) == {"error"}
    assert set(schemas["ErrorDetail"]["properties"]) == {"status", "code", "message"}
    # The body a real 422 has is the one documented.
    assert answered.status_code == 422
    assert set(answered.json()) == {"error"}
    assert set(answered.json()["error"]) == {"status", "code", "message"}
    for path, operations in document["paths"].items():
        if not path.startswith("/v1/"):
            continue
        for method, operation in operations.items():
            responses = operation["responses"]
            for status in ("401", "403", "413", "422", "500"):
                schema = responses[status]["content"]["application/json"]["schema"]
                assert schema == ERROR_REF, (method, path, status)
    upload = document["paths"]["/v1/library"]["post"]["responses"]
    assert {"400", "409", "413", "415", "503"} <= set(upload)
    assert "404" in document["paths"]["/v1/library/{ref}"]["delete"]["responses"]
    assert "400" in document["paths"]["/v1/checks"]["post"]["responses"]


def test_the_document_states_the_limits_and_statuses_the_api_has(tmp_path: Path) -> None:
    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3"))
    with TestClient(app, base_url=LOOPBACK) as client:
        document = client.get("/openapi.json").json()
    paths = document["paths"]
    claim = document["components"]["schemas"]["CheckRequest"]["properties"]["claim"]
    # The service counts a claim's characters with each run of whitespace one space: the
    # document says so, where a raw maxLength would refuse a claim the service takes.
    assert "maxLength" not in claim and "2000 characters once each run" in claim["description"]
    assert "499" in paths["/v1/library"]["post"]["responses"]  # an upload whose client left
    assert "400" in paths["/v1/references/key"]["get"]["responses"]  # invalid_reference
    for path in ("/v1/checks", "/v1/reviews"):
        assert "shutting_down" in paths[path]["post"]["responses"]["503"]["description"]
        # A plugin's judge or source that was not built in time (CLAIMAUDIT_PLUGIN_TIMEOUT).
        assert "plugin_unavailable" in paths[path]["post"]["responses"]["503"]["description"]
    assert (
        "plugin_unavailable" not in paths["/v1/library"]["post"]["responses"]["503"]["description"]
    )


def test_health_documents_each_refusal_it_answers_with(tmp_path: Path) -> None:
    # QA: /health declared only 200, yet the middleware before it refuses a foreign Host, text
    # that is not UTF-8 and a body over the limit, each with the shared error body.
    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3", max_json_bytes=16))
    with TestClient(app, base_url=LOOPBACK) as client:
        documented = client.get("/openapi.json").json()["paths"]["/health"]["get"]["responses"]
        answers = {
            "forbidden_host": client.get("/health", headers={"host": "evil.example"}),
            "invalid_text": client.get("/health?q=%ff"),
            "too_large": client.request("GET", "/health", content=b"x" * 17),
        }
    for code, answer in answers.items():
        assert answer.json()["error"]["code"] == code
        status = str(answer.status_code)
        assert documented[status]["content"]["application/json"]["schema"] == ERROR_REF, code
    assert "401" not in documented  # no token is asked for here
