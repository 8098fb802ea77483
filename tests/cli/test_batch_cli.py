"""``claimaudit batch`` through the CLI, with the Jev judge on the offline mock."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

import claimaudit.batch.run as batch_module
from claimaudit.cli import app
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from tests.cli.conftest import DEEP_RULES_REF
from tests.judges.faultserver import TEST_KEY
from tests.judges.openaiserver import OpenAIServer
from tests.libraries import library_of
from tests.permissions import ordinary_permissions
from tests.signals import child_env, console_script, file_size_limit


def test_batch_writes_one_line_per_pair_and_resumes(
    runner: CliRunner, paper_library: Path, jev_mock: str, tmp_path: Path
) -> None:
    source = tmp_path / "claims.jsonl"
    lines = [
        {
            "id": "a",
            "claim": "Baselines help evaluate deep learning.",
            "papers": [DEEP_RULES_REF, "2105.14372v1"],
        },
        {
            "id": "b",
            "claim": "Hyperparameters should be tuned.",
            "papers": ["2105.14372"],
            "topic": "tuning",
        },
    ]
    source.write_text("\n".join(json.dumps(x) for x in lines) + "\n{broken\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = [
        "batch",
        str(source),
        "--out",
        str(out),
        "--judge",
        "jev",
        "--library",
        str(paper_library),
    ]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["paperRef"]) for r in rows] == [
        ("a", DEEP_RULES_REF),
        ("a", "arXiv:2105.14372v1"),
        ("b", DEEP_RULES_REF),
        ("line-3", ""),
    ]
    assert rows[1]["verdict"] == "not_checked"  # that version is not stored
    assert rows[3]["error"].startswith("line 3: invalid JSON")
    assert "wrote 4 records" in first.stderr
    # One Jev request per checked pair; the unknown version and the bad line cost nothing.
    assert [r.get("calls") for r in rows] == [{"jev": 1}, {}, {"jev": 1}, {}]
    summary = (
        "this run: 4 pairs: 2 with a verdict, 2 not checked; 4 need review; backend calls: jev 2"
    )
    assert summary in first.stderr
    # Drop the last two records, as if the run had been interrupted, and resume.
    out.write_text("\n".join(json.dumps(r) for r in rows[:2]) + "\n", encoding="utf-8")
    second = runner.invoke(app, args)
    assert second.exit_code == 0
    assert "wrote 2 records" in second.stderr and "2 already done" in second.stderr
    # Pair b was judged in the first run: its result comes from the library's cache, no call.
    assert "this run: 2 pairs: 1 with a verdict, 1 not checked;" in second.stderr
    assert "backend calls: none" in second.stderr
    resumed = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["paperRef"]) for r in resumed] == [(r["id"], r["paperRef"]) for r in rows]


def test_batch_refuses_to_overwrite_its_input(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "claims.jsonl"
    source.write_text("{}\n", encoding="utf-8")
    result = runner.invoke(app, ["batch", str(source), "--out", str(source)])
    assert result.exit_code == 2
    assert f"--out {source} is the same file as the input {source}" in result.stderr
    assert source.read_text(encoding="utf-8") == "{}\n"


def test_batch_names_an_input_that_is_not_a_file(runner: CliRunner, tmp_path: Path) -> None:
    fifo = tmp_path / "claims.jsonl"
    os.mkfifo(fifo)
    result = runner.invoke(app, ["batch", str(fifo), "--out", str(tmp_path / "out.jsonl")])
    assert result.exit_code == 2
    assert f"{fifo} is not a regular file" in result.stderr  # it used to say "no such file"


@pytest.mark.parametrize("mode", ["ok", "no_logprobs"])
def test_batch_with_an_openai_compatible_judge(
    runner: CliRunner, paper_library: Path, openai_chat: OpenAIServer, tmp_path: Path, mode: str
) -> None:
    openai_chat.set_mode(mode)
    openai_chat.prefer = ["insufficient_evidence"]
    source = tmp_path / "claims.jsonl"
    lines = [
        {"id": "a", "claim": "Baselines help evaluate deep learning.", "papers": [DEEP_RULES_REF]},
        {"id": "b", "claim": "Tuning matters.", "papers": [DEEP_RULES_REF, "2105.14372v9"]},
    ]
    source.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(source), "--out", str(out), "--judge", "openai", "--model", "m"]
    result = runner.invoke(app, [*args, "--library", str(paper_library)])
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["verdict"] for r in rows] == [
        "insufficient_evidence",
        "insufficient_evidence",
        "not_checked",
    ]
    # Two questions each; the two look-ups of the model's window (asked once per run) are
    # counted on the record whose fitting made them, whichever was judged first.
    assert sorted(r["calls"].get("openai", 0) for r in rows) == [0, 2, 4]
    assert all(r["probabilitiesAvailable"] is (mode == "ok") for r in rows[:2])
    assert all(r["needsReview"] for r in rows)
    summary = "3 pairs: 2 with a verdict, 1 not checked; 3 need review; backend calls: openai 6"
    assert f"this run: {summary}" in result.stderr
    assert len(openai_chat.requests) == 4
    assert TEST_KEY not in out.read_text(encoding="utf-8") + result.stderr


def test_a_paper_list_in_one_string_is_advised_in_batch_terms(
    runner: CliRunner, paper_library: Path, jev_mock: str, tmp_path: Path
) -> None:
    source = tmp_path / "claims.jsonl"
    papers = [DEEP_RULES_REF, "1907.10121,1706.03762"]
    line = {"id": "a", "claim": "Baselines help evaluate deep learning.", "papers": papers}
    source.write_text(json.dumps(line) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(source), "--out", str(out), "--judge", "jev"]
    result = runner.invoke(app, [*args, "--library", str(paper_library)])
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows[1]["verdict"] == "not_checked"
    # A batch line has no --paper: its papers are items of its "papers" list.
    assert rows[1]["error"].endswith('; give each paper its own item in "papers"')


def test_a_resumed_batch_judges_again_the_pairs_of_a_paper_replaced_since(
    runner: CliRunner, library_copy: Path, jev_mock: str, tmp_path: Path
) -> None:
    source = tmp_path / "claims.jsonl"
    lines = [
        {"id": "a", "claim": "Baselines help evaluate deep learning.", "papers": [DEEP_RULES_REF]},
        {"id": "b", "claim": "Hyperparameters should be tuned.", "papers": [DEEP_RULES_REF]},
    ]
    source.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(source), "--out", str(out), "--judge", "jev", "--no-cache"]
    args += ["--library", str(library_copy)]
    assert runner.invoke(app, args).exit_code == 0
    # Stopped after one record; then the paper is replaced with other text.
    first = out.read_text(encoding="utf-8").splitlines(keepends=True)[0]
    out.write_text(first, encoding="utf-8")
    other = tmp_path / "other.md"
    other.write_text("# Tips\n\nBaselines help evaluate deep learning models well.\n", "utf-8")
    with Library.open(library_copy) as library:
        add_path(library, other, ref=parse_ref(DEEP_RULES_REF), replace=True)
        now = library.require_paper(parse_ref(DEEP_RULES_REF)).content_hash
    assert json.loads(first)["paperContentHash"] != now
    resumed = runner.invoke(app, args)
    assert resumed.exit_code == 0, resumed.stderr
    assert "checking again 1 pair judged against text the library has replaced" in resumed.stderr
    assert "wrote 2 records" in resumed.stderr and "0 already done" in resumed.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    # Each pair once, both judged against the text stored now.
    assert sorted(r["id"] for r in rows) == ["a", "b"]
    assert {r["paperContentHash"] for r in rows} == {now}
    again = runner.invoke(app, args)
    assert "checking again" not in again.stderr and "2 already done" in again.stderr


def test_a_resumed_batch_judges_again_an_unversioned_pair_once_a_newer_version_is_added(
    runner: CliRunner, tmp_path: Path, jev_mock: str
) -> None:
    # QA: arXiv:X judged as v1; v2 added; --resume kept the v1 record, which said v1 while a
    # fresh check judges v2.
    first, second = tmp_path / "v1.md", tmp_path / "v2.md"
    first.write_text("# Tips\n\nBaselines help evaluate deep learning.\n", encoding="utf-8")
    second.write_text("# Tips\n\nBaselines help evaluate deep models.\n", encoding="utf-8")
    library = library_of(tmp_path / "library.db", {"arXiv:1907.10121v1": first})
    source = tmp_path / "claims.jsonl"
    line = {"id": "a", "claim": "Baselines help evaluate deep learning.", "papers": ["1907.10121"]}
    source.write_text(json.dumps(line) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(source), "--out", str(out), "--judge", "jev", "--no-cache"]
    args += ["--library", str(library)]
    assert runner.invoke(app, args).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["matchedRef"] == "arXiv:1907.10121v1"
    library_of(library, {"arXiv:1907.10121v2": second})
    resumed = runner.invoke(app, args)
    assert resumed.exit_code == 0, resumed.stderr
    assert "checking again 1 pair" in resumed.stderr
    assert "as an edition their reference no longer reads" in resumed.stderr
    [row] = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert (row["paperRef"], row["matchedRef"]) == ("arXiv:1907.10121", "arXiv:1907.10121v2")
    again = runner.invoke(app, args)
    assert "checking again" not in again.stderr and "1 already done" in again.stderr


def test_a_batch_resumed_with_another_judge_is_refused_and_out_is_kept(
    runner: CliRunner, library_copy: Path, jev_mock: str, tmp_path: Path
) -> None:
    # Resumed with --judge local, the run judged nothing and reported Jev's verdicts (and
    # --fail-on decided on them) as if the local judge had given them.
    source = tmp_path / "claims.jsonl"
    lines = [
        {"id": "a", "claim": "Baselines help evaluate deep learning.", "papers": [DEEP_RULES_REF]},
        {"id": "b", "claim": "Hyperparameters should be tuned.", "papers": ["1407.6245"]},
    ]
    source.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(source), "--out", str(out), "--library", str(library_copy)]
    assert runner.invoke(app, [*args, "--judge", "jev"]).exit_code == 0
    written = out.read_bytes()
    for extra in ([], ["--retry-not-checked"]):
        local = runner.invoke(app, [*args, "--judge", "local", *extra])
        assert local.exit_code == 2
        assert local.stderr.startswith(f"error: {out} holds 1 verdict of this input's pairs")
        assert "by the jev judge, not by this run's local judge" in local.stderr
        assert "resume with --judge jev, or give another --out" in local.stderr
        assert out.read_bytes() == written  # the not_checked record too is left in place
    # A line of another input, and the same judge, are no reason to refuse.
    resumed = runner.invoke(app, [*args, "--judge", "jev"])
    assert resumed.exit_code == 0, resumed.stderr
    assert "2 already done" in resumed.stderr
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({**lines[0], "id": "c"}) + "\n", encoding="utf-8")
    fresh = runner.invoke(app, [*args[:1], str(other), *args[2:], "--judge", "local"])
    assert fresh.exit_code == 0, fresh.stderr
    assert "wrote 1 record" in fresh.stderr


def test_a_batch_stopped_by_a_full_disk_names_it_and_how_to_resume(
    runner: CliRunner,
    paper_library: Path,
    jev_mock: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = tmp_path / "claims.jsonl"
    lines = [
        {"id": n, "claim": "Baselines help evaluate deep learning.", "papers": [DEEP_RULES_REF]}
        for n in (1, 2)
    ]
    source.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(source), "--out", str(out), "--judge", "jev"]
    args += ["--library", str(paper_library)]
    real_write = batch_module._write
    written: list[object] = []
    full = [True]

    def fills_up(*given: object, **named: object) -> None:
        if written and full[0]:  # the disk fills up after the first record
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(real_write(*given, **named))  # type: ignore[arg-type,func-returns-value]

    monkeypatch.setattr(batch_module, "_write", fills_up)
    stopped = runner.invoke(app, args)
    assert stopped.exit_code != 0
    assert stopped.stderr.strip().splitlines()[-1] == (
        f"error: batch stopped: the disk holding {out} is full (No space left on device); free "
        f"some space and rerun with --out {out} to resume where it stopped"
    )
    full[0] = False  # space freed
    resumed = runner.invoke(app, args)
    assert resumed.exit_code == 0, resumed.stderr
    assert "wrote 1 record" in resumed.stderr and "1 already done" in resumed.stderr


def test_a_batch_stopped_by_a_file_size_limit_names_out_and_how_to_resume(
    paper_library: Path, tmp_path: Path
) -> None:
    # A real limit (ulimit -f) in the child: --out's write past it fails with EFBIG, which said
    # only "batch stopped: File too large". Lines without papers make records without a judge.
    source = tmp_path / "claims.jsonl"
    claim = "Sleep helps memory consolidation in adults. " * 30
    lines = [{"id": n, "claim": claim, "paper": ["local:x"]} for n in range(100)]
    source.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = [*console_script(), "batch", str(source), "--out", str(out)]
    args += ["--library", str(paper_library)]
    limit = 64 * 1024  # room for the library's 32 KiB -shm file, not for 100 records
    run = partial(subprocess.run, args, capture_output=True, text=True, env=child_env())
    stopped = run(preexec_fn=file_size_limit(limit))
    assert stopped.returncode == 2
    assert stopped.stderr.strip().splitlines()[-1] == (
        f"error: batch stopped: {out} has reached this process's file size limit (File too "
        f"large); raise the limit (ulimit -f) and rerun with --out {out} to resume where it "
        "stopped"
    )
    resumed = run()  # no limit: the torn last line is dropped and its pair written again
    records = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert sorted(r["id"] for r in records) == list(range(100)), resumed.stderr


def test_an_out_whose_folder_cannot_hold_it_says_why_not_cannot_lock(
    runner: CliRunner, paper_library: Path, tmp_path: Path
) -> None:
    # "cannot lock notes.txt/out.jsonl: File exists" named neither the file in the way nor
    # the fault; a folder that may not be written was "cannot lock ...: Permission denied".
    source = tmp_path / "claims.jsonl"
    source.write_text('{"id": 1, "claim": "Buoys drift.", "papers": ["local:a"]}\n')
    notes, shared = tmp_path / "notes.txt", tmp_path / "shared"
    notes.write_text("mine\n", encoding="utf-8")
    shared.mkdir()
    said = {}
    shared.chmod(0o555)
    try:
        with ordinary_permissions():
            for out in (notes / "out.jsonl", shared / "out.jsonl"):
                args = ["batch", str(source), "--out", str(out), "--library", str(paper_library)]
                result = runner.invoke(app, args)
                assert result.exit_code == 2
                said[out.parent.name] = result.stderr.strip()
    finally:
        shared.chmod(0o755)
    assert said == {
        "notes.txt": f"error: --out {notes / 'out.jsonl'}: {notes} is not a folder",
        "shared": f"error: --out {shared / 'out.jsonl'}: its folder {shared} may not be "
        "written (Permission denied)",
    }
    assert notes.read_text(encoding="utf-8") == "mine\n" and list(shared.iterdir()) == []


def test_a_read_only_out_is_refused_before_any_work(
    runner: CliRunner, paper_library: Path, tmp_path: Path
) -> None:
    # It was read and resumed from, the judge loaded, and the first record to write stopped
    # the run: "batch stopped: Permission denied (out.jsonl)".
    source = tmp_path / "claims.jsonl"
    source.write_text('{"id": 1, "claim": "Buoys drift.", "papers": ["local:a"]}\n')
    out = tmp_path / "out.jsonl"
    out.write_text("", encoding="utf-8")
    out.chmod(0o444)
    args = ["batch", str(source), "--out", str(out), "--library", str(paper_library)]
    try:
        with ordinary_permissions():
            result = runner.invoke(app, args)
    finally:
        out.chmod(0o644)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"error: --out {out}: not writable"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["claims.jsonl", "out.jsonl"]


@pytest.mark.parametrize("name", ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])
def test_standard_input_is_not_read_when_redirected_from_a_file(tmp_path: Path, name: str) -> None:
    # Only a pipe was refused: "< pairs.jsonl" made it a regular file, and it was read.
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"id": 1, "claim": "Buoys drift.", "papers": ["local:a"]}\n')
    out = tmp_path / "out.jsonl"
    with pairs.open("rb") as stdin:
        done = subprocess.run(
            [*console_script(), "batch", name, "--out", str(out), "--library", str(tmp_path / "l")],
            stdin=stdin,
            capture_output=True,
            text=True,
            env=child_env(),
        )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        f"error: SOURCE {name} (standard input) is not read; give a JSON Lines file"
    ]
    assert sorted(os.listdir(tmp_path)) == ["pairs.jsonl"]


def test_a_line_s_own_judge_is_warned_of_before_the_run(
    runner: CliRunner, paper_library: Path, jev_mock: str, tmp_path: Path
) -> None:
    # The body of a POST /v1/checks with an id: batch takes the judge for the whole run.
    line = {"id": 1, "claim": "Hyperparameters should be tuned.", "papers": ["2105.14372"]}
    source = tmp_path / "claims.jsonl"
    source.write_text(json.dumps({**line, "judge": "openai"}) + "\n", encoding="utf-8")
    args = ["batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--judge", "jev"]
    result = runner.invoke(app, [*args, "--library", str(paper_library)])
    assert result.exit_code == 0, result.stderr
    assert result.stderr.startswith(
        "warning: input line 1 holds keys batch does not read: 'judge' (a run's options: "
        "--judge, for every line); it is judged without them\n"
    )


# The paths that the process opened while a test listens (audit hooks cannot be removed: the
# hook stays, and records only while a list is set here).
_OPENED: list[list[str]] = []


def _note_opens(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and _OPENED and isinstance(args[0], str | bytes | os.PathLike):
        _OPENED[-1].append(os.fsdecode(args[0]))


def test_a_finished_batch_resumed_reads_its_input_once(
    runner: CliRunner, paper_library: Path, jev_mock: str, tmp_path: Path
) -> None:
    # It was read four times over (records judged against replaced text, the ids, the pairs
    # left, then the run): a 1 GB claims file parsed four times to find nothing to do.
    source = tmp_path / "claims.jsonl"
    lines = [
        {"id": "a", "claim": "Baselines help evaluate deep learning.", "papers": [DEEP_RULES_REF]},
        {"id": "b", "claim": "Hyperparameters should be tuned.", "papers": ["2105.14372"]},
    ]
    source.write_text("".join(json.dumps(x) + "\n" for x in lines) + "{broken\n", "utf-8")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(source), "--out", str(out), "--judge", "jev"]
    args += ["--library", str(paper_library), "--fail-on", "needs-review"]
    first = runner.invoke(app, args)
    assert "wrote 3 records" in first.stderr and first.exit_code == 1
    written = out.read_bytes()
    sys.addaudithook(_note_opens)
    _OPENED.append([])
    try:
        again = runner.invoke(app, args)
    finally:
        opened = _OPENED.pop()
    # Its first line looked at before the lock is taken, then the one pass.
    assert opened.count(str(source)) == 2
    assert "wrote 0 records" in again.stderr and "3 already done" in again.stderr
    assert "this run: 0 pairs" in again.stderr
    # --fail-on still reads the records already there: they need review.
    assert again.exit_code == 1, again.stderr
    assert out.read_bytes() == written


def test_batch_warns_of_an_id_given_to_two_lines(
    runner: CliRunner, paper_library: Path, jev_mock: str, tmp_path: Path
) -> None:
    # QA: records join the input on `id`; two lines with one id joined each line to the
    # other's records too, and nothing said so.
    source = tmp_path / "claims.jsonl"
    lines = [
        {"id": "a", "claim": "Aspirin lowers fever.", "papers": ["arXiv:2101.00001"]},
        {"id": "b", "claim": "Aspirin lowers fever.", "papers": ["arXiv:2101.00001"]},
        {"id": "a", "claim": "Ibuprofen lowers fever.", "papers": ["arXiv:2101.00001"]},
    ]
    source.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    args = ["batch", str(source), "--out", str(tmp_path / "out.jsonl"), "--judge", "jev"]
    result = runner.invoke(app, [*args, "--library", str(paper_library)])
    assert result.exit_code == 1, result.stderr  # the paper is not stored: nothing judged
    assert (
        'warning: ids given to more than one input line: "a" (lines 1, 3); their records are '
        "told apart by inputLine and inputKey"
    ) in " ".join(result.stderr.split())


def test_a_batch_stopped_writing_to_a_full_stream_does_not_promise_a_resume(
    paper_library: Path, tmp_path: Path
) -> None:
    # "rerun with --out /dev/full to resume where it stopped": a stream is never read back, so
    # a rerun checks every pair again. Lines without papers make records without a judge.
    source = tmp_path / "claims.jsonl"
    source.write_text(json.dumps({"id": 1, "claim": "Sleep helps.", "papers": []}) + "\n")
    args = ["batch", str(source), "--out", "/dev/full", "--library", str(paper_library)]
    stopped = CliRunner().invoke(app, args)
    assert stopped.exit_code == 2
    assert stopped.stderr.strip().splitlines()[-1] == (
        "error: batch stopped: the disk holding /dev/full is full (No space left on device); "
        "free some space and run it again (--out /dev/full is no file to resume from: every "
        "pair is checked again)"
    )


def test_a_fifo_out_that_nothing_reads_says_the_run_waits_for_a_reader(
    paper_library: Path, tmp_path: Path
) -> None:
    # QA: it sat at "checking 0/1" without a word until something read the FIFO. Lines
    # without papers make records without a judge.
    source = tmp_path / "claims.jsonl"
    source.write_text(json.dumps({"id": 1, "claim": "Sleep helps.", "papers": []}) + "\n")
    fifo = tmp_path / "records"
    os.mkfifo(fifo)
    args = [*console_script(), "batch", str(source), "--out", str(fifo)]
    args += ["--library", str(paper_library)]
    child = subprocess.Popen(
        args, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=child_env()
    )
    # A child that waits without a word is stopped, so the test fails rather than hangs.
    stop = threading.Timer(60, child.kill)
    stop.start()
    try:
        assert child.stderr is not None
        said = child.stderr.readline()  # nothing reads the FIFO: this line comes first
        assert said == (
            f"waiting for a program to read {fifo} (--out is a FIFO that nothing reads yet); "
            "the records are written once one does (Ctrl-C stops)\n"
        )
        records = fifo.read_text(encoding="utf-8").splitlines()
        rest = child.stderr.read()
        assert child.wait(timeout=120) == 2  # the one line is bad input: no pair was judged
    finally:
        stop.cancel()
        child.kill()
        child.wait()
    assert [json.loads(line)["id"] for line in records] == [1]
    assert f"wrote 1 record to {fifo}" in rest and "waiting" not in rest
