"""An entry's PubMed id (``pmid``, ``pmcid``, biblatex's ``eprinttype = {pubmed}``) names its
paper in the library, ``pmid:N`` or ``pmcid:PMCN`` as Manubot's keys do, when it has no arXiv
id or DOI: a review looks it up there, and ``library import-bib`` stores it there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.library.bib_import import ImportStatus, import_entries
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.records import CheckedRecord
from claimaudit.review import review_report
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.citations import find_citations
from claimaudit.sources.arxiv import ArxivClient
from claimaudit.sources.library import LibrarySource
from tests.fakes import ScriptedJudge, pick
from tests.library.helpers import make_pdf

CLAIM = "Sparse matrices save memory."


def _resolved(bib: str) -> str:
    resolution = parse_bibliography(bib).resolve(find_citations("A [@e].")[0])
    return str(resolution.ref) if resolution.ref else f"error: {resolution.error}"


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ("pmid = {29394400}", "pmid:29394400"),
        ("pmid = {PMID: 29394400}", "pmid:29394400"),
        ("eprint = {29394400}, eprinttype = {pubmed}", "pmid:29394400"),
        ("pmcid = {PMC5798013}", "pmcid:PMC5798013"),
        ("pmid = {29394400}, pmcid = {PMC5798013}", "pmid:29394400"),
        # An arXiv id or DOI always wins: a catalogue can check it.
        ("pmid = {29394400}, doi = {10.1000/xyz}", "doi:10.1000/xyz"),
        # Its PubMed or PMC page as its url.
        ("url = {https://pubmed.ncbi.nlm.nih.gov/29394400/}", "pmid:29394400"),
        ("url = {https://www.ncbi.nlm.nih.gov/pubmed/29394400}", "pmid:29394400"),
        ("url = {https://www.ncbi.nlm.nih.gov/pmc/articles/PMC5798013/}", "pmcid:PMC5798013"),
        ("url = {https://pmc.ncbi.nlm.nih.gov/articles/PMC5798013/}", "pmcid:PMC5798013"),
        # Labelled in a free-text field, as Zotero and journals' exports write it.
        ("note = {PMID: 29394400}", "pmid:29394400"),
        ("note = {Epub 2018 Jan 31. PMID 29394400; PMCID: PMC5798013}", "pmid:29394400"),
        ("note = {PMCID: PMC5798013}", "pmcid:PMC5798013"),
        ("addendum = {pmid:29394400}", "pmid:29394400"),
        # Not a PubMed id: looked up by its key, as before.
        ("note = {Erratum in PMID: 29394400; see also PMID: 31000000}", "local:e"),
        ("note = {Received 29394400}", "local:e"),
        ("note = {PMID: n/a}", "local:e"),
        ("url = {https://example.org/29394400}", "local:e"),
        ("pmid = {n/a}", "local:e"),
        ("eprint = {29394400}, eprinttype = {jstor}", "local:e"),
    ],
)
def test_an_entry_s_pubmed_id_names_its_paper_in_the_library(fields: str, expected: str) -> None:
    # Each was looked up as local:e, where no library holding pmid:29394400 has it.
    assert _resolved(f"@article{{e, title = {{T}}, {fields}}}\n") == expected


def test_a_csl_json_item_s_pmid_names_its_paper() -> None:
    item = {"id": "e", "type": "article-journal", "title": "T", "PMID": "29394400"}
    assert _resolved(json.dumps([item])) == "pmid:29394400"


def test_a_review_checks_a_pmid_entry_against_the_paper_stored_under_it(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    paper = NewPaper(parse_ref("pmid:29394400"), "Other title", [Passage("P001", CLAIM)], "h1")
    with Library.open(db) as library:
        library.add_paper(paper)
    judge = ScriptedJudge(pick("supports", "P001"))
    bib = "@article{e, title = {Sparse storage}, pmid = {29394400}}\n"
    result = review_report(
        f"{CLAIM} [@e]\n",
        checker=Checker(LibrarySource(db), judge),
        bibliography=parse_bibliography(bib),
    )
    (record,) = [r.record for r in result.records]
    # A PubMed id names one paper in every bibliography: no title check, as for a DOI.
    assert isinstance(record, CheckedRecord)
    assert record.paper_ref == "pmid:29394400"


def test_import_bib_stores_a_pmid_entry_under_its_pmid(tmp_path: Path) -> None:
    make_pdf(tmp_path / "notes.pdf", title="Notes", text=f"{CLAIM} " * 8)
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@article{{e, title = {{Notes}}, pmid = {{29394400}}, file = {{{tmp_path}/notes.pdf}}}}\n",
        encoding="utf-8",
    )

    def no_arxiv() -> ArxivClient:
        raise AssertionError("arXiv is asked only with fetch")

    with Library.open(tmp_path / "lib.sqlite3") as library:
        (entry,) = import_entries(library, bib, client=no_arxiv).entries
        assert (entry.status, str(entry.ref)) == (ImportStatus.ADDED, "pmid:29394400")
        assert library.get_paper(parse_ref("pmid:29394400")) is not None
