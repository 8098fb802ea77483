"""The evaluation report: figures over judged pairs only, none when no pair was judged."""

from __future__ import annotations

from rich.console import Console

from claimaudit.evaluation.metrics import Outcome, score
from claimaudit.evaluation.report import summary, tables
from claimaudit.evaluation.runner import EvalResult


def _printed(result: EvalResult) -> list[str]:
    console = Console(width=120, record=True, color_system=None)
    console.print(tables(result))
    return console.export_text().splitlines()


def _row(lines: list[str], label: str) -> str:
    [row] = [line for line in lines if label in line]
    return row


def test_no_pair_judged_has_no_rate() -> None:
    # Two pairs failed (not_checked) in a fraction of a second: that is no throughput.
    result = EvalResult(score([]), not_checked=2, seconds=0.0001)
    assert summary(result)["pairsPerSecond"] is None
    row = _row(_printed(result), "pairs per second")
    assert "n/a" in row and "20000" not in row


def test_judged_pairs_have_a_rate() -> None:
    outcome = Outcome("supports", "supports", None, None)
    result = EvalResult(score([outcome, outcome]), not_checked=0, seconds=3.0)
    assert summary(result)["pairsPerSecond"] == 0.67
    assert "0.7" in _row(_printed(result), "pairs per second")
