"""Fixtures for judge tests: a fault-injecting System One server and a typical decision."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from claimaudit.judges.protocol import CandidatePassage, Case, ChoiceQuestion, Decision
from tests.judges.faultserver import TEST_KEY, FaultServer

RELATION_OPTIONS: dict[str, str | None] = {
    "supports": "The passages establish the exact claim, with all its qualifiers.",
    "contradicts": "The passages state something incompatible with the claim.",
    "not_addressed": "The passages do not deal with the claim's central proposition.",
    "insufficient_evidence": "On topic, but too vague or narrow to establish the claim.",
}


@pytest.fixture
def decision() -> Decision:
    """A relation question and an evidence question over two passages, as the checker asks."""
    passages = [
        CandidatePassage("P001", "Dropout of 0.1 improved BLEU by 0.8 on WMT14 En-De.", "Results"),
        CandidatePassage("P002", "We train on 8 P100 GPUs for 12 hours.", "Training"),
    ]
    case = Case(
        claim="Dropout improves translation quality.", paper_title="A paper", passages=passages
    )
    state = "\n".join(
        ["Claim: " + case.claim, "Paper: " + case.paper_title, "Passages:"]
        + [f"{p.passage_id} [{p.section}]: {p.text}" for p in passages]
    )
    return Decision(
        state=state,
        questions={
            "relation": ChoiceQuestion(
                instructions="How do the passages relate to the exact claim?",
                options=RELATION_OPTIONS,
            ),
            "evidence": ChoiceQuestion(
                instructions="Which single passage most directly supports or contradicts it?",
                options={"P001": None, "P002": None, "none": "No passage does."},
            ),
        },
        case=case,
    )


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
