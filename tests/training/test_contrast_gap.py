"""The held-out contrast gap (run 20): how far ``supports`` falls when a claim is edited."""

from __future__ import annotations

from training.contrast_gap import gaps

from claimaudit.judges.local.runtime import VerifierModel

EVIDENCE = "In the trial, drug X reduced the rate of major cardiovascular events by a third."


def test_the_shipped_model_supports_a_claim_more_than_its_negation() -> None:
    pairs = [
        (
            "Drug X reduces the rate of major cardiovascular events.",
            "Drug X does not reduce the rate of major cardiovascular events.",
            EVIDENCE,
        )
    ]
    [gap] = gaps(VerifierModel(), pairs)
    assert gap > 0


def test_an_edit_that_changes_nothing_has_no_gap() -> None:
    claim = "Drug X reduces the rate of major cardiovascular events."
    [gap] = gaps(VerifierModel(), [(claim, claim, EVIDENCE)])
    assert gap == 0.0
