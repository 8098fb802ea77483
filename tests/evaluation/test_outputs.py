"""Which files eval may replace with its rows and figures."""

from __future__ import annotations

import json
from pathlib import Path

from claimaudit.evaluation.outputs import is_eval_rows, is_eval_summary

ROW = {"id": "1", "verdict": "supports", "gold": "supports", "goldRationale": ["P001"]}


def test_rows_of_an_earlier_eval_may_be_replaced_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "pairs.jsonl"
    assert is_eval_rows(path)  # missing
    path.write_text("\n", encoding="utf-8")
    assert is_eval_rows(path)
    path.write_text("\n" + json.dumps(ROW) + "\n", encoding="utf-8")
    assert is_eval_rows(path)
    # A batch's records have no gold; a draft, a summary and a database are no rows at all.
    batch = {k: v for k, v in ROW.items() if not k.startswith("gold")}
    for text in (json.dumps(batch), "# Draft", json.dumps({"macroF1": 0.5}), "SQLite format 3\0"):
        path.write_text(text + "\n", encoding="utf-8")
        assert not is_eval_rows(path), text
    assert is_eval_rows(Path("/dev/null"))  # a stream is written in place


def test_a_summary_of_an_earlier_eval_may_be_replaced_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "summary.json"
    assert is_eval_summary(path)
    path.write_text(json.dumps({"pairs": 1, "macroF1": None}, indent=2), encoding="utf-8")
    assert is_eval_summary(path)
    for text in ('{"name": "package.json"}', json.dumps(ROW), "notes"):
        path.write_text(text, encoding="utf-8")
        assert not is_eval_summary(path), text
