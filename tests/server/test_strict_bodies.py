"""Request bodies are read strictly: a value of the wrong JSON type is 422, never coerced."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from tests.server.conftest import DEEP_RULES_REF
from tests.server.test_api import _error

CHECK = {"claim": "Deep learning helps.", "papers": [DEEP_RULES_REF], "judge": "gated"}
REVIEW = {"markdown": f"Deep learning helps ({DEEP_RULES_REF}).", "judge": "gated"}


@pytest.mark.parametrize(("path", "base"), [("/v1/checks", CHECK), ("/v1/reviews", REVIEW)])
@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"threshold": "0.5"}, "threshold: Input should be a valid number"),
        ({"cache": "no"}, "cache: Input should be a valid boolean"),
        ({"cache": 0}, "cache: Input should be a valid boolean"),
        ({"topic": 5}, "topic: Input should be a valid string"),
        ({"judge": True}, "judge: Input should be a valid string"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused(
    api: httpx.Client, path: str, base: dict[str, Any], extra: dict[str, Any], words: str
) -> None:
    error = _error(api.post(path, json={**base, **extra}), 422)
    assert error["code"] == "invalid_request" and error["message"] == words


def test_wrong_types_inside_a_check_or_a_bibliography_are_refused(api: httpx.Client) -> None:
    bad_paper = api.post("/v1/checks", json={**CHECK, "papers": [2105.14372]})
    assert _error(bad_paper, 422)["message"] == "papers[0]: Input should be a valid string"
    bad_bib = api.post("/v1/reviews", json={**REVIEW, "bibliography": {"text": ["@misc{a}"]}})
    assert _error(bad_bib, 422)["message"] == "bibliography.text: Input should be a valid string"


def test_proper_json_types_are_accepted(api: httpx.Client) -> None:
    # A whole number is a number: threshold 1 is as good as 1.0.
    for threshold in (1, 0.5):
        response = api.post("/v1/checks", json={**CHECK, "threshold": threshold, "cache": False})
        assert response.status_code == 200, response.text
    bibliography = {"text": "@misc{a, title = {A}}", "format": "bibtex"}
    response = api.post("/v1/reviews", json={**REVIEW, "bibliography": bibliography})
    assert response.status_code == 200, response.text


def _post_raw(api: httpx.Client, path: str, raw: bytes) -> httpx.Response:
    return api.post(path, content=raw, headers={"content-type": "application/json"})


@pytest.mark.parametrize("path", ["/v1/checks", "/v1/reviews"])
@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_a_threshold_that_is_no_number_is_said_to_be_none(
    api: httpx.Client, path: str, number: str
) -> None:
    # Python's JSON parser reads these words; they are no threshold, not one "over 1".
    body = json.dumps(CHECK if path == "/v1/checks" else REVIEW)[:-1] + f', "threshold": {number}}}'
    error = _error(_post_raw(api, path, body.encode()), 422)
    assert error["message"] == "threshold: Input should be a finite number"


@pytest.mark.parametrize("path", ["/v1/checks", "/v1/reviews"])
def test_a_number_too_long_to_read_is_malformed_json_saying_so(
    api: httpx.Client, path: str
) -> None:
    # QA: it was 400 bad_request "There was an error parsing the body", a code README does not
    # list, without the reason.
    body = json.dumps(CHECK if path == "/v1/checks" else REVIEW)[:-1]
    raw = f'{body}, "threshold": {"9" * 4_301}}}'.encode()
    error = _error(_post_raw(api, path, raw), 400)
    assert error["code"] == "malformed_json"
    assert error["message"].startswith(
        "the request body is not valid JSON: a number too long to read: Exceeds the limit"
    )


DEPTH_LIMIT = 64
TOO_DEEP = f"the request body cannot be read: JSON nested more than {DEPTH_LIMIT} levels deep"


@pytest.mark.parametrize("path", ["/v1/checks", "/v1/reviews"])
@pytest.mark.parametrize(
    ("raw", "where"),
    [
        (b"[" * 2_000, DEPTH_LIMIT + 1),
        (b"[" * 100_000, DEPTH_LIMIT + 1),
        # Valid JSON past what Python's parser recurses into, and valid JSON it reads.
        (b"[" * 1_500 + b"]" * 1_500, DEPTH_LIMIT + 1),
        (b"[" * 100 + b"]" * 100, DEPTH_LIMIT + 1),
        (b'{"a": ' * 70 + b"1" + b"}" * 70, len(b'{"a": ') * DEPTH_LIMIT + 1),
    ],
)
def test_json_nested_past_the_limit_is_malformed(
    api: httpx.Client, path: str, raw: bytes, where: int
) -> None:
    error = _error(_post_raw(api, path, raw), 400)
    assert error["code"] == "malformed_json"
    assert error["message"] == f"{TOO_DEEP} (at character {where})"


@pytest.mark.parametrize("path", ["/v1/checks", "/v1/reviews"])
def test_nesting_is_measured_where_it_passes_the_limit(api: httpx.Client, path: str) -> None:
    head = json.dumps(CHECK if path == "/v1/checks" else REVIEW)[:-1] + ', "topic": '
    raw = f"{head}{'[' * 80}{']' * 80}}}".encode()
    error = _error(_post_raw(api, path, raw), 400)
    # The body's object is the first level: the 64th bracket is the 65th level.
    assert error["message"] == f"{TOO_DEEP} (at character {len(head) + DEPTH_LIMIT})"


def test_json_at_the_limit_is_read_and_refused_for_its_shape(api: httpx.Client) -> None:
    raw = b"[" * DEPTH_LIMIT + b"]" * DEPTH_LIMIT
    error = _error(_post_raw(api, "/v1/checks", raw), 422)
    assert error["message"] == "the request body must be a JSON object, sent as application/json"


# -- the upload's form, read as strictly --------------------------------------------------------

NOTE = ("note.md", b"# A note\n\nSparse matrices save memory in scientific code.\n")


@pytest.fixture
def local(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        yield client


def test_an_upload_s_file_sent_as_text_is_refused_in_words(local: TestClient) -> None:
    # It said "file: Value error, Expected UploadFile, received: <class 'str'>".
    error = _error(local.post("/v1/library", data={"file": "hello"}), 422)
    assert error["message"] == "file must be a file upload, not text"


@pytest.mark.parametrize("colours", [["red"], ["red", "blue"]])
def test_an_unknown_upload_field_is_refused_sent_once_or_twice(
    local: TestClient, colours: list[str]
) -> None:
    # Sent once it was ignored and the paper stored; sent twice it was refused as repeated.
    answer = local.post(
        "/v1/library", files={"file": NOTE}, data={"ref": "local:note", "colour": colours}
    )
    assert _error(answer, 422)["message"].startswith("colour: ")
    assert local.get("/v1/library").json()["total"] == 0


def test_the_upload_takes_its_own_fields(local: TestClient) -> None:
    answer = local.post(
        "/v1/library",
        files={"file": NOTE},
        data={"ref": "local:note", "title": "A note", "replace": "true"},
    )
    assert answer.status_code == 201, answer.text
