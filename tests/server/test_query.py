"""Query-string numbers read strictly through the app: decimal digits, no signed zero."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import one_paper_app


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    with one_paper_app(tmp_path) as client:
        yield client


@pytest.mark.parametrize(
    ("route", "name"),
    [
        ("/v1/library?offset=", "offset"),
        ("/v1/library?limit=", "limit"),
        ("/v1/library/search?q=text&limit=", "limit"),
        ("/v1/library/local%3At1/passages/P001?context=", "context"),
    ],
)
def test_a_signed_zero_is_no_whole_number(api: TestClient, route: str, name: str) -> None:
    # "-0" was read as 0 (200), though a number here is decimal digits.
    for text in ("-0", "-00"):
        refused = api.get(route + text)
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"] == {
            "status": 422,
            "code": "invalid_request",
            "message": f"{name}: Input should be a valid integer",
        }


def test_digits_still_read_and_a_negative_number_is_out_of_range(api: TestClient) -> None:
    assert api.get("/v1/library?offset=0").status_code == 200
    assert api.get("/v1/library/local%3At1/passages/P001?context=0").status_code == 200
    below = api.get("/v1/library/local%3At1/passages/P001?context=-1")
    assert below.json()["error"]["message"] == (
        "context: Input should be greater than or equal to 0"
    )


@pytest.mark.parametrize("text", ["2.0", "2_0", "1e1", "+2", " 2", "0x2"])
def test_a_number_written_otherwise_than_in_digits_is_refused(api: TestClient, text: str) -> None:
    # FastAPI's lax reading took "2.0" and "2_0" as 2, where a JSON body refuses them.
    refused = api.get("/v1/library", params={"limit": text})
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["message"] == "limit: Input should be a valid integer"
