"""``claimaudit --debug``: details on stderr for every command, never a credential."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.identity import PaperRef
from claimaudit.plugins import Registered, get_registry
from claimaudit.sources.protocol import Source, SourcePaper
from tests.cli.conftest import DEEP_RULES_REF

ENV_KEY = "sk-env-key-0123456789abcdef"
ECHOED = "sk-SECRETJEV123"  # a key no variable holds, echoed by a proxy after "Bearer"


class Leaky(Source):
    """Logs what SDKs log at debug level (a reply body, a request URL), then fails."""

    name = "leaky"

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        body = f'{{"error": {{"message": "echo Bearer {ECHOED}"}}}}'.encode()
        logging.getLogger("typesafe_sdk").debug("Response: status=401 body=%r", body)
        logging.getLogger("httpx").debug("HTTP Request: POST %s", f"https://x.example/?k={ENV_KEY}")
        raise RuntimeError(f"failed with {ENV_KEY}")


@pytest.fixture
def leaky(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("OPENAI_API_KEY", ENV_KEY)
    registered = Registered(lambda *, path: Leaky(), "test source", "tests")
    monkeypatch.setitem(get_registry().sources, "leaky", registered)
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])  # --debug configures logging: undone after
    monkeypatch.setattr(root, "level", root.level)
    yield
    resort = logging.lastResort
    if resort is not None:  # --debug also filters Python's last-resort handler
        for found in [f for f in resort.filters if type(f).__name__ == "RedactingFilter"]:
            resort.removeFilter(found)


@pytest.mark.parametrize("command", ["check", "batch"])
def test_debug_output_is_redacted(
    runner: CliRunner, paper_library: Path, tmp_path: Path, leaky: None, command: str
) -> None:
    claims = tmp_path / "claims.jsonl"
    claims.write_text(
        json.dumps({"id": "c1", "claim": "Baselines help.", "papers": [DEEP_RULES_REF]}) + "\n"
    )
    args = {
        "check": ["check", "Baselines help.", "-p", DEEP_RULES_REF],
        "batch": ["batch", str(claims), "--out", str(tmp_path / "out.jsonl")],
    }[command]
    result = runner.invoke(
        app, ["--debug", *args, "--source", "leaky", "--library", str(paper_library)]
    )
    # The source fails, so batch judged nothing: exit 1, as a batch with no verdict ends.
    assert result.exit_code == (1 if command == "batch" else 0), result.output
    log = result.stderr
    # The details are all there (the traceback included), with every credential masked.
    assert "echo Bearer ***" in log and "https://x.example/?k=***" in log
    assert "Traceback" in log and "RuntimeError: failed with ***" in log
    assert ECHOED not in log and ENV_KEY not in log


@pytest.mark.parametrize("args", [["plugins"], ["mcp", "--help"], ["review", "--help"]])
def test_every_command_logs_through_the_filter(
    runner: CliRunner, leaky: None, args: list[str]
) -> None:
    # --debug is the group's option: whatever the command, its handlers are the redacting ones.
    assert runner.invoke(app, ["--debug", *args]).exit_code == 0
    handlers = logging.getLogger().handlers
    assert handlers
    assert all(any(type(f).__name__ == "RedactingFilter" for f in h.filters) for h in handlers)
