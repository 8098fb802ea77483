"""settle_local_names in a review: an entry without an arXiv id or DOI is checked under its own
library name, under its former one only where no other key of the bibliography shared it, and
never against a paper an earlier import may have stored there for another key."""

from __future__ import annotations

from pathlib import Path

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.records import CheckedRecord, NotCheckedRecord
from claimaudit.review import review_report
from claimaudit.review.bibliography import local_ref, parse_bibliography
from claimaudit.review.local_names import library_of
from claimaudit.sources.auto import AutoSource
from claimaudit.sources.library import LibrarySource
from tests.fakes import MemorySource, ScriptedJudge, pick

CLASH_BIB = """
@techreport{Smith:2020, title = {Convolution notes}, author = {Smith, A}, year = {2020}}
@techreport{Smith-2020, title = {Project layout notes}, author = {Smith, B}, year = {2020}}
"""
CLASH_DRAFT = (
    "The output size of a convolution depends on the stride [@Smith:2020].\n\n"
    "Each project should have its own directory [@Smith-2020].\n"
)
UMLAUT_BIB = """
@techreport{Müller2020, title = {Convolution notes}, author = {Müller, A}, year = {2020}}
@techreport{Möller2020, title = {Project layout notes}, author = {Möller, B}, year = {2020}}
"""
CONVOLUTION = "The output size of a convolution depends on the stride and padding."
LAYOUT = "Each project should have its own directory."


def _store(db: Path, ref: str, title: str, text: str) -> None:
    paper = NewPaper(parse_ref(ref), title, [Passage("P001", text)], f"hash-{ref}-{title}")
    with Library.open(db) as library:
        library.add_paper(paper)


def _review(db: Path, draft: str, bib: str) -> tuple[list[object], ScriptedJudge]:
    judge = ScriptedJudge(pick("supports", "P001"))
    checker = Checker(LibrarySource(db), judge)
    result = review_report(draft, checker=checker, bibliography=parse_bibliography(bib))
    return [r.record for r in result.records], judge


def test_keys_with_a_shared_former_name_are_stored_and_checked_apart(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    _store(db, str(local_ref("Smith:2020")), "Convolution notes", CONVOLUTION)
    _store(db, str(local_ref("Smith-2020")), "Project layout notes", LAYOUT)
    records, judge = _review(db, CLASH_DRAFT, CLASH_BIB)
    assert all(isinstance(r, CheckedRecord) for r in records)
    assert [d.case.paper_title for d in judge.seen] == ["Convolution notes", "Project layout notes"]


def test_a_former_name_two_keys_shared_is_never_judged_for_the_other(tmp_path: Path) -> None:
    # A library imported before names were one-to-one: both keys went to local:Smith-2020,
    # which holds the convolution notes, Smith:2020's paper.
    db = tmp_path / "lib.sqlite3"
    _store(db, "local:Smith-2020", "Convolution notes", CONVOLUTION)
    records, judge = _review(db, CLASH_DRAFT, CLASH_BIB)
    assert judge.seen == []
    first, second = records
    assert isinstance(first, NotCheckedRecord) and isinstance(second, NotCheckedRecord)
    assert first.paper_ref == str(local_ref("Smith:2020"))
    assert "its former name local:Smith-2020 is not looked up: @Smith-2020 had it too" in (
        first.error
    )
    assert second.error == (
        "citation @Smith-2020 cannot be checked: the paper stored as local:Smith-2020 may be "
        "that of @Smith:2020 (an earlier claimaudit stored them under the same name): it is "
        "titled 'Convolution notes', not 'Project layout notes'; import the bibliography again "
        "with `claimaudit library import-bib --replace`"
    )


def test_the_key_whose_paper_the_shared_name_holds_is_checked(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    _store(db, "local:Smith-2020", "Project layout notes", LAYOUT)
    records, judge = _review(db, CLASH_DRAFT, CLASH_BIB)
    assert isinstance(records[0], NotCheckedRecord)
    assert isinstance(records[1], CheckedRecord) and records[1].paper_ref == "local:Smith-2020"
    assert [d.case.paper_title for d in judge.seen] == ["Project layout notes"]


def test_keys_differing_in_an_accent_are_not_one_paper(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    _store(db, "local:M-ller2020", "Convolution notes", CONVOLUTION)  # Müller2020's, imported
    draft = "Each project should have its own directory [@Möller2020].\n"
    records, judge = _review(db, draft, UMLAUT_BIB)
    assert judge.seen == []
    (record,) = records
    assert isinstance(record, NotCheckedRecord)
    assert record.paper_ref == str(local_ref("Möller2020"))
    assert "@Müller2020 had it too" in record.error


def test_a_library_imported_before_is_read_under_an_unshared_former_name(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    _store(db, "local:Smith-2020", "Convolution notes", CONVOLUTION)
    draft = "The output size of a convolution depends on the stride [@Smith:2020].\n"
    bib = CLASH_BIB.split("@techreport{Smith-2020")[0]
    records, judge = _review(db, draft, bib)
    (record,) = records
    assert isinstance(record, CheckedRecord) and record.paper_ref == "local:Smith-2020"
    assert [d.case.paper_title for d in judge.seen] == ["Convolution notes"]


def test_no_library_yet_is_said_by_the_check_itself(tmp_path: Path) -> None:
    records, judge = _review(tmp_path / "none.sqlite3", CLASH_DRAFT, CLASH_BIB)
    assert judge.seen == [] and not (tmp_path / "none.sqlite3").exists()
    assert all(isinstance(r, NotCheckedRecord) and "no library at" in r.error for r in records)


def test_a_source_without_a_library_is_left_as_it_is() -> None:
    source = MemorySource()
    assert library_of(source) is None
    auto = AutoSource(Path("unused.sqlite3"))
    assert library_of(auto) is auto.library


def test_another_bibliography_s_paper_under_the_same_key_is_not_judged(tmp_path: Path) -> None:
    # One library serves several projects: another's smith2020 (the convolution notes) was
    # imported as local:smith2020, and this draft's smith2020, another paper, was judged on it.
    db = tmp_path / "lib.sqlite3"
    _store(db, "local:smith2020", "A guide to convolution arithmetic", CONVOLUTION)
    draft = "Each project should have its own directory [@smith2020].\n"
    bib = "@article{smith2020, title = {Good enough practices in scientific computing}}\n"
    records, judge = _review(db, draft, bib)
    assert judge.seen == []
    [record] = records
    assert isinstance(record, NotCheckedRecord)
    assert record.error.startswith(
        "citation @smith2020 cannot be checked: the paper stored as local:smith2020 is titled "
        "'A guide to convolution arithmetic', not 'Good enough practices in scientific "
        "computing' as its bibliography entry: it may be another bibliography's 'smith2020'"
    )
    # This entry's own paper, its title as the entry writes it, or the entry naming none.
    for title in ("{A} guide to convolution arithmetic", ""):
        entry = f"@article{{smith2020, title = {{{title}}}}}\n"
        records, judge = _review(db, draft, entry)
        assert [type(r) for r in records] == [CheckedRecord], records
