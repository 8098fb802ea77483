"""A draft listing references it cites in no form review reads: a warning, never silence."""

from __future__ import annotations

from pathlib import Path

from claimaudit.checker.pipeline import Checker
from claimaudit.review import review_report
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.latex.claims import extract_latex_claims
from claimaudit.review.none_cited import markdown_none_cited
from tests.fakes import MemorySource, ScriptedJudge, pick

# QA's draft: cited only in author-year prose, its References list holding a DOI and an arXiv id.
AUTHOR_YEAR = (
    "# Draft\n\n"
    "Researchers should back up raw data in more than one place (Wilson et al., 2017). "
    "SciPy provides sparse matrices (Virtanen et al. 2020).\n\n"
    "## References\n\n"
    "- Wilson G, et al. (2017). Good enough practices. doi:10.1371/journal.pcbi.1005510\n"
    "- Virtanen P, et al. (2020). SciPy 1.0. Nature Methods. arXiv:1907.10121\n"
)
BIB = parse_bibliography(
    "@article{a, doi={10.1000/a}}\n@article{b, doi={10.1000/b}}\n@article{c, doi={10.1000/c}}\n",
    source="refs.bib",
)


def _checker() -> Checker:
    return Checker(MemorySource(), ScriptedJudge(pick("supports", "P001", strength=0.7)))


def test_references_listed_but_none_cited_is_a_warning_in_the_result_and_its_json() -> None:
    # QA: the forms named left out superscripts ("matters\u00b9"), which review reads.
    result = review_report(AUTHOR_YEAR, checker=_checker())
    assert result.summary.claims == 0
    assert result.warnings == (
        "2 references are listed in the draft's References section but none is cited in a "
        "form review reads ([@key], [1], a superscript number (\u00b9 or ^1^), a DOI or an arXiv "
        'id; author-year prose such as "(Smith et al., 2020)" is not read), so no sentence was '
        "checked",
    )
    assert result.to_dict()["warnings"] == list(result.warnings)


def test_a_bibliography_none_of_whose_entries_is_cited_is_named() -> None:
    prose = AUTHOR_YEAR.partition("## References")[0]
    [warning] = markdown_none_cited(prose, BIB)
    assert warning.startswith("3 references are listed in refs.bib but none is cited")


def test_no_warning_when_something_is_cited_or_nothing_is_listed() -> None:
    cited = AUTHOR_YEAR.replace("(Wilson et al., 2017)", "[1]").replace("- Wilson", "1. Wilson")
    assert review_report(cited, checker=_checker()).warnings == ()
    prose = AUTHOR_YEAR.partition("## References")[0]
    assert review_report(prose, checker=_checker()).warnings == ()
    assert markdown_none_cited(prose, None) == ()


def test_a_latex_draft_with_a_bibliography_and_no_citation_command_says_so(
    tmp_path: Path,
) -> None:
    (tmp_path / "refs.bib").write_text("@article{a, doi={10.1000/a}}\n", encoding="utf-8")
    path = tmp_path / "main.tex"
    body = "SciPy is a library (Virtanen et al., 2020)."
    path.write_text(
        f"\\documentclass{{article}}\n\\begin{{document}}\n{body}\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    [warning] = extract_latex_claims(path).warnings
    assert warning.startswith("1 reference is listed in refs.bib but none is cited in a form")
    assert "(\\cite and its kin, or \\textsuperscript{1}" in warning
    path.write_text(path.read_text().replace(body, "SciPy is a library \\cite{a}."))
    assert extract_latex_claims(path).warnings == ()


def test_a_citation_that_cites_nothing_is_warned_of_alone_not_as_no_citation_at_all() -> None:
    # QA: "[3-1]" is a form review reads; the warning that none was written in one told the
    # author to write what they had written, beside the line that says what is wrong with it.
    draft = AUTHOR_YEAR.replace("(Wilson et al., 2017)", "[2-1]").replace(
        "(Virtanen et al. 2020)", "[0]"
    )
    result = review_report(draft, checker=_checker())
    assert result.summary.claims == 0
    assert len(result.warnings) == 2
    assert "the citation [2-1] is a range written backwards" in result.warnings[0]
    assert "the citation [0] holds the number 0" in result.warnings[1]
    assert not any("none is cited" in w for w in result.warnings)
