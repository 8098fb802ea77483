"""Runs the real ``claimaudit`` CLI with one extra judge plugin, ``gated``, for server tests.

    python -m tests.server.launcher serve --port 8123 --library lib.sqlite3

The ``gated`` judge answers ``supports`` with the first candidate passage. It first writes
``entered-<n>`` into the folder named by ``CLAIMAUDIT_TEST_GATE``, then waits as long as a file
``hold`` exists there. A test can so keep a check in progress for as long as it needs,
deterministically, and see what the server does meanwhile. It registers exactly as a
third-party plugin would.

With ``CLAIMAUDIT_TEST_ADD_GATE`` set to a folder, adding a paper is held the same way: once
its file is read, before it is stored, the add writes ``adding`` there and waits while ``hold``
exists, so that a test can cancel an add in flight (a big PDF's, in life).

``gated`` has no cache identity, so its answers are never cached and every check reaches it.
``gated-cached`` is the same judge with one: a test counts the ``entered-<n>`` files to see
whether a check reached the judge or was answered from the results cache.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from pathlib import Path
from typing import Any

from claimaudit.errors import JudgeError
from claimaudit.judges.protocol import ChoiceAnswer, Decision, Judge, JudgeReply, JudgeSettings
from claimaudit.library import ingest
from claimaudit.plugins import Registry, get_registry
from tests.fakes import pick

GATE_ENV = "CLAIMAUDIT_TEST_GATE"
ADD_GATE_ENV = "CLAIMAUDIT_TEST_ADD_GATE"
# A safety net so that a broken test cannot hang a server thread forever; never reached when
# the test opens the gate.
MAX_WAIT_S = 120.0
NOTE = "the claim's year 2005 is not in the evidence"
_entries = itertools.count(1)
_lock = threading.Lock()


class GatedJudge(Judge):
    name = "gated"

    def decide(self, decision: Decision) -> JudgeReply:
        gate = os.environ.get(GATE_ENV)
        if gate:
            folder = Path(gate)
            with _lock:
                entry = next(_entries)
            (folder / f"entered-{entry}").touch()
            waited = 0.0
            while (folder / "hold").exists():
                if waited > MAX_WAIT_S:
                    raise JudgeError("gate never opened")
                time.sleep(0.02)
                waited += 0.02
        first = next(iter(decision.case.passages)).passage_id
        return pick("supports", first)(decision)


class BareJudge(Judge):
    """Its choice alone, no probabilities (as a chat server without logprobs): supports, with
    the first candidate."""

    name = "bare"

    def decide(self, decision: Decision) -> JudgeReply:
        first = next(iter(decision.case.passages)).passage_id
        choices = {"relation": "supports", "evidence": first}
        answers = {q: ChoiceAnswer(choices[q], None, None) for q in decision.questions}
        return JudgeReply(model="bare-1", answers=answers)


class NotedJudge(Judge):
    """A confident supports with the first candidate, and a consistency note, as the embedded
    verifier gives when the evidence lacks a number of the claim."""

    name = "noted"

    def decide(self, decision: Decision) -> JudgeReply:
        first = next(iter(decision.case.passages)).passage_id
        return pick("supports", first, strength=0.97, notes=(NOTE,))(decision)


class CachedGatedJudge(GatedJudge):
    name = "gated-cached"
    cache_identity = "gated-cached/1"


def register(registry: Registry) -> None:
    registry.add_judge("gated", _make, "test judge held by a gate")
    registry.add_judge("gated-cached", _make_cached, "test judge held by a gate, cacheable")
    registry.add_judge("bare", lambda settings: BareJudge(), "test judge without probabilities")
    registry.add_judge("noted", lambda settings: NotedJudge(), "test judge with a review note")


def _make(settings: JudgeSettings) -> GatedJudge:
    return GatedJudge()


def _make_cached(settings: JudgeSettings) -> CachedGatedJudge:
    return CachedGatedJudge()


def _wait_while_held(folder: Path) -> None:
    waited = 0.0
    while (folder / "hold").exists():
        if waited > MAX_WAIT_S:
            raise JudgeError("gate never opened")
        time.sleep(0.02)
        waited += 0.02


def hold_adds(folder: Path) -> None:
    """Every add from now on is held at ``folder``'s gate between reading and storing."""
    cut = ingest.make_passages

    def held(*args: Any, **kwargs: Any) -> Any:
        (folder / "adding").touch()
        _wait_while_held(folder)
        return cut(*args, **kwargs)

    ingest.make_passages = held  # type: ignore[assignment]


def main() -> None:
    register(get_registry())
    add_gate = os.environ.get(ADD_GATE_ENV)
    if add_gate:
        hold_adds(Path(add_gate))
    from claimaudit.cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
