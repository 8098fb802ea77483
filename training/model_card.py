"""Write MODEL_CARD.md next to the shipped model: fixed text plus the measured figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

TEMPLATE = Path(__file__).with_name("MODEL_CARD.template.md")
_SETS = {
    "scifact": "SciFact validation (out-of-fold)",
    "citation-integrity": "Citation-Integrity cal (out-of-fold)",
    "check-covid": "Check-COVID cal (out-of-fold)",
    "citation-integrity-dev": "Citation-Integrity dev (held out)",
    "check-covid-dev": "Check-COVID dev (held out)",
    "covid-fact-dev": "COVID-Fact dev (held out; supports and contradicts only)",
}


def _fmt(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def quality_table(metrics: dict[str, Any]) -> str:
    rows = [
        "| set | pairs | macro-F1 | F1 sup / con / n.e. | accuracy | evidence hit | ECE |",
        "|---|---|---|---|---|---|---|",
    ]
    groups = [metrics.get("calibration_out_of_fold", {}), metrics.get("dev", {})]
    for group in groups:
        for name, m in group.items():
            f1s = " / ".join(
                _fmt(m[k]) for k in ("f1_supports", "f1_contradicts", "f1_not_established")
            )
            rows.append(
                f"| {_SETS.get(name, name)} | {m['pairs']} | {_fmt(m['macro_f1'])} | {f1s} | "
                f"{_fmt(m['accuracy'])} | {_fmt(m['evidence_hit_rate'])} | {_fmt(m['ece'])} |"
            )
    return "\n".join(rows)


def risk_table(metrics: dict[str, Any]) -> str:
    rows = [
        "| threshold | cleared | precision of cleared | share of true supports cleared |",
        "|---|---|---|---|",
    ]
    for point in metrics.get("risk_coverage_out_of_fold", []):
        rows.append(
            f"| {point['threshold']:.2f} | {point['cleared']} | {_precision(point)} | "
            f"{point['coverage_of_true_supports']:.3f} |"
        )
    return "\n".join(rows)


def _precision(point: dict[str, Any]) -> str:
    """The share of cleared answers that were right; "n/a" over none (older metrics files
    stored 1.0 there, which read as perfect)."""
    if not point["cleared"] or point["precision"] is None:
        return "n/a"
    return f"{point['precision']:.3f}"


def selective_line(stats: dict[str, Any] | None) -> str:
    if not stats:
        return "not measured"
    return (
        f"{stats['cleared']} cleared, "
        f"{'so no precision' if _precision(stats) == 'n/a' else _precision(stats) + ' right'}, "
        f"{stats['coverage_of_true_supports']:.3f} of true supports cleared"
    )


def int8_line(metrics: dict[str, Any]) -> str:
    """How close the int8 graph is to the float model, where the export stage measured it."""
    pairs = metrics.get("agreement_pairs", 0)
    if not pairs:
        # A recalibration of an exported graph has no torch weights at hand to compare with.
        return (
            "int8 ONNX vs torch: not measured at this calibration (the export stage measures"
            " it; run 15 in `training/EXPERIMENTS.md` compares this graph with its float form)."
        )
    return (
        f"int8 ONNX vs torch: same passage class on {pairs} validation pairs:"
        f" {_fmt(metrics.get('int8_torch_agreement'))}."
    )


def write_card(model_dir: Path, metrics: dict[str, Any], version: str, command: str) -> None:
    values = {
        "version": version,
        "command": command.strip(),
        "date": metrics.get("date", ""),
        "quality_table": quality_table(metrics),
        "risk_table": risk_table(metrics),
        "review_threshold": _fmt(metrics.get("review_threshold")),
        "selective_oof": selective_line(metrics.get("selective_out_of_fold")),
        "selective_dev": selective_line(metrics.get("selective_dev")),
        "negation_both_supports": _fmt(metrics.get("negation_both_supports")),
        "negation_pairs": metrics.get("negation_pairs", 0),
        "negation_both_supports_dev": _fmt(metrics.get("negation_both_supports_dev")),
        "negation_pairs_dev": metrics.get("negation_pairs_dev", 0),
        "passage_temperature": _fmt(metrics.get("passage_temperature")),
        "relation_temperature": _fmt(metrics.get("relation_temperature", 1.0)),
        "evidence_temperature": _fmt(metrics.get("evidence_temperature")),
        "int8_line": int8_line(metrics),
    }
    template = TEMPLATE.read_text(encoding="utf-8")
    (model_dir / "MODEL_CARD.md").write_text(template.format(**values), encoding="utf-8")
