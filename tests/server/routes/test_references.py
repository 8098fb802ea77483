"""``/v1/references/key`` through the app: what it refuses, and what its schema declares."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from claimaudit.identity import MAX_REF_CHARS
from claimaudit.inputs import ref_key
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        yield client


@pytest.mark.parametrize("length", [MAX_REF_CHARS + 1, 600, 2001, 20_000])
def test_a_reference_over_the_limit_is_invalid_reference_at_any_length(
    api: TestClient, length: int
) -> None:
    # 600 characters was 400 invalid_reference and 20,000 a 422 invalid_request, while the
    # schema declared 2000 characters.
    answer = api.get("/v1/references/key", params={"ref": "a" * length})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["code"] == "invalid_reference"
    assert answer.json()["error"]["message"] == (
        f"not a paper reference: {length:,} characters, over the limit of {MAX_REF_CHARS}"
    )


def test_an_empty_reference_is_invalid_reference_as_a_blank_one_is(api: TestClient) -> None:
    for ref in ("", "   "):
        answer = api.get("/v1/references/key", params={"ref": ref})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["code"] == "invalid_reference"


def test_the_schema_declares_the_limit_the_server_keeps(api: TestClient) -> None:
    route = api.get("/openapi.json").json()["paths"]["/v1/references/key"]["get"]
    ref = next(p for p in route["parameters"] if p["name"] == "ref")
    assert ref["required"] is True
    assert (ref["schema"]["minLength"], ref["schema"]["maxLength"]) == (1, MAX_REF_CHARS)
    at_the_limit = api.get("/v1/references/key", params={"ref": "x" * MAX_REF_CHARS})
    assert at_the_limit.status_code == 200, at_the_limit.text


@pytest.mark.parametrize("ref", ["1907.10121\t", "\r1907.10121", "1907.10121\n", "\x1f1907.10121"])
def test_a_control_character_at_an_end_is_invalid_reference(api: TestClient, ref: str) -> None:
    # parse_ref strips whitespace first: a tab, CR or LF at an end was read away (200).
    answer = api.get("/v1/references/key", params={"ref": ref})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["code"] == "invalid_reference"
    assert api.get("/v1/references/key", params={"ref": " 1907.10121 "}).status_code == 200


@pytest.mark.parametrize(
    ("ref", "key"),
    [
        ("https://doi.org/10.1371/JOURNAL.PCBI.1005510", "doi:10.1371/journal.pcbi.1005510"),
        (" hep-th/9901001v2 ", "arXiv:hep-th/9901001v2"),
        # Printable text that names no paper keeps its own key, without the spaces around it,
        # as a check tells a paper given twice apart.
        ("  not a reference  ", "not a reference"),
    ],
)
def test_the_key_is_the_one_a_check_uses(api: TestClient, ref: str, key: str) -> None:
    answer = api.get("/v1/references/key", params={"ref": ref})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"ref": ref, "key": key, "isReference": key != "not a reference"}
    assert key == ref_key(ref)


@pytest.mark.parametrize(
    ("ref", "is_reference"),
    [
        ("local:ge", True),
        ("arXiv:2101.00001v1", True),
        ("https://doi.org/10.1000/XYZ", True),
        ("deep learning", False),
        ("2105", False),
    ],
)
def test_the_answer_says_whether_the_text_is_a_reference(
    api: TestClient, ref: str, is_reference: bool
) -> None:
    # The page completes typed text from the library only when it is not a reference itself.
    answer = api.get("/v1/references/key", params={"ref": ref})
    assert answer.status_code == 200, answer.text
    assert answer.json()["isReference"] is is_reference
    assert answer.json()["key"] == ref_key(ref)
