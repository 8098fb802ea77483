"""The judged-results cache as the checker uses it: what hits, what misses, what is never kept."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from claimaudit.api import make_checker
from claimaudit.checker.cache import CacheKey, cache_key, paper_fingerprint, recall
from claimaudit.checker.pipeline import Checker
from claimaudit.checker.policy import ReviewPolicy
from claimaudit.cli._older_readings import older_reading
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.judges.protocol import Decision, Judge, JudgeReply
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.records import CheckedRecord
from claimaudit.sources.protocol import SourcePaper
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
    jev = JevJudge(model="jev-x", base_url="https://user:secret@api.example.org/v1")
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


def _paper(**change: object) -> SourcePaper:
    """A paper with one passage; ``change`` sets a field of the paper or of its passage."""
    passage = Passage("P001", TEXTS[0], section="Results", pages=(4, 4))
    when = datetime(2026, 1, 1, tzinfo=UTC)
    paper = SourcePaper(REF, "SciPy 1.0", None, [passage], when, "")
    if {"section", "pages"} & change.keys():
        return replace(paper, passages=[replace(passage, **change)])
    return replace(paper, **change)


@pytest.mark.parametrize(
    "change",
    [
        {"title": "SciPy 2.0"},  # the judge is shown the title
        {"full_text": False},  # search excerpts, not the whole text
        {"section": "Methods"},  # the judge is shown the section
        {"pages": (5, 5)},  # a record names its evidence's pages (README: the results cache)
    ],
    ids=["title", "full-text", "section", "pages"],
)
def test_a_paper_that_differs_in_what_a_record_shows_gets_another_cache_key(
    change: dict[str, object],
) -> None:
    _, judge, _ = _setup()
    keys = [
        cache_key(CLAIM, None, REF, paper, judge, "s") for paper in (_paper(), _paper(**change))
    ]
    assert keys[0] is not None and keys[1] is not None
    assert keys[0].digest != keys[1].digest


def test_a_recalled_record_names_the_paper_as_found_now() -> None:
    # A record keeping the stored paperContentHash would make a resumed batch take it for one
    # judged against replaced text, and redo the pair on every resume (batch.stale).
    source, judge, cache = _setup()
    checker = Checker(source, judge, cache=cache)
    checker.check_paper(CLAIM, "1907.10121")
    [stored] = cache.entries.values()
    then = source.fetch(REF, CLAIM)
    key = checker.cache_key_for(CLAIM, parse_ref("1907.10121"), then, None)
    now = replace(
        then,
        url="https://example.org/scipy.pdf",
        retrieved_at=datetime(2026, 3, 1, tzinfo=UTC),
        content_hash="sha256:" + "b" * 64,
    )
    assert key is not None and key.digest in cache.entries
    found = recall(cache, key, now, {}, ReviewPolicy())
    assert found is not None
    assert (found.paper_url, found.retrieved_at, found.paper_content_hash) == (
        "https://example.org/scipy.pdf",
        now.retrieved_at,
        now.content_hash,
    )
    assert (stored.paper_url, stored.retrieved_at, stored.paper_content_hash) != (
        found.paper_url,
        found.retrieved_at,
        found.paper_content_hash,
    )


def test_a_claim_and_topic_in_decomposed_unicode_are_the_composed_question() -> None:
    # The same words in NFD (a paste from a macOS file name) ranked other passages, so the
    # embedded judge gave the same sentence another verdict, and the cache kept both.
    source, judge, cache = _setup(["The naïve café result.", "It is written in Python."])
    checker = Checker(source, judge, cache=cache)
    composed = checker.check_paper("A na\u00efve caf\u00e9 result.", "1907.10121", "caf\u00e9")
    decomposed = checker.check_paper("A nai\u0308ve cafe\u0301 result.", "1907.10121", "cafe\u0301")
    assert len(judge.seen) == 1 and cache.hits == 1
    assert judge.seen[0].case.claim == "A na\u00efve caf\u00e9 result."
    assert judge.seen[0].case.topic == "caf\u00e9"
    assert isinstance(decomposed, CheckedRecord)
    assert decomposed.model_copy(update={"judge_seconds": 0.0}) == composed.model_copy(
        update={"judge_seconds": 0.0}
    )


def test_the_key_of_a_decomposed_request_is_the_composed_one() -> None:
    # The ray engine's driver keys the request as the batch line gave it, while its worker's
    # checker judges it composed: both must be one key, or the judgement is never found.
    source, judge, _ = _setup()
    paper = source.fetch(REF, CLAIM)
    one = cache_key("A na\u00efve claim.", "caf\u00e9", REF, paper, judge, "s")
    other = cache_key("A nai\u0308ve claim.", "cafe\u0301  ", REF, paper, judge, "s")
    assert one is not None and one == other


def test_a_claim_with_a_soft_hyphen_inside_a_word_is_the_same_question() -> None:
    source, judge, cache = _setup()
    checker = Checker(source, judge, cache=cache)
    plain = checker.check_paper(CLAIM, "1907.10121", "sparse")
    pasted = checker.check_paper(
        "SciPy pro\u00advides sparse ma\u2060trices.", "1907.10121", "spar\u00adse"
    )
    assert len(judge.seen) == 1 and cache.hits == 1
    assert isinstance(pasted, CheckedRecord) and pasted.claim == CLAIM
    assert pasted.model_copy(update={"judge_seconds": 0.0}) == plain.model_copy(
        update={"judge_seconds": 0.0}
    )


def test_the_judge_is_shown_the_topic_spaced_as_the_cache_keys_it() -> None:
    # The key joins the topic's words with one space, so an answer to "sparse    matrices" is
    # reused for "sparse matrices": the judge (an LLM's prompt) must have been asked the latter.
    source, judge, cache = _setup()
    Checker(source, judge, cache=cache).check_paper(CLAIM, "1907.10121", " sparse \t matrices ")
    assert judge.seen[0].case.topic == "sparse matrices"


class _NoIdentity(Judge):
    """A judge whose cache identity fails when read (a plugin's, reading a model file)."""

    name = "scripted"
    asked = 0

    def decide(self, decision: Decision) -> JudgeReply:
        self.asked += 1
        return pick("supports", "P001")(decision)

    @property
    def cache_identity(self) -> str | None:
        raise FileNotFoundError("weights.bin")


class _ExitingIdentity(_NoIdentity):
    @property
    def cache_identity(self) -> str | None:
        raise SystemExit(2)


class _NumberedIdentity(_NoIdentity):
    @property
    def cache_identity(self) -> str | None:
        return 7  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("judge_class", "message"),
    [
        # QA: "check failed: FileNotFoundError", naming no judge.
        (_NoIdentity, "judge 'scripted' failed to give its cache_identity: it raised FileNot"),
        (_NumberedIdentity, "judge 'scripted' gave its cache_identity as int, not a string"),
        # QA: its SystemExit ended the run, as a judge's decide calling sys.exit() did.
        (_ExitingIdentity, "judge 'scripted' failed to give its cache_identity: it raised System"),
    ],
)
def test_a_cache_identity_that_fails_or_is_no_text_is_not_checked_naming_the_judge(
    judge_class: type[_NoIdentity], message: str
) -> None:
    source, _, cache = _setup()
    judge = judge_class()
    record = Checker(source, judge, cache=cache).check_paper(CLAIM, "1907.10121")
    assert record.verdict == "not_checked" and record.error.startswith(message), record
    assert judge.asked == 0  # nothing was judged under a key that could not be made


class _HashingSearch(MemorySource):
    """A search service's source (it never reads the library) that sets the library-only
    ``content_hash`` and ``extractor`` all the same."""

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        found = super().fetch(ref, query)
        return replace(found, content_hash="ab" * 32, extractor="markdown/1")


def test_a_content_hash_from_a_source_that_never_reads_the_library_is_ignored(
    tmp_path: Path,
) -> None:
    # QA: a plugin's search source setting content_hash made every record "judged as an older
    # reader read it (reader unrecorded)", and none of its judgements was ever cached (the
    # cache keeps none for content the library does not hold).
    source = _HashingSearch()
    source.add(parse_ref("arXiv:2101.00001"), "A paper", ["Raw data must be kept unmodified."])
    judge = ScriptedJudge(pick("supports", "P001"), cache_identity="scripted-1")
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()  # the cache lives in a library's file
    for _ in range(2):
        with make_checker(judge, source=source, library=library) as checker:
            (record,) = checker.check("Keep raw data unmodified.", ["arXiv:2101.00001"])
        assert isinstance(record, CheckedRecord)
        assert record.paper_content_hash is None and record.paper_extractor is None
        assert older_reading(record) is None
    assert len(judge.seen) == 1  # the second check was answered from the cache
