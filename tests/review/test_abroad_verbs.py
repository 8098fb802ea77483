"""A removed citation that was a German, French or Spanish verb's subject is named in the
draft's language (``claimaudit.review.abroad_verbs``)."""

from __future__ import annotations

import pytest

from claimaudit.review.claims import extract_claims

_REFERENCES = "\n\n## References\n\n1. Smith. arXiv:2001.00001\n2. Lee. arXiv:2001.00002\n"


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "The authors zeigt X." and "The authors montre que X.".
        ("[1] zeigt X.", "Die zitierte Arbeit zeigt X."),
        ("[1] montre que X.", "L'ouvrage cité montre que X."),
        ("[1] muestra X.", "La obra citada muestra X."),
        ("[1] und [2] zeigen X.", "Die zitierten Arbeiten zeigen X."),
        ("[1] und [2] zeigt X.", "Jede zitierte Arbeit zeigt X."),
        ("[1] montrent X.", "Les auteurs montrent X."),
        ("X gilt; [1] zeigt Y.", "X gilt; die zitierte Arbeit zeigt Y."),
        # English verbs read as before.
        ("[1] shows X.", "The cited work shows X."),
        ("[1] and [2] describe X.", "The authors describe X."),
    ],
)
def test_a_cited_subject_is_named_in_its_verbs_language(sentence: str, claim: str) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("@doi:10.1000/a zeigt X.", "Die zitierte Arbeit zeigt X."),
        (
            "Wir wissen, dass @doi:10.1000/a zeigt, dass X.",
            "Wir wissen, dass die zitierte Arbeit zeigt, dass X.",
        ),
        ("@doi:10.1000/a shows X.", "The cited work shows X."),
    ],
)
def test_a_textual_citation_of_an_unnamed_work_is_named_so_too(sentence: str, claim: str) -> None:
    claims, _ = extract_claims(f"{sentence}\n")
    assert [c.text for c in claims] == [claim]
