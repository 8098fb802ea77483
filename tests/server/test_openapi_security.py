"""The OpenAPI document states which requests need the bearer token, as the server asks for it."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.openapi_security import BEARER

LOOPBACK = "http://127.0.0.1"
TOKEN = "test-token-0123456789-abcdef"


def test_the_document_asks_for_the_token_exactly_where_the_server_does(tmp_path: Path) -> None:
    # QA: the document had no security scheme, yet with a token every route but /health
    # answered 401 with WWW-Authenticate: Bearer.
    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3", token=TOKEN))
    with TestClient(app, base_url=LOOPBACK) as client:
        document = client.get("/openapi.json", headers={"authorization": f"Bearer {TOKEN}"})
        assert client.get("/openapi.json").status_code == 401
        scheme = document.json()["components"]["securitySchemes"][BEARER]
        assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
        assert "started with a token" in scheme["description"]
        secured = []
        for path, operations in document.json()["paths"].items():
            for method, operation in operations.items():
                # Anonymous, with any value for a path's parameters: refused before any route.
                answer = client.request(method, path.replace("{", "").replace("}", ""))
                asked = answer.status_code == 401
                assert asked == (answer.headers.get("www-authenticate") == "Bearer")
                assert operation.get("security") == ([{BEARER: []}] if asked else None), path
                secured.append(asked)
    assert any(secured) and not all(secured)  # /health is open, the API is not
