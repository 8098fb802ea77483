"""Pointer words of other languages are read as "see", "cf." and "e.g." are
(``claimaudit.review.abroad``)."""

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
        # QA: each read with its pointer left over ("X gilt (vgl.).", "X tient, voir.").
        ("X gilt (vgl. [1]).", "X gilt."),
        ("X gilt (siehe auch [1] und [2]).", "X gilt."),
        ("X gilt (z. B. [1], [2]).", "X gilt."),
        ("X gilt, vgl. [1].", "X gilt."),
        ("X tient (voir [1]).", "X tient."),
        ("X tient (p. ex. [1]) et Y.", "X tient et Y."),
        ("X tient (par exemple [1]).", "X tient."),
        ("X tient, voir aussi [1].", "X tient."),
        ("X es cierto (véase también [1]).", "X es cierto."),
        ("X es cierto (p. ej. [1] y [2]).", "X es cierto."),
        ("X è vero (cfr. [1]).", "X è vero."),
        ("X è vero (ad es. [1], [2]).", "X è vero."),
        ("X é verdade (veja [1]).", "X é verdade."),
        # Joined citations leave no joining word: "X tient et." read so.
        ("X tient [1] et [2].", "X tient."),
        # The author's own words stay.
        ("X gilt (vgl. Kap. 3) [1].", "X gilt (vgl. Kap. 3)."),
        ("See [1] for Y.", "The cited work covers Y."),
    ],
)
def test_a_pointer_in_another_language_goes_with_its_citation(sentence: str, claim: str) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "X gilt laut.", "X tient selon." and "Comme montré dans, X tient.".
        ("X gilt laut [1].", "X gilt."),
        ("X tient selon [1].", "X tient."),
        ("Comme montré dans [1], X tient.", "X tient."),
        ("X, comme montré dans [1], tient.", "X tient."),
        ("Según [1], X es cierto.", "X es cierto."),
        ("X vale secondo [1].", "X vale."),
        # QA: "as shown in [1]" with German's participle last, Spanish's "se muestra" and
        # French's "comme le montre" read "X gilt, wie in gezeigt.", "Como se muestra en, X."
        # and "X est vrai, comme le montre.".
        ("X gilt, wie in [1] gezeigt.", "X gilt."),
        ("X gilt wie bei [1] beschrieben.", "X gilt."),
        ("X gilt, wie [1] zeigt.", "X gilt."),
        ("Como se muestra en [1], X es cierto.", "X es cierto."),
        ("X es cierto, como muestra [1].", "X es cierto."),
        ("X est vrai, comme le montre [1].", "X est vrai."),
        ("Comme le montre [1], X est vrai.", "X est vrai."),
        ("X tient, comme montré par [1].", "X tient."),
        # QA: French "d'après" and "en suivant", Spanish "de acuerdo con" and "siguiendo" read
        # "D'après, X tient.", "X es cierto de acuerdo con." and "Siguiendo, usamos X.".
        ("D\u2019après [1], X tient.", "X tient."),
        ("X tient d'après [1].", "X tient."),
        ("En suivant [1], nous utilisons X.", "Nous utilisons X."),
        ("De acuerdo con [1], X es cierto.", "X es cierto."),
        ("X es cierto de acuerdo con [1].", "X es cierto."),
        ("Siguiendo [1], usamos X.", "Usamos X."),
        ("Tel que décrit dans [1], X tient.", "X tient."),
        # QA: read "Como mostró, X es cierto." and "Ainsi que le, X tient.".
        ("Como mostró [1], X es cierto.", "X es cierto."),
        ("X es cierto, como demostraron [1] y [2].", "X es cierto."),
        ("Ainsi que le montre [1], X tient.", "X tient."),
        # The author's own "wie" stays.
        ("Wie X zeigt, gilt Y [1].", "Wie X zeigt, gilt Y."),
        ("X gilt, wie Abb. 2 zeigt [1].", "X gilt, wie Abb. 2 zeigt."),
        ("X tient, comme le montre la figure 2 [1].", "X tient, comme le montre la figure 2."),
    ],
)
def test_an_according_to_in_another_language_goes_with_its_citation(
    sentence: str, claim: str
) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: the preposition was left orphaned ("X gilt gemäß und Y.", "X tient selon et Y.").
        ("X gilt gemäß [1] und Y.", "X gilt und Y."),
        ("X gilt laut [1], und Y folgt.", "X gilt, und Y folgt."),
        ("X tient selon [1] et Y.", "X tient et Y."),
        ("X tient selon [1] mais Y échoue.", "X tient mais Y échoue."),
        ("X es cierto según [1] y Y.", "X es cierto y Y."),
        ("X vale secondo [1] e Y.", "X vale e Y."),
        # As English does.
        ("X holds according to [1] and Y.", "X holds and Y."),
        ("X holds per [1] and Y.", "X holds and Y."),
    ],
)
def test_an_according_to_inside_a_sentence_goes_with_its_citation(
    sentence: str, claim: str
) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "Siehe für Y.", "Für Y siehe.", "Pour Y." and "Véase para Y.": only English
        # "See [1] for Y." said what the cited work covers. It is said in the draft's language.
        ("Siehe [1] für Y.", "Die zitierte Arbeit behandelt Y."),
        ("Für Y siehe auch [1] und [2].", "Die zitierten Arbeiten behandeln Y."),
        ("Voir [1] pour Y.", "L'ouvrage cité porte sur Y."),
        ("Pour Y, voir [1].", "L'ouvrage cité porte sur Y."),
        ("Véase [1] para Y.", "La obra citada trata sobre Y."),
        ("Para Y, véase también [1].", "La obra citada trata sobre Y."),
        # Inside the author's claim the pointer goes whole, as in English.
        ("X gilt (siehe [1] für einen Beweis).", "X gilt."),
        # QA: read "X gilt; siehe auch für einen Beweis." and "X tient ; voir pour une preuve.".
        ("X gilt; siehe auch [1] für einen Beweis.", "X gilt."),
        ("X tient ; voir [1] pour une preuve.", "X tient."),
        ("X gilt; für einen Beweis siehe [1].", "X gilt."),
        (
            "Siehe [1] für X und [2] für Y.",
            "Die zitierte Arbeit behandelt X. Die zitierte Arbeit behandelt Y.",
        ),
    ],
)
def test_a_pointer_for_a_topic_in_another_language_says_the_cited_work_covers_it(
    sentence: str, claim: str
) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]


@pytest.mark.parametrize(
    "pointer",
    [
        "Für Details siehe [2].",
        "Pour plus de détails, voir [2].",
        "Vgl. auch [2].",
        "Siehe [2].",
        "Voir aussi [2].",
        "Véase [2].",
        "Cfr. [2].",
        # QA: was a claim of its own, "Z. B.".
        "Z. B. [2].",
        "Z.B. [2].",
    ],
)
def test_a_sentence_of_a_pointer_in_another_language_backs_the_one_before(pointer: str) -> None:
    # QA: "X gilt [1]. Vgl. auch [2]." was two claims, [2] judged on "Vgl. auch.".
    claims, _ = extract_claims(f"X gilt [1]. {pointer}{_REFERENCES}")
    assert [c.text for c in claims] == ["X gilt."]
    assert [[t.citations for t in c.targets] for c in claims] == [[("[1]",), ("[2]",)]]


def test_a_latex_pointer_in_another_language_goes_with_its_citation(tmp_path: Path) -> None:
    bib = "@article{a, title={A}}\n@article{b, title={B}}\n"
    body = "X gilt (vgl.~\\citealp{a}).\n\nY tient, voir \\cite{a,b}.\n\nZ gilt. Siehe \\cite{b}."
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    assert [c.text for c in found.claims] == ["X gilt.", "Y tient.", "Z gilt."]


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        # QA: read "Conforme a, X es cierto." and "Im Anschluss an verwenden wir X.".
        ("Conforme a [1], X es cierto.", "X es cierto."),
        ("Conforme a [1] X es cierto.", "X es cierto."),
        ("X es cierto, conforme a [1].", "X es cierto."),
        ("Im Anschluss an [1], X gilt.", "X gilt."),
        ("X gilt im Anschluss an [1].", "X gilt."),
        # Before the verb, German's second place, the pointer stays, the work named.
        (
            "Im Anschluss an [1] verwenden wir X.",
            "Im Anschluss an die zitierte Arbeit verwenden wir X.",
        ),
        (
            "In Anlehnung an [1] und [2] verwenden wir X.",
            "In Anlehnung an die zitierten Arbeiten verwenden wir X.",
        ),
        # "conforme a" with an object of its own is the author's.
        ("X conforme a la norma [1].", "X conforme a la norma."),
    ],
)
def test_a_pointer_of_several_words_goes_with_its_citation(sentence: str, claim: str) -> None:
    claims, _ = extract_claims(f"Intro.\n\n{sentence}{_REFERENCES}")
    assert [c.text for c in claims] == [claim]
