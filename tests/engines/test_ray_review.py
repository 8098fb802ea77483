"""``review --engine ray``: one draft's records as the local engine writes them, and several
drafts in one run, on the test cluster with the embedded judge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library

REF = "arXiv:2105.14372"
DRAFTS = {
    "a.md": "# A\n\nHyperparameter tuning is unnecessary for deep neural networks ({ref}).\n"
    "Baselines help to evaluate deep learning models ({ref}).\n",
    "b.md": "# B\n\nDeep learning models should be compared with simpler baselines ({ref}).\n",
}


@pytest.fixture(scope="module")
def drafts(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("drafts")
    with Library.open(work / "library.sqlite3") as library:
        add_path(library, shared_data / "papers" / "deep-rules_lee2022", ref=parse_ref(REF))
    for name, text in DRAFTS.items():
        (work / name).write_text(text.format(ref=REF), encoding="utf-8")
    return work


def _without_timings(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_timings(v) for k, v in value.items() if k != "judgeSeconds"}
    if isinstance(value, list):
        return [_without_timings(v) for v in value]
    return value


def test_review_on_ray_gives_the_local_engines_records(
    runner: CliRunner, ray_address: str, drafts: Path
) -> None:
    base = ["review", str(drafts / "a.md"), "--library", str(drafts / "library.sqlite3")]
    base.append("--no-cache")
    found = {}
    for engine in ("local", "ray"):
        out = drafts / f"{engine}.json"
        result = runner.invoke(app, [*base, "--json", str(out), "--engine", engine])
        assert result.exit_code == 0, result.stderr
        found[engine] = _without_timings(json.loads(out.read_text(encoding="utf-8")))
    assert found["ray"]["records"] == found["local"]["records"]
    assert len(found["ray"]["records"]) == 2


def test_several_drafts_in_one_run(runner: CliRunner, ray_address: str, drafts: Path) -> None:
    args = ["review", str(drafts / "a.md"), str(drafts / "b.md")]
    args += ["--library", str(drafts / "library.sqlite3"), "--no-cache", "--engine", "ray"]
    result = runner.invoke(app, [*args, "--address", ray_address, "--workers", "2"])
    assert result.exit_code == 0, result.stderr
    assert f"{drafts / 'a.md'}:" in result.stdout and f"{drafts / 'b.md'}:" in result.stdout
    assert "2 cited sentences, 2 records" in result.stdout
    assert "1 cited sentence, 1 record " in result.stdout


def test_outputs_take_a_single_draft(runner: CliRunner, drafts: Path, tmp_path: Path) -> None:
    args = ["review", str(drafts / "a.md"), str(drafts / "b.md"), "--json", str(tmp_path / "r")]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "give a single draft" in result.stderr
