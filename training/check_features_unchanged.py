"""Do the consistency checks read the measured English sets as they did at a given commit?

The checks' features feed the paper-level aggregator, fitted on these sets: a change to how
numbers are read must leave them as they were there, or say which pairs it moves. This
compares the features and notes of the checks at ``--base`` (default 0d59b97) with those of
the working tree over every (claim, cited abstract sentence) pair of SciFact, Citation-Integrity
and Check-COVID (train and dev), COVID-Fact dev, and (claim, passage) pairs of the full-paper set.

    PYTHONPATH=src:. python training/check_features_unchanged.py [--base COMMIT] [--show N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path

from claimaudit.judges.local import consistency
from training import papers

_PACKAGE = "claimaudit.judges.local"
Check = Callable[[str, str], tuple[list[float], list[str]]]


def _old_module(commit: str, name: str, replace: dict[str, str]) -> types.ModuleType:
    source = subprocess.run(
        ["git", "show", f"{commit}:src/claimaudit/judges/local/{name}.py"],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    for old, new in replace.items():
        source = source.replace(old, new)
    module = types.ModuleType(f"_old_{name}")
    sys.modules[module.__name__] = module  # dataclasses look their module up by name
    exec(compile(source, f"{commit}:{name}.py", "exec"), module.__dict__)
    return module


def _runner(module: types.ModuleType) -> Check:
    def run(claim: str, evidence: str) -> tuple[list[float], list[str]]:
        result = module.check(claim, evidence, evidence)
        return result.features(*module.counts(claim)), result.notes()

    return run


def _pairs() -> Iterator[tuple[str, str, str]]:
    """(set, claim, evidence) for every pair the verifier is measured on."""
    sets = {
        "scifact": papers.scifact()[0] + papers.scifact()[1],
        "citation-integrity": [i for part in papers.citation_integrity() for i in part],
        "check-covid": [i for part in papers.check_covid() for i in part],
        "covid-fact-dev": papers.covid_fact_dev(),
    }
    for name, items in sets.items():
        for item in items:
            for sentence in item.sentences:
                yield name, item.claim, sentence
    yield from _fullpaper()


def _fullpaper() -> Iterator[tuple[str, str, str]]:
    from claimaudit.library.extract import extract
    from claimaudit.library.passages import make_passages

    root = Path(__file__).parent
    folder = root.parent / "shared" / "data" / "papers"
    if not folder.exists():
        folder = Path("/work/shared/data/papers")
    passages: dict[str, list[str]] = {}
    with (root / "fullpaper" / "claims.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            paper = row["paper"]
            if paper not in passages:
                path = folder / paper
                blocks = extract(path).blocks if path.exists() else []
                passages[paper] = [p.text for p in make_passages(blocks)]
            for text in passages[paper]:
                yield "fullpaper", row["claim"], text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="0d59b97")
    parser.add_argument("--show", type=int, default=20, help="differing pairs to print")
    args = parser.parse_args()
    _old_module(args.base, "quantities", {})  # what the old consistency imports
    old_consistency = _old_module(
        args.base, "consistency",
        {f"from {_PACKAGE}.quantities import": "from _old_quantities import"},
    )  # fmt: skip
    old, new = _runner(old_consistency), _runner(consistency)
    total, differ, notes_differ = 0, 0, 0
    by_set: dict[str, list[int]] = {}
    for name, claim, evidence in _pairs():
        total += 1
        counts = by_set.setdefault(name, [0, 0])
        counts[0] += 1
        old_features, old_notes = old(claim, evidence)
        new_features, new_notes = new(claim, evidence)
        if old_notes != new_notes:
            notes_differ += 1
            if notes_differ <= args.show:
                print(f"[{name}] notes differ: {old_notes} -> {new_notes}")
        if old_features != new_features:
            differ += 1
            counts[1] += 1
            if differ <= args.show:
                print(f"[{name}] {claim!r}\n  evidence: {evidence[:300]!r}")
                print(f"  old {old_features} {old_notes}\n  new {new_features} {new_notes}")
    for name, (pairs, moved) in by_set.items():
        print(f"{name}: {pairs} pairs, {moved} with other features")
    print(f"total: {total} pairs, {differ} with other features, {notes_differ} with other notes")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
