"""Pair each contrast edit with the pair it was made from, for a ranking loss (run 20).

A contrast edit taught with its label alone ("this edited claim: contradicts") also teaches the
prior "an edited-looking sentence contradicts" (run 1). Ranked against its own original in the
same step, it teaches only the difference: the original must get more ``supports`` than its edit.

A group is (winner, loser): the pair that is ``supports`` and the minimal edit that is not.
- claim edits (negation, direction, number, entity, overreach): the original has the same
  passage and the claim closest in words to the edited one;
- passage edits (negation, direction, number): the original has the same claim and the
  passage closest in words;
- a contradicted claim negated back (``supports``) wins against the contradicted original.
Edits that keep support on both sides (both negated, both reversed) have no loser and stay in
the cross-entropy mix only.

    .venv/bin/python -m training.contrast_groups ALL_PAIRS.jsonl RUN/pairs.jsonl RUN/groups.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from training.data import CON, SUP

Row = dict[str, object]

CLAIM_EDITS = {"claim-negation", "claim-direction", "claim-number", "claim-entity", "overreach"}
PASSAGE_EDITS = {"passage-negation", "passage-direction", "passage-number"}


def _kind(source: str) -> str:
    return source.split("+contrast-")[-1] if "+contrast-" in source else ""


def _words(text: str) -> Counter[str]:
    return Counter(re.findall(r"\w+", text.lower()))


def _closest(text: str, candidates: list[str]) -> str | None:
    """The candidate sharing most words with ``text`` (a minimal edit keeps nearly all)."""
    if not candidates:
        return None
    words = _words(text)
    return max(candidates, key=lambda c: (sum((_words(c) & words).values()), -len(c), c))


def groups(originals: list[Row], edits: list[Row]) -> list[tuple[Row, Row]]:
    """(winner, loser) for every edit in ``edits`` whose original is among ``originals``."""
    sup_by_passage: dict[str, list[str]] = {}
    sup_by_claim: dict[str, list[str]] = {}
    con_by_passage: dict[str, list[str]] = {}
    for row in originals:
        if _kind(str(row["source"])):
            continue
        claim, passage = str(row["claim"]), str(row["passage"])
        if row["label"] == SUP:
            sup_by_passage.setdefault(passage, []).append(claim)
            sup_by_claim.setdefault(claim, []).append(passage)
        elif row["label"] == CON:
            con_by_passage.setdefault(passage, []).append(claim)
    out: list[tuple[Row, Row]] = []
    for edit in edits:
        kind = _kind(str(edit["source"]))
        claim, passage = str(edit["claim"]), str(edit["passage"])
        pool = (
            sup_by_passage.get(passage, [])
            if kind in CLAIM_EDITS
            else sup_by_claim.get(claim, [])
            if kind in PASSAGE_EDITS
            else con_by_passage.get(passage, [])
            if kind == "negated-back"
            else []
        )
        match = _closest(passage if kind in PASSAGE_EDITS else claim, pool)
        if match is None:
            continue
        if kind in PASSAGE_EDITS:
            original: Row = {"claim": claim, "passage": match, "label": SUP}
        elif kind == "negated-back":
            original = {"claim": match, "passage": passage, "label": CON}
        else:
            original = {"claim": match, "passage": passage, "label": SUP}
        if (original["claim"], original["passage"]) == (claim, passage):
            continue
        pair = (edit, original) if kind == "negated-back" else (original, edit)
        out.append(({**pair[0], "kind": kind}, {**pair[1], "kind": kind}))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("originals", type=Path, help="a run's full pairs (build_dataset)")
    parser.add_argument("edits", type=Path, help="the pairs a run trains on")
    parser.add_argument("out", type=Path)
    args = parser.parse_args()

    def read(path: Path) -> list[Row]:
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]

    found = groups(read(args.originals), read(args.edits))
    args.out.write_text(
        "".join(json.dumps({"winner": w, "loser": lo}) + "\n" for w, lo in found),
        encoding="utf-8",
    )
    print(len(found), "groups:", dict(sorted(Counter(str(w["kind"]) for w, _ in found).items())))


if __name__ == "__main__":
    main()
