"""``claimaudit refs`` on a real Manubot manuscript's manual references (CSL-JSON items keyed
by ``standard_citation`` or ``id``)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from claimaudit.cli import app


def test_refs_reads_every_manubot_manual_reference(runner: CliRunner, shared_data: Path) -> None:
    path = shared_data / "papers" / "deep-rules_lee2022" / "content" / "manual-references.json"
    result = runner.invoke(app, ["refs", str(path), "--no-cache", "--json"])
    assert result.exit_code == 0, result.stderr
    assert "could not be read" not in result.stderr
    answer = json.loads(result.stdout)
    assert answer.get("unreadEntries", []) == []
    keys = [check["key"] for check in answer["references"]]
    nvidia = "url:https://docs.nvidia.com/deeplearning/sdk/cudnn-developer-guide/index.html"
    assert f"{nvidia}#reproducibility" in keys  # a standard_citation item
    assert len(keys) == 4
