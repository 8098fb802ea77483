"""Overreaching rewrites (training/synthetic.py): a supported claim widened past its evidence."""

from __future__ import annotations

import random

from training.synthetic import overreach

UNIVERSAL = ("always", "all ", "every", "universally", "without exception", "completely")


def test_every_rewrite_widens_the_claim() -> None:
    claims = [
        "Vitamin D supplementation reduces fracture risk in older women.",
        "Obesity is associated with type 2 diabetes.",
        "The drug was tested in mice.",
        "BRCA1 carriers had a higher risk of breast cancer.",
    ]
    rng = random.Random(3)
    for claim in claims:
        for _ in range(20):
            wider = overreach(claim, rng)
            assert wider != claim
            assert any(word in wider.lower() for word in UNIVERSAL) or "ten times" in wider


def test_a_frame_keeps_the_claim_and_lowers_its_first_letter_only_inside_a_sentence() -> None:
    # No edit applies to this claim, so a frame is used: the claim is kept word for word.
    claim = "Coffee drinkers sleep less."
    for seed in range(10):
        wider = overreach(claim, random.Random(seed))
        assert "offee drinkers sleep less" in wider
        assert ("coffee" in wider) != wider.startswith("Coffee")


def test_acronyms_keep_their_case() -> None:
    wider = {overreach("HIV infection is common.", random.Random(s)) for s in range(10)}
    assert all("HIV" in w for w in wider)


def test_the_same_seed_gives_the_same_rewrite() -> None:
    claim = "Some patients improve after surgery."
    assert overreach(claim, random.Random(7)) == overreach(claim, random.Random(7))
