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


@pytest.mark.parametrize(
    ("route", "text", "message"),
    [
        ("/v1/library", "9" * 5000, "limit: Input should be less than or equal to 10000"),
        ("/v1/library", "-" + "9" * 5000, "limit: Input should be greater than or equal to 1"),
        ("/v1/library/search?q=text", "9" * 5000, "limit: Input should be less than or equal"),
        ("/v1/library", "9" * 20, "limit: Input should be less than or equal to 10000"),
    ],
)
def test_a_number_of_thousands_of_digits_is_out_of_range_as_any_too_large(
    api: TestClient, route: str, text: str, message: str
) -> None:
    # Past 4,300 digits the answer was pydantic's own "Unable to parse input string as an
    # integer, exceeded maximum size", not the range every other bad limit is told.
    refused = api.get(route, params={"limit": text})
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["message"].startswith(message)


def test_leading_zeros_still_read_as_the_number(api: TestClient) -> None:
    listed = api.get("/v1/library", params={"limit": "0" * 5000 + "1"})
    assert listed.status_code == 200 and len(listed.json()["papers"]) == 1
    too_many = api.get("/v1/library", params={"limit": "0" * 5000 + "10001"})
    assert too_many.json()["error"]["message"] == (
        "limit: Input should be less than or equal to 10000"
    )


@pytest.mark.parametrize("text", ["2.0", "2_0", "1e1", "+2", " 2", "0x2"])
def test_a_number_written_otherwise_than_in_digits_is_refused(api: TestClient, text: str) -> None:
    # FastAPI's lax reading took "2.0" and "2_0" as 2, where a JSON body refuses them.
    refused = api.get("/v1/library", params={"limit": text})
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["message"] == "limit: Input should be a valid integer"


@pytest.mark.parametrize(
    ("route", "message"),
    [
        # MCP's library_list calls its filter "query": the API listed every paper, unfiltered.
        ("/v1/library?query=sparse", "query: Extra inputs are not permitted (this route takes "
         "limit, offset and q)"),
        # A misnamed page (the listing's names are limit and offset) is not read as the first.
        ("/v1/library/local%3At1?page=2", "page: Extra inputs are not permitted (this "
         "route takes exact, limit and offset)"),
        ("/v1/library/search?q=text&offset=10", "offset: Extra inputs are not permitted (this "
         "route takes exact, limit, q and ref)"),
        ("/v1/references/key?ref=arXiv:1706.03762&exct=true", "exct: Extra inputs are not "
         "permitted (this route takes ref)"),
        # A name that is no name is not echoed back.
        ("/v1/library?%1b%5B31m=1", "a parameter: Extra inputs are not permitted (this "
         "route takes limit, offset and q)"),
    ],
)  # fmt: skip
def test_a_query_parameter_the_route_does_not_take_is_refused(
    api: TestClient, route: str, message: str
) -> None:
    # As a body's unknown key is refused: ignored, a misnamed filter or page went unnoticed.
    refused = api.get(route)
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"] == {
        "status": 422,
        "code": "invalid_request",
        "message": message,
    }
    assert api.get("/v1/library/local%3At1/passages/P001?context=1&exact=true").status_code == 200
