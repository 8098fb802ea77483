"""ReferenceVerifier against local arXiv and Crossref peers: each status, and no failure of a
service ever reported as ``not_found``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from claimaudit.errors import InvalidSettingsError, UsageError
from claimaudit.identity import parse_ref
from claimaudit.library.reference_lookups import LibraryReferenceCache, StoredLookup
from claimaudit.library.store import Library
from claimaudit.refcheck import (
    CitedReference,
    CrossrefClient,
    ReferenceStatus,
    ReferenceVerifier,
)
from claimaudit.sources.arxiv import ArxivClient
from tests.httpfake import closed_port
from tests.refcheck.crossrefserver import CrossrefServer
from tests.sources.arxivserver import ArxivServer

SCIPY_DOI = "10.1038/s41592-019-0686-2"


@pytest.fixture
def arxiv() -> Iterator[ArxivServer]:
    with ArxivServer() as server:
        server.add(
            "1907.10121",
            "SciPy 1.0: Fundamental Algorithms for Scientific Computing in Python",
            {1: b"", 2: b""},
            authors=("Pauli Virtanen", "Ralf Gommers"),
            published="2019-07-23T18:00:00Z",
        )
        server.add(
            "1412.0001",
            "A result that did not hold",
            {1: b"", 2: b""},
            authors=("Ann Other",),
            published="2014-12-01T00:00:00Z",
            comments={2: "This paper has been withdrawn by the author due to an error"},
        )
        yield server


@pytest.fixture
def crossref() -> Iterator[CrossrefServer]:
    with CrossrefServer() as server:
        server.add(
            SCIPY_DOI,
            "SciPy 1.0: fundamental algorithms for scientific computing in Python",
            ["Virtanen", "Gommers"],
            2020,
        )
        server.add(
            "10.1234/retracted",
            "A retracted result",
            ["Doe"],
            2019,
            updated_by=[("retraction", "10.1234/notice")],
        )
        yield server


def make(arxiv: ArxivServer, crossref: CrossrefServer, **options: object) -> ReferenceVerifier:
    return ReferenceVerifier(
        arxiv=ArxivClient(
            arxiv.url, min_interval=0, backoff=0, sleep=lambda _: None, timeout=0.5, retries=1
        ),
        crossref=CrossrefClient(crossref.url, backoff=0, sleep=lambda _: None, timeout=0.5),
        **options,  # type: ignore[arg-type]
    )


def kept_as(identifier: str, server: ArxivServer | CrossrefServer) -> str:
    """What an answer from a local peer is kept under: its address is not the public one."""
    return f"{identifier} at {server.url}"


def entry(ref: str | None, **fields: object) -> CitedReference:
    return CitedReference("key", parse_ref(ref) if ref else None, **fields)  # type: ignore[arg-type]


def test_real_references_are_ok(arxiv: ArxivServer, crossref: CrossrefServer) -> None:
    verifier = make(arxiv, crossref)
    by_arxiv = verifier.check(
        entry("arXiv:1907.10121v2", title="SciPy 1.0", authors=("Virtanen",), year=2020)
    )
    assert by_arxiv.status is ReferenceStatus.OK, by_arxiv.reason
    assert by_arxiv.catalogue is not None and by_arxiv.catalogue.source == "arxiv"
    assert by_arxiv.catalogue.authors == ("Virtanen", "Gommers")
    by_doi = verifier.check(entry(SCIPY_DOI, title="{SciPy} 1.0", authors=("Virtanen",), year=2020))
    assert by_doi.status is ReferenceStatus.OK, by_doi.reason
    assert by_doi.to_dict()["catalogue"] == {
        "source": "crossref",
        "title": "SciPy 1.0: fundamental algorithms for scientific computing in Python",
        "firstAuthor": "Virtanen",
        "year": 2020,
        "url": f"https://doi.org/{SCIPY_DOI}",
    }


def test_a_with_block_closes_the_verifiers_clients(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    with make(arxiv, crossref) as verifier:
        assert verifier.check(parse_ref("1907.10121")).status is ReferenceStatus.OK
        clients = (verifier.arxiv, verifier.crossref)
    assert all(client._http.is_closed for client in clients)


def test_a_bare_paper_ref_is_checked_as_a_reference_citing_nothing_else(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    verifier = make(arxiv, crossref)
    found = verifier.check(parse_ref("1907.10121"))
    assert found.status is ReferenceStatus.OK and found.key == "arXiv:1907.10121"
    assert found.reason == (
        "arxiv knows arXiv:1907.10121v2; the entry gives no title, author or year to compare"
    )
    missing = verifier.check(parse_ref("doi:10.9999/made.up"))
    assert missing.status is ReferenceStatus.NOT_FOUND


def test_what_is_no_reference_is_refused_in_words(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    # A string used to fail inside with AttributeError: 'str' object has no attribute 'ref'.
    with pytest.raises(UsageError) as caught:
        make(arxiv, crossref).check("1907.10121")  # type: ignore[arg-type]
    assert str(caught.value) == (
        "ReferenceVerifier.check takes a CitedReference or a PaperRef, not str"
    )


def test_identifiers_that_do_not_exist_are_not_found(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    verifier = make(arxiv, crossref)
    missing = verifier.check(entry("arXiv:2403.99999", title="A plausible paper"))
    assert missing.status is ReferenceStatus.NOT_FOUND
    assert missing.reason == "arXiv has no paper arXiv:2403.99999 (asked twice)"
    version = verifier.check(entry("arXiv:1907.10121v7"))
    assert version.status is ReferenceStatus.NOT_FOUND
    assert "no version 7 of arXiv:1907.10121 (the newest is v2)" in version.reason
    doi = verifier.check(entry("doi:10.9999/made.up.2024"))
    assert (doi.status, doi.reason) == (
        ReferenceStatus.NOT_FOUND,
        "Crossref has no work doi:10.9999/made.up.2024, and no DOI registration agency knows it",
    )
    assert [seen.path for seen in crossref.seen] == [
        "/works/10.9999/made.up.2024",
        "/works/10.9999/made.up.2024/agency",
    ]


def test_a_doi_whose_title_does_not_match_says_which_and_both_values(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    check = make(arxiv, crossref).check(
        entry(
            SCIPY_DOI, title="Deep learning for protein folding", authors=("Virtanen",), year=2020
        )
    )
    assert check.status is ReferenceStatus.METADATA_MISMATCH
    [mismatch] = check.mismatches
    assert mismatch.to_dict() == {
        "field": "title",
        "cited": "Deep learning for protein folding",
        "catalogue": "SciPy 1.0: fundamental algorithms for scientific computing in Python",
    }
    assert check.reason.startswith("title differs: cited 'Deep learning for protein folding'")
    year = make(arxiv, crossref).check(entry("arXiv:1907.10121", authors=("Smith",), year=2012))
    assert [m.field for m in year.mismatches] == ["firstAuthor", "year"]
    assert year.mismatches[1].catalogue == "2019, 2023"  # first and newest version


def test_withdrawn_on_arxiv_and_retracted_on_crossref(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    verifier = make(arxiv, crossref)
    arxiv_check = verifier.check(entry("arXiv:1412.0001v1", title="A result that did not hold"))
    assert arxiv_check.status is ReferenceStatus.WITHDRAWN
    assert "arXiv withdrawal (arXiv:1412.0001v2: This paper has been withdrawn" in (
        arxiv_check.reason
    )
    retracted = verifier.check(entry("10.1234/retracted", title="A retracted result"))
    assert retracted.status is ReferenceStatus.WITHDRAWN
    assert retracted.reason == "Crossref lists a retraction (notice doi:10.1234/notice)"


def test_no_identifier_and_local_references_are_not_verified(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    verifier = make(arxiv, crossref)
    assert verifier.check(entry(None)).status is ReferenceStatus.NOT_VERIFIED
    local = verifier.check(entry("local:smith2020"))
    assert local.status is ReferenceStatus.NOT_VERIFIED
    assert arxiv.seen == [] and crossref.seen == []


@pytest.mark.parametrize("failure", ["429", "500", "503", "timeout", "garbage"])
def test_service_failures_are_never_not_found(
    arxiv: ArxivServer, crossref: CrossrefServer, failure: str
) -> None:
    for server in (arxiv, crossref):
        if failure == "timeout":
            server.delay = 1.0
        elif failure == "garbage":
            server.reply_next(200, b"<html>busy</html>", "text/html")
            server.reply_next(200, b"<html>busy</html>", "text/html")
        else:
            server.fail_next(int(failure), count=6, retry_after="0")  # every attempt
    verifier = make(arxiv, crossref)
    # Identifiers that do not exist: a failure must not be mistaken for their absence either.
    for ref in ("arXiv:1907.10121", "arXiv:2403.99999", SCIPY_DOI, "doi:10.9999/made.up"):
        check = verifier.check(entry(ref, title="Anything"))
        assert check.status is ReferenceStatus.NOT_VERIFIED, (ref, check.reason)
        # A reply that came, unreadable, is said as such: the catalogue was asked.
        if failure != "garbage":
            assert "could not be asked" in check.reason
        elif ref.startswith("arXiv:"):
            assert check.reason == f"arXiv metadata for {ref} is not an Atom feed"
        else:
            assert "came but could not be read" in check.reason


def test_a_403_makes_the_next_references_not_verified_at_once(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    arxiv.fail_next(403)
    crossref.fail_next(403)
    verifier = make(arxiv, crossref)
    for first, then in (("arXiv:1907.10121", "arXiv:1412.0001"), (SCIPY_DOI, "10.1234/retracted")):
        refused = verifier.check(entry(first))
        assert refused.status is ReferenceStatus.NOT_VERIFIED
        assert "answered HTTP 403" in refused.reason
        later = verifier.check(entry(then))
        assert later.status is ReferenceStatus.NOT_VERIFIED
        assert "HTTP 403" in later.reason
        assert later.reason.endswith("(not retried: it failed moments ago)")
    assert len(arxiv.seen) == 1 and len(crossref.seen) == 1


def test_unreachable_services_are_not_verified() -> None:
    port = closed_port()
    verifier = ReferenceVerifier(
        arxiv=ArxivClient(f"http://127.0.0.1:{port}", min_interval=0, retries=0),
        crossref=CrossrefClient(f"http://127.0.0.1:{port}", retries=0),
    )
    for ref in ("arXiv:2403.99999", "doi:10.9999/made.up"):
        check = verifier.check(entry(ref))
        assert check.status is ReferenceStatus.NOT_VERIFIED
        assert "unreachable" in check.reason


def test_an_arxiv_entry_without_id_or_title_is_not_verified_and_not_kept(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path
) -> None:
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    verifier = make(arxiv, crossref, cache=LibraryReferenceCache(library))
    blank = b'<feed xmlns="http://www.w3.org/2005/Atom"><entry><id/><title/></entry></feed>'
    arxiv.reply_next(200, blank, "application/atom+xml")
    check = verifier.check(entry("arXiv:1907.10121", title="SciPy 1.0"))
    assert check.status is ReferenceStatus.NOT_VERIFIED, check.reason
    assert "unreadable answer" in check.reason
    assert LibraryReferenceCache(library).count() == 0
    again = make(arxiv, crossref, cache=LibraryReferenceCache(library))
    assert again.check(entry("arXiv:1907.10121")).status is ReferenceStatus.OK


def test_answers_are_cached_in_the_library_failures_are_not(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path
) -> None:
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    first = make(arxiv, crossref, cache=LibraryReferenceCache(library))
    assert first.check(entry("doi:10.9999/made.up")).status is ReferenceStatus.NOT_FOUND
    crossref.fail_next(503, count=3)
    assert first.check(entry(SCIPY_DOI)).status is ReferenceStatus.NOT_VERIFIED
    assert first.check(entry("arXiv:1907.10121")).status is ReferenceStatus.OK
    assert first.check(entry("arXiv:2403.99999")).status is ReferenceStatus.NOT_FOUND
    assert LibraryReferenceCache(library).count() == 3  # the failed DOI is not stored
    arxiv.clear()
    crossref.clear()
    second = make(arxiv, crossref, cache=LibraryReferenceCache(library))
    ok = second.check(entry("arXiv:1907.10121v2", title="SciPy 1.0"))
    assert (ok.status, ok.cached) == (ReferenceStatus.OK, True)
    gone = second.check(entry("doi:10.9999/made.up"))
    assert (gone.status, gone.cached) == (ReferenceStatus.NOT_FOUND, True)
    assert arxiv.seen == [] and crossref.seen == []
    assert second.check(entry(SCIPY_DOI)).status is ReferenceStatus.OK  # asked again


def test_stale_answers_are_asked_again(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path
) -> None:
    library = tmp_path / "library.sqlite3"
    old = (datetime.now(UTC) - timedelta(days=40)).isoformat(timespec="seconds")
    record = {
        "source": "arxiv",
        "ref": "arXiv:1907.10121v1",
        "title": "SciPy 1.0",
        "authors": ["Virtanen"],
        "years": [2019],
        "withdrawn": None,
        "latestVersion": 1,
    }
    Library.open(library).close()
    LibraryReferenceCache(library).put(
        StoredLookup(
            kept_as("arXiv:1907.10121", arxiv), "arxiv", "found", json.dumps(record), "", old
        )
    )
    check = make(arxiv, crossref, cache=LibraryReferenceCache(library)).check(
        entry("arXiv:1907.10121v2")
    )
    assert (check.status, check.cached) == (ReferenceStatus.OK, False)
    assert len(arxiv.seen) == 1


def test_titles_and_authors_in_other_scripts_are_compared(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    crossref.add("10.1000/ru.1", "Квантовая механика твёрдого тела", ["Иванов"], 2015)
    verifier = make(arxiv, crossref)
    other = verifier.check(
        entry(
            "10.1000/ru.1",
            title="Экономика сельского хозяйства Сибири",
            authors=("Петров",),
            year=2016,
        )
    )
    assert other.status is ReferenceStatus.METADATA_MISMATCH, other.reason
    assert [m.field for m in other.mismatches] == ["title", "firstAuthor"]
    same = verifier.check(
        entry("10.1000/ru.1", title="Квантовая механика твердого тела", authors=("Иванов",))
    )
    assert same.status is ReferenceStatus.OK
    assert same.reason == "crossref knows doi:10.1000/ru.1; title and first author agree"


def test_an_ok_reason_names_only_the_fields_compared(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    verifier = make(arxiv, crossref)
    bare = verifier.check(entry(SCIPY_DOI))
    assert bare.status is ReferenceStatus.OK
    assert bare.reason == (
        f"crossref knows doi:{SCIPY_DOI}; the entry gives no title, author or year to compare"
    )
    symbols = verifier.check(entry(SCIPY_DOI, title="?!", year=2020))
    assert symbols.reason == (
        f"crossref knows doi:{SCIPY_DOI}; year agrees; "
        "title not compared (no letter or digit to compare)"
    )


def test_a_doi_of_another_agency_is_not_verified_an_unknown_one_not_found(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    crossref.register("10.5281/zenodo.8079889", "DataCite")
    crossref.register("10.1234/unserved", "Crossref")  # registered, yet /works 404s
    verifier = make(arxiv, crossref)
    zenodo = verifier.check(entry("doi:10.5281/zenodo.8079889", title="scipy/scipy: SciPy 1.11.1"))
    assert (zenodo.status, zenodo.reason) == (
        ReferenceStatus.NOT_VERIFIED,
        "doi:10.5281/zenodo.8079889 is registered with DataCite, not Crossref: "
        "its metadata was not checked",
    )
    assert [seen.path for seen in crossref.seen] == [
        "/works/10.5281/zenodo.8079889",
        "/works/10.5281/zenodo.8079889/agency",
    ]
    unserved = verifier.check(entry("doi:10.1234/unserved"))
    assert unserved.status is ReferenceStatus.NOT_VERIFIED
    assert unserved.reason == "Crossref registered doi:10.1234/unserved but serves no record of it"


def test_a_failing_agency_route_is_not_verified(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    crossref.reply_next(404, b"Resource not found.")  # /works/{doi}
    crossref.fail_next(503, count=3)  # /works/{doi}/agency, every attempt
    check = make(arxiv, crossref).check(entry("doi:10.9999/made.up"))
    assert check.status is ReferenceStatus.NOT_VERIFIED
    assert check.reason.startswith("Crossref could not be asked: Crossref answered HTTP 503")
    crossref.reply_next(404, b"Resource not found.")
    crossref.reply_next(200, b'{"status": "ok", "message": {}}', "application/json")
    garbled = make(arxiv, crossref).check(entry("doi:10.9999/made.up"))
    assert garbled.status is ReferenceStatus.NOT_VERIFIED
    assert garbled.reason == (
        "Crossref's agency reply for doi:10.9999/made.up came but could not be read "
        "(no 'agency' field)"
    )


def _keep(library: Path, identifier: str, latest: int, arxiv: ArxivServer) -> None:
    record = {
        "source": "arxiv",
        "ref": f"{identifier}v{latest}",
        "title": "SciPy 1.0",
        "authors": ["Virtanen"],
        "years": [2019],
        "withdrawn": None,
        "latestVersion": latest,
    }
    Library.open(library).close()
    now = datetime.now(UTC).isoformat(timespec="seconds")
    LibraryReferenceCache(library).put(
        StoredLookup(kept_as(identifier, arxiv), "arxiv", "found", json.dumps(record), "", now)
    )


def test_a_kept_answer_older_than_the_cited_version_is_asked_again(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path
) -> None:
    library = tmp_path / "library.sqlite3"
    _keep(library, "arXiv:1907.10121", latest=1, arxiv=arxiv)  # kept before arXiv published v2
    verifier = make(arxiv, crossref, cache=LibraryReferenceCache(library))
    v1 = verifier.check(entry("arXiv:1907.10121v1"))
    assert (v1.status, v1.cached) == (ReferenceStatus.OK, True)
    assert arxiv.seen == []
    v2 = verifier.check(entry("arXiv:1907.10121v2"))
    assert (v2.status, v2.cached) == (ReferenceStatus.OK, False), v2.reason
    assert len(arxiv.seen) == 1
    kept = LibraryReferenceCache(library).get(kept_as("arXiv:1907.10121", arxiv))
    assert kept is not None and kept.record is not None
    assert json.loads(kept.record)["latestVersion"] == 2  # stored anew
    v7 = verifier.check(entry("arXiv:1907.10121v7"))  # past the newest, as arXiv says now
    assert v7.status is ReferenceStatus.NOT_FOUND
    assert len(arxiv.seen) == 1  # asked once this run


def test_a_kept_answer_older_than_the_cited_version_is_never_not_found_on_failure(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path
) -> None:
    library = tmp_path / "library.sqlite3"
    _keep(library, "arXiv:1907.10121", latest=1, arxiv=arxiv)
    arxiv.fail_next(503, count=6, retry_after="0")
    check = make(arxiv, crossref, cache=LibraryReferenceCache(library)).check(
        entry("arXiv:1907.10121v2")
    )
    assert check.status is ReferenceStatus.NOT_VERIFIED
    assert check.reason.startswith("arXiv could not be asked")


_EMPTY_FEEDS = [
    # arXiv's empty answer, and the one that counts a result it does not give.
    b'<feed xmlns="http://www.w3.org/2005/Atom"><title>ArXiv Query</title></feed>',
    b'<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/'
    b'opensearch/1.1/"><opensearch:totalResults>1</opensearch:totalResults></feed>',
]


@pytest.mark.parametrize("feed", _EMPTY_FEEDS)
def test_one_empty_arxiv_feed_is_asked_again_and_not_kept(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path, feed: bytes
) -> None:
    # arXiv answers so now and then for a paper it has: it was not_found, kept for 30 days.
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    arxiv.reply_next(200, feed, "application/atom+xml")
    check = make(arxiv, crossref, cache=LibraryReferenceCache(library)).check(
        entry("arXiv:1907.10121", title="SciPy 1.0")
    )
    assert check.status is ReferenceStatus.OK
    assert len(arxiv.seen) == 2


@pytest.mark.parametrize("feed", _EMPTY_FEEDS)
def test_two_empty_arxiv_feeds_in_a_row_are_no_such_paper(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path, feed: bytes
) -> None:
    # A made-up id: arXiv never issued it, and a reference check is there to say so.
    arxiv.reply_next(200, feed, "application/atom+xml")
    arxiv.reply_next(200, feed, "application/atom+xml")
    check = make(arxiv, crossref).check(entry("arXiv:1907.10121", title="SciPy 1.0"))
    assert check.status is ReferenceStatus.NOT_FOUND
    assert check.reason.endswith("(asked twice)")


def test_a_404_page_that_is_not_crossrefs_is_not_verified_and_not_kept(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path
) -> None:
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    # A DOI no agency knows: Crossref's own answer on the agency route would make it not_found.
    crossref.reply_next(404, b"<html>Not Found</html>", "text/html")
    check = make(arxiv, crossref, cache=LibraryReferenceCache(library)).check(
        entry("doi:10.9999/made.up")
    )
    assert check.status is ReferenceStatus.NOT_VERIFIED
    # It answered, as something else than Crossref's API: not "could not be asked".
    assert check.reason == (
        f"{crossref.url} answered HTTP 404 without Crossref's 'Resource not found.': "
        "it may not be Crossref's API"
    )
    assert LibraryReferenceCache(library).count() == 0


def test_answers_are_kept_per_catalogue_address(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path
) -> None:
    # An answer from a misaddressed or other catalogue was returned once the address was fixed.
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    with CrossrefServer() as other:
        wrong = make(arxiv, other, cache=LibraryReferenceCache(library))
        assert wrong.check(entry(SCIPY_DOI)).status is ReferenceStatus.NOT_FOUND
        assert LibraryReferenceCache(library).get(kept_as(f"doi:{SCIPY_DOI}", other)) is not None
    right = make(arxiv, crossref, cache=LibraryReferenceCache(library))
    check = right.check(entry(SCIPY_DOI))
    assert (check.status, check.cached) == (ReferenceStatus.OK, False)
    assert LibraryReferenceCache(library).get(f"doi:{SCIPY_DOI}") is None  # not the public one's


def test_a_repeated_identifier_asked_in_this_run_is_not_said_to_be_cached(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    verifier = make(arxiv, crossref)  # no cache, as --no-cache
    first = verifier.check(entry(SCIPY_DOI))
    second = verifier.check(CitedReference("other", parse_ref(SCIPY_DOI)))
    assert (first.cached, second.cached) == (False, False)
    assert len(crossref.seen) == 1  # asked once all the same


def test_a_collaboration_as_first_author(arxiv: ArxivServer, crossref: CrossrefServer) -> None:
    arxiv.add(
        "1207.7214",
        "Observation of a new particle in the search for the Standard Model Higgs boson",
        {1: b"", 2: b""},
        authors=("The ATLAS Collaboration",),
        published="2012-07-31T00:00:00Z",
    )
    verifier = make(arxiv, crossref)
    title = "Observation of a new particle in the search for the Standard Model Higgs boson"
    inspire = CitedReference(
        "Aad:2012tfa", parse_ref("1207.7214"), title, ("Aad",), 2012, collaboration="ATLAS"
    )
    check = verifier.check(inspire)
    assert check.status is ReferenceStatus.OK, check.reason
    assert "title, first author and year agree" in check.reason
    other = verifier.check(replace(inspire, collaboration="CMS"))
    assert other.status is ReferenceStatus.METADATA_MISMATCH
    assert other.mismatches[0].to_dict() == {
        "field": "firstAuthor",
        "cited": "CMS",
        "catalogue": "The ATLAS Collaboration",
    }
    unnamed = verifier.check(replace(inspire, collaboration=None))
    assert unnamed.status is ReferenceStatus.OK, unnamed.reason
    assert "first author not compared (arxiv names a collaboration, the entry a person)" in (
        unnamed.reason
    )


def test_an_older_version_cited_is_compared_as_arxiv_describes_it(
    arxiv: ArxivServer, crossref: CrossrefServer, tmp_path: Path
) -> None:
    # It was compared with the newest version's title and authors, another paper's by then.
    arxiv.add(
        "2106.00001",
        "Scaling laws revisited: a unified view",
        {1: b"", 2: b""},
        authors=("Zed Newauthor", "Jane Roe"),
        published="2021-06-01T00:00:00Z",
        earlier={1: ("On the scaling of language models", ("Jane Roe",))},
    )
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    verifier = make(arxiv, crossref, cache=LibraryReferenceCache(library))
    v1 = entry("arXiv:2106.00001v1", title="On the scaling of language models", authors=("Roe",))
    old = verifier.check(v1)
    assert old.status is ReferenceStatus.OK, old.reason
    assert old.reason == (
        "arxiv knows arXiv:2106.00001v1; title and first author agree "
        "(v1, as cited; the newest is v2)"
    )
    assert old.catalogue is not None and old.catalogue.title == "On the scaling of language models"
    newest = entry("arXiv:2106.00001v1", title="Scaling laws revisited: a unified view")
    differs = verifier.check(newest)
    assert differs.status is ReferenceStatus.METADATA_MISMATCH
    assert differs.reason.endswith("(v1, as cited; the newest is v2)")
    assert [s.query["id_list"] for s in arxiv.seen] == [["2106.00001"], ["2106.00001v1"]]
    arxiv.clear()
    again = make(arxiv, crossref, cache=LibraryReferenceCache(library)).check(v1)
    assert (again.status, again.cached, arxiv.seen) == (ReferenceStatus.OK, True, [])


def test_an_older_version_that_cannot_be_asked_is_compared_with_the_newest_as_said(
    arxiv: ArxivServer, crossref: CrossrefServer
) -> None:
    verifier = make(arxiv, crossref)
    assert verifier.check(entry("arXiv:1907.10121")).status is ReferenceStatus.OK
    arxiv.fail_next(400)  # the version's own entry
    old = verifier.check(entry("arXiv:1907.10121v1", title="SciPy 1.0"))
    assert old.status is ReferenceStatus.OK
    assert old.reason.endswith("(compared with v2, the newest; the entry cites v1)")


@pytest.mark.parametrize("env", ["CLAIMAUDIT_ARXIV_BASE_URL", "CLAIMAUDIT_CROSSREF_BASE_URL"])
def test_a_catalogue_base_url_that_is_not_http_is_refused_when_the_verifier_is_made(
    monkeypatch: pytest.MonkeyPatch, env: str
) -> None:
    # Its clients are made on first use: each reference was not_verified, "unreachable".
    monkeypatch.setenv(env, "garbage")
    with pytest.raises(InvalidSettingsError, match=f"^{env} is not an http"):
        ReferenceVerifier()


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b"<html>busy</html>", "not a work (not JSON)"),
        (b'{"status": "ok", "message": [1, 2]}', "not a work (its message is a list)"),
        (b'{"status": "ok"}', "not a work (no 'message' field)"),
        (b"[" * 100_000 + b"]" * 100_000, "not a work (JSON nested too deeply)"),
    ],
)
def test_a_crossref_reply_that_came_but_cannot_be_read_says_so(
    arxiv: ArxivServer, crossref: CrossrefServer, body: bytes, why: str
) -> None:
    # Crossref answered: "could not be asked" (what an unreachable one gets) would send the
    # reader to check the network, not the service's reply.
    crossref.reply_next(200, body, "application/json")
    check = make(arxiv, crossref).check(entry(f"doi:{SCIPY_DOI}"))
    assert check.status is ReferenceStatus.NOT_VERIFIED
    assert check.reason == (
        f"Crossref's reply for doi:{SCIPY_DOI} came but could not be read: {why}"
    )
    assert len(crossref.seen) == 1  # an answer: not asked again


def test_crossref_unreachable_is_still_could_not_be_asked() -> None:
    url = f"http://127.0.0.1:{closed_port()}"
    verifier = ReferenceVerifier(crossref=CrossrefClient(url, retries=0))
    check = verifier.check(entry(f"doi:{SCIPY_DOI}"))
    assert check.reason.startswith("Crossref could not be asked: Crossref unreachable at ")


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"", "is not valid Atom (no element found: line 1, column 0)"),
        (b"<html>busy</html>", "is not an Atom feed"),
    ],
)
def test_an_arxiv_reply_that_came_but_cannot_be_read_says_so(
    arxiv: ArxivServer, crossref: CrossrefServer, body: bytes, reason: str
) -> None:
    arxiv.reply_next(200, body, "application/atom+xml")
    check = make(arxiv, crossref).check(entry("arXiv:1907.10121"))
    assert check.status is ReferenceStatus.NOT_VERIFIED
    assert check.reason == f"arXiv metadata for arXiv:1907.10121 {reason}"
