"""The judged-results cache as the checker uses it: what hits, what misses, what is never kept."""

from __future__ import annotations

from dataclasses import replace

import pytest

from claimaudit.checker.cache import CacheKey, paper_fingerprint
from claimaudit.checker.pipeline import Checker
from claimaudit.checker.policy import ReviewPolicy
from claimaudit.identity import parse_ref
from claimaudit.records import CheckedRecord
from tests.fakes import MemoryCache, MemorySource, ScriptedJudge, failing, pick

REF = parse_ref("1907.10121v2")
TEXTS = ["SciPy provides sparse matrices.", "It is written in Python."]
CLAIM = "SciPy provides sparse matrices."


def _setup(texts: list[str] = TEXTS) -> tuple[MemorySource, ScriptedJudge, MemoryCache]:
    source = MemorySource()
    source.add(REF, "SciPy 1.0", texts)
    judge = ScriptedJudge(pick("supports", "P001", strength=0.85), cache_identity="scripted-1")
    return source, judge, MemoryCache()


def test_a_second_check_reuses_the_judgement() -> None:
    source, judge, cache = _setup()
    checker = Checker(source, judge, cache=cache)
    first = checker.check_paper(CLAIM, "1907.10121")
    second = checker.check_paper(CLAIM, "arXiv:1907.10121")
    assert len(judge.seen) == 1 and cache.hits == 1
    # The same record, but for the judge's time: a cached answer waited on no judge (the
    # first can round to 0.001 s on a loaded machine).
    assert isinstance(first, CheckedRecord) and isinstance(second, CheckedRecord)
    assert second.judge_seconds == 0.0
    assert first.model_copy(update={"judge_seconds": 0.0}) == second


def test_the_review_threshold_is_applied_on_read() -> None:
    source, judge, cache = _setup()
    Checker(source, judge, cache=cache).check_paper(CLAIM, "1907.10121")
    strict = Checker(source, judge, cache=cache, policy=ReviewPolicy(0.95))
    record = strict.check_paper(CLAIM, "1907.10121")
    assert len(judge.seen) == 1  # from the cache, yet judged by the new policy
    assert record.needs_review
    lenient = Checker(source, judge, cache=cache, policy=ReviewPolicy(0.5))
    assert not lenient.check_paper(CLAIM, "1907.10121").needs_review


def test_a_topic_spaced_otherwise_is_a_hit_that_shows_this_runs_query() -> None:
    source, judge, cache = _setup()
    checker = Checker(source, judge, cache=cache)
    first = checker.check_paper(CLAIM, "1907.10121", topic="sparse    matrices")
    second = checker.check_paper(CLAIM, "1907.10121", topic="sparse matrices")
    assert len(judge.seen) == 1 and cache.hits == 1
    assert isinstance(first, CheckedRecord) and isinstance(second, CheckedRecord)
    assert first.search_query == second.search_query == f"{CLAIM} sparse matrices"


@pytest.mark.parametrize(
    "change",
    ["claim", "topic", "requested edition", "paper text", "judge identity", "budget"],
)
def test_anything_that_changes_the_answer_misses(change: str) -> None:
    source, judge, cache = _setup()
    Checker(source, judge, cache=cache).check_paper(CLAIM, "1907.10121")
    claim, paper, topic = CLAIM, "1907.10121", None
    checker = Checker(source, judge, cache=cache)
    if change == "claim":
        claim = "SciPy provides dense matrices."
    elif change == "topic":
        topic = "sparse"
    elif change == "requested edition":
        paper = "1907.10121v2"
    elif change == "paper text":
        source.add(REF, "SciPy 1.0", [*TEXTS[:1], "It is written in Fortran."])
    elif change == "judge identity":
        checker.judge = replace(judge, cache_identity="scripted-2")
    else:
        checker.max_chars = 40
    checker.check_paper(claim, paper, topic)
    assert cache.hits == 0 and len(cache.entries) == 2


def test_not_checked_records_are_never_cached() -> None:
    source, _, cache = _setup()
    judge = ScriptedJudge(failing("service down"), cache_identity="scripted-1")
    checker = Checker(source, judge, cache=cache)
    assert checker.check_paper(CLAIM, "1907.10121").verdict == "not_checked"
    assert checker.check_paper(CLAIM, "2105.14372").verdict == "not_checked"  # not in source
    assert cache.entries == {} and len(judge.seen) == 1


def test_a_judge_without_identity_is_not_cached() -> None:
    source, _, cache = _setup()
    judge = ScriptedJudge(pick("supports", "P001"))
    checker = Checker(source, judge, cache=cache)
    checker.check_paper(CLAIM, "1907.10121")
    checker.check_paper(CLAIM, "1907.10121")
    assert cache.gets == 0 and len(judge.seen) == 2


class BrokenCache:
    def get(self, key: CacheKey) -> CheckedRecord | None:
        raise OSError("disk on fire")

    def put(self, key: CacheKey, record: CheckedRecord) -> None:
        raise OSError("disk on fire")


def test_a_failing_cache_never_fails_a_check() -> None:
    source, judge, _ = _setup()
    record = Checker(source, judge, cache=BrokenCache()).check_paper(CLAIM, "1907.10121")
    assert record.verdict == "supports"


def test_fingerprint_and_identity() -> None:
    source, judge, _ = _setup()
    paper = source.fetch(REF, CLAIM)
    other = MemorySource()
    other.add(REF, "SciPy 1.0", [TEXTS[0], TEXTS[1] + " "])
    assert paper_fingerprint(paper) == paper_fingerprint(source.fetch(REF, "another query"))
    assert paper_fingerprint(paper) != paper_fingerprint(other.fetch(REF, CLAIM))
    assert judge.cache_identity == "scripted-1"
    assert ScriptedJudge(pick("supports", None)).cache_identity is None


def test_the_shipped_judges_declare_an_identity() -> None:
    from claimaudit.judges.jev import JevJudge
    from claimaudit.judges.local.judge import LocalJudge
    from claimaudit.judges.openai.judge import OpenAIJudge

    local = LocalJudge().cache_identity
    assert local is not None and local.startswith("claimaudit-verifier-")
    jev = JevJudge(model="jev-x", base_url="https://user:secret@api.example.org/v1?k=secret")
    assert jev.cache_identity == "jev-x@https://api.example.org/v1#prompt1"
    openai = OpenAIJudge(
        model="qwen", base_url="http://user:secret@127.0.0.1:9/v1", timeout=1.0, retries=0
    )
    assert openai.cache_identity == "qwen@http://127.0.0.1:9/v1#prompt1"


def test_a_stored_record_for_another_question_is_a_miss() -> None:
    # A damaged or hand-edited cache must never answer one claim with another claim's record.
    source, judge, cache = _setup()
    checker = Checker(source, judge, cache=cache)
    checker.check_paper(CLAIM, "1907.10121")
    checker.check_paper("It is written in Python.", "1907.10121")
    asked, other = cache.entries.values()
    for digest in list(cache.entries):
        cache.entries[digest] = other  # every key now holds the second claim's record
    again = checker.check_paper(CLAIM, "1907.10121")
    assert isinstance(again, CheckedRecord) and again.claim == CLAIM
    assert len(judge.seen) == 3  # judged afresh
    assert asked.claim == CLAIM


def test_a_cached_record_shows_the_sources_url_without_credentials() -> None:
    source, judge, cache = _setup()

    class Leaky(MemorySource):
        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            return replace(super().fetch(ref, query), url="https://u:pw@example.org/x?token=abc")

    leaky = Leaky(papers=source.papers)
    checker = Checker(leaky, judge, cache=cache)
    checker.check_paper(CLAIM, "1907.10121")
    cached = checker.check_paper(CLAIM, "1907.10121")
    assert cache.hits == 1 and isinstance(cached, CheckedRecord)
    assert cached.paper_url == "https://***@example.org/x?token=***"
