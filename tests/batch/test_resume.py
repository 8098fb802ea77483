"""What a batch's ``--out`` already holds: the pairs done, the lines that are no record, a last
line cut short; ``not_checked`` records taken out for a retry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.batch.resume import done_pairs, drop_not_checked, read_resume
from claimaudit.checker.policy import ReviewPolicy
from claimaudit.errors import BatchOutputError


def _line(**record: object) -> bytes:
    return json.dumps(record).encode() + b"\n"


def test_done_pairs_of_missing_file_is_empty(tmp_path: Path) -> None:
    assert done_pairs(tmp_path / "nope.jsonl") == set()


def test_records_corrupt_lines_and_a_torn_last_line(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    kept = (
        _line(inputKey="k:1", paperRef="arxiv:1", verdict="supports")
        + b"{not json\n"
        + _line(id=7, paperRef="arxiv:2")  # written before input keys existed
        + b"null\n"
    )
    out.write_bytes(kept + b'{"inputKey": "k:2", "paperR')
    resume = read_resume(out)
    assert (resume.done, resume.legacy) == ({("k:1", "arxiv:1")}, {("7", "arxiv:2")})
    assert [number for number, _ in resume.corrupt] == [2, 4]
    assert resume.torn and out.read_bytes() == kept
    assert resume.is_done("other", "7", "arxiv:2", unique_id=True)
    assert not resume.is_done("other", "7", "arxiv:2", unique_id=False)
    assert len(resume.problems(out)) == 3


def test_a_last_record_without_its_newline_gets_one(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_bytes(_line(inputKey="k:1", paperRef="arxiv:1").rstrip(b"\n"))
    assert read_resume(out).done == {("k:1", "arxiv:1")}
    assert out.read_bytes().endswith(b"}\n")


def test_a_file_that_holds_no_record_is_refused_and_kept(tmp_path: Path) -> None:
    out = tmp_path / "notes.txt"
    out.write_bytes(b"my notes\nno newline at the end")
    with pytest.raises(BatchOutputError, match="holds no batch record"):
        read_resume(out)
    assert out.read_bytes() == b"my notes\nno newline at the end"


def test_drop_not_checked_takes_out_only_those_records(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    good = _line(inputKey="k:1", paperRef="arxiv:1", verdict="supports")
    odd = b'{"note": "not_checked is only mentioned"}\n'
    out.write_bytes(good + _line(inputKey="k:2", paperRef="arxiv:2", verdict="not_checked") + odd)
    assert drop_not_checked(out) == 1
    assert out.read_bytes() == good + odd
    assert drop_not_checked(tmp_path / "missing.jsonl") == 0


def test_a_record_written_under_an_older_spelling_of_its_paper_is_done(tmp_path: Path) -> None:
    # An older claimaudit kept the subject class in ``paperRef``; the pair is the same.
    out = tmp_path / "out.jsonl"
    out.write_bytes(
        _line(inputKey="k:1", paperRef="arXiv:math.GT/0309136", verdict="supports")
        + _line(id=7, paperRef="doi:10.1000/x,", verdict="supports")
    )
    resume = read_resume(out)
    assert resume.is_done("k:1", "1", "arXiv:math/0309136", unique_id=False)
    assert resume.is_done("other", "7", "doi:10.1000/x", unique_id=True)


def test_a_complete_last_line_that_is_no_record_is_left_in_place(tmp_path: Path) -> None:
    # Someone's note appended without a newline: whole JSON, so no run was cut short writing it.
    out = tmp_path / "out.jsonl"
    record = _line(inputKey="k:1", paperRef="arxiv:1", verdict="supports")
    note = b'{"note": "reviewed by AB"}'
    out.write_bytes(record + note)
    resume = read_resume(out)
    assert not resume.torn and [number for number, _ in resume.corrupt] == [2]
    assert out.read_bytes() == record + note + b"\n"
    assert resume.done == {("k:1", "arxiv:1")}


def test_a_bom_before_the_first_record_keeps_it_done(tmp_path: Path) -> None:
    # An editor that saved the file put a BOM before it: that pair was judged again, and
    # appended a second time.
    out = tmp_path / "out.jsonl"
    first = _line(inputKey="k:1", paperRef="arxiv:1", verdict="not_checked")
    out.write_bytes(b"\xef\xbb\xbf" + first + _line(inputKey="k:2", paperRef="arxiv:2"))
    resume = read_resume(out)
    assert resume.done == {("k:1", "arxiv:1"), ("k:2", "arxiv:2")} and not resume.corrupt
    assert drop_not_checked(out) == 1


def test_a_whole_last_line_nested_past_the_limit_is_left_in_place_not_cut(
    tmp_path: Path,
) -> None:
    # Whole JSON (no run was cut short writing it; no record nests this deep): kept and
    # reported as any line that is no record, never truncated as a torn record.
    out = tmp_path / "out.jsonl"
    record = _line(inputKey="k:1", paperRef="arxiv:1", verdict="supports")
    deep = b'{"note": ' + b"[" * 70 + b"]" * 70 + b"}"
    out.write_bytes(record + deep)
    resume = read_resume(out)
    assert not resume.torn and out.read_bytes() == record + deep + b"\n"
    [(number, why)] = resume.corrupt
    assert number == 2 and why.startswith("JSON nested more than 64 levels deep")
    assert resume.done == {("k:1", "arxiv:1")}


@pytest.mark.parametrize(
    "edit",
    [
        {"reviewNotes": ["the quote is about children"]},
        {"evidence": None},
        {"evidence": "  "},
        {"confidence": 1.7},
    ],
    ids=["review-notes", "no-quote", "blank-quote", "confidence-over-1"],
)
def test_a_skipped_record_that_could_never_be_cleared_still_needs_review(
    tmp_path: Path, edit: dict[str, object]
) -> None:
    # A resumed run decides needsReview anew (--fail-on needs-review): a note, a passage id
    # without its quote, or a confidence that is no probability never lets a record clear.
    record: dict[str, object] = {"inputKey": "k:1", "paperRef": "arxiv:1", "verdict": "supports"}
    record |= {"needsReview": False, "confidence": 0.95, "evidenceConfidence": 0.95}
    record |= {"evidencePassageId": "P001", "evidence": "Aspirin lowers fever."}
    lenient = ReviewPolicy(0.5)
    out = tmp_path / "out.jsonl"
    out.write_bytes(_line(**record))
    assert not read_resume(out).earlier("k:1", "1", "arxiv:1", False).needs_review_under(lenient)
    out.write_bytes(_line(**(record | edit)))
    outcome = read_resume(out).earlier("k:1", "1", "arxiv:1", False)
    assert outcome is not None and outcome.needs_review_under(lenient)
