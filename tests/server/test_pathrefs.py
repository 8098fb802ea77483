"""A control character in a library path's reference or passage id is refused, wherever."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import one_paper_app

UNPRINTABLE = (
    "not a paper reference: it holds control characters, invisible formatting characters or "
    "invalid text"
)


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    with one_paper_app(tmp_path) as client:
        yield client


@pytest.mark.parametrize(
    ("method", "path"),
    [
        # Read as local:t1 (a final line break is lost in routing), or no route at all (404).
        ("GET", "/v1/library/local%3At1%0A"),
        ("GET", "/v1/library/local%3At1%0D%0A"),
        ("GET", "/v1/library/%0Alocal%3At1"),
        ("GET", "/v1/library/%09local%3At1"),
        ("GET", "/v1/library/local%3At1%0A/passages/P001"),
        ("GET", "/v1/library/%0Dlocal%3At1/passages/P001"),
        ("DELETE", "/v1/library/local%3At1%0A"),
        ("DELETE", "/v1/library/local%3At1%09"),
    ],
)
def test_a_control_character_in_a_path_s_reference_is_invalid_reference(
    api: TestClient, method: str, path: str
) -> None:
    answer = api.request(method, path)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == {
        "status": 400,
        "code": "invalid_reference",
        "message": UNPRINTABLE,
    }
    assert api.get("/v1/library/local%3At1").status_code == 200  # nothing was removed


def test_the_same_paths_without_one_still_answer(api: TestClient) -> None:
    assert api.get("/v1/library/local%3At1").status_code == 200
    assert api.get("/v1/library/local%3At1/passages/P001").status_code == 200
    assert api.get("/v1/library/local%3At2").status_code == 404
    assert api.get("/v1/library/search?q=text").status_code == 200


@pytest.mark.parametrize(
    "passage_id", ["P001%0A", "P001%0D%0A", "%0AP001", "P0%0901", "P001%7F", "P001%C2%9B"]
)
def test_a_control_character_in_a_passage_id_is_no_passage(
    api: TestClient, passage_id: str
) -> None:
    # P001%0A was read as P001 (200): the final line break was lost in routing.
    answer = api.get(f"/v1/library/local%3At1/passages/{passage_id}")
    assert answer.status_code == 404, answer.text
    assert answer.json()["error"] == {
        "status": 404,
        "code": "passage_not_found",
        "message": "no passage id holds control characters",
    }


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/library%0A"),  # was the list
        ("GET", "/v1/library%0D%0A"),
        ("POST", "/v1/checks%0A"),  # was a check
        ("GET", "/%0A"),  # was the web page
        ("GET", "/v1/health%0A"),
    ],
)
def test_a_path_ending_in_a_line_break_is_a_path_the_api_does_not_have(
    api: TestClient, method: str, path: str
) -> None:
    # Loose end: routing matched "$" before a final line break, so these read as their path
    # without it.
    unknown = api.get("/v1/no-such-path")
    answer = api.request(method, path, json={"claim": "x", "papers": ["local:t1"]})
    assert (answer.status_code, answer.json()) == (404, unknown.json())
    assert unknown.json()["error"]["code"] == "not_found"


def test_an_upload_to_the_list_path_with_a_line_break_stores_nothing(api: TestClient) -> None:
    answer = api.post(
        "/v1/library%0A", files={"file": ("b.md", b"Other text.\n")}, data={"ref": "local:t2"}
    )
    assert answer.status_code == 404, answer.text
    assert [paper["ref"] for paper in api.get("/v1/library").json()["papers"]] == ["local:t1"]
