"""A plugin that writes to standard output by any route, not only ``print()``, never corrupts
machine-readable output (``guards.own_stdout``): what it writes is on stderr.

Each test runs the real command in a child process, with standard output a pipe, and a plugin
of an installed package (``qa-chatty`` 0.1) whose judge and source write to stdout by the route
the test names: from a thread of its own, through ``sys.stdout.buffer`` or ``sys.__stdout__``,
``os.write(1, ...)``, ``click.echo`` or libc's ``printf`` (as a C extension would)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.chatty import ROUTES, chatty_env


def run(tmp_path: Path, route: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "claimaudit", *args],
        capture_output=True,
        text=True,
        env=chatty_env(tmp_path, route),
        timeout=300,
        check=False,
    )


CHECK = ["check", "Aspirin lowers fever.", "-p", "scifact:1", "--judge", "chatty"]
CHATTY = ["--judge", "chatty", "--source", "chatty"]


@pytest.mark.parametrize("route", ROUTES)
def test_check_json_stays_parseable_whatever_route_a_plugin_writes_by(
    tmp_path: Path, route: str
) -> None:
    done = run(tmp_path, route, *CHECK, "--source", "chatty", "--format", "json")
    assert done.returncode == 0, done.stderr
    [record] = json.loads(done.stdout)["records"]  # stdout is the JSON alone
    assert record["verdict"] == "supports"
    assert "CHATTER register" in done.stderr
    if route != "thread":
        assert "CHATTER fetch" in done.stderr and "CHATTER decide" in done.stderr


@pytest.mark.parametrize("route", ["thread", "fd", "libc"])
def test_plugins_json_stays_parseable(tmp_path: Path, route: str) -> None:
    done = run(tmp_path, route, "plugins", "--json")
    assert done.returncode == 0, done.stderr
    assert "chatty" in {judge["name"] for judge in json.loads(done.stdout)["judges"]}
    assert "CHATTER register" in done.stderr


def test_a_plugin_writing_to_a_closed_stdout_still_loads(tmp_path: Path) -> None:
    # Its write to descriptor 1 failed (a broken pipe, a full disk), and the plugin with it:
    # "unknown judge 'chatty' ... chatty: OSError: No space left on device".
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "claimaudit", *CHECK, "--source", "chatty", "--format", "json"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=chatty_env(tmp_path, "fd"),
            timeout=300,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == "error: cannot write the output: No space left on device"
    assert "unknown judge" not in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("json_out", ["-", "/dev/stdout"])
def test_review_json_on_stdout_stays_parseable(tmp_path: Path, json_out: str) -> None:
    # /dev/stdout is written in place through the private copy of descriptor 1: claimed,
    # the name itself leads to stderr (``stdio_names.opened_as``).
    paper, draft = tmp_path / "paper.md", tmp_path / "draft.md"
    paper.write_text("# Results\n\nAspirin lowers fever in adults.\n")
    draft.write_text("Aspirin lowers fever [@local:p1].\n")
    added = run(tmp_path, "fd", "library", "add", str(paper), "--ref", "local:p1")
    assert added.returncode == 0, added.stderr
    done = run(tmp_path, "fd", "review", str(draft), "--judge", "chatty", "--json", json_out)
    assert done.returncode == 0, done.stderr
    report, _ = json.JSONDecoder().raw_decode(done.stdout)  # the table may follow a path's
    assert [record["verdict"] for record in report["records"]] == ["supports"]
    assert "CHATTER" not in done.stdout
    assert "CHATTER register" in done.stderr and "CHATTER decide" in done.stderr


def test_with_stderr_closed_the_json_is_still_written(tmp_path: Path) -> None:
    # ``2>&-``: what a plugin writes to descriptor 1 goes nowhere, and the copy of descriptor 1
    # kept for the JSON must not take the free number 2.
    command = [sys.executable, "-m", "claimaudit", *CHECK, "--source", "chatty", "--format", "json"]
    done = subprocess.run(
        ["sh", "-c", 'exec "$@" 2>&-', "sh", *command],
        stdout=subprocess.PIPE,
        text=True,
        env=chatty_env(tmp_path, "fd"),
        timeout=300,
        check=False,
    )
    assert done.returncode == 0
    [record] = json.loads(done.stdout)["records"]
    assert record["verdict"] == "supports"


@pytest.mark.parametrize("out", ["/dev/stdout", "link"])
def test_batch_out_on_stdout_holds_records_alone(tmp_path: Path, out: str) -> None:
    # batch opens --out itself (locked, resumed from, appended to): named /dev/stdout, or by a
    # link to it, standard output was left unclaimed, and a plugin's os.write(1, ...) landed
    # in the JSON Lines between the records.
    source = tmp_path / "in.jsonl"
    line = {"id": "a", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}
    source.write_text(json.dumps(line) + "\n")
    if out == "link":
        (tmp_path / "link").symlink_to("/dev/stdout")
        out = str(tmp_path / "link")
    done = run(tmp_path, "fd", "batch", str(source), "--out", out, *CHATTY)
    assert done.returncode == 0, done.stderr
    [record] = [json.loads(row) for row in done.stdout.splitlines()]
    assert record["verdict"] == "supports"
    assert "CHATTER register" in done.stderr and "CHATTER decide" in done.stderr
    assert f"wrote 1 record to {out};" in done.stderr  # the name given, not the private copy's


def _batch_to_stdout_appending(
    tmp_path: Path, source: Path, appended_to: Path
) -> subprocess.CompletedProcess[str]:
    """``batch SOURCE --out /dev/stdout >> APPENDED_TO``, a chatty plugin writing by fd 1."""
    command = [sys.executable, "-m", "claimaudit", "batch", str(source), "--out", "/dev/stdout"]
    with appended_to.open("ab") as appended:
        return subprocess.run(
            [*command, *CHATTY],
            stdout=appended,
            stderr=subprocess.PIPE,
            text=True,
            env=chatty_env(tmp_path, "fd"),
            timeout=300,
            check=False,
        )


def test_batch_resumes_from_the_file_stdout_appends_to(tmp_path: Path) -> None:
    # ``--out /dev/stdout >> runs.jsonl``: claimed, the name leads to stderr; the run must still
    # lock, resume from and append to runs.jsonl.
    source, runs = tmp_path / "in.jsonl", tmp_path / "runs.jsonl"
    line = {"id": "a", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}
    source.write_text(json.dumps(line) + "\n")
    for _ in range(2):
        done = _batch_to_stdout_appending(tmp_path, source, runs)
        assert done.returncode == 0, done.stderr
    assert "wrote 0 records to /dev/stdout; 1 already done" in done.stderr
    [record] = [json.loads(row) for row in runs.read_text().splitlines()]
    assert record["verdict"] == "supports"


def test_batch_into_its_own_input_through_stdout_is_refused_by_the_name_given(
    tmp_path: Path,
) -> None:
    # ``--out /dev/stdout >> in.jsonl`` is refused, but the refusal named the private copy
    # of descriptor 1 ("--out /dev/fd/3 is the same file as the input"), a name never given.
    source = tmp_path / "in.jsonl"
    line = {"id": "a", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}
    source.write_text(json.dumps(line) + "\n")
    before = source.read_bytes()
    done = _batch_to_stdout_appending(tmp_path, source, source)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[-1] == (
        f"error: --out /dev/stdout is the same file as the input {source}; choose another path"
    )
    assert source.read_bytes() == before


def test_eval_out_through_a_link_to_stdout_leaves_stderrs_file_alone(tmp_path: Path) -> None:
    # Claimed, the link leads to stderr: eval refused --out as "holds no eval row" when stderr
    # went to a log with lines in it, and replaced an empty log with its rows, the tables on
    # standard output in their place.
    corpus, claims, link = tmp_path / "corpus.jsonl", tmp_path / "claims.jsonl", tmp_path / "rows"
    document = {"doc_id": 1, "title": "Buoys", "abstract": ["Buoys were calibrated yearly."]}
    corpus.write_text(json.dumps(document) + "\n")
    row = {"id": 10, "claim": "Buoys were calibrated.", "evidence": {}, "cited_doc_ids": [1]}
    claims.write_text(json.dumps(row) + "\n")
    link.symlink_to("/dev/stdout")
    log = tmp_path / "log.txt"
    log.write_text("an earlier line\n")
    command = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus)]
    with log.open("a") as appended:
        done = subprocess.run(
            [sys.executable, "-m", "claimaudit", *command, "--judge", "chatty", "--out", str(link)],
            stdout=subprocess.PIPE,
            stderr=appended,
            text=True,
            env=chatty_env(tmp_path, "fd"),
            timeout=300,
            check=False,
        )
    logged = log.read_text()
    assert done.returncode == 0, logged
    [record] = [json.loads(line) for line in done.stdout.splitlines()]  # the rows alone
    assert record["gold"] == "not_established"
    assert logged.startswith("an earlier line\n")
    assert "CHATTER decide" in logged and "macro-F1" in logged
