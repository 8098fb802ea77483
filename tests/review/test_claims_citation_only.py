"""A body sentence of a Markdown draft that holds only citations ("See also [@b].") is no claim:
its citations go to the sentence before it in its paragraph, which is judged against them too,
and the annotated copy marks that sentence."""

from __future__ import annotations

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.review import review_report
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.citation_only import only_pointers
from claimaudit.review.claims import Claim, extract_claims
from tests.fakes import MemorySource, ScriptedJudge, pick

BIB = parse_bibliography(
    "@article{smith2020, author={Smith, Jane}, eprint={1907.10121}, archivePrefix={arXiv}}\n"
    "@article{a, author={Able, Ann}, doi={10.1234/a}}\n"
    "@article{b, author={Baker, Bo}, doi={10.1234/b}}\n"
)
A, B, SMITH = "doi:10.1234/a", "doi:10.1234/b", "arXiv:1907.10121"


def _read(draft: str) -> tuple[list[tuple[str, list[str]]], list[str]]:
    claims, uncited = extract_claims(draft, BIB)
    return [(c.text, [t.name for t in c.targets]) for c in claims], [s.text for s in uncited]


@pytest.mark.parametrize(
    ("draft", "claims"),
    [
        ("X holds for Y [@a]. See also [@b].", [("X holds for Y.", [A, B])]),
        ("X holds for Y [@a]. (See [@b].)", [("X holds for Y.", [A, B])]),
        ("X holds for them. Cf. @smith2020, p. 4.", [("X holds for them.", [SMITH])]),
        # A letter ending the sentence is no initial before "Cf.".
        ("X holds for Y. Cf. @smith2020, p. 4.", [("X holds for Y.", [SMITH])]),
        ("X holds for Y [@a]. See also [@b], [@smith2020].", [("X holds for Y.", [A, B, SMITH])]),
        # The cited work's authors, named, say nothing more.
        ("X holds for Y [@a]. Baker [@b].", [("X holds for Y.", [A, B])]),
        ("X holds for Y [@a]. For a review, see [@b, ch. iv].", [("X holds for Y.", [A, B])]),
        ("X holds for Y [1]. See [2].", [("X holds for Y.", [A, B])]),
        ("X holds for Y [@a]. See doi:10.1234/b.", [("X holds for Y.", [A, B])]),
        # Each goes to the nearest sentence before it that says something.
        (
            "X holds [@a]. See [@b]. Z holds [@smith2020]. See also [@a].",
            [("X holds.", [A, B]), ("Z holds.", [SMITH, A])],
        ),
        ("X holds. See [@a]. See also [@b].", [("X holds.", [A, B])]),
        # Opening the paragraph, it goes to the paragraph's first sentence that says something.
        ("See [@a]. X holds for Y [@b].", [("X holds for Y.", [B, A])]),
    ],
)
def test_a_sentence_holding_only_citations_gives_them_to_the_sentence_before(
    draft: str, claims: list[tuple[str, list[str]]]
) -> None:
    references = "\n\n# References\n\n1. doi:10.1234/a\n2. doi:10.1234/b\n"
    found, uncited = _read(draft + (references if "[1]" in draft else "\n"))
    assert found == claims
    assert uncited == []


def test_a_sentence_that_says_something_stays_a_claim_of_its_own() -> None:
    found, _ = _read("X holds [@a]. Smith showed it [@b]. Jones (2020) [@b].\n")
    assert found == [("X holds.", [A]), ("Smith showed it.", [B]), ("Jones (2020).", [B])]


def test_citations_stay_in_their_paragraph() -> None:
    found, uncited = _read("X holds.\n\nY holds [@a]. See also [@b].\n\n- Z holds.\n- See [@a].\n")
    assert found == [("Y holds.", [A, B]), ("See.", [A])]
    assert uncited == ["X holds.", "Z holds."]


def test_a_paragraph_of_citations_alone_stays_a_claim_to_be_refused() -> None:
    # No statement to back: the citation is kept in sight, as a claim refused as empty (its
    # words are pointers only), read as written less its citations.
    found, uncited = _read("X holds.\n\nSee [@a]. See also [@b].\n")
    assert found == [("See.", [A]), ("See also.", [B])]
    assert all(only_pointers(text) for text, _ in found)
    assert uncited == ["X holds."]


def test_the_claim_keeps_its_own_sentence_and_citations() -> None:
    draft = "Intro.\n\nX holds for Y [@a]. See also [@b].\n"
    claims, _ = extract_claims(draft, BIB)
    [claim] = claims
    assert draft[claim.sentence.start : claim.sentence.end] == "X holds for Y [@a]."
    assert claim.sentence.index == 1
    assert [c.label for c in claim.citations] == ["@a"]
    assert [c.label for c in claim.noted] == ["@b"]


def test_a_footnote_the_citation_only_sentence_carries_goes_with_it() -> None:
    draft = "X holds [@a]. See also [@b].[^1]\n\n[^1]: Cf. [@smith2020].\n"
    claims, uncited = extract_claims(draft, BIB)
    assert [(c.text, [t.name for t in c.targets]) for c in claims] == [("X holds.", [A, B, SMITH])]
    assert uncited == []


def _claim(claims: list[Claim], text: str) -> Claim:
    return next(c for c in claims if c.text == text)


def test_the_review_judges_the_sentence_before_and_marks_it() -> None:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy provides sparse matrices."])
    judge = ScriptedJudge(pick("supports", "P001"))
    draft = "SciPy provides sparse matrices [@arxiv:1907.10121]. See also [@doi:10.1234/x].\n"
    result = review_report(draft, checker=Checker(source, judge))
    [claim] = result.claims
    assert [(r.citations, r.record.paper_ref) for r in claim.records] == [
        (("@arxiv:1907.10121",), "arXiv:1907.10121"),
        (("@doi:10.1234/x",), "doi:10.1234/x"),
    ]
    assert claim.records[0].record.verdict == "supports"
    assert [d.case.claim for d in judge.seen] == ["SciPy provides sparse matrices."]
    assert result.uncited == ()
    assert result.annotated_markdown.startswith(
        "SciPy provides sparse matrices [@arxiv:1907.10121].[^claimaudit-1] See also "
        "[@doi:10.1234/x].\n"
    )
    assert result.annotated_markdown.count("[^claimaudit-1]") == 2


def test_a_pointer_at_a_work_alone_is_no_claim_of_its_own() -> None:
    # QA: "As described at <arXiv URL>. The method works well." read as the claim "As described
    # at." judged against the paper, and "The method works well." as uncited.
    url = "https://arxiv.org/abs/1907.10121v2"
    found, uncited = _read(f"As described at {url}. The method works well.\n")
    assert found == [("The method works well.", ["arXiv:1907.10121v2"])]
    assert uncited == []
    found, _ = _read("X holds for Y [@a]. As shown in [@b].\n")
    assert found == [("X holds for Y.", [A, B])]


@pytest.mark.parametrize("pointer", ["As described at [@a].", "See [@a] for details."])
def test_a_pointer_alone_in_its_paragraph_is_refused_not_judged(pointer: str) -> None:
    # Alone, it stays a claim so that its citation is seen, but no judge is asked about "As
    # described at.": README promises a not_checked record.
    source = MemorySource()
    source.add(parse_ref("doi:10.1234/a"), "A", ["X holds for Y."])
    judge = ScriptedJudge(pick("supports", "P001"))
    result = review_report(
        f"X holds.\n\n{pointer}\n", checker=Checker(source, judge), bibliography=BIB
    )
    [claim] = result.claims
    [record] = claim.records
    assert record.record.verdict == "not_checked"
    assert record.record.error == (
        "sentence not checked: the claim has no words to check (only pointers at its citations, "
        'as "see" or "as described in")'
    )
    assert judge.seen == []


def test_a_pointer_alone_reads_as_written_whichever_its_preposition() -> None:
    # QA: alone in its paragraph, "As described at [1]." read "As described at." but "As
    # described in [1]." read "As described." (and "As in [1]." read "As."): the phrase after
    # "in" was cut as if it ended a sentence of the author's own.
    drafts = ["As described at [@a].", "As described in [@a].", "As in [@a].", "As shown in [@b]."]
    found, _ = _read("\n\n".join(drafts) + "\n")
    assert [text for text, _ in found] == [
        "As described at.",
        "As described in.",
        "As in.",
        "As shown in.",
    ]
    # After words of the sentence's own, the pointer still goes.
    assert _read("X holds as described in [@a].\n")[0] == [("X holds.", [A])]


@pytest.mark.parametrize(
    ("pointer", "claim"),
    [
        ("For details see [@a].", "For details see."),
        ("For details, see [@a].", "For details, see."),
        ("See [@a] for more information.", "See for more information."),
        ("For more information, see [@a].", "For more information, see."),
        ("See [@a] for an overview.", "See for an overview."),
        ("For background, see [@a].", "For background, see."),
        # QA: judged as the claim "Details can be found." against the work it points at.
        ("Details can be found in [@a].", "Details can be found in."),
        ("More details may be found in [@a].", "More details may be found in."),
    ],
)
def test_a_pointer_for_pointer_words_alone_reads_as_written_and_is_refused(
    pointer: str, claim: str
) -> None:
    # QA: alone in its paragraph, "For details, see [1]." read "For details." where "For details
    # see [1]." read "For details see." (the sentence less its citations, as "See [1]." reads
    # "See."); "See [1] for more information." was judged as "The cited work covers more
    # information.", a topic of pointer words. Each is now a not_checked record, never judged.
    source = MemorySource()
    source.add(parse_ref("doi:10.1234/a"), "A", ["X holds for Y."])
    judge = ScriptedJudge(pick("supports", "P001"))
    result = review_report(
        f"X holds.\n\n{pointer}\n", checker=Checker(source, judge), bibliography=BIB
    )
    [item] = result.claims
    assert item.claim.text == claim
    [record] = item.records
    assert record.record.verdict == "not_checked"
    assert judge.seen == []


def test_a_pointer_for_more_information_backs_the_sentence_before() -> None:
    found, _ = _read("X holds for Y [@a]. See [@b] for more information.\n")
    assert found == [("X holds for Y.", [A, B])]
    found, _ = _read("X holds for Y [@a]. For an overview, see [@b].\n")
    assert found == [("X holds for Y.", [A, B])]
    found, _ = _read("X holds for Y [@a]. Details can be found in [@b].\n")
    assert found == [("X holds for Y.", [A, B])]
