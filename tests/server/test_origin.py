"""Browsers' requests from other sites: foreign Host headers (DNS rebinding) and cross-origin
requests (CSRF) are refused; the page's own requests and clients without a browser pass."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.origin import host_allowed, same_origin, split_host
from tests.server.conftest import DEEP_RULES_REF, GOOD_ENOUGH_REF, TOKEN, RunningServer

BASE = "http://127.0.0.1:8765"
PAPER = f"/v1/library/{DEEP_RULES_REF}"
MARKDOWN = b"# A note\n\nSparse matrices save memory in scientific code.\n"


@pytest.fixture
def library(example_library: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "library.sqlite3"
    copy.write_bytes(example_library.read_bytes())
    return copy


@pytest.fixture
def client(library: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(library=library)), base_url=BASE) as test_client:
        yield test_client


def _upload(client: TestClient, headers: dict[str, str]) -> httpx.Response:
    return client.post(
        "/v1/library",
        files={"file": ("evil.md", MARKDOWN)},
        data={"ref": DEEP_RULES_REF, "replace": "true"},
        headers=headers,
    )


def _refused(response: httpx.Response, code: str) -> None:
    assert response.status_code == 403, response.text
    error = response.json()["error"]
    assert (error["status"], error["code"]) == (403, code)
    assert "\n" not in error["message"]


# -- the rules -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "parts"),
    [
        ("127.0.0.1:8765", ("127.0.0.1", 8765)),
        ("LocalHost", ("localhost", None)),
        ("[::1]:80", ("::1", 80)),
        ("example.org:99999", None),
        ("example.org:x", None),
        ("example.org/path", None),
        ("user@127.0.0.1", None),
        ("", None),
    ],
)
def test_split_host(header: str, parts: tuple[str, int | None] | None) -> None:
    assert split_host(header) == parts


@pytest.mark.parametrize(
    "header", ["127.0.0.1", "127.0.0.1:8765", "localhost:1", "LOCALHOST", "[::1]:8000", None]
)
def test_loopback_hosts_are_allowed(header: str | None) -> None:
    assert host_allowed(header)


@pytest.mark.parametrize(
    "header",
    [
        "rebind.attacker.example:8765",
        "localhost.attacker.example",
        "0.0.0.0:8765",
        "",
        "[::1",
        # Loopback, but not one of the three names the README promises to serve.
        "127.0.0.2",
        "127.1.2.3:8765",
        "[::ffff:127.0.0.1]",
    ],
)
def test_other_hosts_are_not(header: str) -> None:
    assert not host_allowed(header)


@pytest.mark.parametrize(
    ("origin", "host", "same"),
    [
        ("http://127.0.0.1:8765", "127.0.0.1:8765", True),
        ("http://LOCALHOST:8765", "localhost:8765", True),
        ("http://[::1]:8765", "[::1]:8765", True),
        ("http://localhost", "localhost:80", True),
        ("https://claims.example.org", "claims.example.org", True),
        ("http://localhost:3000", "localhost:8765", False),
        ("http://127.0.0.1:8765", "localhost:8765", False),
        ("https://evil.example", "127.0.0.1:8765", False),
        ("null", "127.0.0.1:8765", False),
        ("file://", "127.0.0.1:8765", False),
        ("http://127.0.0.1:8765", None, False),
    ],
)
def test_same_origin(origin: str, host: str | None, same: bool) -> None:
    assert same_origin(origin, host) is same


# -- the app ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/v1/library"), ("DELETE", PAPER), ("GET", "/health"), ("GET", "/")],
)
def test_a_foreign_host_is_refused_on_loopback(client: TestClient, method: str, path: str) -> None:
    response = client.request(method, path, headers={"Host": "rebind.attacker.example:8765"})
    _refused(response, "forbidden_host")
    assert client.get(PAPER).status_code == 200  # nothing was removed


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost", "localhost:9", "[::1]:8765"])
def test_loopback_hosts_are_served(client: TestClient, host: str) -> None:
    response = client.get("/v1/library", headers={"Host": host})
    assert response.status_code == 200 and response.json()["papers"]


def test_another_loopback_address_is_refused(client: TestClient) -> None:
    _refused(client.get("/v1/library", headers={"Host": "127.0.0.2"}), "forbidden_host")


@pytest.mark.parametrize("bound", ["127.0.0.2", "127.1.2.3"])
def test_a_server_on_another_loopback_address_serves_its_own_address(
    library: Path, bound: str
) -> None:
    # Bound to 127.0.0.2 without a token (loopback), it refused requests sent to 127.0.0.2.
    with TestClient(create_app(ServerConfig(library=library, host=bound)), base_url=BASE) as client:
        for host in (bound, f"{bound}:8765", "localhost:8765"):
            assert client.get("/v1/library", headers={"Host": host}).status_code == 200, host
        _refused(client.get("/v1/library", headers={"Host": "127.0.0.9"}), "forbidden_host")


def test_off_loopback_any_host_is_served_with_the_token(library: Path) -> None:
    config = ServerConfig(library=library, host="0.0.0.0", token=TOKEN)
    headers = {"Host": "claims.example.org", "Authorization": f"Bearer {TOKEN}"}
    with TestClient(create_app(config), base_url=BASE) as client:
        assert client.get("/v1/library", headers=headers).status_code == 200
        assert client.get("/v1/library", headers={"Host": "x.example"}).status_code == 401


CROSS_SITE = [
    {"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
    {"Origin": "https://evil.example"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "http://localhost:3000"},  # another local dev server's page
    {"Origin": "null"},
]


@pytest.mark.parametrize("headers", CROSS_SITE)
def test_cross_origin_requests_are_refused(client: TestClient, headers: dict[str, str]) -> None:
    _refused(_upload(client, headers), "cross_origin")
    _refused(client.delete(PAPER, headers=headers), "cross_origin")
    check = {"claim": "A claim.", "papers": [DEEP_RULES_REF]}
    _refused(client.post("/v1/checks", json=check, headers=headers), "cross_origin")
    _refused(client.get("/v1/library", headers=headers), "cross_origin")
    # Nothing was replaced or removed.
    passages = client.get(PAPER).json()["passages"]
    assert len(passages) > 1 and "Sparse matrices" not in passages[0]["text"]


def test_the_page_s_own_requests_pass(client: TestClient) -> None:
    # What a browser sends for the page's fetch(): Origin only on POST and DELETE.
    mine = {"Origin": BASE, "Sec-Fetch-Site": "same-origin"}
    assert client.get("/v1/library", headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200
    assert _upload(client, mine).status_code == 201
    assert client.delete(PAPER, headers=mine).status_code == 200


def test_clients_without_a_browser_pass(client: TestClient) -> None:
    assert _upload(client, {}).status_code == 201
    assert client.delete(f"/v1/library/{GOOD_ENOUGH_REF}").status_code == 200


def test_the_page_opens_from_a_link_on_another_site(client: TestClient) -> None:
    navigation = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}
    assert client.get("/", headers=navigation).status_code == 200
    assert client.get("/static/api.js", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200


# -- the real server, as the attacks were made -----------------------------------------------


def test_a_real_server_refuses_rebinding_and_cross_site_uploads(server: RunningServer) -> None:
    with server.client() as api:
        rebound = api.delete(PAPER, headers={"Host": "rebind.attacker.example:8765"})
        _refused(rebound, "forbidden_host")
        upload = api.post(
            "/v1/library",
            files={"file": ("evil.md", MARKDOWN)},
            data={"ref": DEEP_RULES_REF, "replace": "true"},
            headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
        )
        _refused(upload, "cross_origin")
        paper = api.get(PAPER)
        assert paper.status_code == 200
        assert "Sparse matrices" not in paper.json()["passages"][0]["text"]
