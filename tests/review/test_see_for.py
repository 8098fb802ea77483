"""A sentence pointing at cited works for a topic says they cover it."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.review.claims import extract_claims
from claimaudit.review.latex.claims import extract_latex_claims
from tests.articles import write_article

_REFERENCES = "\n\n## References\n\n1. Smith. arXiv:2001.00001\n2. Lee. arXiv:2001.00002\n"


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("See [1] for X.", "The cited work covers X."),
        ("See [1] and [2] for X.", "The cited works cover X."),
        ("See also [1] for details on Y.", "The cited work covers details on Y."),
        ("Cf. [2] for Z.", "The cited work covers Z."),
        (
            "Compare [1] for a different view on Y.",
            "The cited work covers a different view on Y.",
        ),
        ("See, e.g., [1] for a survey of Y.", "The cited work covers a survey of Y."),
        ("See [1], p. 3, for the proof of Z.", "The cited work covers the proof of Z."),
        ("For a review of X, see [1].", "The cited work covers a review of X."),
        ("For X, see also [1], [2].", "The cited works cover X."),
        # Its comma left out, as it often is: not "For X see."
        ("For a review of X see [1].", "The cited work covers a review of X."),
        ("(See [1] for X.)", "The cited work covers X."),
        # Inside a claim of the author's own, the pointer goes whole, as after a semicolon.
        ("X holds (see [1] for a proof).", "X holds."),
        ("X holds; see [1] for a proof.", "X holds."),
        # QA: the topic first, in the last clause, read "X holds; for details.".
        ("X holds; for details, see [1].", "X holds."),
        ("X holds; for a proof, see [1], p. 3.", "X holds."),
        ("X holds: for more details see also [1] and [2].", "X holds."),
        ("X holds \u2014 for details, see [1].", "X holds."),
        # QA: a topic citing a work of its own read "X holds; for Y." (and, without its comma,
        # "X holds; for Y see."): the clause goes whole, its citation with it.
        ("X holds; for Y [2], see [1].", "X holds."),
        ("X holds; for Y [2] see [1].", "X holds."),
        ("X holds; for Y (in mice) [2], see [1] and [2].", "X holds."),
        ("X holds; for Y (in mice), see [1].", "X holds."),
        # QA: "also" after the pointer kept the clause: "X holds; see also for a proof.".
        ("X holds; see also [1] for a proof.", "X holds."),
        ("X holds; cf. also [1] for Y.", "X holds."),
        # QA: read "See for X.": the bracket pointing at the work's own references stood in
        # the way.
        ("See [1] (and references therein) for X.", "The cited work covers X."),
        (
            "See [1] and [2] (and the references cited therein) for X.",
            "The cited works cover X.",
        ),
        # QA: read "For X and Y.": the works paired with the topic's items.
        (
            "For X and Y, see [1] and [2], respectively.",
            "The cited works cover X and Y, respectively.",
        ),
        (
            "For X and Y see [1] and [2] respectively.",
            "The cited works cover X and Y, respectively.",
        ),
    ],
)
def test_a_pointer_for_a_topic_says_the_cited_work_covers_it(sentence: str, claim: str) -> None:
    # QA: "See [1] for X." and "See [1] and [2] for X." were judged as "For X.", which says
    # nothing of the cited works; "See also [1] for Y." as "See also for Y.".
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "For Y.": the topic cites a work of its own, and is what the sentence says
        # of it; the work pointed at is given no topic to cover.
        ("For Y [2], see [1].", "Y."),
        ("See [1] for Y [2].", "Y."),
        ("For Y [2] see also [1].", "Y."),
        ("(See [1] for Y [2].)", "Y."),
        ("For the method of [2], see [1].", "The method of the cited work."),
        # QA: read "A review of X.", which says nothing of either work: both are reviews of X.
        ("For a review of X [2], see [1].", "The cited work is a review of X."),
        ("See [1] for an overview of X [2].", "The cited work is an overview of X."),
        # A work joined to the topic's end is pointed at for it too (was "For X and.").
        ("See [1] for X and [2].", "The cited works cover X."),
    ],
)
def test_a_whole_sentence_pointer_whose_topic_cites_a_work_reads_as_its_topic(
    sentence: str, claim: str
) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]
    assert [t.claim for t in claims[0].targets] == [None, None]


def test_pointers_for_topics_citing_works_of_their_own_are_read_by_part() -> None:
    # QA: read "For X, and for Y." for all three.
    claims, _ = extract_claims(
        f"Intro.\n\nSee [1] for X, and [2] for Y [3].{_REFERENCES}3. Kim. arXiv:2001.00003\n"
    )
    assert [(t.citations, t.claim) for t in claims[0].targets] == [
        (("[1]",), "The cited work covers X."),
        (("[2]",), "Y."),
        (("[3]",), "Y."),
    ]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("(See [1] for X (in mice).)", "The cited work covers X (in mice)."),
        ("(See [1] for X (in mice)).", "The cited work covers X (in mice)."),
        ("(See also [1] for X (Table 2) and Y.)", "The cited work covers X (Table 2) and Y."),
        ("X holds (see [1] for a proof (in mice)).", "X holds."),
        # Other works pointed at in it go with it.
        ("X holds (see [1] for A and [2] for B).", "X holds."),
        ("X holds (see [1] for A; [2] for B (in mice)).", "X holds."),
        # A bracket that closes before the sentence ends is a part of its own (``parts``).
        ("(See [1] for X) and Y holds.", "The cited work covers X. Y holds."),
        # QA: read "(See for X and) and Y.": a topic citing a work of its own is an aside
        # that backs the rest, as "Y holds (see [1] for X and [2])." is.
        ("(See [1] for X and [2]) and Y.", "Y."),
        ("Y holds (see [1] for X and [2]).", "Y holds."),
    ],
)
def test_a_pointer_in_brackets_keeps_a_bracket_of_its_topic(sentence: str, claim: str) -> None:
    # QA: "(See [1] for X (in mice).)" read "(See for X (in mice).)" and "X holds (see [1] for
    # a proof (in mice))." "X holds (see for a proof (in mice)).": a bracket inside the topic
    # stopped the pointer from being read.
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "See (in mice) for X.".
        ("See [1] (in mice) for X.", "The cited work covers X (in mice)."),
        ("See [1] (in mice) for X and [2].", "The cited works cover X (in mice)."),
        ("Siehe [1] (bei Mäusen) für X.", "Die zitierte Arbeit behandelt X (bei Mäusen)."),
        ("See [1] (and references therein) for X.", "The cited work covers X."),
    ],
)
def test_a_bracket_after_the_work_pointed_at_goes_with_its_topic(sentence: str, claim: str) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


def test_a_footnote_pointing_for_a_topic_says_the_cited_work_covers_it() -> None:
    claims, _ = extract_claims(f"X is known.[^1]\n\n[^1]: See [2] for Z.{_REFERENCES}")
    assert [c.text for c in claims] == ["The cited work covers Z."]


def test_a_pointer_for_pointer_words_alone_is_still_no_claim() -> None:
    claims, _ = extract_claims(f"X holds [1]. See [2] for details.{_REFERENCES}")
    assert [c.text for c in claims] == ["X holds."]
    assert [[t.citations for t in c.targets] for c in claims] == [[("[1]",), ("[2]",)]]


def test_a_latex_pointer_for_a_topic_says_the_cited_work_covers_it(
    tmp_path: Path,
) -> None:
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    body = (
        "See~\\cite{a} for X.\n\nSee also \\cite{a,b} for a proof of Y.\n\n"
        "For a survey of Z, see \\citep{a}.\n\nX holds (see \\citealp{a} for a proof).\n\n"
        "X holds; for Y~\\citep{b}, see \\citealp{a}."
    )
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    assert [c.text for c in found.claims] == [
        "The cited work covers X.",
        "The cited works cover a proof of Y.",
        "The cited work covers a survey of Z.",
        "X holds.",
        "X holds.",
    ]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("E.g. [1] shows Y.", "E.g., the cited work shows Y."),
        (
            "For example [1] and [2] are benchmarks.",
            "For example, the cited works are benchmarks.",
        ),
        # Written with its comma, as before.
        ("E.g., [1] and [2] show Y.", "E.g., the authors show Y."),
        (
            "For example, [1] is a benchmark.",
            "For example, the cited work is a benchmark.",
        ),
    ],
)
def test_examples_opening_the_sentence_as_its_subject_read_as_the_cited_work(
    sentence: str, claim: str
) -> None:
    # QA: "E.g. [1] shows Y." was judged as "E.g. shows Y." and "For example [1] and [2] are
    # benchmarks." as "For example are benchmarks.", a verb with no subject.
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


def test_latex_examples_opening_the_sentence_read_as_the_cited_work(
    tmp_path: Path,
) -> None:
    body = "E.g.~\\cite{a} shows Y."
    found = extract_latex_claims(write_article(tmp_path, body, bib="@article{a, title={A}}\n"))
    assert [c.text for c in found.claims] == ["E.g., the cited work shows Y."]
