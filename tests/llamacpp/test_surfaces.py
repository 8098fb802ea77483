"""``check``, ``batch``, ``review`` and the HTTP server with the openai judge on a real llama.cpp
server, under each condition of ``Conditions``: a verdict from the real server, a server without
logprobs, an answer outside the options, a window too small, a stopped server; and a server
stopped in the middle of a batch. Every failure is a ``not_checked`` record, and every answer
without probabilities needs review: none ends as a plain verdict.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from claimaudit.cli import _install_commands, app
from claimaudit.records import RELATIONS
from tests.llamacpp.fixtures import TIMEOUT_S, Conditions
from tests.llamacpp.papers import CLAIM, DROPOUT_REF
from tests.llamacpp.server import SERVED_MODEL, LlamaServer
from tests.server.conftest import RunningServer, ServerLauncher, stop

pytestmark = pytest.mark.llama

JUDGE_ARGS = ["--judge", "openai", "--model", SERVED_MODEL, "--timeout", f"{TIMEOUT_S:g}"]
DRAFT = f"# A draft\n\n{CLAIM[:-1]} (arXiv:2401.00001).\n"
SUMMARY_COST = re.compile(
    r"judge tokens: [\d,]+ prompt, [\d,]+ completion; waiting on the judge: [\d.]+ s"
)


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    _install_commands()
    return CliRunner()


def assert_outcome(condition: str, record: dict[str, Any], *, service: bool = False) -> None:
    """What a record must be under ``condition``, as the README documents it. ``service``: the
    record came from ``claimaudit serve``, which does not show its judge's address."""
    assert record["paperRef"] == DROPOUT_REF
    if condition in ("plain", "no_logprobs"):
        assert record["verdict"] in RELATIONS, record
        assert record["judge"] == "openai" and record["model"] == SERVED_MODEL
        assert record["judgeTokens"]["prompt"] > 0 and record["judgeTokens"]["completion"] > 0
        assert record["judgeSeconds"] > 0
        if condition == "no_logprobs":
            assert record["probabilitiesAvailable"] is False and record["confidence"] is None
        if not record["probabilitiesAvailable"]:
            assert record["needsReview"] is True
        return
    assert record["verdict"] == "not_checked" and record["needsReview"] is True, record
    expected = {
        "off_options": r"^OpenAI-compatible server answered 'relation' with .+, not one of its "
        r"option labels$",
        "too_long": r"^the model's context window of 256 tokens is smaller than the \d+ tokens "
        r"the claim, the questions and the answer need before any passage$",
        "stopped": r"^OpenAI-compatible server is unreachable at "
        + (r"the server's judge address$" if service else r"http://127\.0\.0\.1:\d+/v1$"),
    }[condition]
    assert re.match(expected, record["error"]), record["error"]


def assert_summary(records: list[dict[str, Any]], summary: dict[str, Any]) -> None:
    """The run's summary adds up what each record cost (no tokens when none reported any)."""
    reported = [r["judgeTokens"] for r in records if r.get("judgeTokens") is not None]
    assert summary["judgeTokens"] == (
        {
            "prompt": sum(tokens["prompt"] for tokens in reported),
            "completion": sum(tokens["completion"] for tokens in reported),
        }
        if reported
        else None
    )
    seconds = sum(r.get("judgeSeconds", 0.0) for r in records)
    assert summary["judgeSeconds"] == pytest.approx(seconds, abs=0.002 * len(records))


# ---------------------------------------------------------------------- the command line


@pytest.mark.parametrize("condition", Conditions.names)
def test_check(
    condition: str, conditions: Conditions, papers: Path, runner: CliRunner, openai_env: Any
) -> None:
    openai_env.setenv("OPENAI_BASE_URL", conditions.base_url(condition))
    args = ["check", CLAIM, "--paper", DROPOUT_REF, "--library", str(papers), *JUDGE_ARGS]
    result = runner.invoke(
        app, [*args, "--no-cache", "--format", "json", "--fail-on", "not-checked"]
    )
    assert result.exit_code == (0 if condition in ("plain", "no_logprobs") else 1), result.stderr
    answer = json.loads(result.stdout)
    [record] = answer["records"]
    assert_outcome(condition, record)
    assert_summary(answer["records"], answer["summary"])


@pytest.mark.parametrize("condition", Conditions.names)
def test_batch(
    condition: str,
    conditions: Conditions,
    papers: Path,
    runner: CliRunner,
    openai_env: Any,
    tmp_path: Path,
) -> None:
    openai_env.setenv("OPENAI_BASE_URL", conditions.base_url(condition))
    source, out = tmp_path / "claims.jsonl", tmp_path / "records.jsonl"
    source.write_text(json.dumps({"id": "c1", "claim": CLAIM, "papers": [DROPOUT_REF]}) + "\n")
    args = ["batch", str(source), "--out", str(out), "--library", str(papers), *JUDGE_ARGS]
    result = runner.invoke(app, [*args, "--no-cache"])
    judged = condition in ("plain", "no_logprobs")
    # A batch whose every pair is not_checked judged nothing: exit 1, the record written.
    assert result.exit_code == (0 if judged else 1), result.stderr
    [record] = [json.loads(line) for line in out.read_text().splitlines()]
    assert_outcome(condition, record)
    assert record["id"] == "c1"
    line = " ".join(result.stderr.split())
    if judged:
        assert "1 pair: 1 with a verdict, 0 not checked" in line
        assert SUMMARY_COST.search(line), line
    else:
        assert "1 pair: 0 with a verdict, 1 not checked" in line


@pytest.mark.parametrize("condition", Conditions.names)
def test_review(
    condition: str,
    conditions: Conditions,
    papers: Path,
    runner: CliRunner,
    openai_env: Any,
    tmp_path: Path,
) -> None:
    openai_env.setenv("OPENAI_BASE_URL", conditions.base_url(condition))
    draft, out = tmp_path / "draft.md", tmp_path / "review.json"
    draft.write_text(DRAFT, encoding="utf-8")
    args = ["review", str(draft), "--library", str(papers), "--json", str(out), *JUDGE_ARGS]
    result = runner.invoke(app, [*args, "--no-cache"])
    assert result.exit_code == 0, result.stderr
    answer = json.loads(out.read_text(encoding="utf-8"))
    [record] = answer["records"]
    assert record["claim"] == CLAIM  # the sentence less its citation: the question asked above
    assert_outcome(condition, record)
    assert_summary(answer["records"], answer["summary"])
    if condition == "plain":
        assert SUMMARY_COST.search(" ".join(result.stdout.split())), result.stdout


def test_a_server_stopped_in_the_middle_of_a_batch(
    papers: Path, openai_env: Any, tmp_path: Path
) -> None:
    """The server is killed once the first record is written: that record keeps its verdict,
    every later pair is not_checked (its error names the server), and the run ends as usual
    with its summary."""
    claims = [CLAIM, "Dropout slows the training of translation models.", "Dropout hurts BLEU."]
    source, out = tmp_path / "claims.jsonl", tmp_path / "records.jsonl"
    source.write_text(
        "".join(json.dumps({"id": f"c{i}", "claim": c, "papers": [DROPOUT_REF]}) + "\n"
                for i, c in enumerate(claims, start=1)),
        encoding="utf-8",
    )  # fmt: skip
    command = [
        str(Path(sys.executable).parent / "claimaudit"), "batch", str(source), "--out", str(out),
        "--library", str(papers), *JUDGE_ARGS, "--no-cache",
    ]  # fmt: skip
    with LlamaServer(tmp_path, n_ctx=1024) as doomed:
        openai_env.setenv("OPENAI_BASE_URL", doomed.base_url)
        run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + TIMEOUT_S
        while not (out.exists() and out.read_text().count("\n") >= 1):
            assert run.poll() is None and time.monotonic() < deadline, run.communicate()
            time.sleep(0.02)
        doomed.kill()
        _, stderr = run.communicate(timeout=TIMEOUT_S)
    assert run.returncode == 0, stderr
    first, *rest = [json.loads(line) for line in out.read_text().splitlines()]
    assert first["id"] == "c1" and first["verdict"] in RELATIONS
    assert [r["id"] for r in rest] == ["c2", "c3"]
    for record in rest:
        assert record["verdict"] == "not_checked" and record["needsReview"] is True
        assert "OpenAI-compatible server" in record["error"], record["error"]
    assert "3 pairs: 1 with a verdict, 2 not checked" in " ".join(stderr.decode().split())


# ---------------------------------------------------------------------- the HTTP server


@pytest.fixture(scope="module")
def http_server(
    conditions: Conditions, papers: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[RunningServer]:
    """``claimaudit serve`` whose openai judge asks the switchboard proxy (its base URL is
    fixed when the server starts; ``conditions.switch`` points the proxy at a condition)."""
    env = {"OPENAI_BASE_URL": conditions.switchboard.url, "OPENAI_MODEL": SERVED_MODEL}
    running = ServerLauncher(tmp_path_factory).start(papers, env=env)
    yield running
    stop(running)
    conditions.switch("plain")


def test_http_review(conditions: Conditions, http_server: RunningServer) -> None:
    conditions.switch("plain")
    body = {"markdown": DRAFT, "judge": "openai", "cache": False}
    with httpx.Client(base_url=http_server.url, timeout=TIMEOUT_S) as api:
        response = api.post("/v1/reviews", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    [record] = answer["records"]
    assert record["claim"] == CLAIM
    assert_outcome("plain", record)
    assert_summary(answer["records"], answer["summary"])


# The server keeps its judge between requests, and the judge keeps the window it learned from
# an overflow: the too-small window comes last.
HTTP_ORDER = ("plain", "no_logprobs", "off_options", "stopped", "too_long")


@pytest.mark.parametrize("condition", HTTP_ORDER)
def test_http_check(condition: str, conditions: Conditions, http_server: RunningServer) -> None:
    conditions.switch(condition)
    body = {"claim": CLAIM, "papers": [DROPOUT_REF], "judge": "openai", "cache": False}
    with httpx.Client(base_url=http_server.url, timeout=TIMEOUT_S) as api:
        response = api.post("/v1/checks", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    [record] = answer["records"]
    assert_outcome(condition, record, service=True)
    assert_summary(answer["records"], answer["summary"])
