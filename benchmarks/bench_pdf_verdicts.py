"""Do checks against a paper's PDF give the verdicts its LaTeX gives? On a labelled claim set.

Run from the repository root:
    .venv/bin/python benchmarks/bench_pdf_verdicts.py --claims CLAIMS.jsonl [--judge local]
        [--model-dir DIR] [--details OUT.jsonl]

CLAIMS.jsonl holds one claim a line: ``{"id", "paper", "claim", "verdict", "evidence"}``, where
``paper`` names a folder of ``../shared/data/papers`` (the full-paper evaluation set has this
shape). Each paper with a PDF in ``../shared/data/papers-pdf`` is added twice to a temporary
library, from its LaTeX and from each of its PDFs; every claim is checked against each copy with
the same judge. Prints, per PDF, how many verdicts equal the LaTeX copy's, how many equal the
label, and how often the evidence passage of the PDF copy holds the labelled evidence text.
``--details`` writes both records of every claim (verdict, probabilities, evidence) to study
the differences.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.pdf_fidelity import PAIRS

from claimaudit.api import make_checker
from claimaudit.identity import parse_ref
from claimaudit.judges.local.judge import LocalJudge
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.records import CheckedRecord

FOLDERS = {
    "conv-arithmetic": "conv-arithmetic_dumoulin2016",
    "good-enough-practices": "good-enough-practices_wilson2017",
    "good-enough-practices (two-column)": "good-enough-practices_wilson2017",
    "scikit-image": "scikit-image_vanderwalt2014",
    "scipy-1.0": "scipy-1.0_virtanen2020",
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--claims", type=Path, required=True)
    parser.add_argument("--judge", default="local")
    parser.add_argument("--model-dir", type=Path, default=None, help="another local model folder")
    parser.add_argument("--details", type=Path, default=None, help="both records, one claim a line")
    args = parser.parse_args()
    details = args.details.open("w", encoding="utf-8") if args.details else None
    claims = [json.loads(line) for line in args.claims.read_text().splitlines() if line.strip()]
    by_paper: dict[str, list[dict[str, str]]] = defaultdict(list)
    for claim in claims:
        by_paper[claim["paper"]].append(claim)
    with tempfile.TemporaryDirectory() as folder:
        library = Path(folder) / "library.sqlite3"
        refs = load_pairs(library)
        judge = LocalJudge(args.model_dir) if args.model_dir else args.judge
        checker = make_checker(judge, library=library)
        print("| PDF | claims | same verdict as LaTeX | PDF verdict = label | LaTeX = label |")
        print("|---|---:|---:|---:|---:|")
        for pair in PAIRS:
            rows = by_paper.get(FOLDERS[pair.name], [])
            same = pdf_right = latex_right = 0
            for row in rows:
                latex = checker.check_paper(row["claim"], refs[("latex", pair.name)])
                pdf = checker.check_paper(row["claim"], refs[("pdf", pair.name)])
                same += latex.verdict == pdf.verdict
                pdf_right += pdf.verdict == row["verdict"]
                latex_right += latex.verdict == row["verdict"]
                if details is not None:
                    both = {"latex": _brief(latex), "pdf": _brief(pdf)}
                    details.write(json.dumps({"pdf_name": pair.name, **row, **both}) + "\n")
                if isinstance(pdf, CheckedRecord) and pdf.verdict != latex.verdict:
                    note = f"  {row['id']}: LaTeX {latex.verdict}, PDF {pdf.verdict}"
                    print(note, file=sys.stderr)
            n = len(rows) or 1
            print(
                f"| {pair.name} | {len(rows)} | {same}/{len(rows)} ({same / n:.0%}) "
                f"| {pdf_right / n:.0%} | {latex_right / n:.0%} |"
            )
    if details is not None:
        details.close()


def _brief(record: object) -> dict[str, object]:
    if not isinstance(record, CheckedRecord):
        return {"verdict": getattr(record, "verdict", None)}
    return {
        "verdict": record.verdict,
        "probabilities": record.probabilities,
        "evidence": record.evidence,
        "section": record.evidence_section,
    }


def load_pairs(library: Path) -> dict[tuple[str, str], str]:
    refs: dict[tuple[str, str], str] = {}
    with Library.open(library) as lib:
        for index, pair in enumerate(PAIRS):
            refs[("latex", pair.name)] = _add(lib, pair.latex, f"local:latex-{index}")
            refs[("pdf", pair.name)] = _add(lib, pair.pdf, f"local:pdf-{index}")
    return refs


def _add(lib: Library, path: Path, ref: str) -> str:
    add_path(lib, path, ref=parse_ref(ref))
    return ref


if __name__ == "__main__":
    main()
