"""Write MODEL_CARD.md next to the shipped model, with the measured figures filled in."""

from __future__ import annotations

from pathlib import Path

TEMPLATE = Path(__file__).with_name("MODEL_CARD.template.md")


def write_card(model_dir: Path, metrics: dict[str, object], version: str, command: str) -> None:
    values = dict(metrics)
    values.setdefault("int8_torch_agreement", "not measured")
    values.setdefault("agreement_pairs", 0)
    per_class = metrics.get("passage_f1_per_class", [])
    values["passage_f1"] = (
        " / ".join(str(v) for v in per_class) if isinstance(per_class, list) else ""
    )
    template = TEMPLATE.read_text(encoding="utf-8")
    text = template.format(version=version, command=command.strip(), **values)
    (model_dir / "MODEL_CARD.md").write_text(text, encoding="utf-8")
