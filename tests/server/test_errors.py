"""How validation errors read: one line naming the field, 400 for unreadable JSON."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.errors import validation_message
from claimaudit.server.limits import describe_bytes


def test_unreadable_json_is_400() -> None:
    status, code, message = validation_message(
        [
            {
                "type": "json_invalid",
                "loc": ("body", 5),
                "msg": "JSON decode error",
                "ctx": {"error": "Expecting value"},
            }
        ]
    )
    assert (status, code) == (400, "malformed_json")
    assert message == "the request body is not valid JSON: Expecting value"


def test_fields_are_named_plainly() -> None:
    errors = [
        {"type": "missing", "loc": ("body", "papers"), "msg": "Field required"},
        {"type": "string_type", "loc": ("body", "papers", 2), "msg": "Input should be a string"},
        {"type": "int_parsing", "loc": ("query", "limit"), "msg": "Input should be an integer"},
    ]
    status, code, message = validation_message(errors)
    assert (status, code) == (422, "invalid_request")
    # Sorted by field name, as the MCP tools list them too.
    assert message == (
        "limit: Input should be an integer; papers: Field required; "
        "papers[2]: Input should be a string"
    )


def test_many_errors_are_counted_not_listed() -> None:
    errors = [{"type": "x", "loc": ("body", f"f{i}"), "msg": "bad"} for i in range(8)]
    assert validation_message(errors)[2].endswith("(and 3 more)")


def test_sizes_read_as_people_write_them() -> None:
    assert describe_bytes(1024 * 1024) == "1 MiB"
    assert describe_bytes(50 * 1024 * 1024) == "50 MiB"
    assert describe_bytes(4096) == "4 KiB"
    assert describe_bytes(1536) == "1.5 KiB"
    assert describe_bytes(100) == "100 bytes"


@pytest.mark.parametrize(
    ("content_type", "body", "reason"),
    [
        ("multipart/form-data", b"x", "missing boundary in multipart"),
        ("multipart/form-data; boundary=abc", b"not a form", "invalid multipart data"),
        (
            "multipart/form-data; boundary=abc",
            b"--abc\r\nContent-Disposition: form-data\r\n\r\nhi\r\n--abc--\r\n",
            'the Content-Disposition header field "name" must be provided',
        ),
    ],
)
def test_an_unreadable_form_is_an_invalid_request_saying_what_to_send(
    tmp_path: Path, content_type: str, body: bytes, reason: str
) -> None:
    # QA: these were 400 bad_request with Starlette's own words, a code README does not list.
    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        answer = client.post("/v1/library", content=body, headers={"content-type": content_type})
    assert answer.status_code == 400
    assert answer.json()["error"] == {
        "status": 400,
        "code": "invalid_request",
        "message": f"the upload cannot be read as a form ({reason}): send the paper as "
        "multipart/form-data, its file as the file field",
    }


_UNCLOSED_UPLOAD = (
    b'--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc'
)


def test_an_upload_without_its_closing_boundary_is_malformed_not_missing_its_file(
    tmp_path: Path,
) -> None:
    # QA: the parser ended the body quietly, the file part unfinished, and the answer was
    # 422 "file: Field required" for a body that held a file.
    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        answer = client.post(
            "/v1/library",
            content=_UNCLOSED_UPLOAD,
            headers={"content-type": "multipart/form-data; boundary=zzz"},
        )
    assert answer.status_code == 400
    assert answer.json()["error"] == {
        "status": 400,
        "code": "invalid_request",
        "message": "the upload cannot be read as a form (missing closing boundary in "
        "multipart): send the paper as multipart/form-data, its file as the file field",
    }


def test_a_closing_boundary_split_between_chunks_still_closes_the_upload(tmp_path: Path) -> None:
    body = _UNCLOSED_UPLOAD + b"\r\n--zzz--\r\n"
    cut = len(_UNCLOSED_UPLOAD) + 5  # inside "--zzz--"

    def chunks() -> Iterator[bytes]:
        yield body[:cut]
        yield body[cut:]

    app = create_app(ServerConfig(library=tmp_path / "lib.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        answer = client.post(
            "/v1/library",
            content=chunks(),
            headers={"content-type": "multipart/form-data; boundary=zzz"},
        )
    # Read as a form: the upload is refused for what it holds, not for how it was sent.
    assert answer.json()["error"]["code"] == "ref_required"
