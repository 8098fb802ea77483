"""Running (claim, paper) pairs: each distinct pair once, concurrently where the judge allows."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import CancelledWorkError, JudgeError
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.judges.protocol import Decision, Judge, JudgeReply
from claimaudit.records import Record
from claimaudit.review.runner import check_pairs
from claimaudit.sources.protocol import SourcePaper
from tests.fakes import MemorySource, ScriptedJudge, pick


def _source() -> MemorySource:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy has sparse matrices.", "Other text."])
    source.add(parse_ref("2105.14372"), "Tips", ["Use baselines.", "Tune hyperparameters."])
    return source


def test_each_distinct_pair_is_judged_once() -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    pairs = [
        ("SciPy has sparse matrices.", "1907.10121"),
        ("SciPy has sparse matrices.", "arXiv:1907.10121"),  # the same paper, spelt otherwise
        ("Use baselines.", "2105.14372"),
        ("SciPy has sparse matrices.", "1907.10121"),
    ]
    seen: list[Record] = []
    results = check_pairs(Checker(_source(), judge), pairs, on_record=seen.append)
    assert len(judge.seen) == 2 and len(results) == 2 and len(seen) == 2
    assert set(results) == {
        ("SciPy has sparse matrices.", "arXiv:1907.10121"),
        ("Use baselines.", "arXiv:2105.14372"),
    }


@dataclass
class BarrierJudge(Judge):
    """Answers only once ``parties`` decisions are in flight together: proof of concurrency."""

    parties: int
    name: str = "barrier"
    concurrency: int = 4
    threads: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.barrier = threading.Barrier(self.parties, timeout=30)

    def decide(self, decision: Decision) -> JudgeReply:
        self.threads.add(threading.current_thread().name)
        try:
            self.barrier.wait()
        except threading.BrokenBarrierError:
            raise JudgeError("decisions were not made concurrently") from None
        return pick("supports", "P001")(decision)


def test_pairs_run_concurrently_when_the_judge_allows() -> None:
    judge = BarrierJudge(parties=2)
    pairs = [("Claim one.", "1907.10121"), ("Claim two.", "2105.14372")]
    results = check_pairs(Checker(_source(), judge), pairs)
    assert [r.verdict for r in results.values()] == ["supports", "supports"]
    assert len(judge.threads) == 2


@dataclass
class CountingJudge(ScriptedJudge):
    workers: int = 1

    @property
    def concurrency(self) -> int:
        return self.workers


@pytest.mark.parametrize("concurrency", [1, 2])
def test_once_cancelled_no_further_pair_is_judged(concurrency: int) -> None:
    """Sequential and threaded alike: the pairs under way finish, the rest never start."""
    pairs = [(f"Claim {word} about baselines.", "2105.14372") for word in "abcdefgh"]
    cancel = threading.Event()

    def cancelling(decision: Decision) -> JudgeReply:
        cancel.set()  # as a client hanging up during the first decision
        return pick("supports", "P001")(decision)

    judge = CountingJudge(cancelling, workers=concurrency)
    with pytest.raises(CancelledWorkError, match=r"cancelled after \d of 8 pairs"):
        check_pairs(Checker(_source(), judge), pairs, cancel=cancel)
    assert 1 <= len(judge.seen) <= concurrency


@dataclass
class CountingSource(MemorySource):
    reads: list[str] = field(default_factory=list)

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        self.reads.append(str(ref))
        return super().fetch(ref, query)


@pytest.mark.parametrize("concurrency", [1, 4])
def test_each_paper_is_read_once_per_run(concurrency: int) -> None:
    source = CountingSource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy has sparse matrices."])
    source.add(parse_ref("2105.14372"), "Tips", ["Use baselines."])
    pairs = [(f"Claim {word} about SciPy.", "1907.10121") for word in "abcdef"]
    pairs.append(("Use baselines.", "arXiv:2105.14372"))
    judge = CountingJudge(pick("supports", "P001"), workers=concurrency)
    results = check_pairs(Checker(source, judge), pairs)
    assert len(results) == 7 and len(judge.seen) == 7
    assert sorted(source.reads) == ["arXiv:1907.10121", "arXiv:2105.14372"]
    assert all(record.verdict == "supports" for record in results.values())
