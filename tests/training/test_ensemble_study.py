"""Run 26's averaging of several models' scores (training/ensemble_study.py)."""

from __future__ import annotations

import numpy as np
import pytest
from training.ensemble_study import averaged

from claimaudit.judges.local import scoring
from claimaudit.judges.local.windows import Windows

WINDOWS = Windows(["a", "b", "c"], [0, 1, 2])


def _scores(
    shift: float, probe_rows: tuple[int, ...] = (0,), kept: list[int] | None = None
) -> scoring.Scores:
    kept = kept if kept is not None else [0, 1, 2]
    return scoring.Scores(
        WINDOWS,
        kept,
        np.full((len(kept), 4), shift),
        np.full(4, shift),
        10,
        probe_rows,
        np.full((len(probe_rows) + 1, 4), shift),
    )


def test_one_model_is_its_own_average() -> None:
    one = _scores(1.0)
    merged, shared = averaged([one])
    assert shared
    assert np.array_equal(merged.window_logits, one.window_logits)
    assert np.array_equal(merged.joint_logits, one.joint_logits)
    assert merged.probe_logits is not None and np.array_equal(merged.probe_logits, one.probe_logits)


def test_logits_are_averaged_and_the_probe_over_models_that_probed_the_same_windows() -> None:
    merged, shared = averaged([_scores(1.0), _scores(3.0), _scores(8.0, probe_rows=(2,))])
    assert not shared
    assert np.allclose(merged.window_logits, 4.0) and np.allclose(merged.joint_logits, 4.0)
    assert merged.probe_rows == (0,)
    assert merged.probe_logits is not None and np.allclose(merged.probe_logits, 2.0)


def test_models_that_scored_other_windows_are_refused() -> None:
    with pytest.raises(ValueError, match="different windows"):
        averaged([_scores(1.0), _scores(1.0, kept=[0, 1])])
