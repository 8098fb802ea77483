"""``claimaudit batch`` through the CLI, with the Jev judge on the offline mock."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from claimaudit.cli import app
from tests.cli.conftest import DEEP_RULES_REF


def test_batch_writes_one_line_per_pair_and_resumes(
    runner: CliRunner, paper_library: Path, jev_mock: str, tmp_path: Path
) -> None:
    source = tmp_path / "claims.jsonl"
    lines = [
        {
            "id": "a",
            "claim": "Baselines help evaluate deep learning.",
            "papers": [DEEP_RULES_REF, "2105.14372v1"],
        },
        {
            "id": "b",
            "claim": "Hyperparameters should be tuned.",
            "papers": ["2105.14372"],
            "topic": "tuning",
        },
    ]
    source.write_text("\n".join(json.dumps(x) for x in lines) + "\n{broken\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = [
        "batch",
        str(source),
        "--out",
        str(out),
        "--judge",
        "jev",
        "--library",
        str(paper_library),
    ]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["paperRef"]) for r in rows] == [
        ("a", DEEP_RULES_REF),
        ("a", "arXiv:2105.14372v1"),
        ("b", DEEP_RULES_REF),
        ("line-3", ""),
    ]
    assert rows[1]["verdict"] == "not_checked"  # that version is not stored
    assert rows[3]["error"].startswith("line 3: invalid JSON")
    assert "wrote 4 records" in first.stderr
    # Drop the last two records, as if the run had been interrupted, and resume.
    out.write_text("\n".join(json.dumps(r) for r in rows[:2]) + "\n", encoding="utf-8")
    second = runner.invoke(app, args)
    assert second.exit_code == 0
    assert "wrote 2 records" in second.stderr and "2 already done" in second.stderr
    resumed = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["paperRef"]) for r in resumed] == [(r["id"], r["paperRef"]) for r in rows]


def test_batch_refuses_to_overwrite_its_input(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "claims.jsonl"
    source.write_text("{}\n", encoding="utf-8")
    result = runner.invoke(app, ["batch", str(source), "--out", str(source)])
    assert result.exit_code == 2 and "--out must differ" in result.stderr
    assert source.read_text(encoding="utf-8") == "{}\n"
