"""review_report end to end with in-memory papers: records, positions, cache reuse."""

from __future__ import annotations

from claimaudit.checker import Checker
from claimaudit.identity import parse_ref
from claimaudit.records import CheckedRecord, NotCheckedRecord
from claimaudit.review import review_report
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
        "Sparse matrices are in SciPy [1].\nSciPy is a Python library [1].",
    )
    result = review_report(edited, checker=_checker(judge, cache))
    assert [d.case.claim for d in judge.seen[2:]] == [
        "Sparse matrices are in SciPy.",
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
