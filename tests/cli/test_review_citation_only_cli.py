"""``claimaudit review`` of drafts that cite in a sentence of its own ("... tuning. See also
[@lee2022].", ``\\cite`` after "See also", a LaTeX ``\\footnote`` holding only a citation),
with the embedded judge: the sentence before (or carrying the note's mark) is checked against
the paper, the citing sentence is no claim of ".", so ``--fail-on not-checked`` passes; the
annotated copy marks the sentence that was checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.records import RELATIONS
from claimaudit.review.latex.annotate import PREFIX
from tests.cli.conftest import DEEP_RULES_REF

BIB = "@article{lee2022, title = {Ten quick tips for deep learning in biology}, eprint = {2105.14372}, archivePrefix = {arXiv}}\n"  # noqa: E501
CLAIM = "Deep learning models need careful hyperparameter tuning."
MARKDOWN = f"{CLAIM[:-1]}. See also [@lee2022].\n\nNothing is cited here.\n"
TUNED = "Neural networks are tuned."
LATEX = (
    "\\documentclass{article}\n\\begin{document}\n"
    f"{CLAIM[:-1]}.\nSee also \\cite{{lee2022}}.\n\n"
    f"{TUNED}\\footnote{{Cf.~\\cite{{lee2022}}, p.~4.}}\n\n"
    "\\bibliography{refs}\n\\end{document}\n"
)


def _review(runner: CliRunner, library: Path, folder: Path, name: str) -> dict[str, Any]:
    result = runner.invoke(
        app,
        [
            "review", str(folder / name), "--library", str(library),
            "--json", str(folder / "records.json"), "--out", str(folder / "out" / name),
            "--fail-on", "not-checked",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads((folder / "records.json").read_text(encoding="utf-8"))
    return data


def test_a_markdown_sentence_citing_only_backs_the_one_before(
    runner: CliRunner, paper_library: Path, tmp_path: Path
) -> None:
    (tmp_path / "draft.md").write_text(f"---\nbibliography: refs.bib\n---\n{MARKDOWN}", "utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    data = _review(runner, paper_library, tmp_path, "draft.md")
    records = data["records"]
    assert [(r["claim"], r["paperRef"], r["citations"]) for r in records] == [
        (CLAIM, DEEP_RULES_REF, ["@lee2022"])
    ]
    assert all(r["verdict"] in RELATIONS for r in records)
    assert records[0]["sentence"]["text"] == CLAIM
    assert [s["text"] for s in data["uncited"]] == ["Nothing is cited here."]
    annotated = (tmp_path / "out" / "draft.md").read_text(encoding="utf-8")
    assert f"{CLAIM}[^claimaudit-1] See also [@lee2022].\n" in annotated


def test_a_latex_sentence_citing_only_backs_the_one_before(
    runner: CliRunner, paper_library: Path, tmp_path: Path
) -> None:
    (tmp_path / "draft.tex").write_text(LATEX, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    data = _review(runner, paper_library, tmp_path, "draft.tex")
    records = data["records"]
    # A footnote holding only a citation cites for the sentence carrying its mark.
    assert [(r["claim"], r["paperRef"], r["citations"]) for r in records] == [
        (CLAIM, DEEP_RULES_REF, ["lee2022"]),
        (TUNED, DEEP_RULES_REF, ["lee2022"]),
    ]
    assert all(r["verdict"] in RELATIONS for r in records)
    assert data["uncited"] == []
    annotated = (tmp_path / "out" / "draft.tex").read_text(encoding="utf-8")
    assert f"{CLAIM}\n{PREFIX} lee2022 ({DEEP_RULES_REF}): " in annotated
    assert f"p.~4.}}\n{PREFIX} lee2022 ({DEEP_RULES_REF}): " in annotated
    assert annotated.count(PREFIX) == 2
