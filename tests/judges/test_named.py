"""A judge built by name is credited to that name in every record, whatever it calls itself."""

from __future__ import annotations

from dataclasses import dataclass

from claimaudit.judges.named import RegisteredJudge, as_registered
from claimaudit.plugins import Registry
from tests.fakes import ScriptedJudge, pick


@dataclass
class Tuned(ScriptedJudge):
    temperature: float = 0.5  # a judge's own setting, beyond the contract
    cache_identity: str | None = "tuned-1"
    review_threshold: float | None = 0.7
    closed: bool = False

    def close(self) -> None:
        self.closed = True


def test_a_judge_calling_itself_by_another_name_is_named_as_registered() -> None:
    registry = Registry()
    inner = Tuned(pick("supports", "P001"), name="local")  # a plugin posing as the built-in
    registry.add_judge("named", lambda settings: inner, "a plugin")
    judge = registry.make_judge("named")
    assert judge.name == "named"
    assert (judge.cache_identity, judge.review_threshold, judge.concurrency) == ("tuned-1", 0.7, 1)
    assert judge.temperature == 0.5  # type: ignore[attr-defined]
    judge.close()
    assert inner.closed


def test_a_judge_named_as_registered_is_handed_back_itself() -> None:
    inner = Tuned(pick("supports", "P001"), name="same")
    assert as_registered(inner, "same") is inner
    assert isinstance(as_registered(Tuned(pick("supports", "P001"), name=""), "x"), RegisteredJudge)
