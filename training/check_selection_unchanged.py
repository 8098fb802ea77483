"""Does the verifier get, on the full-paper sets, what it got at a given commit?

Only full papers are cut by the checker's ranking and the local judge's pre-selection (an
abstract fits the checker's budget and has fewer windows than the pre-selection limit), so the
full-paper sets are where a change to how papers are read, or ranked, can move a verdict. The
whole package is compared, not the two rankers alone: a reader (PDF, LaTeX, Markdown) or a text
module the rankers use changes what they pick as surely as the rankers do. For each claim this
compares, at ``--base`` and in the working tree, every passage of its paper (id and text), the
passages ``select_candidates`` keeps and the windows ``preselect`` keeps, and lists the claims
where any differs; those are the records to judge again.

    PYTHONPATH=src:. python training/check_selection_unchanged.py [--base COMMIT] [--format pdf]

The base's ``src`` is taken with ``git archive`` into a temporary folder and read by a child
process (so the two packages never share one interpreter); the claims and the shared papers
are this tree's (``training/eval_fullpaper.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False).encode()).hexdigest()[:20]


def dump(fmt: str, out: Path) -> None:
    """What the package on ``sys.path`` gives the verifier for each claim, written to ``out``."""
    from claimaudit.checker import selection
    from claimaudit.identity import parse_ref
    from claimaudit.judges.local import preselect
    from claimaudit.judges.local.runtime import MODEL_DIR, VerifierConfig
    from claimaudit.judges.local.windows import passage_windows
    from claimaudit.sources.library import LibrarySource
    from training.eval_fullpaper import build_library, load_claims

    config = VerifierConfig.read(MODEL_DIR)
    claims = load_claims()
    given: dict[str, dict[str, str]] = {}
    with tempfile.TemporaryDirectory(prefix="claimaudit-selection-") as tmp:
        library = Path(tmp) / "library.sqlite3"
        present = build_library(library, claims, fmt)
        source = LibrarySource(library)
        for claim in (c for c in claims if c.paper in present):
            paper = source.fetch(parse_ref(claim.ref), claim.claim)
            kept = selection.select_candidates(claim.claim, paper.passages, selection.Bm25Ranker())
            texts = passage_windows([p.text for p in kept.passages], mode=config.window_mode).texts
            windows = preselect.preselect(claim.claim, texts, config.preselect_limit)
            given[claim.id] = {
                "passages": _digest([(p.passage_id, p.text) for p in paper.passages]),
                "selection": _digest([(p.passage_id, p.text) for p in kept.passages]),
                "pre-selection": _digest(repr(windows)),
            }
    out.write_text(json.dumps(given, indent=1, sort_keys=True), encoding="utf-8")


def _dump_with(src: Path, fmt: str, out: Path) -> dict[str, dict[str, str]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(ROOT)])}
    command = [sys.executable, "-m", "training.check_selection_unchanged", "--dump", str(out)]
    subprocess.run([*command, "--format", fmt], env=env, cwd=ROOT, check=True)
    loaded: dict[str, dict[str, str]] = json.loads(out.read_text(encoding="utf-8"))
    return loaded


def _source_at(commit: str, folder: Path) -> Path:
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "src"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder / "src"


def compare(base: str, fmt: str) -> list[str]:
    """The ids of the claims whose passages, selection or pre-selection differ from ``base``'s."""
    with tempfile.TemporaryDirectory(prefix="claimaudit-base-") as tmp:
        then = _dump_with(_source_at(base, Path(tmp)), fmt, Path(tmp) / "base.json")
        now = _dump_with(ROOT / "src", fmt, Path(tmp) / "now.json")
    moved: list[str] = []
    for claim_id in sorted(now.keys() | then.keys()):
        old, new = then.get(claim_id), now.get(claim_id)
        if old is None or new is None:
            moved.append(claim_id)
            print(f"{claim_id}: present {'now only' if old is None else 'at the base only'}")
            continue
        differs = [
            step for step in ("passages", "selection", "pre-selection") if old[step] != new[step]
        ]
        if differs:
            moved.append(claim_id)
            verb = "differ" if len(differs) > 1 else "differs"
            print(f"{claim_id}: {' and '.join(differs)} {verb}")
    print(f"{fmt}: {len(moved)} of {len(now)} claims differ")
    return moved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD", help="the commit to compare with")
    parser.add_argument("--format", default="source", choices=["source", "pdf"])
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)  # the child's work
    args = parser.parse_args()
    if args.dump is not None:
        dump(args.format, args.dump)
        return
    compare(args.base, args.format)


if __name__ == "__main__":
    main()
