"""The hand-written full-paper evaluation set (training/fullpaper/claims.jsonl) is well formed:
enough claims of every kind, and each evidence substring is really in its paper as ingested."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from training.eval_fullpaper import PAPERS, build_library, load_claims, normalise, summary

from claimaudit.identity import parse_ref
from claimaudit.library.store import Library

CLAIMS = load_claims()


def test_the_set_covers_every_verdict_and_kind() -> None:
    assert len(CLAIMS) >= 80
    assert len({c.id for c in CLAIMS}) == len(CLAIMS)
    verdicts = Counter(c.verdict for c in CLAIMS)
    assert set(verdicts) == {"supports", "contradicts", "not_addressed", "insufficient_evidence"}
    assert min(verdicts.values()) >= 15
    kinds = {c.kind for c in CLAIMS}
    assert {"negation", "number", "direction", "entity", "overreach", "off_topic"} <= kinds
    assert all(
        c.kind in {"negation", "number", "direction", "entity"}
        for c in CLAIMS
        if c.verdict == "contradicts"
    )
    assert len({c.paper for c in CLAIMS}) == 6


def test_supports_and_contradicts_name_their_evidence() -> None:
    for claim in CLAIMS:
        if claim.verdict in ("supports", "contradicts"):
            assert claim.evidence, claim.id


@pytest.mark.skipif(not PAPERS.is_dir(), reason="needs ../shared/data/papers beside the checkout")
def test_every_evidence_substring_is_in_its_ingested_paper(tmp_path: Path) -> None:
    path = tmp_path / "library.db"
    present = build_library(path, CLAIMS, "source")
    assert len(present) == 6
    with Library.open(path) as library:
        texts = {
            c.paper: normalise(" ".join(p.text for p in library.passages(parse_ref(c.ref))))
            for c in CLAIMS
        }
    missing = [c.id for c in CLAIMS if c.evidence and normalise(c.evidence) not in texts[c.paper]]
    assert missing == []


def test_a_summary_of_claims_none_judged_has_no_figures_not_a_crash() -> None:
    figures = summary([{"id": "x-001", "error": "judge unreachable"}], "source")
    assert figures["not_checked"] == 1
    assert figures["accuracy_3class"] is None and figures["evidence_hit_rate"] is None
    assert figures["preselect_kept_evidence"] is None
