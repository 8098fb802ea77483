"""Plugin backends whose calls never answer until a gate is set (the ``gate`` fixture in
conftest.py sets it at teardown, so no thread is left waiting)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from claimaudit.identity import PaperRef, parse_ref
from claimaudit.judges.protocol import Decision, JudgeReply
from claimaudit.sources.protocol import SourcePaper
from tests.fakes import MemorySource, ScriptedJudge

# The most a stuck plugin call holds: without a watchdog a test fails rather than hangs.
HOLD = 10


@dataclass
class StuckJudge(ScriptedJudge):
    """Answers nothing until ``gate`` is set; counts the calls it got."""

    gate: threading.Event = field(default_factory=threading.Event)
    calls: int = 0
    closed: bool = False

    def decide(self, decision: Decision) -> JudgeReply:
        self.calls += 1
        self.gate.wait(HOLD)
        return super().decide(decision)

    def close(self) -> None:
        self.closed = True


class StuckSource(MemorySource):
    """Never answers for ``stuck`` (every paper when None) until ``gate`` is set."""

    def __init__(self, gate: threading.Event, stuck: str | None = None) -> None:
        super().__init__()
        self.gate, self.fetched = gate, list[str]()
        self.stuck = parse_ref(stuck) if stuck else None
        self.extra = "beyond the contract"

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        self.fetched.append(str(ref))
        if self.stuck is None or ref.matches(self.stuck):
            self.gate.wait(HOLD)
        return super().fetch(ref, query)
