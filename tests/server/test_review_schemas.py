"""The OpenAPI document describes ``POST /v1/reviews`` as the server reads and answers it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from typer.testing import CliRunner

from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.review_schemas import ReviewRequest
from tests.refcheck.crossrefserver import CrossrefServer

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


def test_a_review_with_verify_refs_fits_the_published_schema(
    api: TestClient,
    shared_data: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: `review --json --verify-refs` gave each record referenceStatus and reference, keys the
    # published record schema (additionalProperties: false) refused: one schema for every
    # surface, so a client validating the CLI's JSON against the API's document must pass.
    from claimaudit.cli import _install_commands, app

    _install_commands()
    library = tmp_path / "lib.sqlite3"
    with Library.open(library) as opened:
        add_path(opened, shared_data / "papers" / "good-enough-practices_wilson2017" / "index.md",
                 ref=parse_ref("doi:10.1371/journal.pcbi.1005510"))  # fmt: skip
    report = tmp_path / "w.md"
    report.write_text(
        "Raw data should be kept in its original form [@good]. "
        "A paper that is not there says so [@gone]. And one with no identifier [@bare].\n",
        encoding="utf-8",
    )
    bib = tmp_path / "w.bib"
    bib.write_text(
        "@article{good, title={Good enough practices in scientific computing}, year={2017},"
        " author={Wilson, Greg}, doi={10.1371/journal.pcbi.1005510}}\n"
        "@article{gone, title={Gone}, year={2017}, doi={10.1234/gone}}\n"
        "@article{bare, title={Nothing to look up}, year={2017}}\n",
        encoding="utf-8",
    )
    out = tmp_path / "w.json"
    with CrossrefServer() as crossref:
        crossref.add("10.1371/journal.pcbi.1005510", "Good Enough Practices", ["Wilson"], 2016)
        monkeypatch.setenv("CLAIMAUDIT_CROSSREF_BASE_URL", crossref.url)
        result = CliRunner().invoke(app, [
            "review", str(report), "--bib", str(bib), "--verify-refs", "--no-cache",
            "--library", str(library), "--json", str(out),
        ])  # fmt: skip
    assert result.exit_code == 0, result.output
    review = json.loads(out.read_text(encoding="utf-8"))
    records = review["records"]
    assert {r["referenceStatus"] for r in records} == {
        "metadata_mismatch", "not_found", "not_verified"
    }  # fmt: skip
    assert {r["verdict"] for r in records} > {"not_checked"}  # a checked record too
    for record in records:
        assert _valid(api, "ReviewedCheckedRecord", record) or _valid(
            api, "ReviewedNotCheckedRecord", record
        ), record
    # The whole answer too: what the CLI writes, plus what only the API adds.
    assert review["references"] and review["summary"]["referenceStatuses"]
    assert _valid(api, "ReviewResponse", {**review, "annotated": "", "threshold": 0.5})
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    assert set(review) <= set(schemas["ReviewResponse"]["properties"])
    assert set(review["summary"]) <= set(schemas["ReviewSummaryOut"]["properties"])
    # Absent when references are not checked: optional, and never null.
    for name in ("ReviewedCheckedRecord", "ReviewedNotCheckedRecord"):
        assert not {"referenceStatus", "reference"} & set(schemas[name]["required"])
    broken = {**records[0], "referenceStatus": None}
    assert not _valid(api, "ReviewedCheckedRecord", broken)
    assert not _valid(api, "ReviewedNotCheckedRecord", broken)
