"""A German pointer opening the sentence before its verb keeps its place, the cited work named
in it (``claimaudit.review.german``)."""

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
        # QA: read "Gilt X.", a question ("Does X hold?"): German puts the verb second.
        ("Laut [1] gilt X.", "Laut der zitierten Arbeit gilt X."),
        (
            "Gemäß [1] ist die Methode schnell.",
            "Gemäß der zitierten Arbeit ist die Methode schnell.",
        ),
        ("Laut [1] und [2] gilt X.", "Laut den zitierten Arbeiten gilt X."),
        ("[1] zufolge gilt X.", "Der zitierten Arbeit zufolge gilt X."),
        ("Wie in [1] gezeigt, gilt X.", "Wie in der zitierten Arbeit gezeigt, gilt X."),
        ("Wie [1] zeigt, gilt X.", "Wie die zitierte Arbeit zeigt, gilt X."),
        # QA: read "Nach gilt X.", "Gilt X." and "Wird gezeigt, dass X gilt.".
        ("Nach [1] gilt X.", "Nach der zitierten Arbeit gilt X."),
        ("Bei [1] gilt X.", "Bei der zitierten Arbeit gilt X."),
        (
            "In [1] wird gezeigt, dass X gilt.",
            "In der zitierten Arbeit wird gezeigt, dass X gilt.",
        ),
        ("X gilt nach [1].", "X gilt."),
        # QA: "Wie bei [1], gilt X." read "Gilt X.".
        ("Wie bei [1], gilt X.", "Wie bei der zitierten Arbeit, gilt X."),
        ("Wie bei [1] gilt X.", "Wie bei der zitierten Arbeit gilt X."),
        ("In [1] the authors show X.", "The authors show X."),
        # The rest a sentence of its own, the pointer goes, as English "According to [1], X
        # holds." reads "X holds.".
        ("Laut [1], X gilt.", "X gilt."),
        ("X gilt laut [1].", "X gilt."),
        ("Wie in [1] gezeigt, X gilt.", "X gilt."),
        ("According to [1] X holds.", "X holds."),
        ("Según [1], X es cierto.", "X es cierto."),
    ],
)
def test_a_german_pointer_before_the_verb_names_the_cited_work(sentence: str, claim: str) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "Laut the authors gilt X.", with no bibliography to name the work's authors.
        ("Laut @doi:10.1000/a gilt X.", "Laut der zitierten Arbeit gilt X."),
        ("@doi:10.1000/a zufolge gilt X.", "Der zitierten Arbeit zufolge gilt X."),
        ("Wie @doi:10.1000/a zeigt, gilt X.", "Wie die zitierte Arbeit zeigt, gilt X."),
    ],
)
def test_a_textual_citation_of_an_unnamed_work_is_named_in_german(
    sentence: str, claim: str
) -> None:
    claims, _ = extract_claims(f"{sentence}\n")
    assert [c.text for c in claims] == [claim]


def test_a_latex_german_pointer_before_the_verb_names_the_cited_work(tmp_path: Path) -> None:
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    body = "Laut \\cite{a} gilt X.\n\n\\cite{a,b} zufolge gilt Y."
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    assert [c.text for c in found.claims] == [
        "Laut der zitierten Arbeit gilt X.",
        "Den zitierten Arbeiten zufolge gilt Y.",
    ]
