"""An empty path ("", as an unset shell variable gives) is refused by name, never read as "."."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app


@pytest.mark.parametrize(
    ("args", "given"),
    [
        (["review", ""], "REPORT"),
        (["review", "@d.md", ""], "REPORT"),
        (["review", "@d.md", "--bib", ""], "--bib"),
        (["review", "@d.md", "--out="], "--out"),
        (["review", "@d.md", "--json", ""], "--json"),
        (["review", "@d.md", "--html", ""], "--html"),
        (["refs", ""], "BIB"),
        (["refs", "@r.bib", ""], "BIB"),
        (["batch", "", "--out", "@o.jsonl"], "SOURCE"),
        (["batch", "@in.jsonl", "--out", ""], "--out"),
        (["eval", "scifact", "--claims", "", "--corpus", "@in.jsonl"], "--claims"),
        (["eval", "scifact", "--claims", "@in.jsonl", "--corpus", ""], "--corpus"),
        (["eval", "scifact", "--claims", "@in.jsonl", "--corpus", "@r.bib", "--ids", ""], "--ids"),
        (["library", "import-bib", ""], "FILE"),
        (["library", "import-jsonl", ""], "FILE"),
        (["library", "list", "--library", ""], "--library"),
        (["check", "a claim", "--paper", "arxiv:1706.03762", "--library="], "--library"),
    ],
)
def test_an_empty_path_is_refused_by_name(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], given: str
) -> None:
    monkeypatch.chdir(tmp_path)  # "." would be this folder: nothing may be made or read in it
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(tmp_path / "lib.db"))
    (tmp_path / "d.md").write_text("# Notes\n\nAttention helps [@a].\n", encoding="utf-8")
    (tmp_path / "r.bib").write_text("@misc{a, title = {T}}\n", encoding="utf-8")
    (tmp_path / "in.jsonl").write_text('{"claim": "x", "references": []}\n', encoding="utf-8")
    before = sorted(tmp_path.iterdir())
    swapped = [str(tmp_path / a[1:]) if a.startswith("@") else a for a in args]
    result = runner.invoke(app, swapped)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {given} is empty; name a file. See 'claimaudit {_command(args)} --help'."
    ]
    assert sorted(tmp_path.iterdir()) == before


def _command(args: list[str]) -> str:
    return " ".join(args[:2]) if args[0] == "library" else args[0]


def test_help_is_shown_over_an_empty_path(runner: CliRunner) -> None:
    result = runner.invoke(app, ["review", "--out", "", "--help"])
    assert result.exit_code == 0
    assert "Usage" in result.stdout
