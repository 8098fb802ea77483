"""The evaluation report: the terminal tables ``claimaudit eval`` prints, read at the widths a
terminal has; figures over judged pairs only, none when no pair was judged."""

from __future__ import annotations

import pytest
from rich.console import Console

from claimaudit.evaluation.datasets import CLASSES
from claimaudit.evaluation.metrics import Outcome, score
from claimaudit.evaluation.report import summary, tables
from claimaudit.evaluation.runner import EvalResult


def _drawn(width: int) -> str:
    outcomes = [
        Outcome("supports", "supports", 0.9, True),
        Outcome("not_established", "contradicts", 0.6, None),
        Outcome("not_established", "contradicts", 0.7, None),
        Outcome("contradicts", "not_established", 0.5, None),
    ]
    console = Console(width=width, record=True, file=None, force_terminal=False)
    with console.capture() as captured:
        console.print(tables(EvalResult(score(outcomes), 0, 1.0)))
    return captured.get()


@pytest.mark.parametrize("width", [60, 80])
def test_the_confusion_table_names_every_class_whole(width: int) -> None:
    drawn = _drawn(width)
    assert "…" not in drawn
    confusion = drawn[drawn.index("confusion (rows gold, columns predicted)") :]
    assert all(len(line) <= width for line in confusion.splitlines())
    columns = _columns(confusion)
    # Each class whole: the gold rows, and each predicted class's heading (read down its lines).
    assert list(columns) == ["gold", *CLASSES]
    assert columns["gold"] == list(CLASSES)
    assert columns["supports"] == ["1", "0", "0"]
    assert columns["contradicts"] == ["0", "0", "2"]
    assert columns["not_established"] == ["0", "1", "0"]


def _columns(drawn: str) -> dict[str, list[str]]:
    """A boxed table's columns by heading, a heading on several lines joined back."""
    lines = drawn.splitlines()
    headings = [
        [c.strip() for c in line.split("\u2503")[1:-1]] for line in lines if "\u2503" in line
    ]
    rows = [[c.strip() for c in line.split("\u2502")[1:-1]] for line in lines if "\u2502" in line]
    names = ["".join(parts) for parts in zip(*headings, strict=True)]
    return {name: [row[i] for row in rows] for i, name in enumerate(names)}


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


def test_a_class_with_no_pair_is_null_not_zero() -> None:
    result = EvalResult(score([Outcome("supports", "supports", None, None)]), 0, 1.0)
    data = summary(result)
    assert data["macroF1"] == 1.0
    assert data["perClass"]["contradicts"] == {
        "precision": None,
        "recall": None,
        "f1": None,
        "support": 0,
    }
    assert data["perClass"]["supports"]["f1"] == 1.0
    lines = _printed(result)
    per_class = lines[: next(i for i, line in enumerate(lines) if "confusion" in line)]
    row = _row(per_class, "contradicts")
    assert row.count("n/a") == 3 and "0.000" not in row


def test_the_rate_counts_judged_pairs_only() -> None:
    # One pair judged in 2 seconds beside 40 that failed at once (documents not in the corpus).
    result = EvalResult(score([Outcome("supports", "supports", None, None)]), 40, 2.0)
    assert result.pairs_per_second == 0.5
    assert summary(result)["pairsPerSecond"] == 0.5
    assert "0.5" in _row(_printed(result), "pairs per second")


def test_the_evidence_hit_rate_counts_its_pairs_in_words_that_agree() -> None:
    hit = Outcome("supports", "supports", None, True)
    one = _row(_printed(EvalResult(score([hit]), 0, 1.0)), "evidence hit rate")
    assert "(over 1 pair)" in one
    two = _row(_printed(EvalResult(score([hit, hit]), 0, 1.0)), "evidence hit rate")
    assert "(over 2 pairs)" in two


def test_ece_says_how_many_pairs_it_is_over() -> None:
    # A judge that gave bare choices for one pair of three: ECE is over the other two, and the
    # table and --summary say so (they said nothing, and the figure read as over all three).
    outcomes = [
        Outcome("supports", "supports", 0.9, None),
        Outcome("supports", "supports", None, None),
        Outcome("supports", "contradicts", 0.6, None),
    ]
    result = EvalResult(score(outcomes), 0, 1.0)
    assert summary(result)["ecePairs"] == 2 and summary(result)["pairs"] == 3
    assert "(over 2 pairs)" in _row(_printed(result), "ECE")
    bare = EvalResult(score([Outcome("supports", "supports", None, None)]), 0, 1.0)
    assert summary(bare)["ece"] is None and summary(bare)["ecePairs"] == 0
    assert "n/a (over 0 pairs)" in _row(_printed(bare), "ECE")
