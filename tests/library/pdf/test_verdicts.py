"""Issue 12's last target, end to end: a claim of the full-paper set gets the same verdict from a
paper's PDF as from the LaTeX it was compiled from, with the embedded judge.

``benchmarks/bench_pdf_verdicts.py`` gives the same comparison with the labels beside it
(docs/benchmarks.md). Scores do not depend on batching or the CPU (verifier 0.4.2), so a
difference here is a difference in what the two readings give the judge.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmarks.bench_pdf_verdicts import FOLDERS, load_pairs
from benchmarks.pdf_fidelity import DATA, PAIRS

from claimaudit.api import make_checker

CLAIMS = Path(__file__).resolve().parents[3] / "training" / "fullpaper" / "claims.jsonl"


@pytest.mark.skipif(not (DATA / "papers-pdf").is_dir(), reason="needs ../shared/data")
def test_every_claim_gets_its_latex_verdict_from_the_pdf(tmp_path: Path) -> None:
    claims = [json.loads(line) for line in CLAIMS.read_text().splitlines() if line.strip()]
    library = tmp_path / "library.sqlite3"
    refs = load_pairs(library)
    checker = make_checker("local", library=library)
    compared, differ = 0, []
    for pair in PAIRS:
        for row in (c for c in claims if c["paper"] == FOLDERS[pair.name]):
            latex = checker.check_paper(row["claim"], refs[("latex", pair.name)])
            pdf = checker.check_paper(row["claim"], refs[("pdf", pair.name)])
            assert latex.verdict is not None and pdf.verdict is not None, row["id"]
            compared += 1
            if latex.verdict != pdf.verdict:
                differ.append(f"{pair.name} {row['id']}: {latex.verdict} / {pdf.verdict}")
    assert compared == 139
    assert differ == []
