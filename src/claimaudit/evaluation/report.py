"""Metrics as JSON and as terminal tables."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table

from claimaudit.accounting import counted
from claimaudit.evaluation.datasets import CLASSES
from claimaudit.evaluation.runner import EvalResult


def _figure(value: float | None, judged: bool) -> float | None:
    # Over no judged pair there is nothing to score: 0.0 would read as a judge always wrong.
    # None: a class neither gold nor predicted in the pairs judged.
    return round(value, 4) if judged and value is not None else None


def summary(result: EvalResult, **context: Any) -> dict[str, Any]:
    m = result.metrics
    judged = m.pairs > 0
    return {
        **context,
        "models": list(result.models),
        "pairs": m.pairs,
        "notChecked": result.not_checked,
        "macroF1": _figure(m.macro_f1, judged),
        "accuracy": _figure(m.accuracy, judged),
        "perClass": {
            c: {
                "precision": _figure(s.precision, judged),
                "recall": _figure(s.recall, judged),
                "f1": _figure(s.f1, judged),
                "support": s.support,
            }
            for c, s in m.per_class.items()
        },
        "confusion": m.confusion,
        "evidenceHitRate": None if m.evidence_hit_rate is None else round(m.evidence_hit_rate, 4),
        "evidencePairs": m.evidence_pairs,
        "ece": None if m.ece is None else round(m.ece, 4),
        "ecePairs": m.ece_pairs,
        "pairsPerSecond": round(result.pairs_per_second, 2) if judged else None,
        "seconds": round(result.seconds, 2),
    }


def tables(result: EvalResult, *, left_out: int = 0) -> Group:
    m = result.metrics
    head = Table(title="evaluation", show_header=False)
    head.add_row("pairs judged", str(m.pairs))
    head.add_row("not checked", str(result.not_checked))
    if left_out:
        head.add_row("claims left out (--skip-invalid)", str(left_out))
    judged = m.pairs > 0
    head.add_row("macro-F1", _shown(m.macro_f1, judged))
    head.add_row("accuracy", _shown(m.accuracy, judged))
    hit = "n/a" if m.evidence_hit_rate is None else f"{m.evidence_hit_rate:.3f}"
    head.add_row("evidence hit rate", f"{hit} (over {counted(m.evidence_pairs, 'pair')})")
    ece = "n/a" if m.ece is None else f"{m.ece:.3f}"
    head.add_row("ECE (10 bins)", f"{ece} (over {counted(m.ece_pairs, 'pair')})")
    # Failing fast is no throughput: with no pair judged, there is no rate to report.
    rate = f"{result.pairs_per_second:.1f}" if judged else "n/a"
    head.add_row("pairs per second", rate)
    per_class = Table(title="per class")
    for column in ("class", "precision", "recall", "F1", "support"):
        per_class.add_column(column, justify="left" if column == "class" else "right")
    for c, s in m.per_class.items():
        figures = (_shown(f, judged) for f in (s.precision, s.recall, s.f1))
        per_class.add_row(c, *figures, str(s.support))
    confusion = Table(title="confusion (rows gold, columns predicted)")
    confusion.add_column("gold", no_wrap=True)
    for c in CLASSES:
        confusion.add_column(_heading(c), justify="right")
    for gold in CLASSES:
        confusion.add_row(gold, *(str(m.confusion[gold][p]) for p in CLASSES))
    return Group(head, per_class, confusion)


def _heading(name: str) -> str:
    """A class name as a column heading, on a line per part (``not_`` / ``established``): so
    narrow, the table fits 60 columns with each class named whole (cut, ``not_establish…``
    read as no class at all)."""
    return name.replace("_", "_\n")


def _shown(value: float | None, judged: bool) -> str:
    return f"{value:.3f}" if judged and value is not None else "n/a"
