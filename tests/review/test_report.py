"""review_report end to end with in-memory papers: records, positions, cache reuse, and one
version of each paper per review."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import CancelledWorkError, ReviewTooLargeError, UsageError
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.judges.protocol import Decision, JudgeReply
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.records import CheckedRecord, NotCheckedRecord
from claimaudit.review import review_report
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.limits import ReviewLimits
from claimaudit.review.report import review_latex
from claimaudit.sources.library import LibrarySource
from claimaudit.sources.protocol import SourcePaper
from tests.fakes import MemoryCache, MemorySource, ScriptedJudge, pick

SCIPY = ["SciPy provides sparse matrix data structures.", "SciPy is written in Python."]
REPORT = """# Draft

SciPy provides *sparse* matrices [@arxiv:1907.10121]. Nothing cited here.
Sparse matrices are in SciPy [1] and arXiv:1907.10121.
This cites a missing paper [@doi:10.1234/missing] and an unknown key [@smith].

## References

1. Virtanen et al. https://arxiv.org/abs/1907.10121
"""


def _checker(judge: ScriptedJudge, cache: MemoryCache | None = None) -> Checker:
    source = MemorySource()
    source.add(parse_ref("1907.10121v1"), "SciPy 1.0", SCIPY)
    return Checker(source, judge, cache=cache)


def test_records_per_sentence_and_paper_with_positions() -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    progress: list[tuple[int, int]] = []
    result = review_report(
        REPORT, checker=_checker(judge), on_progress=lambda d, t: progress.append((d, t))
    )
    assert result.summary.claims == 3 and result.summary.uncited == 1
    assert [s.text for s in result.uncited] == ["Nothing cited here."]
    first, second, third = result.records[0], result.records[1], result.records[2:]
    assert first.sentence.text == "SciPy provides *sparse* matrices [@arxiv:1907.10121]."
    assert REPORT[first.sentence.start : first.sentence.end] == first.sentence.text
    assert (first.sentence.line, first.sentence.column) == (3, 1)
    assert isinstance(first.record, CheckedRecord)
    assert first.record.claim == "SciPy provides sparse matrices."
    assert first.record.evidence == SCIPY[0] and first.record.matched_ref == "arXiv:1907.10121v1"
    # [1] and the arXiv id name one paper: one record, both citations listed.
    assert second.citations == ("[1]", "arXiv:1907.10121") and second.record.verdict == "supports"
    missing, unknown = (r.record for r in third)
    assert isinstance(missing, NotCheckedRecord) and isinstance(unknown, NotCheckedRecord)
    assert "doi:10.1234/missing is not in the library" in missing.error
    assert unknown.paper_ref == "@smith" and "@smith" in unknown.error
    # Each judged pair once; progress counts the distinct pairs.
    assert len(judge.seen) == 2
    assert progress[0] == (0, 3) and progress[-1] == (3, 3)
    assert result.summary.verdicts == {
        "supports": 2,
        "contradicts": 0,
        "not_addressed": 0,
        "insufficient_evidence": 0,
        "not_checked": 2,
    }
    data = result.to_dict()
    assert data["records"][0]["sentence"] == {
        "index": 0,
        "start": first.sentence.start,
        "end": first.sentence.end,
        "line": 3,
        "column": 1,
        "text": first.sentence.text,
    }
    assert data["records"][0]["verdict"] == "supports"
    assert data["summary"]["citedSentences"] == 3


def test_a_second_review_judges_only_new_or_changed_sentences() -> None:
    cache = MemoryCache()
    judge = ScriptedJudge(pick("supports", "P001"), cache_identity="scripted-1")
    review_report(REPORT, checker=_checker(judge, cache))
    assert len(judge.seen) == 2
    review_report(REPORT, checker=_checker(judge, cache))
    assert len(judge.seen) == 2  # nothing new
    edited = REPORT.replace(
        "Sparse matrices are in SciPy [1] and arXiv:1907.10121.",
        "Sparse matrices live in SciPy [1].\nSciPy is a Python library [1].",
    )
    result = review_report(edited, checker=_checker(judge, cache))
    assert [d.case.claim for d in judge.seen[2:]] == [
        "Sparse matrices live in SciPy.",
        "SciPy is a Python library.",
    ]
    assert result.summary.claims == 4


def test_a_sentence_that_is_only_a_citation_is_not_checked() -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    result = review_report("Claims here.\n\n[@arxiv:1907.10121]\n", checker=_checker(judge))
    [item] = result.records
    assert isinstance(item.record, NotCheckedRecord)
    assert item.record.error == "sentence not checked: the claim is empty"
    assert judge.seen == []


@pytest.mark.parametrize(
    ("char", "name"),
    [("\u202e", "a right-to-left override"), ("\u202b", "a right-to-left embedding")],
)
def test_a_sentence_holding_a_bidi_override_is_not_checked(char: str, name: str) -> None:
    # It would read otherwise on screen than to the judge: not_checked, as `check` refuses it.
    judge = ScriptedJudge(pick("supports", "P001"))
    draft = f"SciPy provides {char}sparse matrices [@arxiv:1907.10121].\n"
    [item] = review_report(draft, checker=_checker(judge)).records
    assert isinstance(item.record, NotCheckedRecord)
    assert item.record.error == (
        f"sentence not checked: the claim holds U+{ord(char):04X} ({name}) at character 16"
    )
    assert judge.seen == []


DRAFT = """# Draft

SciPy provides sparse matrices [@arxiv:1907.10121].
SciPy is written in Python (arXiv:1907.10121).
SciPy has signal processing routines (arXiv:1907.10121).
"""


def _store(path: Path, title: str, text: str) -> None:
    paper = NewPaper(parse_ref("1907.10121v1"), title, [Passage("P001", text)], f"hash-{title}")
    with Library.open(path) as library:
        library.add_paper(paper, replace=True)


class CountingLibrary(LibrarySource):
    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.reads = 0

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        self.reads += 1
        return super().fetch(ref, query)


def test_a_paper_replaced_during_a_review_is_judged_in_one_version(tmp_path: Path) -> None:
    db = tmp_path / "library.sqlite3"
    _store(db, "SciPy 1.0", "SciPy provides sparse matrices, in Python.")
    pick_first = pick("supports", "P001")

    def replace_then_answer(decision: Decision) -> JudgeReply:
        # Another terminal's `library add --replace`, while the review is under way.
        _store(db, "SciPy 1.0 (revised)", "A revised text about SciPy.")
        return pick_first(decision)

    source = CountingLibrary(db)
    result = review_report(DRAFT, checker=Checker(source, ScriptedJudge(replace_then_answer)))
    records = [r.record for r in result.records]
    assert len(records) == 3 and all(isinstance(r, CheckedRecord) for r in records)
    first = "SciPy provides sparse matrices, in Python."
    versions = {(r.paper_title, r.evidence, r.retrieved_at) for r in records}
    assert versions == {("SciPy 1.0", first, records[0].retrieved_at)}
    assert source.reads == 1  # one read per review, not one per sentence
    # The next review reads the paper afresh: the snapshot is the review's own.
    again = review_report(DRAFT, checker=Checker(source, ScriptedJudge(pick_first)))
    assert {r.record.paper_title for r in again.records} == {"SciPy 1.0 (revised)"}


@pytest.mark.parametrize("first", ["arXiv:1907.10121", "arXiv:1907.10121v1"])
def test_a_paper_asked_for_with_and_without_its_version_is_judged_in_one_text(
    tmp_path: Path, first: str
) -> None:
    # `arXiv:X` is answered with the stored edition `arXiv:Xv1` names: both are one paper, and
    # a `library add --replace` between their sentences must not give them two texts.
    db = tmp_path / "library.sqlite3"
    _store(db, "SciPy 1.0", "SciPy provides sparse matrices, in Python.")
    pick_first = pick("supports", "P001")

    def replace_then_answer(decision: Decision) -> JudgeReply:
        _store(db, "SciPy 1.0 (revised)", "A revised text about SciPy.")
        return pick_first(decision)

    second = "arXiv:1907.10121" if first.endswith("v1") else "arXiv:1907.10121v1"
    draft = f"SciPy provides sparse matrices ({first}).\nSciPy is written in Python ({second}).\n"
    source = CountingLibrary(db)
    result = review_report(draft, checker=Checker(source, ScriptedJudge(replace_then_answer)))
    records = [r.record for r in result.records]
    assert [r.paper_ref for r in records] == [first, second]
    assert all(isinstance(r, CheckedRecord) for r in records)
    assert {(r.paper_title, r.evidence) for r in records} == {
        ("SciPy 1.0", "SciPy provides sparse matrices, in Python.")
    }
    # `arXiv:Xv1` after `arXiv:X` is answered from the snapshot; `arXiv:X` after `arXiv:Xv1`
    # must ask which edition answers it (one more read), and is given the text kept for it.
    assert source.reads == (1 if first == "arXiv:1907.10121" else 2)


GEP_BIB = r"""
@article{gep,
  title = {Good enough practices in scientific computing},
  author = {Wilson, Greg}, year = {2017},
  doi = {10.1371/journal.pcbi.1005510},
  note = {Builds on the SciPy ecosystem (arXiv:1907.10121)},
}
@article{scipy,
  title = {SciPy 1.0}, eprint = {1907.10121}, archivePrefix = {arXiv},
  doi = {10.1038/s41592-019-0686-2},
}
"""


def test_an_entry_is_judged_against_the_paper_its_fields_name_not_one_its_note_mentions() -> None:
    source = MemorySource()
    source.add(parse_ref("1907.10121v1"), "SciPy 1.0", SCIPY)
    wilson = ["Good practice: keep raw data unmodified.", "Use version control."]
    source.add(parse_ref("10.1371/journal.pcbi.1005510"), "Good enough practices", wilson)
    judge = ScriptedJudge(pick("supports", "P001"))
    draft = (
        "Good practice says SciPy provides sparse matrix data structures [@gep].\n\n"
        "SciPy provides sparse matrix data structures [@scipy].\n"
    )
    result = review_report(
        draft, checker=Checker(source, judge), bibliography=parse_bibliography(GEP_BIB)
    )
    gep, scipy = result.records
    assert gep.record.paper_ref == "doi:10.1371/journal.pcbi.1005510"
    assert sorted(d.case.paper_title for d in judge.seen) == ["Good enough practices", "SciPy 1.0"]
    # Only a second work's identifier in the entry's own fields is worth a word.
    assert "bibliographyNote" not in gep.to_dict()
    assert scipy.record.paper_ref == "arXiv:1907.10121"
    assert scipy.to_dict()["bibliographyNote"] == (
        "bibliography entry 'scipy' names two identifiers, arXiv:1907.10121 and "
        "doi:10.1038/s41592-019-0686-2; it is checked as arXiv:1907.10121"
    )


def test_an_empty_bibliography_is_a_warning_of_the_result(tmp_path: Path) -> None:
    # The result's warnings are what HTTP and MCP say: without this one a reader there saw
    # only "no bibliography entry" on each record, with no word that the file held none.
    said = "has no entries: the citations it was to resolve are not checked"
    checker = Checker(MemorySource(), ScriptedJudge(pick("supports", "P001")))
    sent = parse_bibliography("% nothing yet\n")
    markdown = review_report(
        "Widget 1 improves accuracy [@p1].\n", checker=checker, bibliography=sent
    )
    assert markdown.warnings == (f"the bibliography {said}",)
    (tmp_path / "refs.bib").write_text("% nothing yet\n", encoding="utf-8")
    (tmp_path / "paper.tex").write_text(
        "\\begin{document}\nWidget 1 improves accuracy \\cite{p1}.\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    latex = review_latex(tmp_path / "paper.tex", checker=checker)
    assert latex.warnings == (f"bibliography {tmp_path / 'refs.bib'} {said}",)


def test_review_latex_takes_limits_and_cancel_as_review_report_does(tmp_path: Path) -> None:
    # Only review_report took them: a LaTeX review from Python could be neither bounded nor
    # stopped without the private review_latex_claims.
    draft = tmp_path / "draft.tex"
    draft.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "SciPy provides sparse matrices \\cite{arxiv:1907.10121}.\n\\end{document}\n",
        encoding="utf-8",
    )
    judge = ScriptedJudge(pick("supports", "P001"))
    with pytest.raises(ReviewTooLargeError, match=r"asks for 1 \(sentence, paper\) checks"):
        review_latex(draft, checker=_checker(judge), limits=ReviewLimits(50, 0))
    stop = threading.Event()
    stop.set()
    with pytest.raises(CancelledWorkError):
        review_latex(draft, checker=_checker(judge), cancel=stop)
    assert judge.seen == []
    with pytest.raises(UsageError, match=r"^cancel must be a threading.Event or None, not bool$"):
        review_latex(draft, checker=_checker(judge), cancel=True)  # type: ignore[arg-type]
