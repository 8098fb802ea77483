"""The OpenAPI document describes ``POST /v1/reviews`` as the server reads and answers it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.review_schemas import ReviewRequest

LOOPBACK = "http://127.0.0.1"
ONE_DRAFT = "send the draft as markdown or as latex, exactly one of them"


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    library = tmp_path_factory.mktemp("review-schemas") / "lib.sqlite3"
    with TestClient(create_app(ServerConfig(library=library)), base_url=LOOPBACK) as client:
        yield client


def _valid(api: TestClient, name: str, instance: Any) -> bool:
    jsonschema = pytest.importorskip("jsonschema")
    document = api.get("/openapi.json").json()
    schema = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
    return bool(jsonschema.Draft202012Validator(schema).is_valid(instance))


def _server_takes(body: dict[str, Any]) -> bool:
    try:
        ReviewRequest.model_validate_json(json.dumps(body))
    except ValidationError:
        return False
    return True


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"markdown": None},
        {"markdown": None, "latex": None},
        {"markdown": "a", "latex": "b"},
        {"topic": "t"},
        {"markdown": "a"},
        {"latex": "b"},
        {"markdown": "a", "latex": None},
        {"markdown": None, "latex": "b"},
    ],
)
def test_the_document_asks_for_exactly_one_draft_as_the_server_does(
    api: TestClient, body: dict[str, Any]
) -> None:
    # QA: the schema required neither, so {} was valid by the document and refused with 422.
    assert _valid(api, "ReviewRequest", body) == _server_takes(body)


def test_a_body_without_a_draft_is_refused_saying_which_to_send(api: TestClient) -> None:
    answered = api.post("/v1/reviews", json={})
    assert answered.status_code == 422
    assert answered.json()["error"]["message"] == ONE_DRAFT
    assert not _valid(api, "ReviewRequest", {})


# A LaTeX draft whose answer has every field a review can add: a sentence's file, a warning (a
# macro the reader does not know around a citation) and a bibliography block it cannot read.
LATEX = "Baselines come first \\cite{known}. Also \\mycite{known}.\n"
BIBLIOGRAPHY = (
    "@article{known, title={A paper}, eprint={2401.00001}, archivePrefix={arXiv}}\n"
    "@article{broken, title={oops\n"
)


def test_every_field_a_review_answers_with_is_documented(api: TestClient) -> None:
    # QA: warnings, unreadEntries and a LaTeX sentence's file were sent (and README names
    # them) but no schema declared them.
    answered = api.post(
        "/v1/reviews", json={"latex": LATEX, "bibliography": {"text": BIBLIOGRAPHY}}
    )
    assert answered.status_code == 200, answered.text
    review = answered.json()
    assert review["warnings"] and review["unreadEntries"]
    assert _valid(api, "ReviewResponse", review)
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    assert set(review) <= set(schemas["ReviewResponse"]["properties"])
    sentences = [*review["uncited"], *(r["sentence"] for r in review["records"])]
    assert {s["file"] for s in sentences} == {"draft.tex"}
    for sentence in sentences:
        assert set(sentence) <= set(schemas["SentenceOut"]["properties"])
    entry = schemas["UnreadEntryOut"]
    for unread in review["unreadEntries"]:
        assert set(unread) == set(entry["properties"]) == set(entry["required"])
    # Sometimes absent, never null: not required, and a null is not what the server sends.
    for name in ("warnings", "unreadEntries"):
        assert name not in schemas["ReviewResponse"]["required"]
        assert not _valid(api, "ReviewResponse", {**review, name: None})
    assert "file" not in schemas["SentenceOut"].get("required", [])


def test_a_review_record_is_documented_as_the_check_record_it_is(api: TestClient) -> None:
    # The document said a record has a sentence and citations, and nothing of its verdict,
    # evidence or error: any object with those two passed, a record's own keys undocumented.
    answered = api.post(
        "/v1/reviews", json={"latex": LATEX, "bibliography": {"text": BIBLIOGRAPHY}}
    )
    review = answered.json()
    records = review["records"]
    assert {r["verdict"] for r in records} == {"not_checked"}
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    published = schemas["ReviewedNotCheckedRecord"]
    for record in records:
        assert set(record) == set(published["required"])
    assert {"verdict", "needsReview", "error", "sentence"} <= set(published["required"])
    assert {"evidence", "probabilities", "sentence"} <= set(
        schemas["ReviewedCheckedRecord"]["required"]
    )
    for broken in ({"verdict": "maybe"}, {"needsReview": False}, {"error": None}):
        wrong = {**review, "records": [{**records[0], **broken}]}
        assert not _valid(api, "ReviewResponse", wrong), broken
