"""The paired comparison of two full-paper runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from training.compare_fullpaper import compare, load, mcnemar_exact, wilson


def test_mcnemar_exact_matches_the_binomial_tails() -> None:
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(3, 3) == 1.0
    # 0 won, 6 lost: 2 * (1/64)
    assert mcnemar_exact(0, 6) == pytest.approx(2 / 64)
    # 2 won, 10 lost: 2 * P(X <= 2), X ~ Bin(12, 1/2) = 2 * 79 / 4096
    assert mcnemar_exact(2, 10) == pytest.approx(2 * 79 / 4096)
    assert mcnemar_exact(10, 2) == mcnemar_exact(2, 10)


def test_wilson_interval_holds_the_proportion_and_narrows_with_n() -> None:
    low, high = wilson(87, 158)
    assert low < 87 / 158 < high
    assert (round(low, 2), round(high, 2)) == (0.47, 0.63)
    wide, narrow = wilson(5, 10), wilson(500, 1000)
    assert wide[1] - wide[0] > narrow[1] - narrow[0]
    assert wilson(0, 0) == (0.0, 1.0)


def _run(path: Path, rights: dict[str, bool]) -> Path:
    rows = [
        {
            "id": c,
            "expected": "supports",
            "verdict": "supports" if r else "contradicts",
            "right3": r,
            "confidence": 0.4,
        }
        for c, r in rights.items()
    ]
    rows.append({"id": "broken", "error": "source_unavailable"})  # not_checked: left out
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_compare_lists_what_was_won_and_lost(tmp_path: Path) -> None:
    before = load(_run(tmp_path / "a.jsonl", {"c1": True, "c2": True, "c3": False, "c4": False}))
    after = load(_run(tmp_path / "b.jsonl", {"c1": True, "c2": False, "c3": True, "c4": True}))
    text = compare(before, after)
    assert "before: 2/4 right" in text
    assert "after: 3/4 right" in text
    assert "won: 2\n  c3 (expected supports): contradicts 0.40 -> supports 0.40" in text
    assert "lost: 1\n  c2 (expected supports): supports 0.40 -> contradicts 0.40" in text
    assert "McNemar exact p = 1.000" in text
