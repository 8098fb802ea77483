"""A sentence citing several papers: its worst verdict colours it, one record needing review
flags it, and the summary counts what could not be checked."""

from __future__ import annotations

import re
from collections.abc import Callable

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.judges.protocol import Decision, JudgeReply
from claimaudit.review import render_html, review_report
from claimaudit.review.result import SEVERITY, ReviewResult
from tests.fakes import MemorySource, ScriptedJudge, pick

SUPPORTING = "arxiv:1907.10121"
CONTRADICTING = "arxiv:2001.00001"
MISSING = "doi:10.1234/none"  # in no source: its record is not_checked


def _by_title(decision: Decision) -> JudgeReply:
    # Each paper's answer is its own: the title says which the judge is reading.
    relation = "contradicts" if decision.case.paper_title == "Against" else "supports"
    script: Callable[[Decision], JudgeReply] = pick(relation, "P001", strength=0.97)
    return script(decision)


def _review(*cited: str) -> ReviewResult:
    source = MemorySource()
    source.add(parse_ref(SUPPORTING), "For", ["Aspirin lowers fever in adults."])
    source.add(parse_ref(CONTRADICTING), "Against", ["Aspirin did not lower fever in adults."])
    checker = Checker(source, ScriptedJudge(_by_title))
    citations = "; ".join(f"@{c}" for c in cited)
    return review_report(f"Aspirin lowers fever in adults [{citations}].\n", checker=checker)


def _claim_classes(page: str) -> list[str]:
    return re.findall(r'<span class="(claim [^"]*)" data-claim="1">', page)


def test_contradicts_is_worst_and_supports_least_bad() -> None:
    assert SEVERITY[0] == "contradicts" and SEVERITY[-1] == "supports"
    assert SEVERITY.index("not_checked") < SEVERITY.index("supports")


def test_a_sentence_citing_a_contradicting_and_a_supporting_paper_shows_contradicts() -> None:
    result = _review(SUPPORTING, CONTRADICTING)
    [claim] = result.claims
    assert sorted(r.record.verdict for r in claim.records) == ["contradicts", "supports"]
    assert claim.worst == "contradicts"
    page = render_html(result, title="draft.md")
    [classes] = _claim_classes(page)
    assert "v-contradicts" in classes.split() and "v-supports" not in classes.split()
    assert '<span class="marker-verdict">: contradicts; needs review</span>' in page


def test_a_paper_not_checked_beside_a_supporting_one_shows_not_checked() -> None:
    result = _review(MISSING, SUPPORTING)
    [claim] = result.claims
    assert sorted(r.record.verdict for r in claim.records) == ["not_checked", "supports"]
    assert claim.worst == "not_checked"


def test_one_record_needing_review_flags_the_whole_sentence() -> None:
    result = _review(SUPPORTING, CONTRADICTING)
    [claim] = result.claims
    flags = {r.record.verdict: r.record.needs_review for r in claim.records}
    assert flags == {"supports": False, "contradicts": True}  # one of the two
    assert claim.needs_review
    [classes] = _claim_classes(render_html(result, title="draft.md"))
    assert "needs-review" in classes.split()


def test_a_sentence_whose_papers_all_support_is_not_flagged() -> None:
    result = _review(SUPPORTING)
    [claim] = result.claims
    assert claim.worst == "supports" and not claim.needs_review
    [classes] = _claim_classes(render_html(result, title="draft.md"))
    assert classes.split() == ["claim", "v-supports"]


def test_the_summary_counts_a_paper_not_checked_as_needing_review() -> None:
    # README: "need review" counts every not_checked record among the pairs.
    result = _review(MISSING, SUPPORTING)
    summary = result.to_dict()["summary"]
    assert summary["records"] == 2
    assert summary["notChecked"] == 1
    assert summary["needsReview"] == 1
    assert summary["verdicts"]["not_checked"] == 1 and summary["verdicts"]["supports"] == 1
    page = render_html(result, title="draft.md")
    assert '<li class="total" data-count="not-checked"><span class="n">1</span>' in page
    assert '<li class="total" data-count="needs-review"><span class="n">1</span>' in page
