"""Papers stored under a reference the identity rules now refuse: found by the stored text."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from claimaudit.errors import InvalidReferenceError, PaperNotFoundError
from claimaudit.identity import PaperRef, RefKind, parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.refused_refs import parse_or_stored, refused_refs, stored_ref
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.damaging import NEVER_ISSUED, make_library, store_under_never_issued_id

STORED = PaperRef.as_stored(RefKind.ARXIV, "0703.1234")


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    path = store_under_never_issued_id(make_library(tmp_path / "lib.sqlite3"))
    with Library.open(path) as opened:
        yield opened


@pytest.mark.parametrize(
    "typed", [NEVER_ISSUED, " arXiv:0703.1234 ", "0703.1234", "ARXIV:0703.1234"]
)
def test_the_stored_reference_is_found_as_stored_or_as_the_bare_id(
    library: Library, typed: str
) -> None:
    assert stored_ref(library.connection, typed) == STORED
    assert parse_or_stored(library, typed) == STORED


@pytest.mark.parametrize("typed", ["0703.1235", "arXiv:0703.1234v2", "local:0703.1234"])
def test_nothing_else_is_found(library: Library, typed: str) -> None:
    assert stored_ref(library.connection, typed) is None


def test_a_reference_that_parses_is_parsed_and_one_not_stored_keeps_its_error(
    library: Library,
) -> None:
    assert parse_or_stored(library, "2001.00001") == parse_ref("arXiv:2001.00001")
    with pytest.raises(
        InvalidReferenceError, match=re.escape("not a paper reference: 'not a ref'")
    ):
        parse_or_stored(library, "not a ref")


@pytest.mark.parametrize("typed", ["0703.1235", "arXiv:0703.1235"])
def test_a_refused_arxiv_id_not_stored_is_not_found_saying_why(
    library: Library, typed: str
) -> None:
    # A stored reference may have this form, so nothing under it is "not found" (404), as for a
    # second remove of any paper; the parser's reason is kept.
    why = f"no paper is stored under {typed} (not a valid arXiv identifier: '0703.1235': "
    with pytest.raises(PaperNotFoundError, match=f"^{re.escape(why)}"):
        parse_or_stored(library, f" {typed} ")


def test_only_the_references_that_no_longer_parse_are_listed(library: Library) -> None:
    refused = refused_refs(library.connection)
    assert [r.ref for r in refused] == [NEVER_ISSUED]
    assert refused[0].reason.startswith("not a valid arXiv identifier")


def test_an_empty_library_lists_none(tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib.sqlite3") as library:
        assert refused_refs(library.connection) == []


def _store(library: Library, ref: PaperRef, title: str) -> None:
    passages = [Passage("P001", "Coffee drinkers sleep less.", "Abstract")]
    library.add_paper(NewPaper(ref, title, passages, f"hash-{title}"))


def test_a_reference_stored_as_older_rules_read_it_is_named_and_reached(
    library: Library,
) -> None:
    # Stored before the rules trimmed prose punctuation and refused invisible characters.
    _store(library, PaperRef.as_stored(RefKind.DOI, "10.1000/x,"), "Comma")
    _store(library, PaperRef.as_stored(RefKind.DOI, "10.1000/ab\u200bc"), "Hidden")
    refused = {r.ref: r for r in refused_refs(library.connection)}
    assert refused["doi:10.1000/x,"].reads_as == "doi:10.1000/x"
    assert refused["doi:10.1000/x,"].reason == "it now reads as doi:10.1000/x"
    assert refused["doi:10.1000/ab\u200bc"].reads_as is None
    assert "invisible formatting characters" in refused["doi:10.1000/ab\u200bc"].reason
    for typed, title in [("doi:10.1000/x,", "Comma"), ("doi:10.1000/ab\u200bc", "Hidden")]:
        assert library.require_paper(parse_or_stored(library, typed)).title == title
    with pytest.raises(PaperNotFoundError):
        library.require_paper(parse_or_stored(library, "doi:10.1000/x"))
