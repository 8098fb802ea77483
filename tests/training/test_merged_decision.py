"""Run 29's decision rule (training/merged_decision.py): not established read as one answer."""

from __future__ import annotations

import numpy as np
from training.merged_decision import merged_choice


def test_a_plurality_supports_loses_to_the_two_unestablished_relations_together() -> None:
    relation = np.array([[0.33, 0.07, 0.28, 0.32]])
    assert relation.argmax(1).tolist() == [0]
    assert merged_choice(relation).tolist() == [3]  # insufficient_evidence, the larger part


def test_clear_answers_are_unchanged_and_the_larger_part_names_not_established() -> None:
    relation = np.array(
        [
            [0.70, 0.10, 0.10, 0.10],
            [0.10, 0.60, 0.20, 0.10],
            [0.30, 0.10, 0.40, 0.20],
            [0.40, 0.20, 0.20, 0.20],  # supports 0.40 equals 0.40 together: the earlier wins
        ]
    )
    assert merged_choice(relation).tolist() == [0, 1, 2, 0]
