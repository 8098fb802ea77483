"""Fixtures for judge tests: a fault-injecting System One server and a typical decision."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from claimaudit.judges.protocol import Case, Decision
from claimaudit.judges.questions import build_decision
from claimaudit.passage import Passage
from tests.judges.faultserver import TEST_KEY, FaultServer
from tests.judges.openaiserver import OpenAIServer


@pytest.fixture
def decision() -> Decision:
    """A relation question and an evidence question over two passages, as the checker asks."""
    passages = [
        Passage("P001", "Dropout of 0.1 improved BLEU by 0.8 on WMT14 En-De.", "Results"),
        Passage("P002", "We train on 8 P100 GPUs for 12 hours.", "Training"),
    ]
    case = Case(
        claim="Dropout improves translation quality.", paper_title="A paper", passages=passages
    )
    return build_decision(case)


@pytest.fixture
def fault_server() -> Iterator[FaultServer]:
    """A fault server in mode "ok" that requires TEST_KEY; tests switch modes with set_mode."""
    with FaultServer(key=TEST_KEY, delay=3.0) as server:
        yield server


@pytest.fixture
def jev_env(monkeypatch: pytest.MonkeyPatch, fault_server: FaultServer) -> FaultServer:
    """Point the SDK's environment at the fault server, with the test key."""
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
    monkeypatch.setenv("TYPESAFE_BASE_URL", fault_server.url)
    monkeypatch.delenv("TYPESAFE_DEFAULT_MODEL", raising=False)
    return fault_server


@pytest.fixture
def openai_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[OpenAIServer]:
    """A fake chat completions server requiring TEST_KEY, with the judge's environment set."""
    with OpenAIServer(key=TEST_KEY) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("OPENAI_API_KEY", TEST_KEY)
        monkeypatch.setenv("OPENAI_MODEL", "fake-chat")
        yield server
