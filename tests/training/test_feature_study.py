"""The shared refit of the aggregator the offline studies read (training/feature_study.py)."""

from __future__ import annotations

import numpy as np
from training.calibration_data import CON, IE, SUP, Paper
from training.feature_study import SETS, figures, predictions
from training.grounding import macro


def _papers(dataset: str, n: int, rng: np.random.Generator) -> tuple[list[Paper], np.ndarray]:
    labels = [(SUP, CON, IE)[i % 3] for i in range(n)]
    papers = [
        Paper(dataset, f"{dataset}-{i}", "c", ("s",), y, frozenset(), True)
        for i, y in enumerate(labels)
    ]
    # one feature column per relation: the label's column is high, so a fit separates them
    x = rng.normal(0.0, 0.3, (n, 3))
    x[np.arange(n), [(SUP, CON, IE).index(y) for y in labels]] += 3.0
    return papers, x


def test_each_set_is_read_in_order_out_of_fold_or_by_the_final_fit() -> None:
    rng = np.random.default_rng(0)
    cal: list[Paper] = []
    xs = []
    for name in SETS[:3]:
        papers, x = _papers(name, 30, rng)
        cal += papers
        xs.append(x)
    dev, dev_x = {}, {}
    for name in SETS[3:]:
        dev[name], dev_x[name] = _papers(name, 12, rng)
    fitted = predictions(cal, dev, np.vstack(xs), dev_x)
    assert list(fitted) == list(SETS)
    for name, (papers, relation) in fitted.items():
        assert {p.dataset for p in papers} == {name}
        assert relation.shape == (len(papers), 4)
        assert np.allclose(relation.sum(1), 1.0)
        assert macro(papers, relation) == 1.0  # separable: every set is read right
    assert figures(cal, dev, np.vstack(xs), dev_x) == [1.0] * 5
