"""What ``claimaudit eval`` writes its rows and figures over, and where ``-`` sends them."""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from tests.signals import SilentServer, child_env, console_script, interrupt_when_asked


def _dataset(tmp_path: Path) -> list[str]:
    """``eval scifact`` arguments for one claim on a one-document corpus, judged by jev."""
    corpus, claims = tmp_path / "corpus.jsonl", tmp_path / "claims.jsonl"
    document = {"doc_id": 1, "title": "Buoys", "abstract": ["Buoys were calibrated yearly."]}
    corpus.write_text(json.dumps(document) + "\n", encoding="utf-8")
    row = {"id": 10, "claim": "Buoys were calibrated.", "evidence": {}, "cited_doc_ids": [1]}
    claims.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]


def test_eval_refuses_to_replace_a_file_it_did_not_write(runner: CliRunner, tmp_path: Path) -> None:
    draft = tmp_path / "draft.md"
    draft.write_text("# My draft\n\nMonths of work.\n", encoding="utf-8")
    for option, words in (
        ("--out", "holds no eval row, so it is not an earlier eval's output"),
        ("--summary", "is not an earlier eval's summary"),
    ):
        result = runner.invoke(app, [*_dataset(tmp_path), option, str(draft)])
        assert result.exit_code == 2
        assert result.stderr.splitlines() == [
            f"error: {option} {draft} {words}; give a new file, or one eval wrote"
        ]
        assert draft.read_text(encoding="utf-8") == "# My draft\n\nMonths of work.\n"


def test_eval_replaces_its_own_earlier_outputs(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    out, summary = tmp_path / "pairs.jsonl", tmp_path / "summary.json"
    args = [*_dataset(tmp_path), "--out", str(out), "--summary", str(summary)]
    assert runner.invoke(app, args).exit_code == 0
    again = runner.invoke(app, args)
    assert again.exit_code == 0, again.stderr
    assert [json.loads(line)["id"] for line in out.read_text(encoding="utf-8").splitlines()] == [
        "10"
    ]
    assert json.loads(summary.read_text(encoding="utf-8"))["pairs"] == 1


def test_an_out_with_no_room_is_named(runner: CliRunner, jev_mock: str, tmp_path: Path) -> None:
    # /dev/full: every write fails with ENOSPC and names no file, which was said as "cannot
    # write the output: No space left on device", read as standard output.
    result = runner.invoke(app, [*_dataset(tmp_path), "--out", "/dev/full"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "error: cannot write --out /dev/full: No space left on device; no figures were printed"
    )
    # "--out -" with standard output on a full disk: named as what the user gave.
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [*console_script(), *_dataset(tmp_path), "--out", "-"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=child_env(),
        )
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        "error: cannot write --out standard output: No space left on device; no figures were "
        "printed"
    )


def test_a_dash_is_standard_output_as_for_review(jev_mock: str, tmp_path: Path) -> None:
    # It made a file called "-" in the working folder.
    done = subprocess.run(
        [*console_script(), *_dataset(tmp_path), "--out", "-"],
        capture_output=True,
        text=True,
        env=child_env(),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[0])["gold"] == "not_established"
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_eval_leaves_nothing_behind(tmp_path: Path, signum: int, status: int) -> None:
    # Killed by SIGTERM, it left a partial .tmp, the .lock, an empty --out and its temporary
    # library in the temporary folder.
    temp, work = tmp_path / "temp", tmp_path / "work"
    temp.mkdir()
    work.mkdir()
    out = work / "pairs.jsonl"
    command = [*console_script(), *_dataset(tmp_path)[:-2], "--judge", "openai", "--model", "m"]
    with SilentServer().running() as judge:
        env = {"OPENAI_BASE_URL": judge.url, "OPENAI_API_KEY": "sk-test-0000", "TMPDIR": str(temp)}
        done = interrupt_when_asked(
            [*command, "--out", str(out)], judge, child_env(env), signum=signum
        )
    # Seen once under load: exit 1, "no pair was judged (1 not_checked)". The pair's error, in
    # --out, is what would tell why; it is shown should that recur.
    written = out.read_text() if out.exists() else "(no --out)"
    assert done.returncode == status, f"{done.stderr}\n--out: {written}"
    assert "Traceback" not in done.stderr
    assert list(work.iterdir()) == [] and list(temp.iterdir()) == []
