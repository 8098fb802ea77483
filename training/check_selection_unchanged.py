"""Do the checker's ranking and the local judge's pre-selection pick, on the full-paper sets,
the passages and windows they picked at a given commit?

Only full papers are cut by either step (an abstract fits the checker's budget and has fewer
windows than the pre-selection limit), so the full-paper sets are where a change to how they
read text can move a verdict. For each claim this compares the passages ``select_candidates``
keeps and the windows ``preselect`` keeps, at ``--base`` and in the working tree, and lists the
claims where either differs; those are the records to judge again.

    PYTHONPATH=src:. python training/check_selection_unchanged.py [--base COMMIT] [--format pdf]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import types
from pathlib import Path

from claimaudit.checker import selection
from claimaudit.identity import parse_ref
from claimaudit.judges.local import preselect
from claimaudit.judges.local.runtime import MODEL_DIR, VerifierConfig
from claimaudit.judges.local.windows import passage_windows
from claimaudit.sources.library import LibrarySource
from training.eval_fullpaper import build_library, load_claims


def _module_at(commit: str, path: str) -> types.ModuleType:
    source = subprocess.run(
        ["git", "show", f"{commit}:{path}"], check=True, capture_output=True, text=True
    ).stdout
    module = types.ModuleType(f"_at_{commit}_{Path(path).stem}")
    sys.modules[module.__name__] = module  # dataclasses look their module up by name
    exec(compile(source, f"{commit}:{path}", "exec"), module.__dict__)
    return module


def compare(base: str, fmt: str) -> list[str]:
    """The ids of the claims whose selection or pre-selection differs from ``base``'s."""
    old_selection = _module_at(base, "src/claimaudit/checker/selection.py")
    old_preselect = _module_at(base, "src/claimaudit/judges/local/preselect.py")
    config = VerifierConfig.read(MODEL_DIR)
    claims = load_claims()
    moved: list[str] = []
    with tempfile.TemporaryDirectory(prefix="claimaudit-selection-") as tmp:
        library = Path(tmp) / "library.sqlite3"
        present = build_library(library, claims, fmt)
        source = LibrarySource(library)
        for claim in (c for c in claims if c.paper in present):
            paper = source.fetch(parse_ref(claim.ref), claim.claim)
            now = selection.select_candidates(claim.claim, paper.passages, selection.Bm25Ranker())
            then = old_selection.select_candidates(
                claim.claim, paper.passages, old_selection.Bm25Ranker()
            )
            # Pre-selection compared on the same windows, so each step is judged on its own.
            texts = passage_windows([p.text for p in now.passages], mode=config.window_mode).texts
            limit = config.preselect_limit
            differs = []
            if [p.passage_id for p in now.passages] != [p.passage_id for p in then.passages]:
                differs.append("selection")
            if preselect.preselect(claim.claim, texts, limit) != old_preselect.preselect(
                claim.claim, texts, limit
            ):
                differs.append("pre-selection")
            if differs:
                moved.append(claim.id)
                verb = "differ" if len(differs) > 1 else "differs"
                print(f"{claim.id}: {' and '.join(differs)} {verb}")
        print(f"{fmt}: {len(moved)} of {sum(c.paper in present for c in claims)} claims differ")
    return moved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD", help="the commit to compare with")
    parser.add_argument("--format", default="source", choices=["source", "pdf"])
    args = parser.parse_args()
    compare(args.base, args.format)


if __name__ == "__main__":
    main()
