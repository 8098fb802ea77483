"""Which reference each cited paper is, for ``--verify-refs``: a bibliography entry with its
metadata, a numbered entry with its text, an identifier written in the sentence with nothing
but itself; each checked once however often it is cited."""

from __future__ import annotations

from dataclasses import replace

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.refcheck.compare import compare
from claimaudit.refcheck.models import (
    CatalogueRecord,
    CitedReference,
    ReferenceCheck,
    ReferenceStatus,
)
from claimaudit.refcheck.verify import ReferenceVerifier
from claimaudit.review import parse_bibliography, review_report
from claimaudit.review.references import cited_reference
from tests.fakes import MemorySource, ScriptedJudge, pick

REPORT = """# Draft

SciPy is fast [@scipy]. SciPy is written in Python [1].
Attention is all you need (arXiv:1706.03762) and SciPy is fast [@scipy].
A key nobody defined [@nobody].

## References

1. Virtanen P, et al. SciPy 1.0. Nature Methods. 2020. doi:10.1038/s41592-019-0686-2
"""


class Recording(ReferenceVerifier):
    def __init__(self) -> None:
        super().__init__()
        self.asked: list[CitedReference] = []

    def check(self, cited: CitedReference) -> ReferenceCheck:
        self.asked.append(cited)
        return ReferenceCheck(cited.key, cited.ref, ReferenceStatus.OK, "fine")


def test_markdown_references_checked_once_each() -> None:
    bibliography = parse_bibliography(
        "@article{scipy, title = {SciPy 1.0}, author = {Virtanen, Pauli}, year = 2020, "
        "eprint = {1907.10121}, archivePrefix = {arXiv}}"
    )
    verifier = Recording()
    checker = Checker(MemorySource(), ScriptedJudge(pick("supports", "P001")))
    result = review_report(REPORT, checker=checker, bibliography=bibliography, verifier=verifier)
    asked = {c.key: c for c in verifier.asked}
    assert list(asked) == ["scipy", "[1]", "arXiv:1706.03762"]  # @nobody: nothing to ask
    assert (asked["scipy"].title, asked["scipy"].authors, asked["scipy"].year) == (
        "SciPy 1.0",
        ("Virtanen",),
        2020,
    )
    assert asked["[1]"].text is not None and "Nature Methods" in asked["[1]"].text
    assert str(asked["[1]"].ref) == "doi:10.1038/s41592-019-0686-2"
    identifier = asked["arXiv:1706.03762"]
    assert (identifier.title, identifier.authors, identifier.text) == (None, (), None)
    statuses = [(r.citations, r.reference and r.reference.status) for r in result.records]
    assert statuses[-1] == (("@nobody",), ReferenceStatus.NOT_VERIFIED)
    assert result.references is not None and len(result.references) == 4
    assert result.summary.references == {
        "ok": 3,
        "not_found": 0,
        "metadata_mismatch": 0,
        "withdrawn": 0,
        "not_verified": 1,
    }


def test_without_a_verifier_nothing_is_said_about_references() -> None:
    checker = Checker(MemorySource(), ScriptedJudge(pick("supports", "P001")))
    result = review_report(REPORT, checker=checker)
    data = result.to_dict()
    assert "references" not in data and "referenceStatuses" not in data["summary"]
    assert all("referenceStatus" not in r for r in data["records"])


def test_a_list_cut_short_is_compared_by_its_first_author_only() -> None:
    # "and others" names two of twenty authors: only the first is compared, never the count.
    bibliography = parse_bibliography(
        "@article{numpy, title = {Array programming with NumPy}, year = 2020, "
        "author = {Harris, Charles R. and Millman, K. Jarrod and others}, "
        "doi = {10.1038/s41586-020-2649-2}}"
    )
    entry = bibliography.entry("numpy")
    cited = cited_reference("numpy", "doi:10.1038/s41586-020-2649-2", entry)
    assert (cited.authors, entry is not None and entry.et_al) == (("Harris", "Millman"), True)
    twenty = ("Harris", "Millman", "van der Walt", *(f"Author{n}" for n in range(17)))
    found = CatalogueRecord(
        "crossref",
        parse_ref("doi:10.1038/s41586-020-2649-2"),
        "Array programming with NumPy",
        twenty,
        (2020,),
    )
    assert compare(cited, found) == ()
    assert [m.field for m in compare(cited, replace(found, authors=("Oliphant", *twenty)))] == [
        "firstAuthor"
    ]
