"""Plugin backends that misbehave while checking (a judge whose close() fails, one that prints,
one that calls itself by another name): the records still come out whole and clean."""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.judges.protocol import Decision, JudgeReply
from claimaudit.plugins import Registered, get_registry
from claimaudit.sources.protocol import SourcePaper
from tests.fakes import MemorySource, ScriptedJudge, pick
from tests.stuck import StuckJudge, StuckSource

KEY = "sk-QAOPENAI-7777-0123456789"


@dataclass
class BadCloseJudge(ScriptedJudge):
    def close(self) -> None:
        raise RuntimeError(f"close failed {KEY}")


@pytest.fixture
def memory(monkeypatch: pytest.MonkeyPatch) -> MemorySource:
    """Source ``memory`` holding scifact:1; the secret key in the environment."""
    source = MemorySource()
    source.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    monkeypatch.setitem(
        get_registry().sources, "memory", Registered(lambda *, path: source, "", "t")
    )
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    return source


def judge_plugin(monkeypatch: pytest.MonkeyPatch, name: str, judge: ScriptedJudge) -> list[str]:
    monkeypatch.setitem(get_registry().judges, name, Registered(lambda _: judge, "", "t"))
    return ["--judge", name, "--source", "memory", "--no-cache"]


def test_a_judge_whose_close_fails_loses_no_record(
    runner: CliRunner,
    memory: MemorySource,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    tmp_path: Path,
) -> None:
    options = judge_plugin(monkeypatch, "badclose", BadCloseJudge(pick("supports", "P001")))
    with caplog.at_level(logging.WARNING, logger="claimaudit.backends.closing"):
        result = runner.invoke(
            app, ["check", "Aspirin lowers fever.", "-p", "scifact:1", "--format", "json", *options]
        )
    assert result.exit_code == 0, result.output
    [record] = json.loads(result.stdout)["records"]
    assert record["verdict"] == "supports"
    assert "Traceback" not in result.stderr and KEY not in result.output
    warnings = [r.getMessage() for r in caplog.records]
    assert warnings == [
        "warning: closing judge 'badclose' failed (results are kept): "
        "RuntimeError: close failed ***"
    ]

    claims = tmp_path / "in.jsonl"
    claims.write_text(
        json.dumps({"id": 1, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]})
    )
    out = tmp_path / "out.jsonl"
    batch = runner.invoke(app, ["batch", str(claims), "--out", str(out), *options])
    assert batch.exit_code == 0, batch.output
    assert "Traceback" not in batch.stderr and KEY not in batch.output
    assert json.loads(out.read_text())["verdict"] == "supports"
    assert "wrote 1 record" in batch.stderr


@dataclass
class PrintingJudge(ScriptedJudge):
    def decide(self, decision: Decision) -> JudgeReply:
        print("debug: judging", decision.case.claim)
        return super().decide(decision)


class PrintingSource(MemorySource):
    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        print("debug: fetching", ref)
        return super().fetch(ref, query)


def test_what_a_judge_or_source_prints_while_checking_goes_to_stderr(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = PrintingSource()
    source.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    monkeypatch.setitem(
        get_registry().sources, "printing", Registered(lambda *, path: source, "", "t")
    )
    options = judge_plugin(monkeypatch, "printing", PrintingJudge(pick("supports", "P001")))
    options[options.index("memory")] = "printing"
    result = runner.invoke(
        app, ["check", "Aspirin lowers fever.", "-p", "scifact:1", "--format", "json", *options]
    )
    assert result.exit_code == 0, result.output
    [record] = json.loads(result.stdout)["records"]  # stdout is the JSON alone
    assert record["verdict"] == "supports"
    assert "debug: judging Aspirin lowers fever." in result.stderr
    assert "debug: fetching scifact:1" in result.stderr


@pytest.mark.parametrize("own", ["local", "", "evil\x1b[31m\nFAKE", 42])
def test_a_record_names_the_judge_as_registered_not_as_it_calls_itself(
    runner: CliRunner, memory: MemorySource, monkeypatch: pytest.MonkeyPatch, own: object
) -> None:
    # "judge": "local" was recorded though a plugin judged; "" and escapes were kept.
    judge = ScriptedJudge(pick("supports", "P001"), name=own)  # type: ignore[arg-type]
    options = judge_plugin(monkeypatch, "named", judge)
    result = runner.invoke(
        app, ["check", "Aspirin lowers fever.", "-p", "scifact:1", "--format", "jsonl", *options]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert (record["judge"], record["verdict"]) == ("named", "supports")


# ------------------------------------------------------ a plugin whose call never returns


def test_check_gives_up_on_a_plugin_judge_that_never_answers(
    runner: CliRunner, memory: MemorySource, monkeypatch: pytest.MonkeyPatch, gate: threading.Event
) -> None:
    options = judge_plugin(monkeypatch, "stuck", StuckJudge(pick("supports", "P001"), gate=gate))
    memory.add(parse_ref("scifact:2"), "Two", ["Aspirin lowers fever in adults."])
    result = runner.invoke(
        app,
        [
            *("check", "Aspirin lowers fever.", "-p", "scifact:1", "-p", "scifact:2"),
            *("--format", "json", "--timeout", "2"),
            *options,
        ],
    )
    assert result.exit_code == 0, result.output
    first, second = json.loads(result.stdout)["records"]
    assert (first["verdict"], second["verdict"]) == ("not_checked", "not_checked")
    assert first["error"] == "judge 'stuck' did not answer within 2 s"
    assert second["error"] == (
        "judge 'stuck' was not asked: an earlier call did not answer within 2 s and may "
        "still be running"
    )
    assert "Traceback" not in result.stderr


def test_check_gives_up_on_a_plugin_source_that_never_answers(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, gate: threading.Event
) -> None:
    source = StuckSource(gate)
    stuck = Registered(lambda *, path: source, "", "t")
    monkeypatch.setitem(get_registry().sources, "stuck", stuck)
    options = judge_plugin(monkeypatch, "fine", ScriptedJudge(pick("supports", "P001")))
    options[options.index("memory")] = "stuck"
    result = runner.invoke(
        app,
        [
            *("check", "Aspirin lowers fever.", "-p", "scifact:1", "--format", "json"),
            *("--timeout", "2"),
            *options,
        ],
    )
    assert result.exit_code == 0, result.output
    [record] = json.loads(result.stdout)["records"]
    assert record["verdict"] == "not_checked"
    assert record["error"] == "source 'stuck' did not answer within 2 s"


def test_batch_goes_on_past_a_plugin_judge_that_never_answers(
    runner: CliRunner,
    memory: MemorySource,
    monkeypatch: pytest.MonkeyPatch,
    gate: threading.Event,
    tmp_path: Path,
) -> None:
    options = judge_plugin(monkeypatch, "stuck", StuckJudge(pick("supports", "P001"), gate=gate))
    claims = tmp_path / "in.jsonl"
    claims.write_text(
        "".join(
            json.dumps({"id": n, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}) + "\n"
            for n in (1, 2, 3)
        )
    )
    out = tmp_path / "out.jsonl"
    result = runner.invoke(
        app, ["batch", str(claims), "--out", str(out), "--timeout", "2", *options]
    )
    # Every claim has its record and the run ends (exit 1: no pair was judged).
    assert result.exit_code == 1, result.output
    assert "wrote 3 records" in result.stderr and "Traceback" not in result.stderr
    errors = [json.loads(line)["error"] for line in out.read_text().splitlines()]
    assert errors[0] == "judge 'stuck' did not answer within 2 s"
    assert errors[1:] == [errors[1]] * 2 and errors[1].startswith("judge 'stuck' was not asked")
