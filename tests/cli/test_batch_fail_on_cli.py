"""``claimaudit batch``'s exit status: a run that judged nothing, and ``--fail-on``, which looks
at every pair of the input, those a resumed run skips included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.identity import parse_ref
from claimaudit.plugins import Registered, get_registry
from tests.fakes import MemorySource, ScriptedJudge, pick
from tests.hostile.helpers import cli


def _scripted(
    monkeypatch: pytest.MonkeyPatch, name: str, verdict: str, confidence: float
) -> list[str]:
    """The options of a run whose judge ``name`` says ``verdict`` with ``confidence``, citing
    P001, over a source ``memory`` holding scifact:1 only."""
    memory = MemorySource()
    memory.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    registry = get_registry()
    judge = Registered(lambda _: ScriptedJudge(pick(verdict, "P001", confidence)), "", "t")
    monkeypatch.setitem(registry.judges, name, judge)
    monkeypatch.setitem(registry.sources, "memory", Registered(lambda *, path: memory, "", "t"))
    return ["--judge", name, "--source", "memory", "--no-cache"]


@pytest.fixture
def options(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A scripted judge that says ``contradicts``, and a source holding scifact:1 only."""
    return _scripted(monkeypatch, "contra", "contradicts", 0.99)


def _input(path: Path, *papers: str) -> Path:
    rows = [
        {"id": i, "claim": "Aspirin lowers fever.", "papers": [p]} for i, p in enumerate(papers)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_run_whose_every_pair_is_not_checked_exits_1(tmp_path: Path, options: list[str]) -> None:
    src = _input(tmp_path / "in.jsonl", "scifact:8", "scifact:9")  # neither in the source
    out = tmp_path / "out.jsonl"
    first = cli("batch", src, "--out", out, *options)
    assert first.exit_code == 1, first.stderr
    assert first.stderr.strip().splitlines()[-1] == (
        f"error: no pair was judged (2 not_checked); {out} holds each pair's error (rerun with "
        "--retry-not-checked)"
    )
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
    again = cli("batch", src, "--out", out, *options)  # nothing was due: nothing failed
    assert again.exit_code == 0, again.stderr


def test_a_run_with_one_verdict_exits_0_unless_not_checked_is_failed_on(
    tmp_path: Path, options: list[str]
) -> None:
    src = _input(tmp_path / "in.jsonl", "scifact:1", "scifact:9")
    assert cli("batch", src, "--out", tmp_path / "a.jsonl", *options).exit_code == 0
    failed = cli("batch", src, "--out", tmp_path / "b.jsonl", *options, "--fail-on", "not-checked")
    assert failed.exit_code == 1, failed.stderr


def test_fail_on_counts_the_records_a_resumed_run_skips(tmp_path: Path, options: list[str]) -> None:
    src = _input(tmp_path / "in.jsonl", "scifact:1")
    out = tmp_path / "out.jsonl"
    assert cli("batch", src, "--out", out, *options).exit_code == 0
    resumed = cli("batch", src, "--out", out, *options, "--fail-on", "contradicts")
    assert resumed.exit_code == 1, resumed.stderr
    assert "wrote 0 records" in resumed.stderr
    assert cli("batch", src, "--out", out, *options, "--fail-on", "not-checked").exit_code == 0


@pytest.mark.parametrize(("before", "after", "code"), [("1", "0", 0), ("0", "1", 1)])
def test_fail_on_needs_review_applies_this_runs_threshold_to_the_records_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, before: str, after: str, code: int
) -> None:
    # QA: a run resumed with a new --threshold gated on the needsReview the old one wrote;
    # needsReview is the review policy's of this run, as for a cached judgement.
    options = _scripted(monkeypatch, "pro", "supports", 0.9)
    src = _input(tmp_path / "in.jsonl", "scifact:1")
    out = tmp_path / "out.jsonl"
    assert cli("batch", src, "--out", out, *options, "--threshold", before).exit_code == 0
    written = out.read_text(encoding="utf-8")
    assert json.loads(written)["needsReview"] is (before == "1")
    resumed = cli(
        "batch", src, "--out", out, *options, "--threshold", after, "--fail-on", "needs-review"
    )
    assert resumed.exit_code == code, resumed.stderr
    assert (
        f"note: needsReview of 1 record already in {out} was decided under another review "
        f"threshold; --fail-on goes by this run's ({after})"
    ) in " ".join(resumed.stderr.split())
    assert out.read_text(encoding="utf-8") == written  # left as written
    fresh = cli("batch", src, "--out", tmp_path / "fresh.jsonl", *options, "--threshold", after)
    assert json.loads((tmp_path / "fresh.jsonl").read_text(encoding="utf-8"))["needsReview"] is (
        code == 1
    ), fresh.stderr


def test_fail_on_takes_only_the_record_conditions(tmp_path: Path, options: list[str]) -> None:
    src = _input(tmp_path / "in.jsonl", "scifact:1")
    result = cli(
        "batch", src, "--out", tmp_path / "o.jsonl", *options, "--fail-on", "bad-reference"
    )
    assert result.exit_code == 2
    assert "'bad-reference' is not one of" in result.stderr
    assert not (tmp_path / "o.jsonl").exists()


def test_a_run_of_only_bad_input_lines_asks_for_the_input_to_be_fixed(
    tmp_path: Path, options: list[str]
) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(
        '{"id": 1, "claim": "Aspirin lowers fever.", "paper": "scifact:1"}\n{"id": 2}\n',
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    result = cli("batch", src, "--out", out, *options)
    # No judge or source was down: no outage (exit 1) is claimed, and no retry advised alone.
    assert result.exit_code == 2, result.stderr
    last = result.stderr.strip().splitlines()[-2:]
    assert last == [
        f"warning: input lines 1, 2 were refused as bad input ({out} holds why); fix them and "
        "rerun (add --retry-not-checked to take the old not_checked records out of --out)",
        "error: no pair was judged: every line this run had to judge was bad input (2 not_checked "
        "records)",
    ]


def test_a_resumed_run_whose_only_new_line_is_bad_says_so(
    tmp_path: Path, options: list[str]
) -> None:
    src = _input(tmp_path / "in.jsonl", "scifact:1", "scifact:1")
    out = tmp_path / "out.jsonl"
    assert cli("batch", src, "--out", out, *options).exit_code == 0
    with src.open("a", encoding="utf-8") as handle:
        handle.write('{"id": 9}\n')
    result = cli("batch", src, "--out", out, *options)
    assert result.exit_code == 2, result.stderr
    # The run read three lines; two were done already, so "every line it read" was untrue.
    assert "wrote 1 record to" in result.stderr and "2 already done" in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        "error: no pair was judged: every line this run had to judge was bad input (1 not_checked "
        "record)"
    )


def test_a_bad_line_beside_an_outage_still_exits_1(tmp_path: Path, options: list[str]) -> None:
    src = _input(tmp_path / "in.jsonl", "scifact:9")  # not in the source
    with src.open("a", encoding="utf-8") as handle:
        handle.write("{broken\n")
    out = tmp_path / "out.jsonl"
    result = cli("batch", src, "--out", out, *options)
    assert result.exit_code == 1, result.stderr
    assert "warning: input line 2 was refused as bad input" in result.stderr
    assert result.stderr.strip().endswith("(rerun with --retry-not-checked)")


def test_out_dash_is_refused_rather_than_written_as_a_file(
    tmp_path: Path, options: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    src = _input(tmp_path / "in.jsonl", "scifact:1")
    result = cli("batch", src, "--out", "-", *options)
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: batch --out needs a file to resume from, not standard output ('-'); give a "
        "file name"
    )
    assert not (tmp_path / "-").exists()


def test_a_run_refused_before_any_work_makes_no_folder(tmp_path: Path) -> None:
    src = _input(tmp_path / "in.jsonl", "scifact:1")
    result = cli("batch", src, "--out", tmp_path / "nd3" / "b.jsonl", "--judge", "nosuch")
    assert result.exit_code == 2, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


@pytest.mark.parametrize(
    "edit",
    [
        {"reviewNotes": ["the quote is about children"]},  # a note never lets a record clear
        {"evidence": None},  # a passage id without its quote was never cleared
        {"confidence": 1.7},  # no probability: nothing clears it
    ],
    ids=["review-notes", "no-quote", "confidence-over-1"],
)
def test_fail_on_needs_review_fails_on_a_skipped_record_that_could_never_be_cleared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: dict[str, object]
) -> None:
    # A resumed run decides needsReview anew from what each skipped record holds: a record
    # that says needsReview false but holds a note, no quote, or no probability still needs it.
    options = [*_scripted(monkeypatch, "pro", "supports", 0.95), "--threshold", "0.5"]
    src = _input(tmp_path / "in.jsonl", "scifact:1")
    out = tmp_path / "out.jsonl"
    assert cli("batch", src, "--out", out, *options).exit_code == 0
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["needsReview"] is False and record["evidencePassageId"] == "P001"
    cleared = cli("batch", src, "--out", out, *options, "--fail-on", "needs-review")
    assert cleared.exit_code == 0, cleared.stderr  # as written, the record is cleared
    record |= edit
    out.write_text(json.dumps(record) + "\n", encoding="utf-8")
    resumed = cli("batch", src, "--out", out, *options, "--fail-on", "needs-review")
    assert resumed.exit_code == 1, resumed.stderr
    assert "wrote 0 records" in resumed.stderr


def test_the_bad_line_warning_counts_the_lines_past_the_first_five(
    tmp_path: Path, options: list[str]
) -> None:
    # "input lines 1, 2, 3, 4, 5, ... were refused" said nothing of how many: 6 or 6000.
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": 1}\n' * 7, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = cli("batch", src, "--out", out, *options)
    assert result.exit_code == 2, result.stderr
    assert (
        f"warning: input lines 1, 2, 3, 4, 5, ... (7 in all) were refused as bad input ({out} "
        "holds why)" in result.stderr
    )


def test_an_out_named_with_a_control_character_is_named_escaped_not_as_another_file(
    tmp_path: Path, options: list[str]
) -> None:
    # Stripped of its \x01, --out bad\x01name.jsonl read "wrote ... to badname.jsonl": another
    # file, and the rerun advice named that one.
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": 1}\n', encoding="utf-8")
    out = tmp_path / "bad\x01name.jsonl"
    result = cli("batch", src, "--out", out, *options)
    assert result.exit_code == 2, result.stderr
    assert f"({tmp_path}/badname.jsonl holds why)" not in result.stderr
    assert f"($'{tmp_path}/bad\\x01name.jsonl' holds why)" in result.stderr
    assert f"wrote 1 record to $'{tmp_path}/bad\\x01name.jsonl';" in result.stderr
    assert "\x01" not in result.stderr
