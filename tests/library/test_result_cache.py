"""Judged results kept in the library database, and a real check reusing them."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from claimaudit.api import make_checker
from claimaudit.checker.cache import CacheKey
from claimaudit.errors import ContentConflictError
from claimaudit.identity import parse_ref
from claimaudit.judges.protocol import Decision, JudgeReply
from claimaudit.library.ingest import add_path
from claimaudit.library.models import AddOutcome
from claimaudit.library.result_cache import LibraryResultCache
from claimaudit.library.store import Library
from claimaudit.records import CheckedRecord, record_from_dict
from tests.fakes import ScriptedJudge, pick
from tests.library.helpers import GOOD_ENOUGH

REF = "doi:10.1371/journal.pcbi.1005510"
CLAIM = "Researchers should save the raw data and never modify it."


def _library(tmp_path: Path) -> Path:
    path = tmp_path / "library.sqlite3"
    with Library.open(path) as library:
        add_path(library, GOOD_ENOUGH / "index.md", ref=parse_ref(REF))
    return path


def _judge() -> ScriptedJudge:
    # P012 is the Introduction's item "Data Management: saving both raw and intermediate
    # forms; ...": a passage the claim is about, so evidence selection surely offers it.
    return ScriptedJudge(pick("supports", "P012"), cache_identity="scripted-1")


def test_results_survive_between_checkers_and_processes(tmp_path: Path) -> None:
    path = _library(tmp_path)
    first_judge, second_judge = _judge(), _judge()
    first = make_checker(first_judge, library=path, cache=LibraryResultCache(path))
    record = first.check_paper(CLAIM, REF)
    assert isinstance(record, CheckedRecord) and len(first_judge.seen) == 1
    cache = LibraryResultCache(path)
    second = make_checker(second_judge, library=path, cache=cache)
    again = second.check_paper(CLAIM, REF)
    # The same record; only the time spent waiting on the judge is none the second time (the
    # first is rounded to milliseconds, so it reads 0.0 only on an idle machine).
    assert isinstance(again, CheckedRecord) and again.judge_seconds == 0.0
    assert again.model_copy(update={"judge_seconds": record.judge_seconds}) == record
    assert second_judge.seen == [] and (cache.hits, cache.misses) == (1, 0)
    assert cache.count() == 1


def test_a_token_in_a_claims_or_topics_url_is_kept_neither_in_records_nor_at_rest(
    tmp_path: Path,
) -> None:
    # QA: only a URL's userinfo was masked; ``?token=`` and ``?api_key=`` values were stored in
    # the record's claim and searchQuery and in the shared cache, as typed.
    path = _library(tmp_path)
    claim = f"{CLAIM} See https://data.example/set?token=tok-0123456789."
    topic = "raw data https://data.example/x?api_key=key-9876543210"
    judge = _judge()
    record = make_checker(judge, library=path, cache=LibraryResultCache(path)).check_paper(
        claim, REF, topic
    )
    assert isinstance(record, CheckedRecord)
    assert record.claim == f"{CLAIM} See https://data.example/set?token=***."
    assert record.search_query is not None and "api_key=***" in record.search_query
    # The judge read the claim as written: masking it could change the verdict.
    assert "tok-0123456789" in judge.seen[0].case.claim
    stored = path.read_bytes()
    assert b"tok-0123456789" not in stored and b"key-9876543210" not in stored
    # The judgement kept answers the same claim again.
    cache = LibraryResultCache(path)
    again = make_checker(_judge(), library=path, cache=cache).check_paper(claim, REF, topic)
    assert isinstance(again, CheckedRecord) and (cache.hits, cache.misses) == (1, 0)


@pytest.mark.parametrize(
    "identity",
    [
        # A plugin's judge naming its endpoint as configured, and a base URL's path parameter
        # (kept by the built-in judges' identity, which drops only userinfo and the query).
        "proxy-judge@https://alice:pw-0123456789@judge.example/v1?api_key=key-9876543210",
        "m@https://judge.example/v1;token=tok-0123456789#prompt1",
    ],
)
def test_a_credential_in_a_judges_cache_identity_is_not_kept_at_rest(
    tmp_path: Path, identity: str
) -> None:
    # QA: the cache stored the judge's identity as it came, in a readable column beside the
    # digest, so a credential in it stayed in the library file.
    path = _library(tmp_path)
    judge = ScriptedJudge(pick("supports", "P012"), cache_identity=identity)
    cache = LibraryResultCache(path)
    record = make_checker(judge, library=path, cache=cache).check_paper(CLAIM, REF)
    assert isinstance(record, CheckedRecord) and cache.count() == 1
    stored = path.read_bytes()
    for secret in (b"pw-0123456789", b"key-9876543210", b"tok-0123456789"):
        assert secret not in stored
    # The digest is of the identity as given: the judgement kept is still found.
    again = LibraryResultCache(path)
    agreed = ScriptedJudge(pick("supports", "P012"), cache_identity=identity)
    assert isinstance(
        make_checker(agreed, library=path, cache=again).check_paper(CLAIM, REF), CheckedRecord
    )
    assert (again.hits, again.misses) == (1, 0)


def test_replacing_the_paper_with_changed_text_invalidates(tmp_path: Path) -> None:
    path = _library(tmp_path)
    judge = _judge()
    checker = make_checker(judge, library=path, cache=LibraryResultCache(path))
    checker.check_paper(CLAIM, REF)
    changed = tmp_path / "changed.md"
    changed.write_text(
        (GOOD_ENOUGH / "index.md").read_text(encoding="utf-8") + "\n\nAn added paragraph.\n",
        encoding="utf-8",
    )
    with Library.open(path) as library:
        add_path(library, changed, ref=parse_ref(REF), replace=True)
    checker.check_paper(CLAIM, REF)
    assert len(judge.seen) == 2


def _judging_while(change: Callable[[], None]) -> ScriptedJudge:
    """A judge that answers as ``_judge`` does, after ``change`` was made to the library."""
    answer = pick("supports", "P012")

    def script(decision: Decision) -> JudgeReply:
        change()
        return answer(decision)

    return ScriptedJudge(script, cache_identity="scripted-1")


def test_a_paper_removed_while_it_is_judged_leaves_no_judgement_behind(tmp_path: Path) -> None:
    # QA: `library remove` during a check; the check then cached a judgement quoting the text
    # the removal had just taken out of the library.
    path = _library(tmp_path)

    def remove() -> None:
        with Library.open(path) as library:
            library.remove(parse_ref(REF))

    cache = LibraryResultCache(path)
    record = make_checker(_judging_while(remove), library=path, cache=cache).check_paper(CLAIM, REF)
    assert isinstance(record, CheckedRecord)  # the caller still has it
    assert cache.count() == 0 and cache.stored == 0  # nothing said to be kept either


def test_a_paper_replaced_while_it_is_judged_keeps_no_judgement_of_the_old_text(
    tmp_path: Path,
) -> None:
    path = _library(tmp_path)
    changed = tmp_path / "changed.md"
    changed.write_text(
        (GOOD_ENOUGH / "index.md").read_text(encoding="utf-8") + "\n\nAn added paragraph.\n",
        encoding="utf-8",
    )

    def replace() -> None:
        with Library.open(path) as library:
            add_path(library, changed, ref=parse_ref(REF), replace=True)

    cache = LibraryResultCache(path)
    make_checker(_judging_while(replace), library=path, cache=cache).check_paper(CLAIM, REF)
    assert cache.count() == 0


def test_a_record_names_the_content_it_judged_and_is_cached_while_it_is_held(
    tmp_path: Path,
) -> None:
    path = _library(tmp_path)
    with Library.open(path) as library:
        stored = library.get_paper(parse_ref(REF))
    assert stored is not None
    cache = LibraryResultCache(path)
    record = make_checker(_judge(), library=path, cache=cache).check_paper(CLAIM, REF)
    assert isinstance(record, CheckedRecord)
    assert record.paper_content_hash == stored.content_hash
    assert record.paper_extractor == stored.extractor and stored.extractor.startswith("markdown/")
    assert cache.count() == 1 and cache.stored == 1


def test_unreadable_entries_and_missing_libraries_are_misses(tmp_path: Path) -> None:
    path = _library(tmp_path)
    checker = make_checker(_judge(), library=path, cache=LibraryResultCache(path))
    checker.check_paper(CLAIM, REF)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE judged_results SET record = ?", (json.dumps({"verdict": "?"}),))
    judge = _judge()
    again = make_checker(judge, library=path, cache=LibraryResultCache(path))
    assert again.check_paper(CLAIM, REF).verdict == "supports"
    assert len(judge.seen) == 1  # judged afresh, and the bad entry overwritten
    with sqlite3.connect(path) as conn:
        [(stored,)] = conn.execute("SELECT record FROM judged_results").fetchall()
    assert json.loads(stored)["verdict"] == "supports"
    absent = LibraryResultCache(tmp_path / "absent.sqlite3")
    key = CacheKey(CLAIM, "", REF, REF, "f", "scripted", "scripted-1", "s")
    absent.put(key, json_record(stored))
    assert absent.get(key) is None and absent.misses == 1
    assert not (tmp_path / "absent.sqlite3").exists()  # a cache never creates a library


def json_record(stored: str) -> CheckedRecord:
    record = record_from_dict(json.loads(stored))
    assert isinstance(record, CheckedRecord)
    return record


def test_a_dropped_cache_table_is_recreated_when_the_library_opens(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Dropped, the table made every read a silent miss and every write a silent no-op."""
    path = _library(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE judged_results")
    with caplog.at_level("WARNING"):
        first = make_checker(_judge(), library=path, cache=LibraryResultCache(path))
        record = first.check_paper(CLAIM, REF)
    assert "recreated the missing table judged_results" in caplog.text
    judge = _judge()
    cache = LibraryResultCache(path)
    again = make_checker(judge, library=path, cache=cache).check_paper(CLAIM, REF)
    assert isinstance(record, CheckedRecord) and isinstance(again, CheckedRecord)
    assert judge.seen == [] and cache.hits == 1 and cache.count() == 1


def _cached_with_another_papers(path: Path) -> CheckedRecord:
    """The record of a check of CLAIM against REF, cached in the library at ``path`` beside a
    judgement of another paper (from another source: a library paper's would be kept only
    while the library held it)."""
    checker = make_checker(_judge(), library=path, cache=LibraryResultCache(path))
    record = checker.check_paper(CLAIM, REF)
    assert isinstance(record, CheckedRecord) and record.evidence
    other = record.model_copy(
        update={"matched_ref": "local:other", "evidence": "Other text.", "paper_content_hash": None}
    )
    key = CacheKey(CLAIM, "", "local:other", "local:other", "f", "scripted", "scripted-1", "s")
    LibraryResultCache(path).put(key, other)
    return record


def test_removing_a_paper_removes_its_judgements_and_the_text_they_quote(tmp_path: Path) -> None:
    """The tester's case: after ``library remove`` the paper's judgement stayed in the cache,
    its evidence quoting the removed text word for word."""
    path = _library(tmp_path)
    record = _cached_with_another_papers(path)  # only the removed paper's judgements go
    with Library.open(path) as library:
        library.remove(parse_ref(REF))
    with sqlite3.connect(path) as conn:
        left = conn.execute("SELECT matched_ref, record FROM judged_results").fetchall()
    assert [ref for ref, _ in left] == ["local:other"]
    assert not any(record.evidence in stored for _, stored in left)


def test_a_paper_is_removed_while_its_cache_table_is_gone(tmp_path: Path) -> None:
    path = _library(tmp_path)
    with Library.open(path) as library:
        with sqlite3.connect(path) as conn:  # dropped by another process once it was open
            conn.execute("DROP TABLE judged_results")
        library.remove(parse_ref(REF))
        assert library.list_papers() == []


def test_replacing_a_paper_removes_its_judgements_and_the_text_they_quote(tmp_path: Path) -> None:
    """``library add --replace`` kept the old version's judgements: never reused (their
    fingerprint no longer matches) but quoting the replaced text, and growing the database."""
    path = _library(tmp_path)
    record = _cached_with_another_papers(path)  # only the replaced paper's judgements go
    changed = tmp_path / "changed.md"
    changed.write_text("# Changed\n\nA wholly different paragraph of text.\n", encoding="utf-8")
    with Library.open(path) as library:
        add_path(library, changed, ref=parse_ref(REF), replace=True)
    with sqlite3.connect(path) as conn:
        left = conn.execute("SELECT matched_ref, record FROM judged_results").fetchall()
    assert [ref for ref, _ in left] == ["local:other"]
    assert not any(record.evidence in stored for _, stored in left)


def test_a_refused_replace_keeps_the_judgements(tmp_path: Path) -> None:
    """Without ``replace`` changed content is refused, and nothing is written: the judgements
    of the paper still stored stay."""
    path = _library(tmp_path)
    make_checker(_judge(), library=path, cache=LibraryResultCache(path)).check_paper(CLAIM, REF)
    changed = tmp_path / "changed.md"
    changed.write_text("# Changed\n\nA wholly different paragraph of text.\n", encoding="utf-8")
    with Library.open(path) as library, pytest.raises(ContentConflictError):
        add_path(library, changed, ref=parse_ref(REF))
    assert LibraryResultCache(path).count() == 1


def test_a_new_reading_of_the_same_file_keeps_the_judgements(tmp_path: Path) -> None:
    """A newer extractor re-reading the unchanged file replaces the reading, not the paper: a
    reading giving the same passages still reuses the judgements, so they stay."""
    path = _library(tmp_path)
    make_checker(_judge(), library=path, cache=LibraryResultCache(path)).check_paper(CLAIM, REF)
    with sqlite3.connect(path) as conn:  # as if read by an older extractor
        conn.execute("UPDATE papers SET extractor = 'markdown-0'")
    with Library.open(path) as library:
        again = add_path(library, GOOD_ENOUGH / "index.md", ref=parse_ref(REF))
    assert again.outcome is AddOutcome.REPLACED
    judge = _judge()
    make_checker(judge, library=path, cache=LibraryResultCache(path)).check_paper(CLAIM, REF)
    assert judge.seen == []
