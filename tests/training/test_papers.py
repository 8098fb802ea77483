"""The sets the embedded verifier is measured on (training/papers.py): COVID-Fact dev, the set
run 16 first read, is loaded whole and labelled as the file says."""

from __future__ import annotations

from collections import Counter

import pytest
from training.data import DATA
from training.model_card import quality_table

from training import papers

needs_data = pytest.mark.skipif(
    not (DATA / "covid-fact" / "dev.tsv").is_file(), reason="needs ../shared/data/covid-fact"
)


@needs_data
def test_covid_fact_dev_is_every_pair_as_a_one_passage_paper() -> None:
    items = papers.covid_fact_dev()
    assert len(items) == 419
    # The dev file heads its label column "entailment", not "label": read by position, the
    # counter-claims are contradicts and the rest supports.
    assert Counter(i.label for i in items) == {papers.CONTRADICTS: 289, papers.SUPPORTS: 130}
    assert all(len(i.sentences) == 1 and i.rationale == frozenset({0}) for i in items)
    assert len({i.claim_id for i in items}) == len(items)
    assert {i.dataset for i in items} == {"covid-fact-dev"}


@needs_data
def test_covid_fact_dev_is_never_a_training_or_calibration_set() -> None:
    assert "covid-fact-dev" in papers.FRESH_SETS
    claims = {i.claim for i in papers.covid_fact_dev()}
    used = papers.training_items() + papers.calibration_items()
    assert not claims & {i.claim for i in used}
    assert "covid-fact-dev" not in papers.DEV_SETS


def test_the_model_card_names_the_covid_fact_set_and_its_two_classes() -> None:
    figures = {
        "pairs": 419,
        "macro_f1": 0.33,
        "f1_supports": 0.44,
        "f1_contradicts": 0.54,
        "f1_not_established": 0.0,
        "accuracy": 0.48,
        "evidence_hit_rate": 1.0,
        "ece": 0.2,
    }
    table = quality_table({"dev": {"covid-fact-dev": figures}})
    assert "COVID-Fact dev (held out; supports and contradicts only) | 419 | 0.330" in table
