"""Text that is not valid Unicode, and claims without words, are usage errors at every edge."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from claimaudit.errors import InvalidClaimError, InvalidReferenceError
from claimaudit.identity import parse_ref
from claimaudit.inputs import validate_claim
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from tests.claim_words import ACCEPTED_CLAIMS, REFUSED_CLAIMS
from tests.conftest import REPO_ROOT
from tests.hostile.helpers import assert_one_line_usage_error, cli, library_state

# The app answers only Host headers naming loopback (DNS-rebinding defence).
LOOPBACK = "http://127.0.0.1"

CLAIM = "Sparse matrices save memory."


@pytest.fixture
def library(tmp_path: Path) -> Path:
    path = tmp_path / "lib.sqlite3"
    paper = tmp_path / "notes.txt"
    paper.write_text("Sparse matrices save memory in scientific code.\n", encoding="utf-8")
    assert cli("library", "add", paper, "--ref", "local:notes", "--library", path).exit_code == 0
    return path


@pytest.fixture
def client(library: Path) -> TestClient:
    return TestClient(
        create_app(ServerConfig(library=library)), base_url=LOOPBACK, raise_server_exceptions=False
    )


def _post(client: TestClient, path: str, raw: bytes) -> tuple[int, dict[str, str]]:
    response = client.post(path, content=raw, headers={"content-type": "application/json"})
    # The reply itself must be valid UTF-8 JSON, whatever the request held.
    body = json.loads(response.content.decode("utf-8"))
    return response.status_code, body.get("error", {})


@pytest.mark.parametrize(
    "raw",
    [
        b'{"claim": "\\ud800 matrices save memory", "papers": ["local:notes"]}',
        b'{"claim": "Sparse matrices save memory.", "papers": ["local:\\udcff"]}',
        b'{"claim": "Sparse matrices.", "papers": ["local:notes"], "topic": "\\udfff"}',
        b'{"claim": "Sparse matrices.", "papers": ["local:notes"], "model": "m\\ud800"}',
    ],
)
def test_a_lone_surrogate_in_a_check_is_a_422(client: TestClient, raw: bytes) -> None:
    status, error = _post(client, "/v1/checks", raw)
    assert (status, error["code"]) == (422, "invalid_text"), error
    assert "valid" in error["message"] and "\\ud" not in error["message"]


def test_a_lone_surrogate_anywhere_in_the_api_is_a_422(client: TestClient, library: Path) -> None:
    status, error = _post(client, "/v1/reviews", b'{"markdown": "# D\\n\\nText \\ud800 [1]."}')
    assert (status, error["code"]) == (422, "invalid_text")
    status, error = _post(
        client, "/v1/reviews", b'{"markdown": "# D", "bibliography": {"text": "@misc{\\ud800}"}}'
    )
    assert (status, error["code"]) == (422, "invalid_text")
    # Percent-encoded invalid UTF-8 in a query or path is refused, not read as U+FFFD.
    for url in ("/v1/library/search?q=%ED%A0%80", "/v1/library/local%3A%ED%A0%80"):
        response = client.get(url)
        assert (response.status_code, response.json()["error"]["code"]) == (422, "invalid_text")
    before = library_state(library)
    response = client.post(
        "/v1/library",
        files={"file": ("notes.md", b"# T\n\nWords here.\n")},
        data={"ref": b"local:\xff\xfe", "title": b"\xed\xa0\x80"},
    )
    assert response.status_code in (400, 422), response.text
    assert library_state(library) == before


@pytest.mark.parametrize(
    "claim",
    ["!!! ???", '"*" OR ^', "1 2 3 = 6", "It is what it is.", *REFUSED_CLAIMS],
)
def test_a_claim_without_words_gets_no_verdict(client: TestClient, claim: str) -> None:
    with pytest.raises(InvalidClaimError, match="no words to check"):
        validate_claim(claim)
    raw = json.dumps({"claim": claim, "papers": ["local:notes"]}).encode()
    status, error = _post(client, "/v1/checks", raw)
    assert (status, error["code"]) == (400, "invalid_claim")
    assert "no words to check" in error["message"]
    result = cli("check", claim, "--paper", "local:notes")
    assert_one_line_usage_error(result, "no words to check")


@pytest.mark.parametrize("claim", ACCEPTED_CLAIMS)
def test_a_short_real_claim_is_checked(client: TestClient, library: Path, claim: str) -> None:
    # A paper missing from the library: the claim is accepted, and no judge need run.
    raw = json.dumps({"claim": claim, "papers": ["local:missing"]}).encode()
    response = client.post("/v1/checks", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 200, response.text
    [record] = response.json()["records"]
    assert (record["claim"], record["verdict"]) == (claim, "not_checked")
    assert "not in the local library" in record["error"]
    result = cli(
        "check", claim, "--paper", "local:missing", "--library", library, "--format", "json"
    )
    assert result.exit_code == 0, result.stderr
    [record] = json.loads(result.stdout)["records"]
    assert (record["claim"], record["verdict"]) == (claim, "not_checked")


def test_invalid_utf8_in_a_claim_argument_is_one_line_exit_2(tmp_path: Path) -> None:
    # The real process: Python decodes the bad byte of argv to a lone surrogate.
    library = tmp_path / "lib.sqlite3"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "claimaudit",
            "check",
            b"Sparse \xff matrices save memory",
            "--paper",
            "local:x",
            "--library",
            str(library),
        ],
        capture_output=True,
        cwd=REPO_ROOT,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    stderr = result.stderr.decode("utf-8")
    assert stderr.strip().splitlines() == [
        "error: the claim is not valid text: invalid UTF-8 or a lone surrogate at character 8"
    ]
    assert result.stdout == b""


@pytest.mark.parametrize(
    "args",
    [
        ["check", "Sparse \udcff matrices.", "--paper", "local:notes"],
        ["check", CLAIM, "--paper", "local:\udcff"],
        ["check", CLAIM, "--paper", "local:notes", "--topic", "\udcff"],
        ["check", CLAIM, "--paper", "local:notes", "--model", "\udcff"],
        ["library", "search", "sparse \udcff"],
        ["library", "show", "local:\udcff"],
    ],
)
def test_invalid_text_arguments_are_usage_errors(library: Path, args: list[str]) -> None:
    result = cli(*args, "--library", library)
    assert_one_line_usage_error(result, "not valid text")


def test_references_are_validated_by_type() -> None:
    for text in ("1706.03762v0", "arXiv:1706.03762v00", "1706.03762v123456789012345678901"):
        with pytest.raises(InvalidReferenceError, match="arXiv version"):
            parse_ref(text)
    with pytest.raises(InvalidReferenceError, match="control characters"):
        parse_ref("doi:10.1234/\x1b]52;c;aGk=\x07")
    with pytest.raises(InvalidReferenceError, match="over the limit"):
        parse_ref("local:" + "x" * 1000)
    assert str(parse_ref("1706.03762v1")) == "arXiv:1706.03762v1"


@pytest.mark.parametrize(
    ("doc_id", "kind"),
    [(None, "null"), (True, "true or false"), (1.5, "a fraction"), ([1], "a list")],
)
def test_import_jsonl_refuses_ids_that_are_not_ids(
    tmp_path: Path, library: Path, doc_id: object, kind: str
) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(json.dumps({"doc_id": doc_id, "title": "T", "abstract": ["A b c."]}) + "\n")
    before = library_state(library)
    result = cli("library", "import-jsonl", corpus, "--library", library)
    expected = f"'doc_id' must be a string or a whole number, not {kind}"
    assert_one_line_usage_error(result, f"{corpus}:1", expected)
    assert library_state(library) == before


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("claim", "Sparse matrices\x00 save memory.", "U+0000 (a null character) at character 16"),
        ("claim", "Sparse \u202eyromem evas.", "U+202E (a right-to-left override) at character 8"),
        (
            "claim",
            "Sparse \u202bsave memory\u202c.",
            "U+202B (a right-to-left embedding) at character 8",
        ),
        ("topic", "sparse \u202a", "U+202A (a left-to-right embedding) at character 8"),
        ("topic", "sparse \x1b[31m", "U+001B (a control character) at character 8"),
    ],
)
def test_a_claim_or_topic_holding_a_control_character_is_refused_everywhere(
    client: TestClient, library: Path, field: str, value: str, message: str
) -> None:
    # A paste from a binary, or a claim that reads otherwise on screen than to the judge.
    expected = f"the {field} holds {message}"
    request = {"claim": CLAIM, "papers": ["local:notes"], field: value}
    status, error = _post(client, "/v1/checks", json.dumps(request).encode())
    assert (status, error["code"], error["message"]) == (422, "invalid_text", expected)
    args = [value, "--paper", "local:notes"] if field == "claim" else [CLAIM, "--topic", value]
    if field == "topic":
        args += ["--paper", "local:notes"]
    line = assert_one_line_usage_error(cli("check", *args, "--library", library))
    assert line == f"error: {expected}"
