"""A preposition whose object was a removed citation names the work where no pointer holds it
(``claimaudit.review.orphans``)."""

from __future__ import annotations

import pytest

from claimaudit.review.claims import extract_claims

_REFERENCES = "\n\n## References\n\n1. Smith. arXiv:2001.00001\n2. Lee. arXiv:2001.00002\n"


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "Only in is X shown." and "Le modèle de est bon.".
        ("Only in [1] is X shown.", "Only in the cited work is X shown."),
        ("Only in [1] and [2] is X shown.", "Only in the cited works is X shown."),
        ("Le modèle de [1] est bon.", "Le modèle de l'ouvrage cité est bon."),
        ("Les modèles de [1] et [2] sont bons.", "Les modèles des ouvrages cités sont bons."),
        ("Nous utilisons le modèle de [1].", "Nous utilisons le modèle de l'ouvrage cité."),
        ("El modelo de [1] es bueno.", "El modelo de la obra citada es bueno."),
        # Pointers go whole, as before.
        ("In [1] the authors show X.", "The authors show X."),
        ("X es cierto, de acuerdo con [1].", "X es cierto."),
    ],
)
def test_an_orphaned_preposition_names_the_cited_work(sentence: str, claim: str) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]
