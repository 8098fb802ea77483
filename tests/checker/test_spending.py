"""What a judge reports it cost: token figures that are no counts are left out, and said so
without echoing them."""

from __future__ import annotations

import logging

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.checker.spending import Spent
from claimaudit.judges.protocol import Decision, JudgeReply
from claimaudit.records import CheckedRecord
from tests.checker.conftest import CLAIM
from tests.fakes import MemorySource, ScriptedJudge, pick

SECRET = "tsk-QA-secret-0123456789"


def test_token_figures_that_are_no_counts_are_named_without_their_values(
    source: MemorySource, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # QA: the warning printed the figures as given, "{'input_tokens': '...'}": a plugin's
    # value holding TYPESAFE_API_KEY's value reached stderr unmasked, escape sequences and
    # line breaks too, and it said "the judge", whichever judge it was.
    monkeypatch.setenv("TYPESAFE_API_KEY", SECRET)

    def script(decision: Decision) -> JudgeReply:
        reply = pick("supports", "P001")(decision)
        usage = {"input_tokens": f"\x1b[31m\nkey={SECRET}", "output_tokens": -3}
        return JudgeReply(reply.model, reply.answers, usage=usage)

    with caplog.at_level(logging.WARNING, logger="claimaudit.checker.spending"):
        [record] = Checker(source, ScriptedJudge(script, name="mine")).check(CLAIM, ["1706.03762"])
    assert isinstance(record, CheckedRecord) and record.judge_tokens is None
    assert [r.getMessage() for r in caplog.records] == [
        "judge 'mine' reported token figures that are not counts (input_tokens: str, "
        "output_tokens: -3); the record gives no token total"
    ]


def test_counts_are_summed() -> None:
    spent = Spent()
    spent.add(1, {"input_tokens": 3, "output_tokens": 4}, "mine")
    spent.add(1, {"input_tokens": 5, "output_tokens": 6}, "mine")
    tokens = spent.tokens()
    assert spent.calls == 2 and tokens is not None
    assert (tokens.prompt, tokens.completion) == (8, 10)
