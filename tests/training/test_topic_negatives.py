"""Run 31's on-topic negatives (training/topic_negatives.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from training.calibration_data import CON, IE, NA, SUP, Paper
from training.topic_negatives import topic_neighbours, unestablished_as_supports

STATINS = ("Statins lower LDL cholesterol in adults.", "The effect was large.")
STATINS_RISK = ("Statins and muscle pain in older adults.", "Pain was rare.")
MALARIA = ("Bed nets reduce malaria in children.", "Nets were treated.")
COVID = ("Masks reduce transmission of the virus.",)


def _real(dataset: str, claim_id: str, claim: str, text: tuple[str, ...]) -> Paper:
    return Paper(dataset, claim_id, claim, text, SUP, frozenset({0}), True)


def test_each_claim_gets_the_nearest_text_of_its_set_that_it_does_not_cite(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("training.topic_negatives.SHARE", 1.0)
    cal = [
        _real("scifact", "1", "Statins lower LDL cholesterol in older adults.", STATINS),
        _real("scifact", "2", "Bed nets reduce malaria.", MALARIA),
        _real("scifact", "3", "Statins cause muscle pain.", STATINS_RISK),
        # a synthetic paper's text is not among the texts a neighbour is drawn from
        Paper("scifact", "1", "x", ("Statins lower LDL cholesterol.",), NA, frozenset(), False),
        _real("check-covid", "9", "Statins lower cholesterol.", COVID),
    ]
    out = {(p.dataset, p.claim_id): p for p in topic_neighbours(cal, random.Random(0))}
    # claim 1 cites STATINS: its nearest other text is the other statins abstract
    assert out[("scifact", "1")].sentences == STATINS_RISK
    assert out[("scifact", "3")].sentences == STATINS
    assert out[("scifact", "2")].sentences != MALARIA
    # a set with one text has nothing to offer its claim, and never lends another set's text
    assert ("check-covid", "9") not in out
    for paper in out.values():
        assert paper.label == NA and not paper.real and paper.rationale == frozenset()
        assert paper.claim == next(p.claim for p in cal if p.claim_id == paper.claim_id)


def test_about_the_share_of_claims_get_one_and_the_draw_is_seeded() -> None:
    texts = [(f"Topic {i} sentence about drug {i} and outcome {i % 7}.",) for i in range(200)]
    cal = [
        _real("scifact", str(i), f"Drug {i} changes outcome {i % 7}.", t)
        for i, t in enumerate(texts)
    ]
    first = topic_neighbours(cal, random.Random(5))
    again = topic_neighbours(cal, random.Random(5))
    assert [(p.claim_id, p.sentences) for p in first] == [(p.claim_id, p.sentences) for p in again]
    assert 70 <= len(first) <= 130
    assert len({p.claim_id for p in first}) == len(first)


def test_only_real_not_established_papers_count_as_wrongly_supported() -> None:
    papers = [
        _real("scifact", "1", "c", STATINS),
        Paper("scifact", "2", "c", STATINS, IE, frozenset(), True),
        Paper("scifact", "3", "c", STATINS, NA, frozenset(), True),
        Paper("scifact", "4", "c", STATINS, NA, frozenset(), False),  # synthetic: not read
        Paper("scifact", "5", "c", STATINS, CON, frozenset(), True),
    ]
    supports = np.tile([0.7, 0.1, 0.1, 0.1], (5, 1))
    assert unestablished_as_supports(papers, supports) == (2, 2)
    relation = supports.copy()
    relation[1] = [0.1, 0.1, 0.1, 0.7]
    assert unestablished_as_supports(papers, relation) == (1, 2)
