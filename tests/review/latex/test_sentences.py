"""A LaTeX draft's sentences as review splits them, each with its own citations."""

from __future__ import annotations

from pathlib import Path

from claimaudit.review.latex.claims import LatexClaims, extract_latex_claims
from tests.articles import write_article

_BIB = "".join(
    f"@article{{{key}, title={{T}}, author={{Smith, John}}, doi={{10.1000/{key}}}}}\n"
    for key in ("a", "b", "c")
)


def _claims(tmp_path: Path, body: str) -> LatexClaims:
    return extract_latex_claims(write_article(tmp_path, body, bib=_BIB))


def test_relations_keep_each_citation_on_its_own_sentence(tmp_path: Path) -> None:
    # QA: "<" and the ">" after it were read as brackets: one claim of three sentences, judged
    # against all three papers.
    found = _claims(
        tmp_path,
        "The effect held at $p < 0.05$ here \\cite{a}. Next claim here \\cite{b}. "
        "Values had $x > 3$ in all \\cite{c}.",
    )
    assert [(c.text, [t.citations for t in c.targets]) for c in found.claims] == [
        ("The effect held at p < 0.05 here.", [("a",)]),
        ("Next claim here.", [("b",)]),
        ("Values had x > 3 in all.", [("c",)]),
    ]


def test_a_sentence_ending_in_a_cross_reference_ends_there(tmp_path: Path) -> None:
    # QA: "\ref" read "X", and "Table X." reads to the segmenter as an initial: the next
    # sentence, capitalised, was joined to it.
    body = (
        "Accuracy is reported in Table~\\ref{t}. Results improve with depth \\cite{a}.\n\n"
        "Training is shown in Figure~\\ref{f}. Figure~\\ref{g} shows that loss falls \\cite{b}.\n\n"
        "The setup follows Section~\\ref{s}. Convolutions reduce resolution \\cite{c}.\n\n"
        "X reduces Y in Fig.~\\ref{t}. Smith et al.\\ agree \\cite{a}."
    )
    found = _claims(tmp_path, body)
    assert [c.text for c in found.claims] == [
        "Results improve with depth.",
        "Figure 1 shows that loss falls.",
        "Convolutions reduce resolution.",
        "Smith et al. agree.",
    ]
    assert [(s.text, s.line, s.column) for s in found.uncited] == [
        ("Accuracy is reported in Table 1.", 3, 1),
        ("Training is shown in Figure 1.", 5, 1),
        ("The setup follows Section 1.", 7, 1),
        ("X reduces Y in Fig. 1.", 9, 1),
    ]
    # Each claim is placed where its first word is written (the body starts on line 3).
    lines = body.split("\n")
    assert [(c.sentence.line, c.sentence.column) for c in found.claims] == [
        (3 + number, lines[number].index(first) + 1)
        for number, first in [(0, "Results"), (2, "Figure~\\ref{g}"), (4, "Conv"), (6, "Smith")]
    ]
