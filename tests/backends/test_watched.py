"""A plugin's judge or source that never answers: the paper is ``not_checked`` at the deadline,
the run goes on, and the stuck backend is not called beside the call still running
(watched.py)."""

from __future__ import annotations

import threading

import pytest

from claimaudit.api import make_checker
from claimaudit.backends.watched import WatchedJudge, WatchedSource
from claimaudit.checker.pipeline import Checker
from claimaudit.errors import InvalidSettingsError, JudgeError, PluginError, PluginTimeoutError
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.judges.protocol import Decision, Judge, JudgeReply, JudgeSettings
from claimaudit.plugins import Registry, get_registry
from claimaudit.records import CheckedRecord, NotCheckedRecord
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper
from tests.fakes import MemoryCache, MemorySource, ScriptedJudge, pick
from tests.stuck import HOLD, StuckJudge, StuckSource

CLAIM = "Aspirin lowers fever."
STUCK = "was not asked: an earlier call did not answer within 0.2 s and may still be running"


def papers(source: MemorySource) -> MemorySource:
    for ref in ("scifact:1", "scifact:2", "scifact:3"):
        source.add(parse_ref(ref), ref, ["Aspirin lowers fever in adults."])
    return source


def test_a_plugin_judge_that_never_answers_leaves_the_papers_not_checked(
    gate: threading.Event,
) -> None:
    registry = Registry()
    inner = StuckJudge(pick("supports", "P001"), name="slow", gate=gate)
    registry.add_judge("slow", lambda settings: inner, "a plugin")
    judge = registry.make_judge("slow", JudgeSettings(timeout=0.2))
    first, second = Checker(papers(MemorySource()), judge).check(CLAIM, ["scifact:1", "scifact:2"])
    assert isinstance(first, NotCheckedRecord) and isinstance(second, NotCheckedRecord)
    assert first.error == "judge 'slow' did not answer within 0.2 s"
    assert second.error == f"judge 'slow' {STUCK}"
    assert inner.calls == 1  # never called beside the stuck one
    with pytest.raises(JudgeError, match=r"^judge 'slow' was not closed: "):
        judge.close()
    assert not inner.closed


def test_a_plugin_source_that_never_answers_leaves_its_papers_not_checked(
    gate: threading.Event,
) -> None:
    registry = Registry()
    source = papers(StuckSource(gate, "scifact:2"))
    registry.add_source("stuck", lambda *, path: source, "a plugin")
    watched = registry.make_source("stuck", timeout=0.2)
    assert isinstance(watched, WatchedSource)
    assert watched.extra == "beyond the contract"  # type: ignore[attr-defined]
    records = Checker(watched, ScriptedJudge(pick("supports", "P001"))).check(
        CLAIM, ["scifact:1", "scifact:2", "scifact:3"]
    )
    assert isinstance(records[0], CheckedRecord) and records[0].verdict == "supports"
    # Named as registered ("stuck"), not by the object's own name ("memory").
    assert [r.error for r in records[1:]] == [  # type: ignore[union-attr]
        "source 'stuck' did not answer within 0.2 s",
        f"source 'stuck' {STUCK}",
    ]
    assert source.fetched == ["scifact:1", "scifact:2"]


def test_built_in_backends_are_not_wrapped() -> None:
    # They bound their own calls; a wrapper would only change their errors.
    registry = get_registry()
    assert not isinstance(registry.make_judge("local"), WatchedJudge)
    assert not isinstance(registry.make_source("library"), WatchedSource)


def test_a_judge_object_handed_to_make_checker_is_watched(gate: threading.Event) -> None:
    judge = StuckJudge(pick("supports", "P001"), name="mine", gate=gate)
    source = papers(MemorySource())
    with make_checker(judge, source=source, cache=False, timeout=0.2) as checker:
        [record] = checker.check(CLAIM, ["scifact:1"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "judge 'mine' did not answer within 0.2 s"
    assert not judge.closed  # the caller's own, as before


def test_a_broken_judge_object_is_refused_under_its_own_name() -> None:
    class Nameless(ScriptedJudge):
        pass

    with pytest.raises(PluginError, match=r"^judge Nameless is named ''"):
        make_checker(Nameless(pick("supports", "P001"), name=""), source=MemorySource())


def test_a_source_timeout_out_of_range_is_refused() -> None:
    with pytest.raises(InvalidSettingsError, match="timeout must be"):
        get_registry().make_source("library", timeout=0)


class _WaitingProperties(Judge):
    """A plugin judge whose ``attribute`` waits on a gate when read (its server asked for
    limits that never come); it supports every claim with its first passage."""

    name = "waits"

    def __init__(self, gate: threading.Event, attribute: str) -> None:
        self.gate, self.attribute = gate, attribute

    def decide(self, decision: Decision) -> JudgeReply:
        return pick("supports", "P001")(decision)

    def _wait(self, attribute: str) -> None:
        if attribute == self.attribute:
            self.gate.wait(HOLD)

    @property
    def concurrency(self) -> int:
        self._wait("concurrency")
        return 1

    @property
    def review_threshold(self) -> float | None:
        self._wait("review_threshold")
        return None

    @property
    def cache_identity(self) -> str | None:
        self._wait("cache_identity")
        return "waits/1"


@pytest.mark.parametrize("attribute", ["concurrency", "review_threshold"])
def test_a_plugin_judge_whose_setting_never_comes_is_one_line_not_a_hang(
    gate: threading.Event, attribute: str
) -> None:
    # QA: a judge's concurrency read while the checker is made waited for ever (check, batch,
    # review, a server's request), as a call did before calls were watched.
    registry = Registry()
    registry.add_judge("waits", lambda s: _WaitingProperties(gate, attribute), "a plugin")
    judge = registry.make_judge("waits", JudgeSettings(timeout=0.2))
    with pytest.raises(PluginTimeoutError) as refused:
        make_checker(judge, source=papers(MemorySource()))
    assert str(refused.value) == f"judge 'waits' did not give its {attribute} within 0.2 s"


def test_a_plugin_judge_whose_cache_identity_never_comes_leaves_the_paper_not_checked(
    gate: threading.Event,
) -> None:
    registry = Registry()
    registry.add_judge("waits", lambda s: _WaitingProperties(gate, "cache_identity"), "a plugin")
    judge = registry.make_judge("waits", JudgeSettings(timeout=0.2))
    checker = Checker(papers(MemorySource()), judge, cache=MemoryCache())  # reads it per paper
    [record] = checker.check(CLAIM, ["scifact:1"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "judge 'waits' did not give its cache_identity within 0.2 s"


def test_a_plugin_source_whose_library_use_never_comes_is_one_line_not_a_hang(
    gate: threading.Event,
) -> None:
    class Waiting(MemorySource):
        @property
        def library_use(self) -> LibraryUse:
            gate.wait(HOLD)
            return LibraryUse.NONE

    registry = Registry()
    registry.add_source("waits", lambda *, path: papers(Waiting()), "a plugin")
    source = registry.make_source("waits", timeout=0.2)
    with pytest.raises(PluginTimeoutError) as refused:
        make_checker(ScriptedJudge(pick("supports", "P001")), source=source)
    assert str(refused.value) == "source 'waits' did not give its library_use within 0.2 s"


def test_a_stuck_call_leaves_the_settings_readable_and_the_next_papers_not_checked(
    gate: threading.Event,
) -> None:
    # As before the settings were watched: a server's next request builds its checker beside
    # the stuck call, and its papers are not_checked, not the request refused.
    registry = Registry()
    inner = StuckJudge(pick("supports", "P001"), name="slow", gate=gate)
    registry.add_judge("slow", lambda settings: inner, "a plugin")
    judge = registry.make_judge("slow", JudgeSettings(timeout=0.2))
    [stuck] = Checker(papers(MemorySource()), judge).check(CLAIM, ["scifact:1"])
    assert isinstance(stuck, NotCheckedRecord)
    assert judge.concurrency == 1 and judge.review_threshold is None
    checker = make_checker(judge, source=papers(MemorySource()), cache=False)
    [later] = checker.check(CLAIM, ["scifact:2"])
    assert isinstance(later, NotCheckedRecord)
    assert later.error == f"judge 'slow' {STUCK}"


class _NameRaises(Judge):
    """A caller's own judge whose ``name`` raises (a settings file it reads is missing)."""

    @property
    def name(self) -> str:
        raise FileNotFoundError("/home/me/.judge token=abc123def")

    def decide(self, decision: Decision) -> JudgeReply:
        return pick("supports", "P001")(decision)


class _SourceNameRaises(Source):
    full_text = True

    @property
    def name(self) -> str:
        raise KeyError("name")

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        raise AssertionError("never asked: refused before any paper")


class _HalfJudgeNameRaises:
    """No ``decide``, and a ``name`` that raises: the contract error names it by its class."""

    @property
    def name(self) -> str:
        raise RuntimeError("boom")


# A judge or a source whose ``name`` raises, and the one line it is refused with.
_NAMES_THAT_RAISE = pytest.mark.parametrize(
    ("judge", "source", "message"),
    [
        (
            _NameRaises(),
            MemorySource(),
            "judge _NameRaises failed to give its name: it raised FileNotFoundError",
        ),
        (
            None,
            _SourceNameRaises(),
            "source _SourceNameRaises failed to give its name: it raised KeyError",
        ),
    ],
    ids=["judge", "source"],
)


@_NAMES_THAT_RAISE
def test_a_callers_backend_whose_name_raises_is_a_plugin_error(
    judge: Judge | None, source: Source, message: str
) -> None:
    # QA: a plugin's property that raised was a one-line PluginError, the caller's own object's
    # `name` that raised left make_checker as the bare exception (its message, a secret
    # included, on the command line).
    with pytest.raises(PluginError) as caught:
        make_checker(judge or ScriptedJudge(pick("supports", "P001")), source=source)
    assert str(caught.value) == message


def test_a_judge_that_breaks_its_contract_and_whose_name_raises_is_named_by_its_class() -> None:
    with pytest.raises(PluginError, match=r"^judge '_HalfJudgeNameRaises' does not keep"):
        make_checker(_HalfJudgeNameRaises(), source=MemorySource())  # type: ignore[arg-type]


@_NAMES_THAT_RAISE
def test_a_checker_built_directly_refuses_a_name_that_raises_alike(
    judge: Judge | None, source: Source, message: str
) -> None:
    # The public Checker reads the names itself: the same one line, not the bare exception.
    with pytest.raises(PluginError) as caught:
        Checker(source, judge or ScriptedJudge(pick("supports", "P001")))
    assert str(caught.value) == message
