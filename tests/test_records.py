"""The record schema read back: ``record_from_dict`` takes every JSON form a record is written
in (``batch`` output lines included) and refuses anything else in one line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from claimaudit import (
    CheckedRecord,
    InvalidRecordError,
    NotCheckedRecord,
    UsageError,
    record_from_dict,
    record_to_dict,
)
from claimaudit.batch.run import run_batch
from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from tests.fakes import MemorySource, ScriptedJudge, pick


def test_batch_output_lines_read_back_as_the_records_written(tmp_path: Path) -> None:
    source = MemorySource()
    source.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    claims = tmp_path / "in.jsonl"
    line = {"id": "c1", "claim": "Aspirin lowers fever.", "papers": ["scifact:1", "scifact:9"]}
    claims.write_text(json.dumps(line) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    run_batch(claims, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    rows = [json.loads(text) for text in out.read_text(encoding="utf-8").splitlines()]
    assert all("inputLine" in row and "inputKey" in row for row in rows)
    checked, missing = (record_from_dict(row) for row in rows)
    assert isinstance(checked, CheckedRecord) and checked.verdict == "supports"
    assert isinstance(missing, NotCheckedRecord) and missing.paper_ref == "scifact:9"
    # Everything but the batch's bookkeeping is the record, unchanged.
    for row, record in zip(rows, (checked, missing), strict=True):
        assert record.id == "c1"
        assert record_to_dict(record) == {
            key: value for key, value in row.items() if key not in ("inputLine", "inputKey")
        }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "'verdict' must be one of supports, contradicts, not_addressed, .*, not_checked"),
        (
            {"verdict": "not_checked", "claim": "c", "paperRef": "scifact:1"},
            "error: Field required",
        ),
        (
            {"verdict": "not_checked", "claim": "c", "paperRef": "x:1", "error": "e", "more": 1},
            "more: Extra inputs are not permitted",
        ),
        (
            {"verdict": "supports", "claim": "c"},
            r"paperRef: Field required \(and \d+ more problems\)",
        ),
    ],
)
def test_a_dict_that_is_no_record_is_refused_in_one_line(
    data: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        record_from_dict(data)
    assert re.fullmatch(f"not a valid review record: {message}", str(caught.value))
    assert isinstance(caught.value, UsageError)


def test_a_value_that_is_no_dict_is_refused_in_one_line() -> None:
    with pytest.raises(InvalidRecordError, match=r"^a record must be a JSON object, not list$"):
        record_from_dict([])  # type: ignore[arg-type]


def test_a_not_checked_records_seconds_must_be_finite() -> None:
    row = {"claim": "c", "paperRef": "arXiv:1", "verdict": "not_checked", "error": "down"}
    with pytest.raises(InvalidRecordError, match=r"judgeSeconds: Input should be a finite number"):
        record_from_dict({**row, "judgeSeconds": float("inf")})


@pytest.mark.parametrize("value", [None, {"verdict": "supports"}, "record"])
def test_record_to_dict_of_something_that_is_no_record_is_refused_in_one_line(
    value: object,
) -> None:
    # It was an AttributeError ("'dict' object has no attribute 'model_dump'"): a record read
    # as JSON, passed back in, gave no hint that record_from_dict makes one.
    with pytest.raises(UsageError) as caught:
        record_to_dict(value)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "record_to_dict takes a CheckedRecord or a NotCheckedRecord (record_from_dict reads "
        f"one from JSON), not {type(value).__name__}"
    )


def test_a_records_claim_keeps_no_password_from_a_url() -> None:
    claim = "Baselines help, per https://reader:pw-0123@data.example/set?x=1."
    shown = "Baselines help, per https://***@data.example/set?x=1."
    failed = NotCheckedRecord(claim=claim, paperRef="arXiv:1", error="down")
    assert failed.claim == shown
    # Read back from a record written before, too.
    assert record_from_dict({**record_to_dict(failed), "claim": claim}).claim == shown


def _checked_row() -> dict[str, object]:
    source = MemorySource()
    source.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    [record] = checker.check("Aspirin lowers fever.", ["scifact:1"])
    return json.loads(json.dumps(record_to_dict(record)))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"probabilities": {"foo": 0.5}},
            r"probabilities: probabilities are over the relations \(supports, .*\), not 'foo'",
        ),
        ({"probabilities": {"supports": 3.0}}, r"probabilities\.supports: Input should be less.*"),
        ({"confidence": "0.5"}, "confidence: Input should be a valid number"),
        ({"needsReview": "yes"}, "needsReview: Input should be a valid boolean"),
        ({"passagesConsidered": "3"}, "passagesConsidered: Input should be a valid integer"),
        ({"retrievedAt": "2026-12-05T11:44:09"}, "retrievedAt: Input should have timezone info"),
        ({"retrievedAt": "last week"}, "retrievedAt: 'last week' is not an ISO 8601 time"),
        ({"id": 7.0}, "id must be a string or a whole number, not 7.0"),
        ({"id": True}, "id must be a string or a whole number, not True"),
        # JSON has no infinity: the record could not be written back as JSON ("Infinity").
        ({"judgeSeconds": float("inf")}, "judgeSeconds: Input should be a finite number"),
    ],
)
def test_a_value_of_the_wrong_json_type_is_refused(change: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        record_from_dict(_checked_row() | change)
    assert re.fullmatch(f"not a valid review record: {message}", str(caught.value))


def test_review_and_eval_records_read_back_with_their_other_keys_set_aside() -> None:
    row = _checked_row()
    written = record_from_dict(row)
    review = row | {
        "sentence": {"index": 1, "start": 0, "end": 9, "line": 1, "column": 1, "text": "x"},
        "citations": ["@scifact:1"],
        "bibliographyNote": "two identifiers",
        "referenceStatus": "ok",
        "reference": {"key": "x", "ref": None, "referenceStatus": "ok"},
    }
    evaluated = row | {"id": "7", "gold": "supports", "goldRationale": [0]}
    assert record_from_dict(review) == written
    assert record_from_dict(evaluated) == written.model_copy(update={"id": "7"})
    assert record_from_dict(row | {"id": 7}).id == 7


_RELATIONS = ("supports", "contradicts", "not_addressed", "insufficient_evidence")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"probabilities": {"supports": 1.0}},
            "probabilities: probabilities must cover every relation; contradicts is missing",
        ),
        (
            {"probabilities": dict.fromkeys(_RELATIONS, 0.9)},
            "probabilities: probabilities must sum to 1, not 3.600",
        ),
        (
            {"verdict": "contradicts", "needsReview": False},
            "the record: a contradicts record always needs review",
        ),
        (
            {"evidencePassageId": None, "evidence": None, "needsReview": False},
            "the record: a record without evidence always needs review",
        ),
        # Half the evidence is none: a passage named but not quoted, or quoted but not named.
        ({"evidence": None}, "the record: a record without evidence always needs review"),
        ({"evidencePassageId": None}, "the record: a record without evidence always needs review"),
        # Each of the three measured values counts: the flag cannot claim one that is missing.
        (
            {"evidenceConfidence": None, "needsReview": True},
            "the record: probabilitiesAvailable must be true exactly when confidence, "
            "probabilities and evidenceConfidence are all given",
        ),
        # Confidences are probabilities; one outside [0, 1] was never computed by claimaudit.
        ({"confidence": 1.5}, "confidence: Input should be less than or equal to 1"),
        ({"confidence": -0.1}, "confidence: Input should be greater than or equal to 0"),
        (
            {"evidenceConfidence": 1.5},
            "evidenceConfidence: Input should be less than or equal to 1",
        ),
        (
            {"evidenceConfidence": -0.1},
            "evidenceConfidence: Input should be greater than or equal to 0",
        ),
        (
            {"paperUrl": "javascript:alert(1)"},
            "paperUrl: must be an http or https address or null, not a 'javascript' address",
        ),
        (
            {"paperUrl": "ftp://reader:pw-0123@data.example/x"},
            "paperUrl: must be an http or https address or null, not a 'ftp' address",
        ),
        ({"evidencePages": [5, 4]}, "evidencePages: pages must be listed first to last, each once"),
        ({"evidencePages": [4, 4]}, "evidencePages: pages must be listed first to last, each once"),
        ({"evidencePages": [-3]}, "evidencePages: pages are numbered from 1"),
        ({"evidencePages": [0, 1]}, "evidencePages: pages are numbered from 1"),
        # Requests made are counted, as tokens and passages are: never below zero.
        ({"calls": {"openai": -1}}, "calls.openai: Input should be greater than or equal to 0"),
        # The judge reads of the passages it was given, never more.
        (
            {"passagesSelected": 3, "passagesRead": 4},
            "the record: passagesRead (4) cannot exceed passagesSelected (3)",
        ),
        ({"passagesRead": -1}, "passagesRead: Input should be greater than or equal to 0"),
        # QA: what claimaudit never writes: a selection larger than what it was taken from,
        # a blank passage id, and text it could not write out (a lone surrogate).
        (
            {"passagesConsidered": 2, "passagesSelected": 3, "passagesRead": None},
            "the record: passagesSelected (3) cannot exceed passagesConsidered (2)",
        ),
        (
            {"evidencePassageId": "", "needsReview": True},
            "evidencePassageId: a passage id is never blank; null when no passage was chosen",
        ),
        (
            {"evidencePassageId": " ", "needsReview": True},
            "evidencePassageId: a passage id is never blank; null when no passage was chosen",
        ),
        ({"claim": "c\ud800"}, "claim: not valid text: a lone surrogate at character 2"),
        ({"evidence": "e \udcff"}, "evidence: not valid text: a lone surrogate at character 3"),
        (
            {"reviewNotes": ["fine", "x\ud800"], "needsReview": True},
            "reviewNotes: not valid text: a lone surrogate at character 2",
        ),
        ({"calls": {"\ud800": 1}}, "calls: not valid text: a lone surrogate at character 1"),
        ({"id": "\ud800"}, "id: not valid text: a lone surrogate at character 1"),
    ],
)
def test_a_record_that_breaks_the_schemas_rules_is_refused(
    change: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        record_from_dict(_checked_row() | change)
    assert str(caught.value) == f"not a valid review record: {message}"
    assert "pw-0123" not in str(caught.value)


@pytest.mark.parametrize(
    "change",
    [
        # Within the tolerance the checker allows a judge's answer (0.02).
        {
            "probabilities": {
                "supports": 0.9,
                "contradicts": 0.05,
                "not_addressed": 0.03,
                "insufficient_evidence": 0.01,
            }
        },
        {"evidencePages": [4, 5, 6]},
        {"paperUrl": None},
        {"passagesConsidered": 5, "passagesSelected": 3, "passagesRead": 2},
        {"passagesRead": None},
        {"verdict": "contradicts", "needsReview": True},
        {"evidencePassageId": None, "evidence": None, "needsReview": True},
        # A judge without probabilities: nothing to cover or sum.
        {
            "probabilities": None,
            "confidence": None,
            "evidenceConfidence": None,
            "probabilitiesAvailable": False,
            "needsReview": True,
        },
    ],
)
def test_a_record_within_the_schemas_rules_reads_back(change: dict[str, object]) -> None:
    record_from_dict(_checked_row() | change)


def test_a_record_written_before_passages_read_reads_back_without_it() -> None:
    # Older records (and judges that do not say) have no passagesRead: null, not made up.
    row = _checked_row()
    del row["passagesRead"]
    record = record_from_dict(row)
    assert isinstance(record, CheckedRecord) and record.passages_read is None


def test_a_not_checked_records_paper_url_is_a_web_address_or_null() -> None:
    failed = record_to_dict(NotCheckedRecord(claim="c", paperRef="arXiv:1", error="down"))
    assert record_from_dict(failed | {"paperUrl": "https://arxiv.org/abs/1"}).paper_url
    with pytest.raises(InvalidRecordError, match="paperUrl: must be an http or https address"):
        record_from_dict(failed | {"paperUrl": "javascript:alert(1)"})


def test_a_not_checked_record_read_back_always_needs_review() -> None:
    # A failure is never a verdict: no edited file may present one as cleared.
    failed = record_to_dict(NotCheckedRecord(claim="c", paperRef="arXiv:1", error="down"))
    with pytest.raises(InvalidRecordError) as caught:
        record_from_dict(failed | {"needsReview": False})
    assert str(caught.value) == "not a valid review record: needsReview: Input should be True"


def test_a_cleared_record_whose_quote_is_blank_is_refused() -> None:
    # QA: README: needsReview is true for anything but a supports "that quotes its evidence";
    # a quote of spaces quotes nothing, yet read back as a cleared record.
    row = _checked_row() | {"needsReview": False}
    assert record_from_dict(row).needs_review is False
    with pytest.raises(InvalidRecordError) as caught:
        record_from_dict(row | {"evidence": "  \n"})
    assert str(caught.value) == (
        "not a valid review record: the record: a record without evidence always needs review"
    )
    assert record_from_dict(row | {"evidence": " ", "needsReview": True}).needs_review


@pytest.mark.parametrize(
    "change",
    [
        {"probabilities": {"supports": 1.0}},  # three relations missing
        {"probabilities": {**dict.fromkeys(_RELATIONS, 0.0), "supports": 0.5, "maybe": 0.5}},
        {"evidencePages": [0, 1]},
        {"evidencePages": [4, 4]},
    ],
)
def test_the_published_schema_refuses_what_record_from_dict_refuses(
    change: dict[str, object],
) -> None:
    # The schema a client types its records from (OpenAPI, MCP output schemas) said
    # probabilities map any text to a number and pages are any whole numbers.
    jsonschema = pytest.importorskip("jsonschema")
    schema = CheckedRecord.model_json_schema(by_alias=True, mode="serialization")
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid(_checked_row())
    assert not validator.is_valid(_checked_row() | change)
    with pytest.raises(InvalidRecordError):
        record_from_dict(_checked_row() | change)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"error": ""}, "error: a not_checked record says why: error is blank"),
        ({"error": " \n"}, "error: a not_checked record says why: error is blank"),
        ({"error": "x\ud800"}, "error: not valid text: a lone surrogate at character 2"),
        ({"paperRef": "\udc80"}, "paperRef: not valid text: a lone surrogate at character 1"),
    ],
)
def test_a_not_checked_record_that_claimaudit_never_writes_is_refused(
    change: dict[str, object], message: str
) -> None:
    # QA: a failure that says nothing, or text that cannot be written back as UTF-8, read back.
    failed = record_to_dict(NotCheckedRecord(claim="c", paperRef="arXiv:1", error="down"))
    with pytest.raises(InvalidRecordError) as caught:
        record_from_dict(failed | change)
    assert str(caught.value) == f"not a valid review record: {message}"
