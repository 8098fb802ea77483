"""SnapshotSource: each reference fetched once, whatever the wrapped source holds later."""

from __future__ import annotations

import dataclasses
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from claimaudit.errors import SourceError
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.sources.library import LibrarySource
from claimaudit.sources.protocol import LibraryUse, Source, SourcePaper
from claimaudit.sources.snapshot import SnapshotSource
from tests.fakes import MemorySource

REF = parse_ref("1907.10121")


@dataclass
class CountingSource(Source):
    """A MemorySource that counts fetches, reports one request each, and can fail first."""

    inner: MemorySource = field(default_factory=MemorySource)
    name: str = "counting"
    fetched: list[tuple[str, str]] = field(default_factory=list)
    failures: int = 0  # the next this many fetches raise SourceError

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        self.fetched.append((str(ref), query))
        if self.failures:
            self.failures -= 1
            raise SourceError("service unavailable")
        paper = self.inner.fetch(ref, query)
        return dataclasses.replace(paper, calls=1, search_query=query)


def _source(full_text: bool = True) -> CountingSource:
    source = CountingSource(MemorySource(full_text=full_text))
    source.inner.add(parse_ref("1907.10121v1"), "SciPy 1.0", ["first version"])
    return source


def _replace(source: CountingSource) -> None:
    source.inner.papers.clear()
    source.inner.add(parse_ref("1907.10121v2"), "SciPy 1.0, revised", ["second version"])


def test_a_paper_is_fetched_once_and_later_requests_get_that_version() -> None:
    inner = _source()
    snapshot = SnapshotSource(inner)
    first = snapshot.fetch(REF, "one claim")
    _replace(inner)
    again = snapshot.fetch(REF, "another claim")
    assert inner.fetched == [("arXiv:1907.10121", "one claim")]
    assert str(again.ref) == "arXiv:1907.10121v1" and again.title == "SciPy 1.0"
    assert again.passages == first.passages
    # The requests were made once: the first answer accounts for them, a reuse for none.
    assert (first.calls, again.calls) == (1, 0)


def test_two_spellings_of_a_reference_share_one_snapshot() -> None:
    inner = _source()
    snapshot = SnapshotSource(inner)
    snapshot.fetch(parse_ref("arXiv:1907.10121"), "q")
    snapshot.fetch(parse_ref("https://arxiv.org/abs/1907.10121"), "q")
    assert len(inner.fetched) == 1


def test_search_excerpts_are_reused_for_the_same_query_only() -> None:
    inner = _source(full_text=False)
    snapshot = SnapshotSource(inner)
    snapshot.fetch(REF, "the topic")
    assert snapshot.fetch(REF, "the topic").calls == 0
    # Another claim's search finds other excerpts: it is made, not answered from the first.
    _replace(inner)
    other = snapshot.fetch(REF, "another claim")
    assert other.passages[0].text == "second version" and other.calls == 1
    assert [query for _, query in inner.fetched] == ["the topic", "another claim"]
    # The first search is still the one kept for its query.
    assert snapshot.fetch(REF, "the topic").passages[0].text == "first version"


def test_a_failure_is_not_kept() -> None:
    inner = _source()
    inner.failures = 1
    snapshot = SnapshotSource(inner)
    with pytest.raises(SourceError, match="service unavailable"):
        snapshot.fetch(REF, "q")
    paper = snapshot.fetch(REF, "q")
    assert paper.passages[0].text == "first version" and paper.calls == 1
    assert len(inner.fetched) == 2
    _replace(inner)
    assert snapshot.fetch(REF, "q").passages[0].text == "first version"
    assert len(inner.fetched) == 2


def test_a_paper_is_dropped_after_its_last_expected_request() -> None:
    inner = _source()
    inner.inner.add(parse_ref("2105.14372"), "Tips", ["Use baselines."])
    other = parse_ref("2105.14372")
    snapshot = SnapshotSource(inner, {str(REF): 2, str(other): 1})
    snapshot.fetch(REF, "q")
    snapshot.fetch(other, "q")
    assert snapshot.held() == 1  # the second paper had its one request; the first waits
    snapshot.fetch(REF, "q2")
    assert snapshot.held() == 0 and len(inner.fetched) == 2


def test_it_passes_on_the_wrapped_source_s_name_and_library_use(tmp_path: Path) -> None:
    snapshot = SnapshotSource(LibrarySource(tmp_path / "lib.sqlite3"))
    assert isinstance(snapshot, Source)
    assert snapshot.name == "library" and snapshot.library_use is LibraryUse.READS


def test_a_request_for_the_edition_another_request_was_answered_with_shares_its_text() -> None:
    inner = _source()
    snapshot = SnapshotSource(inner)
    first = snapshot.fetch(REF, "q")  # answered with the stored arXiv:1907.10121v1
    inner.inner.papers[parse_ref("1907.10121v1")] = ("SciPy 1.0, replaced", ["replaced text"])
    again = snapshot.fetch(parse_ref("1907.10121v1"), "q2")
    assert again.passages == first.passages and again.title == "SciPy 1.0"
    assert again.calls == 0 and len(inner.fetched) == 1  # no new request was made


def test_an_unversioned_request_gets_the_text_kept_for_the_edition_it_is_answered_with() -> None:
    inner = _source()
    snapshot = SnapshotSource(inner)
    first = snapshot.fetch(parse_ref("1907.10121v1"), "q")
    inner.inner.papers[parse_ref("1907.10121v1")] = ("SciPy 1.0, replaced", ["replaced text"])
    # It must ask which edition answers it (one request, reported), and keeps the first text.
    again = snapshot.fetch(REF, "q2")
    assert again.passages == first.passages and again.title == "SciPy 1.0"
    assert again.calls == 1 and len(inner.fetched) == 2
    # Another edition is another paper: the source's answer is the record's.
    _replace(inner)
    other = snapshot.fetch(parse_ref("1907.10121v2"), "q3")
    assert other.passages[0].text == "second version"


def test_every_edition_s_requests_are_counted_before_a_paper_is_dropped() -> None:
    inner = _source()
    versioned = parse_ref("1907.10121v1")
    snapshot = SnapshotSource(inner, {str(versioned): 1, str(REF): 1})
    snapshot.fetch(versioned, "q")
    assert snapshot.held() == 1  # arXiv:1907.10121 may still be answered with it
    inner.inner.papers[versioned] = ("SciPy 1.0, replaced", ["replaced text"])
    assert snapshot.fetch(REF, "q2").title == "SciPy 1.0"
    assert snapshot.held() == 0


def test_concurrent_requests_for_one_edition_under_two_spellings_get_one_text() -> None:
    inner = _source()
    versions = iter(["first text", "replaced text"])
    started = threading.Barrier(2)
    original = inner.inner.fetch

    def fetch(ref: PaperRef, query: str) -> SourcePaper:
        started.wait(timeout=5)  # both requests are under way before either is answered
        paper = original(ref, query)
        text = next(versions)  # each fetch reads the library as it is then
        return dataclasses.replace(
            paper, passages=[dataclasses.replace(paper.passages[0], text=text)]
        )

    inner.inner.fetch = fetch  # type: ignore[method-assign]
    snapshot = SnapshotSource(inner)
    answers: list[SourcePaper] = []
    threads = [
        threading.Thread(target=lambda r=r: answers.append(snapshot.fetch(parse_ref(r), "q")))
        for r in ("1907.10121", "1907.10121v1")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert len(answers) == 2 and len({a.passages[0].text for a in answers}) == 1
    assert sum(a.calls for a in answers) == 2  # both fetches were made, and each is counted
