"""The full-paper evaluation set: hand-written claims over the shared papers, end to end.

    .venv/bin/python -m training.eval_fullpaper                    # LaTeX/Markdown sources
    .venv/bin/python -m training.eval_fullpaper --format pdf       # the compiled PDFs
    .venv/bin/python -m training.eval_fullpaper --model-dir DIR    # another model folder

Each claim in ``training/fullpaper/claims.jsonl`` names its paper, the verdict a careful reader
gives and an evidence substring. The papers are ingested into a temporary library exactly as
``claimaudit library add`` does, and every claim is checked through the same ``Checker`` as
``claimaudit check`` with the embedded judge. Reported: accuracy over three classes (supports,
contradicts, not established) and over the four verdicts, by kind; the evidence hit rate (the
quoted passage contains the evidence substring); and whether the cheap window pre-selection kept
the evidence (``preselect`` loses no evidence when this is 1.0).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from claimaudit.checker.pipeline import Checker
from claimaudit.checker.selection import Bm25Ranker, select_candidates
from claimaudit.identity import parse_ref
from claimaudit.judges.local.judge import LocalJudge
from claimaudit.judges.local.preselect import preselect
from claimaudit.judges.local.runtime import MODEL_DIR, VerifierConfig
from claimaudit.judges.local.windows import passage_windows
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.records import CheckedRecord
from claimaudit.sources.library import LibrarySource

ROOT = Path(__file__).resolve().parent.parent
CLAIMS = ROOT / "training" / "fullpaper" / "claims.jsonl"
PAPERS = ROOT.parent / "shared" / "data" / "papers"
PDFS = ROOT.parent / "shared" / "data" / "papers-pdf"
SOURCES = {
    "good-enough-practices_wilson2017": "good-enough-practices-for-scientific-computing.tex",
    "scipy-1.0_virtanen2020": "scipy-1.0",
    "conv-arithmetic_dumoulin2016": "conv_arithmetic.tex",
    "scikit-image_vanderwalt2014": "latex",
    "deep-rules_lee2022": "",
    "deep-review_ching2018": "",
}
COLLAPSE = {
    "supports": "supports",
    "contradicts": "contradicts",
    "not_addressed": "not_established",
    "insufficient_evidence": "not_established",
}


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip().lower()


@dataclass(frozen=True)
class Claim:
    id: str
    paper: str
    ref: str
    claim: str
    verdict: str
    kind: str
    evidence: str | None


def load_claims(path: Path = CLAIMS) -> list[Claim]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    fields = Claim.__dataclass_fields__
    return [Claim(**{k: v for k, v in row.items() if k in fields}) for row in rows]


def paper_path(paper: str, fmt: str) -> Path | None:
    if fmt == "pdf":
        pdf = PDFS / f"{paper}.pdf"
        return pdf if pdf.is_file() else None
    return PAPERS / paper / SOURCES[paper]


def supports_quoted(path: Path) -> list[tuple[str, str, bool]]:
    """(claim, quoted evidence, gold is ``supports``) of every claim a run's output file
    (``--out``) calls ``supports`` with a quote: what a review note would be shown on."""
    claims = {claim.id: claim.claim for claim in load_claims()}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [
        (claims[r["id"]], r["evidence"], r["expected"] == "supports")
        for r in rows
        if r["verdict"] == "supports" and r.get("evidence")
    ]


def build_library(path: Path, claims: list[Claim], fmt: str) -> set[str]:
    """Ingest every paper the claims name; returns the papers that exist in this format."""
    present: set[str] = set()
    with Library.open(path) as library:
        for paper, ref in sorted({(c.paper, c.ref) for c in claims}):
            source = paper_path(paper, fmt)
            if source is None:
                continue
            add_path(library, source, ref=parse_ref(ref))
            present.add(paper)
    return present


def evidence_kept(checker: Checker, claim: Claim, config: VerifierConfig) -> bool | None:
    """Whether a window holding the evidence survives selection and pre-selection."""
    if not claim.evidence:
        return None
    paper = checker.source.fetch(parse_ref(claim.ref), claim.claim)
    selection = select_candidates(claim.claim, paper.passages, Bm25Ranker())
    windows = passage_windows([p.text for p in selection.passages], mode=config.window_mode)
    kept = preselect(claim.claim, windows.texts, config.preselect_limit)
    needle = normalise(claim.evidence)
    # The evidence may straddle two windows: a window holding most of it counts.
    head = needle[: max(20, len(needle) * 2 // 3)]
    return any(head in normalise(windows.texts[i]) for i in kept)


def evaluate(fmt: str, model_dir: Path, out: Path | None) -> dict[str, object]:
    claims = load_claims()
    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory(prefix="claimaudit-fullpaper-") as tmp:
        library = Path(tmp) / "library.sqlite3"
        present = build_library(library, claims, fmt)
        judge = LocalJudge(model_dir)
        checker = Checker(source=LibrarySource(library), judge=judge)
        config = VerifierConfig.read(model_dir)
        for claim in claims:
            if claim.paper not in present:
                continue
            record = checker.check_paper(claim.claim, claim.ref)
            if not isinstance(record, CheckedRecord):
                rows.append({"id": claim.id, "error": record.error})
                continue
            quoted = normalise(record.evidence or "")
            hit = bool(claim.evidence) and normalise(claim.evidence or "")[:40] in quoted
            rows.append(
                {
                    "id": claim.id,
                    "kind": claim.kind,
                    "expected": claim.verdict,
                    "verdict": record.verdict,
                    "right3": COLLAPSE[record.verdict] == COLLAPSE[claim.verdict],
                    "right4": record.verdict == claim.verdict,
                    "confidence": record.confidence,
                    "needsReview": record.needs_review,
                    "evidenceHit": hit,
                    "evidenceKept": evidence_kept(checker, claim, config),
                    "evidence": record.evidence,
                    "reviewNotes": record.review_notes,
                }
            )
    if out:
        out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return summary(rows, fmt)


def _share(part: int, whole: int) -> float | None:
    """``part / whole`` to four places; None (no figure) over nothing, never 0 or a crash."""
    return round(part / whole, 4) if whole else None


def summary(rows: list[dict[str, object]], fmt: str) -> dict[str, object]:
    judged = [r for r in rows if "verdict" in r]
    by_kind: dict[str, list[bool]] = defaultdict(list)
    for r in judged:
        by_kind[str(r["kind"])].append(bool(r["right3"]))
    evidence_rows = [r for r in judged if r["expected"] in ("supports", "contradicts")]
    right_evidence = [r for r in evidence_rows if r["right4"]]
    kept = [r["evidenceKept"] for r in judged if r["evidenceKept"] is not None]
    cleared = [r for r in judged if not r["needsReview"]]
    return {
        "format": fmt,
        "claims": len(rows),
        "not_checked": len(rows) - len(judged),
        "accuracy_3class": _share(sum(bool(r["right3"]) for r in judged), len(judged)),
        "accuracy_4class": _share(sum(bool(r["right4"]) for r in judged), len(judged)),
        "by_kind": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(by_kind.items())},
        "confusion": dict(Counter(f"{r['expected']}->{r['verdict']}" for r in judged)),
        "evidence_hit_rate": _share(
            sum(bool(r["evidenceHit"]) for r in right_evidence), len(right_evidence)
        ),
        "preselect_kept_evidence": _share(sum(bool(k) for k in kept), len(kept)),
        "cleared": len(cleared),
        "cleared_right": sum(r["expected"] == "supports" for r in cleared),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--format", choices=["source", "pdf"], default="source")
    parser.add_argument("--model-dir", type=Path, default=MODEL_DIR)
    parser.add_argument("--out", type=Path, default=None, help="per-claim JSON Lines")
    args = parser.parse_args()
    result = evaluate(args.format, args.model_dir, args.out)
    json.dump(result, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
