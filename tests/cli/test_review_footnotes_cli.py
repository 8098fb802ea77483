"""``claimaudit review`` of a draft citing in Pandoc footnotes, with the embedded judge: the
sentence carrying a citation-only note is checked against the paper the note cites, and the
note itself is no claim, so ``--fail-on not-checked`` passes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.records import RELATIONS
from claimaudit.review.annotate import SEPARATOR
from claimaudit.review.latex.annotate import PREFIX
from tests.cli.conftest import DEEP_RULES_REF

BIB = "@article{lee2022, title = {Ten quick tips for deep learning in biology}, eprint = {2105.14372}, archivePrefix = {arXiv}}\n"  # noqa: E501
DRAFT = (
    "Deep learning models need careful hyperparameter tuning.[^1]\n\n"
    "Neural networks are tuned.^[Cf. @lee2022, p. 4.]\n\n"
    "[^1]: See [@lee2022].\n"
)


def test_a_citation_only_footnote_cites_for_its_sentence(
    runner: CliRunner, paper_library: Path, tmp_path: Path
) -> None:
    (tmp_path / "draft.md").write_text(DRAFT, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "review", str(tmp_path / "draft.md"), "--bib", str(tmp_path / "refs.bib"),
            "--library", str(paper_library), "--json", str(tmp_path / "records.json"),
            "--out", str(tmp_path / "annotated.md"), "--fail-on", "not-checked",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "records.json").read_text(encoding="utf-8"))
    records = data["records"]
    assert [(r["claim"], r["paperRef"], r["citations"]) for r in records] == [
        ("Deep learning models need careful hyperparameter tuning.", DEEP_RULES_REF, ["@lee2022"]),
        ("Neural networks are tuned.", DEEP_RULES_REF, ["@lee2022"]),
    ]
    assert all(r["verdict"] in RELATIONS for r in records)
    assert data["uncited"] == []
    annotated = (tmp_path / "annotated.md").read_text(encoding="utf-8")
    assert annotated.startswith(
        "Deep learning models need careful hyperparameter tuning.[^1][^claimaudit-1]\n\n"
        "Neural networks are tuned.[^claimaudit-2]^[Cf. @lee2022, p. 4.]\n\n"
        "[^1]: See [@lee2022].\n\n" + SEPARATOR
    )


def test_reviewing_the_annotated_copy_gives_the_same_records(
    runner: CliRunner, paper_library: Path, tmp_path: Path
) -> None:
    (tmp_path / "d1.md").write_text(DRAFT + "\nAn uncited sentence.\n", encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    read = []
    for draft, out in (("d1.md", "d1.out.md"), ("d1.out.md", "d1.out2.md")):
        result = runner.invoke(
            app,
            [
                "review", str(tmp_path / draft), "--bib", str(tmp_path / "refs.bib"),
                "--library", str(paper_library), "--json", str(tmp_path / f"{draft}.json"),
                "--out", str(tmp_path / out),
            ],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        data = json.loads((tmp_path / f"{draft}.json").read_text(encoding="utf-8"))
        records = [(r["claim"], r["paperRef"], r["citations"]) for r in data["records"]]
        read.append((records, len(data["uncited"])))
    assert read[1] == read[0]
    assert read[0] == (
        [
            (
                "Deep learning models need careful hyperparameter tuning.",
                DEEP_RULES_REF,
                ["@lee2022"],
            ),
            ("Neural networks are tuned.", DEEP_RULES_REF, ["@lee2022"]),
        ],
        1,
    )


# A LaTeX note of two paragraphs, each citing; the first ends in \par, the second in a blank
# line (QA: a traceback, exit 1).
LATEX_NOTES = (
    "\\documentclass{article}\n\\begin{document}\n"
    "Aspirin reduces stroke risk \\cite{a}.\\footnote{Its first note paragraph \\cite{b}.\\par\n"
    "Its second note paragraph \\cite{a}.\n\n}\nNext body sentence \\cite{b}.\n"
    "\\bibliography{refs}\n\\end{document}\n"
)
LATEX_BIB = "@misc{a, doi = {10.1234/a}}\n@misc{b, doi = {10.1234/b}}\n"


def test_a_latex_note_of_several_paragraphs_is_reviewed_as_a_note(
    runner: CliRunner, library_copy: Path, tmp_path: Path
) -> None:
    (tmp_path / "d6.tex").write_text(LATEX_NOTES, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(LATEX_BIB, encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "review", str(tmp_path / "d6.tex"), "--library", str(library_copy), "--json",
            str(tmp_path / "records.json"), "--out", str(tmp_path / "out" / "d6.tex"),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    records = json.loads((tmp_path / "records.json").read_text(encoding="utf-8"))["records"]
    # The body's paragraph, then its note's two paragraphs, each sentence with its own
    # citation (not in the library: not checked, never an error).
    assert [(r["claim"], r["citations"], r["sentence"]["line"]) for r in records] == [
        ("Aspirin reduces stroke risk.", ["a"], 3),
        ("Next body sentence.", ["b"], 7),
        ("Its first note paragraph.", ["b"], 3),
        ("Its second note paragraph.", ["a"], 4),
    ]
    assert {r["verdict"] for r in records} == {"not_checked"}
    # A note's sentence gets an inline note (no margin note in a footnote).
    annotated = (tmp_path / "out" / "d6.tex").read_text(encoding="utf-8")
    assert annotated.count(PREFIX) == 4
