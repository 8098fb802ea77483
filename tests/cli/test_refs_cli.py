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


def test_refs_says_why_an_arxiv_id_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{typo, eprint = {9912.12345}, archivePrefix = {arXiv}}\n", "utf-8")
    result = runner.invoke(app, ["refs", str(bib), "--no-cache", "--json"])
    assert result.exit_code == 0, result.stderr
    (check,) = json.loads(result.stdout)["references"]
    assert (check["key"], check["ref"], check["referenceStatus"]) == ("typo", None, "not_verified")
    assert check["reason"] == (
        "not a valid arXiv identifier: '9912.12345': it would be from December 2099, a month not"
        " yet reached"
    )
