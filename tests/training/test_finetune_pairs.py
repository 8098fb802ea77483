"""Fine-tuning pairs (training/finetune_pairs.py): the replay sample and self-entailment pairs."""

from __future__ import annotations

from training.data import SUP
from training.finetune_pairs import kind, self_pairs

PASSAGES = [
    "The trial enrolled 1,200 adults with type 2 diabetes. Drug X did not reduce the rate of "
    "cardiovascular events compared with placebo.",
    "Pooling layers downsample the feature maps they read. They have no learnable parameters "
    "of their own, unlike convolutional layers.",
    "One short sentence only, which cannot make a pair.",
]


def _rows() -> list[dict[str, object]]:
    real = [{"claim": "c", "passage": p, "label": 2, "source": "scifact"} for p in PASSAGES]
    edited = {"claim": "c", "passage": "x. y.", "label": 1, "source": "scifact+contrast-overreach"}
    return [*real, edited]


def test_self_pairs_are_sentences_of_their_own_passage_labelled_supports() -> None:
    pairs = self_pairs(_rows(), count=5, seed=3)
    assert len(pairs) == 2  # the one-sentence passage and the contrast edit give none
    for pair in pairs:
        assert pair["label"] == SUP and pair["source"] == "self"
        assert str(pair["claim"]) in str(pair["passage"])
        assert str(pair["claim"]) != str(pair["passage"])
    assert self_pairs(_rows(), count=5, seed=3) == pairs  # deterministic for a seed


def test_kinds_tell_self_pairs_and_edits_from_real_pairs() -> None:
    assert kind("self") == "self"
    assert kind("scifact") == "real"
    assert kind("scifact+contrast-claim-negation") == "claim-negation"
