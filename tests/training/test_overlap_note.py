"""Run 33's candidate note (training/overlap_note.py): when it would be shown, and its counts."""

from __future__ import annotations

import json
from pathlib import Path

from training.eval_fullpaper import supports_quoted
from training.overlap_note import rates, shows_note

CLAIM = "Raw data should be backed up in more than one location."


def test_the_note_reads_the_share_of_the_claims_words_in_the_evidence() -> None:
    # the runtime's word sets: "raw", "data", "should", "backed", "one", "location"
    assert shows_note(CLAIM, "Practitioners split data into training and test sets.")  # 1 of 6
    assert not shows_note(CLAIM, "Practitioners should split data into training sets.")  # 2 of 6
    assert not shows_note(CLAIM, "Ensure that raw data is backed up in more than one location.")


def test_rates_count_right_and_wrong_pairs_apart() -> None:
    stated = "Ensure that raw data is backed up in more than one location."
    pairs = [
        (CLAIM, stated, True),
        (CLAIM, "Split data into training and test sets.", True),
        (CLAIM, "Split data into training and test sets.", False),
        (CLAIM, stated, False),
        (CLAIM, "Tune hyperparameters.", False),
    ]
    assert rates(pairs) == (1, 2, 2, 3)


def test_a_full_paper_runs_supports_with_a_quote_are_read(tmp_path: Path) -> None:
    from training.eval_fullpaper import CLAIMS

    first = json.loads(CLAIMS.read_text(encoding="utf-8").splitlines()[0])
    rows = [
        {"id": first["id"], "verdict": "supports", "expected": "supports", "evidence": "quote"},
        {"id": first["id"], "verdict": "supports", "expected": "contradicts", "evidence": "q"},
        {"id": first["id"], "verdict": "supports", "expected": "supports", "evidence": None},
        {"id": first["id"], "verdict": "contradicts", "expected": "supports", "evidence": "q"},
    ]
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert supports_quoted(path) == [
        (first["claim"], "quote", True),
        (first["claim"], "q", False),
    ]
