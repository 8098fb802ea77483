"""No credential from a URL or the environment reaches a record, an API answer or a message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from claimaudit.net.redaction import mask_url_credentials, mask_userinfo, redact_text, redact_url
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from tests.hostile.helpers import SECRET, assert_no_traceback, cli
from tests.httpfake import closed_port
from tests.sources.valyuserver import TEST_VALYU_KEY, ValyuServer, result

# The app answers only Host headers naming loopback (DNS-rebinding defence).
LOOPBACK = "http://127.0.0.1"


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (f"http://user:{SECRET}@host:8/v1", "http://***@host:8/v1"),
        (f"https://{SECRET}@host/v1?api_key={SECRET}&q=1", "https://***@host/v1?api_key=***&q=1"),
        (
            f"https://h/p?X-Amz-Signature={SECRET}&token={SECRET}",
            "https://h/p?X-Amz-Signature=***&token=***",
        ),
        (f"https://h/cb#access_token={SECRET}&state=x", "https://h/cb#access_token=***&state=x"),
        (
            "https://export.arxiv.org/api/query?id_list=1706.03762",
            "https://export.arxiv.org/api/query?id_list=1706.03762",
        ),
        ("http://[::1]:9/v1", "http://[::1]:9/v1"),
        # ";" separates pairs as "&" does; the separators are kept as sent.
        (f"https://h/p?a=1;token={SECRET}", "https://h/p?a=1;token=***"),
        (f"https://h/p?a=1;Api_Key={SECRET}&b=2;c", "https://h/p?a=1;Api_Key=***&b=2;c"),
        (f"https://h/cb#state=x;ACCESS_TOKEN={SECRET}", "https://h/cb#state=x;ACCESS_TOKEN=***"),
        # A key name percent-encoded is still that name.
        (f"https://h/p?q=1&%74oken={SECRET}", "https://h/p?q=1&%74oken=***"),
        ("https://h/p?q=a;b&c=d", "https://h/p?q=a;b&c=d"),
        # A path parameter is a pair too, on any segment; the rest of the path is kept.
        (f"https://h/v1/x;token={SECRET}", "https://h/v1/x;token=***"),
        (f"https://h/a;v=1;Api_Key={SECRET}/b;c", "https://h/a;v=1;Api_Key=***/b;c"),
        ("https://h/v1/a;b=c/token=x", "https://h/v1/a;b=c/token=x"),
        # "=" percent-encoded still ends the name.
        (f"https://h/p?a=1;token%3D{SECRET}", "https://h/p?a=1;token%3D***"),
        # Encoded twice (a proxy decoding once more reads token=SECRET), and a name encoded twice.
        (f"https://h/p?a=1&token%253D{SECRET}", "https://h/p?a=1&token%253D***"),
        (f"https://h/p?a=1&%2574oken={SECRET}", "https://h/p?a=1&%2574oken=***"),
        (f"https://h/p?%74oken%3d{SECRET}&q=1", "https://h/p?%74oken%3d***&q=1"),
        ("https://h/p?q=a%3Db&c=d", "https://h/p?q=a%3Db&c=d"),
        # QA: a password holding "/", "?" or "#" unencoded ends the authority for a parser, so
        # no "@" was left in it and the password was shown whole.
        (f"http://alice:pa/{SECRET}@127.0.0.1:9", "http://***@127.0.0.1:9"),
        (f"http://alice:pa#{SECRET}@127.0.0.1:9/v1", "http://***@127.0.0.1:9/v1"),
        (f"http://alice:pa?{SECRET}@host/v1?token={SECRET}", "http://***@host/v1?token=***"),
        (f"http://alice:12/{SECRET}@host", "http://***@host"),
    ],
)
def test_redact_url(url: str, shown: str) -> None:
    assert redact_url(url) == shown


def test_redact_text_finds_every_url_and_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    text = (
        f"failed at http://u:{SECRET}@a/v1 (then https://b/?password={SECRET}); "
        f"header Authorization: Bearer {SECRET}; echo {SECRET}"
    )
    shown = redact_text(text)
    assert SECRET not in shown
    assert "http://***@a/v1" in shown and "password=***" in shown and "Bearer ***" in shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a valid bearer token is required", "a valid bearer token is required"),
        ("unknown judge 'bearer secret'", "unknown judge 'bearer secret'"),
        ("Authorization: Bearer sk-abc123456", "Authorization: Bearer ***"),
        ("bearer 0123456789abcdef, then", "bearer ***, then"),
    ],
)
def test_bearer_masks_tokens_not_words(text: str, shown: str) -> None:
    assert redact_text(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (f"see https://u:{SECRET}@h/x?token=1.", "see https://***@h/x?token=1."),
        (f"ftp://{SECRET}@h:21/a@b and http://v:w@i", "ftp://***@h:21/a@b and http://***@i"),
        # Nothing but a URL's userinfo: an address, an "@" in a path, a URL without userinfo.
        ("write to a@b.org; https://h/a@b; https://h/?q=a@b", None),
    ],
)
def test_mask_userinfo_masks_only_the_urls_userinfo(text: str, shown: str | None) -> None:
    assert mask_userinfo(text) == (text if shown is None else shown)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("per https://h/x?token=tok-123.", "per https://h/x?token=***."),
        ("https://u:pw@h/x?api_key=K&q=1", "https://***@h/x?api_key=***&q=1"),
        ("(https://h/p;key=zzz/y)", "(https://h/p;key=***/y)"),
        # Prose and URLs with nothing to mask stay exactly as typed.
        ("a valid bearer token; https://h/a@b?q=a@b; http://h?", None),
    ],
)
def test_mask_url_credentials_masks_a_urls_credentials_only(text: str, shown: str | None) -> None:
    assert mask_url_credentials(text) == (text if shown is None else shown)


@pytest.fixture
def valyu_env(monkeypatch: pytest.MonkeyPatch) -> str:
    """Valyu's key set, its base URL carrying a password, and nothing listening there."""
    monkeypatch.setattr("claimaudit.sources.valyu.SERVER_ERROR_WAIT", 0.0)
    monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
    # A secret in a path parameter: a query is refused (the SDK would append paths after it).
    base = f"http://user:{SECRET}@127.0.0.1:{closed_port()}/v1;api_key={SECRET}"
    monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", base)
    return base


def test_a_password_in_the_valyu_url_stays_out_of_api_records(
    tmp_path: Path, valyu_env: str
) -> None:
    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3"))
    with TestClient(app, base_url=LOOPBACK, raise_server_exceptions=False) as client:
        response = client.post(
            "/v1/checks", json={"claim": "Attention replaces recurrence.", "papers": ["1706.03762"]}
        )
    assert response.status_code == 200
    assert SECRET not in response.text and TEST_VALYU_KEY not in response.text
    [record] = response.json()["records"]
    assert record["verdict"] == "not_checked"
    # Nor its address at all: a public user learns that the search failed, not where it runs.
    assert "Valyu unreachable at the server's search service (" in record["error"]
    assert "127.0.0.1" not in record["error"]
    # The failed search is Valyu's request, not the auto source's.
    assert record["calls"] == {"valyu": 1}


def test_a_password_in_the_valyu_url_stays_off_the_terminal(tmp_path: Path, valyu_env: str) -> None:
    library = tmp_path / "lib.sqlite3"
    notes = tmp_path / "notes.txt"
    notes.write_text("Words.\n")
    assert cli("library", "add", notes, "--ref", "local:n", "--library", library).exit_code == 0
    claim = "Attention replaces recurrence."
    outcome = cli("check", claim, "-p", "1706.03762", "--library", library, "--format", "json")
    assert outcome.exit_code == 0, outcome.stderr
    assert SECRET not in outcome.stdout + outcome.stderr
    assert "***@127.0.0.1" in json.loads(outcome.stdout)["records"][0]["error"]


def test_server_records_count_valyu_calls_under_valyu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ValyuServer() as valyu:
        valyu.results = [result("https://arxiv.org/abs/1706.03762v7", "Attention is all.")]
        monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
        monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", valyu.url)
        app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3"))
        with TestClient(app, base_url=LOOPBACK) as client:
            claim = "Attention replaces recurrence."
            body = {"claim": claim, "papers": ["1706.03762"], "judge": "nope"}
            assert client.post("/v1/checks", json=body).status_code == 400
            records = client.post(
                "/v1/checks", json={**body, "judge": "local", "cache": False}
            ).json()["records"]
    assert records[0]["calls"] == {"valyu": 1}, records[0]


def test_a_password_in_the_arxiv_url_stays_out_of_messages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("claimaudit.sources.arxiv.MIN_INTERVAL", 0.0)
    base = f"http://mirror:{SECRET}@127.0.0.1:{closed_port()}/;token={SECRET}"
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", base)
    outcome = cli("library", "add", "arxiv:1706.03762", "--library", tmp_path / "l.sqlite3")
    assert outcome.exit_code == 2
    assert_no_traceback(outcome.stdout, outcome.stderr)
    assert SECRET not in outcome.stderr and "arXiv unreachable at http://***@127.0.0.1" in (
        outcome.stderr
    )
