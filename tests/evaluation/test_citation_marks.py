"""Citation-Integrity's slots taken out of a claim, with the punctuation that only held them."""

from __future__ import annotations

import pytest

from claimaudit.evaluation.citation_marks import remove_citation_marks


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Rates were higher (p < 0.001) (<|cit|>).", "Rates were higher (p < 0.001)."),
        ("Stress rose (<|cit|>; <|other_cit|>).", "Stress rose."),
        ("Primates are susceptible (<|cit|><|other_cit|>).", "Primates are susceptible."),
        ("Deaths rose (Daly and Robinson, <|cit|>).", "Deaths rose (Daly and Robinson)."),
        (
            "Moods changed (Simpson, <|other_cit|>; Daly, <|cit|>; Varma et al., <|cit|>).",
            "Moods changed (Simpson; Daly; Varma et al.).",
        ),
        (
            "ICU admission (3%) (Table <|other_cit|>,18,<|other_cit|>].",
            "ICU admission (3%) (Table,18].",
        ),
        ("Shock (6% to 30%)[<|other_cit|>], then failure.", "Shock (6% to 30%), then failure."),
        ("Shown in (<|cit|>, 18) for mice.", "Shown in (18) for mice."),
        # A separator that belongs to the sentence stays.
        ("As shown <|cit|>, the results hold.", "As shown, the results hold."),
        ("<|cit|> Masks work.", "Masks work."),
        # The space after a slot that ends a sentence parts it from the next.
        ("GI bleed.<|other_cit|> Severe cases fail.", "GI bleed. Severe cases fail."),
        ("Rates rose <|cit|> in 2020.", "Rates rose in 2020."),
    ],
)
def test_citation_slots_go_with_the_punctuation_left_around_them(claim: str, expected: str) -> None:
    assert remove_citation_marks(claim) == expected


def test_a_claim_holding_the_placeholder_character_keeps_it() -> None:
    claim = "Signal \ue000 rose (<|cit|>)."
    assert remove_citation_marks(claim) == "Signal \ue000 rose."
