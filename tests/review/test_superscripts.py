"""Superscript citation marks, read only where they can be no exponent, unit or byline mark."""

from __future__ import annotations

import re

import pytest

from claimaudit.review.claims import extract_claims

_REFERENCES = "\n\n# References\n\n" + "".join(
    f"{n}. Author {n}. doi:10.1234/r{n}\n" for n in range(1, 5)
)


def _read(body: str) -> tuple[list[tuple[str, list[str]]], list[str]]:
    claims, uncited = extract_claims(body + _REFERENCES)
    cited = [(c.text, [label for t in c.targets for label in t.citations]) for c in claims]
    return cited, [s.text for s in uncited]


@pytest.mark.parametrize(
    ("body", "cited"),
    [
        ("Padding keeps the size\u00b9.", ["[1]"]),
        ("Padding keeps the size.\u00b2", ["[2]"]),
        ("Padding keeps the size\u00b9\u207b\u00b3.", ["[1]", "[2]", "[3]"]),
        ("Padding keeps the size\u00b9,\u2074.", ["[1]", "[4]"]),
        ("Padding keeps the size^2^.", ["[2]"]),
        ("Padding keeps the size.^1-3^", ["[1]", "[2]", "[3]"]),
        ("Padding keeps the size<sup>1</sup>.", ["[1]"]),
        ("Padding keeps the size.<sup>2, 4</sup>", ["[2]", "[4]"]),
        ("Padding keeps the size<sup>1-3</sup>, as expected.", ["[1]", "[2]", "[3]"]),
    ],
)
def test_a_superscript_mark_after_a_word_or_a_stop_cites(body: str, cited: list[str]) -> None:
    # QA: none was read: the sentence was uncited, and "size<sup>1</sup>." read "size 1 .".
    assert _read(body) == (
        [
            (
                "Padding keeps the size."
                if "expected" not in body
                else "Padding keeps the size, as expected.",
                cited,
            )
        ],
        [],
    )


@pytest.mark.parametrize(
    ("body", "shown"),
    [
        # Exponents: after a digit, a one-letter symbol, a unit, a bracket.
        ("The area grows to 10\u00b3 cells.", "The area grows to 10\u00b3 cells."),
        ("The area grows to 3 m^2^ here.", "The area grows to 3 m^2^ here."),
        ("The area grows to three cm\u00b2 here.", "The area grows to three cm\u00b2 here."),
        ("The values of x\u00b2 grow fast.", "The values of x\u00b2 grow fast."),
        ("The values of (a + b)\u00b2 grow fast.", "The values of (a + b)\u00b2 grow fast."),
        ("The sample holds 10<sup>6</sup> cells.", "The sample holds 10\u2076 cells."),
        # A number the reference list does not hold, and a byline's marks.
        ("Padding keeps the size\u2079.", "Padding keeps the size\u2079."),
        ("Jane Doe\u00b9, John Roe\u00b2", "Jane Doe\u00b9, John Roe\u00b2"),
        (
            "\u00b9Department of Physics, MIT, \u00b2Google",
            "\u00b9Department of Physics, MIT, \u00b2Google",
        ),
        # Code is as written.
        ("Write `size<sup>1</sup>` for padding.", "Write `size<sup>1</sup>` for padding."),
    ],
)
def test_a_superscript_that_may_be_no_citation_is_text(body: str, shown: str) -> None:
    assert _read(body) == ([], [shown])


@pytest.mark.parametrize(
    "body",
    [
        # QA: each was read as a citation of entry 2 or 3 and its number dropped from the claim:
        # "Intracellular Ca⁺ levels rose", "The survey covered 5000 deg of sky", "sinθ + cosθ".
        "Intracellular Ca\u00b2\u207a levels rose sharply after stimulation.",
        "Elevated Fe\u00b3\u207a and SO\u2084\u00b2\u207b concentrations reduce the signal.",
        "Elevated Mg\u00b2+ concentrations reduce the signal.",
        "The survey covered 5000 deg\u00b2 of the southern sky.",
        "The halo mass within 1 Mpc\u00b3 was measured, and 3 kpc\u00b2 around it.",
        "The field spans 40 arcmin\u00b2 of sky at 1 arcsec\u00b2 pixels.",
        "The identity sin\u00b2\u03b8 + cos\u00b2\u03b8 = 1 holds everywhere.",
        "Sorting takes O(n log\u00b2 n) comparisons in this network.",
        "Graphene has sp\u00b2 hybridized carbon atoms throughout.",
        "The area grows to 3 deg^2^ here.",
    ],
)
def test_a_power_an_ion_charge_or_a_function_power_is_text(body: str) -> None:
    assert _read(body) == ([], [body])


@pytest.mark.parametrize(
    "body",
    [
        "Jane Doe\u00b9 and John Roe\u00b2 contributed equally.",
        "Jane Doe\u00b9, John Roe\u00b2 and Ann Poe\u00b3 contributed equally to this work.",
        "Jane Doe\u00b9\u02d2\u00b2, J. R. Roe\u00b2* contributed equally.",
        "Jane Doe^1^ & John Roe^2^ contributed equally.",
        "Jane Doe<sup>1</sup> and John Roe<sup>2</sup> contributed equally.",
    ],
)
def test_a_mark_after_a_listed_personal_name_is_no_citation(body: str) -> None:
    # QA: a contribution note, "Jane Doe\u00b9 and John Roe\u00b2 contributed equally.", cited
    # works 1 and 2: its verb made it no byline.
    cited, uncited = _read(body)
    assert cited == []
    assert len(uncited) == 1


@pytest.mark.parametrize(
    ("body", "cited"),
    [
        # One capitalised word is a family name, as a citation follows: "Smith\u00b9".
        ("As shown by Smith\u00b9 and Lee\u00b2, padding matters.", ["[1]", "[2]"]),
        # A name marked alone, or listed with an unmarked one, still cites.
        ("Jane Doe\u00b9 showed that padding matters.", ["[1]"]),
        ("Padding matters\u00b9 and Jane Doe\u00b2 agrees with it.", ["[1]", "[2]"]),
    ],
)
def test_a_mark_after_a_name_not_in_a_marked_list_still_cites(body: str, cited: list[str]) -> None:
    [(_, labels)] = _read(body)[0]
    assert labels == cited


@pytest.mark.parametrize(
    ("body", "text", "cited"),
    [
        # QA: a mark after a percentage was no citation: the sentence was listed as uncited.
        (
            "Mortality fell by 20%\u00b9 in the treated group.",
            "Mortality fell by 20% in the treated group.",
            ["[1]"],
        ),
        ("Mortality fell by 20 %\u00b2\u207b\u00b3.", "Mortality fell by 20 %.", ["[2]", "[3]"]),
        (
            "The yield rose to 3\u2030^4^ over time.",
            "The yield rose to 3\u2030 over time.",
            ["[4]"],
        ),
    ],
)
def test_a_mark_after_a_percentage_cites(body: str, text: str, cited: list[str]) -> None:
    assert _read(body) == ([(text, cited)], [])


@pytest.mark.parametrize(
    ("body", "cited"),
    [
        # QA: a mark after an emphasised word or a link was no citation ("in *Drosophila*¹").
        ("Padding keeps the *size*\u00b9.", ["[1]"]),
        ("Padding keeps the **size**\u00b2.", ["[2]"]),
        ("Padding keeps the ~~size~~^2^.", ["[2]"]),
        ("Padding keeps the [size](https://example.org/size)\u00b9.", ["[1]"]),
        ("Padding keeps the *size*<sup>1</sup>.", ["[1]"]),
    ],
)
def test_a_mark_after_emphasis_or_a_link_cites(body: str, cited: list[str]) -> None:
    claims, uncited = _read(body)
    assert (uncited, [labels for _, labels in claims]) == ([], [cited])
    # The claim reads as the same sentence citing with a bracket does.
    (bracketed, _), *_ = _read(
        re.sub(r"(?:[\u00b9\u00b2\u00b3]|\^2\^|<sup>1</sup>)", " [1]", body)
    )[0]
    assert claims[0][0] == bracketed


@pytest.mark.parametrize(
    "body",
    ["The values of *x*\u00b2 grow fast.", "We grew 10*\u00b3* cells in 5 *cm*\u00b2 wells."],
)
def test_a_power_of_an_emphasised_symbol_or_unit_is_text(body: str) -> None:
    assert _read(body) == ([], [body])
