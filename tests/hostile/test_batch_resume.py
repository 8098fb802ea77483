"""Batch resume loses no record: look-alike ids, repeated lines, corrupt output lines."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from claimaudit.batch.items import read_items
from claimaudit.batch.resume import read_resume
from claimaudit.batch.run import run_batch
from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.judges.protocol import Decision, JudgeReply
from tests.fakes import MemorySource
from tests.hostile.conftest import scripted_judge as _judge
from tests.hostile.helpers import assert_no_traceback, cli


def _input(path: Path, rows: list[object]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _records(out: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def _pairs(out: Path) -> list[tuple[object, object, object]]:
    return sorted((r["inputLine"], r["id"], r["paperRef"]) for r in _records(out))


LOOK_ALIKES = [
    {"id": 7, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]},
    {"id": "7", "claim": "Coffee comes from beans.", "papers": ["scifact:1"]},
    {"id": "a", "claim": "Aspirin lowers fever.", "papers": ["scifact:2"]},
    {"id": "a", "claim": "Aspirin lowers fever.", "papers": ["scifact:2"]},  # the same line again
]


def test_look_alike_ids_and_repeated_lines_never_merge(
    tmp_path: Path, source: MemorySource
) -> None:
    src = _input(tmp_path / "in.jsonl", LOOK_ALIKES)
    out = tmp_path / "out.jsonl"
    first = run_batch(src, out, Checker(source, _judge()))
    assert first.written == 4
    expected = [
        (1, 7, "scifact:1"),  # each id as its line gave it
        (2, "7", "scifact:1"),
        (3, "a", "scifact:2"),
        (4, "a", "scifact:2"),
    ]
    assert _pairs(out) == expected
    # Interrupted after two records: resume writes exactly the two missing ones.
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(lines[:1] + lines[2:3]), encoding="utf-8")
    judge = _judge()
    second = run_batch(src, out, Checker(source, judge))
    assert (second.written, second.skipped, len(judge.seen)) == (2, 2, 2)
    assert _pairs(out) == expected  # every record present once
    third = run_batch(src, out, Checker(source, _judge()))
    assert (third.written, third.skipped) == (0, 4)


@pytest.mark.parametrize(
    ("corrupt", "why"),
    [
        ("{not json", "invalid JSON"),
        ("null", "null"),
        ("[1, 2]", "list"),
        ('"a string"', "str"),
        ('{"id": "c1"}', "no 'paperRef'"),
        ("[" * 5000 + "]" * 5000, "nested more than"),
    ],
)
def test_a_corrupt_output_line_is_reported_and_only_its_pair_redone(
    tmp_path: Path, source: MemorySource, corrupt: str, why: str
) -> None:
    rows = [
        {"id": f"c{i}", "claim": f"Aspirin claim number {i}.", "papers": ["scifact:1"]}
        for i in range(5)
    ]
    src = _input(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, _judge()))
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = corrupt + "\n"  # the record of c2 is damaged; c3 and c4 come after it
    out.write_text("".join(lines), encoding="utf-8")
    resume = read_resume(out)
    assert [number for number, _ in resume.corrupt] == [3]
    assert why in resume.corrupt[0][1]
    judge = _judge()
    stats = run_batch(src, out, Checker(source, judge))
    assert (stats.written, stats.skipped, len(judge.seen)) == (1, 4, 1)
    assert stats.problems and "line 3 is not a record" in stats.problems[0]
    kept = [json.loads(line) for i, line in enumerate(out.read_text().splitlines()) if i != 2]
    assert sorted(r["id"] for r in kept) == [f"c{i}" for i in range(5)]
    assert out.read_text(encoding="utf-8").splitlines()[2] == corrupt  # left in place


def test_the_cli_reports_corrupt_lines_and_loses_nothing(
    tmp_path: Path, source: MemorySource, monkeypatch: pytest.MonkeyPatch
) -> None:
    from claimaudit.plugins import Registered, get_registry

    registry = get_registry()
    monkeypatch.setitem(registry.judges, "scripted", Registered(lambda _: _judge(), "", "t"))
    monkeypatch.setitem(registry.sources, "hostile", Registered(lambda *, path: source, "", "t"))
    rows = [
        {"id": i, "claim": f"Coffee claim number {i}.", "papers": ["scifact:2"]} for i in range(4)
    ]
    src = _input(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    args = ["batch", src, "--out", out, "--judge", "scripted", "--source", "hostile"]
    args.append("--no-cache")
    assert cli(*args).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[1] = "null\n"
    out.write_text("".join(lines) + '{"id": 3, "paperRef": "scif', encoding="utf-8")
    result = cli(*args)
    assert result.exit_code == 0, result.stderr
    assert_no_traceback(result.stdout, result.stderr)
    assert f"{out} line 2 is not a record (a JSON null" in result.stderr
    assert "dropped a last line cut short" in result.stderr
    assert "wrote 1 record to" in result.stderr and "3 already done" in result.stderr
    records = [json.loads(x) for x in out.read_text().splitlines() if x != "null"]
    assert sorted(r["id"] for r in records) == [0, 1, 2, 3]


def test_a_paper_repeated_in_one_line_is_refused_like_check_does(
    tmp_path: Path, source: MemorySource
) -> None:
    rows = [{"id": "d", "claim": "Aspirin lowers fever.", "papers": ["scifact:1", " scifact:1 "]}]
    out = tmp_path / "out.jsonl"
    judge = _judge()
    run_batch(_input(tmp_path / "in.jsonl", rows), out, Checker(source, judge))
    [record] = _records(out)
    assert record["verdict"] == "not_checked" and "more than once" in str(record["error"])
    assert judge.seen == []


def test_hostile_input_lines_become_records_not_crashes(
    tmp_path: Path, source: MemorySource
) -> None:
    src = tmp_path / "in.jsonl"
    good = json.dumps({"id": "ok", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]})
    src.write_bytes(
        good.encode()  # a first line that is no object refuses the whole file
        + b"\n"
        + b"\xff\xfe not utf-8\n"
        + ("[" * 100_000 + "]" * 100_000).encode()
        + b"\n"
        + b'{"id": "s", "claim": "\\ud800 fever", "papers": ["scifact:1"]}\n'
        + b'{"id": "\\udcff", "claim": "Aspirin.", "papers": ["scifact:1"]}\n'
        + b'{"id": "p", "claim": "?!", "papers": ["scifact:1"]}\n'
        + b'{"id": "q", "claim": "Aspirin.", "papers": ["\\u001b[31mscifact:1"]}\n'
        + good.encode()
        + b"\n"
    )
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, _judge()))
    records = _records(out)
    errors = [str(r.get("error", "")) for r in records[1:]]
    assert errors[0].startswith("line 2: not UTF-8 text")
    assert errors[1] == "line 3: JSON nested more than 64 levels deep (at character 65)"
    assert errors[2].startswith("line 4: the claim is not valid text")
    assert errors[3].startswith("line 5: missing or invalid 'id'")
    assert errors[4].startswith("line 6: the claim has no words to check")
    assert "control characters" in errors[5] and "\x1b" not in out.read_text(encoding="utf-8")
    assert records[-1]["verdict"] == "supports" and records[-1]["inputLine"] == 8
    # Every line has its own key, also the ones that failed, so each is done exactly once.
    assert len({r["inputKey"] for r in records}) == 8
    assert [item.line_number for item in read_items(src)] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_records_written_before_input_keys_still_count_as_done(
    tmp_path: Path, source: MemorySource
) -> None:
    rows = [{"id": "only", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}]
    src = _input(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, _judge()))
    [record] = _records(out)
    del record["inputKey"], record["inputLine"]
    out.write_text(json.dumps(record) + "\n", encoding="utf-8")
    judge = _judge()

    def never(decision: Decision) -> JudgeReply:
        raise AssertionError("a pair already done was judged again")

    judge.script = never
    stats = run_batch(src, out, Checker(source, judge))
    assert (stats.written, stats.skipped) == (0, 1)


ONE_ROW = [{"id": 1, "claim": "Coffee is brewed from beans.", "papers": ["scifact:2"]}]


def test_an_output_that_is_another_file_is_refused_and_kept(
    tmp_path: Path, scripted_cli: list[str]
) -> None:
    # Resuming cuts a torn last line and appends records: on a draft that would lose text.
    src = _input(tmp_path / "in.jsonl", ONE_ROW)
    draft = tmp_path / "draft.md"
    draft.write_text("# My draft\n\nImportant final paragraph", encoding="utf-8")
    result = cli("batch", src, "--out", draft, *scripted_cli)
    assert result.exit_code == 2 and "holds no batch record" in result.stderr
    assert_no_traceback(result.stdout, result.stderr)
    assert draft.read_text(encoding="utf-8") == "# My draft\n\nImportant final paragraph"


def test_the_library_and_a_hard_link_to_the_input_are_never_the_output(
    tmp_path: Path, scripted_cli: list[str]
) -> None:
    src = _input(tmp_path / "in.jsonl", ONE_ROW)
    library = tmp_path / "lib.sqlite3"
    library.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)
    result = cli("batch", src, "--out", library, "--library", library, *scripted_cli)
    assert result.exit_code == 2 and f"is the same file as the library {library}" in result.stderr
    assert library.read_bytes() == b"SQLite format 3\x00" + b"\x00" * 100
    linked = tmp_path / "linked.jsonl"
    linked.hardlink_to(src)
    # Appending to the input while reading it would never end.
    result = cli("batch", src, "--out", linked, *scripted_cli)
    assert result.exit_code == 2
    assert f"--out {linked} is the same file as the input {src}" in result.stderr
    assert linked.read_text(encoding="utf-8") == src.read_text(encoding="utf-8")


def test_an_output_stream_is_written_not_read(tmp_path: Path, scripted_cli: list[str]) -> None:
    import os
    import stat
    import subprocess

    src = _input(tmp_path / "in.jsonl", ONE_ROW)
    fifo = tmp_path / "records.jsonl"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    try:
        result = cli("batch", src, "--out", fifo, *scripted_cli)
        streamed, _ = reader.communicate(timeout=30)
    finally:
        reader.kill()
    assert result.exit_code == 0, result.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert [json.loads(line)["id"] for line in streamed.decode().splitlines()] == [1]


def test_retry_not_checked_checks_those_pairs_again_and_keeps_the_rest(
    tmp_path: Path, source: MemorySource, scripted_cli: list[str]
) -> None:
    rows = [
        {"id": "here", "claim": "Coffee is brewed from beans.", "papers": ["scifact:2"]},
        {"id": "later", "claim": "Aspirin lowers fever.", "papers": ["scifact:3"]},
    ]
    src = _input(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert cli("batch", src, "--out", out, *scripted_cli).exit_code == 0
    first = _records(out)
    assert [r["verdict"] for r in first] == ["supports", "not_checked"]  # scifact:3 is missing
    source.add(parse_ref("scifact:3"), "Three", ["Aspirin lowers fever in adults."])
    plain = cli("batch", src, "--out", out, *scripted_cli)
    assert "wrote 0 records" in plain.stderr and _records(out) == first  # resume skips it
    link = tmp_path / "kept.jsonl"
    os.link(out, link)  # the README: a hard link is the same --out
    retried = cli("batch", src, "--out", out, "--retry-not-checked", *scripted_cli)
    assert retried.exit_code == 0, retried.stderr
    assert "checking again 1 pair not checked before" in retried.stderr
    assert os.path.samefile(out, link)  # taken out in place, not a new file in its place
    records = _records(out)
    assert records[0] == first[0]  # a verdict is never taken out or redone
    assert [(r["id"], r["verdict"]) for r in records] == [
        ("here", "supports"),
        ("later", "supports"),
    ]
    again = cli("batch", src, "--out", out, "--retry-not-checked", *scripted_cli)
    assert "checking again" not in again.stderr and _records(out) == records


SECRET_REF = "https://user:secret@example.com/paper?token=abc123"  # a reference that won't parse


def test_a_reference_holding_credentials_is_done_once_and_its_secret_never_written(
    tmp_path: Path, source: MemorySource
) -> None:
    rows = [
        {"id": 1, "claim": "Aspirin lowers fever.", "papers": [SECRET_REF]},
        {"id": 2, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]},
    ]
    src = _input(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    assert run_batch(src, out, Checker(source, _judge())).written == 2
    for _ in range(2):  # every rerun: nothing left to do, nothing written twice
        again = run_batch(src, out, Checker(source, _judge()))
        assert (again.written, again.skipped) == (0, 2)
    assert len(_records(out)) == 2
    text = out.read_text(encoding="utf-8")
    assert "secret" not in text and "abc123" not in text
    assert "https://***@example.com/paper?token=***" in text


def test_a_record_holding_a_reference_unmasked_still_resumes_its_pair(
    tmp_path: Path, source: MemorySource
) -> None:
    # An output written before references were masked (or by a writer that did not mask).
    src = _input(tmp_path / "in.jsonl", [{"id": 1, "claim": "Aspirin.", "papers": [SECRET_REF]}])
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, _judge()))
    record = _records(out)[0]
    out.write_text(json.dumps({**record, "paperRef": SECRET_REF}) + "\n", encoding="utf-8")
    again = run_batch(src, out, Checker(source, _judge()))
    assert (again.written, again.skipped) == (0, 1)


def test_a_corrupt_line_is_not_said_to_be_checked_again_on_a_run_that_checks_nothing(
    tmp_path: Path, source: MemorySource
) -> None:
    src = _input(tmp_path / "in.jsonl", [{"id": 1, "claim": "Aspirin.", "papers": ["scifact:1"]}])
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, _judge()))
    out.write_text(out.read_text(encoding="utf-8") + "{not json\n", encoding="utf-8")
    stats = run_batch(src, out, Checker(source, _judge()))
    assert stats.written == 0
    assert stats.problems == [
        f"{out} line 2 is not a record (invalid JSON: Expecting property name enclosed in double "
        "quotes); left in place and ignored, so a pair it held counts as not done"
    ]
