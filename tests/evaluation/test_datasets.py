from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.errors import DatasetError
from claimaudit.evaluation.datasets import read_ids, read_pairs
from claimaudit.library.scifact import CorpusFormat


def test_scifact_pairs_map_labels_and_rationales(shared_data: Path) -> None:
    pairs = read_pairs(CorpusFormat.SCIFACT, shared_data / "scifact" / "claims_train.jsonl")
    by_claim = {(p.claim_id, p.doc_id): p for p in pairs}
    # Claim 2 contradicts doc 13734012 with sentence 4 as rationale (first lines of the file).
    pair = by_claim[("2", "13734012")]
    assert pair.gold == "contradicts" and pair.rationale == {"P005"}
    # Claim 0 has no evidence entry: its cited document is "not established".
    assert by_claim[("0", "31715818")].gold == "not_established"
    assert {p.gold for p in pairs} == {"supports", "contradicts", "not_established"}


def test_citation_integrity_strips_citation_markers(shared_data: Path) -> None:
    pairs = read_pairs(
        CorpusFormat.CITATION_INTEGRITY, shared_data / "citation-integrity" / "claims_dev.jsonl"
    )
    assert len(pairs) == 316
    assert all("<|" not in p.claim for p in pairs)
    assert pairs[0].gold == "supports" and pairs[1].gold == "contradicts"


def test_check_covid_pairs(shared_data: Path) -> None:
    path = shared_data / "check-covid" / "dev" / "covidCheck_dev_composed+extracted.json"
    pairs = read_pairs(CorpusFormat.CHECK_COVID, path)
    assert len(pairs) == 207
    nei = [p for p in pairs if p.gold == "not_established"]
    assert nei and all(not p.rationale for p in nei)
    refuted = next(p for p in pairs if p.gold == "contradicts")
    assert refuted.rationale == {"P001", "P004"}


def test_bad_files_raise_dataset_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{oops\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=r"bad\.jsonl:1"):
        read_pairs(CorpusFormat.SCIFACT, bad)
    unknown = tmp_path / "unknown.jsonl"
    row = {"id": 1, "claim": "c", "evidence": {"5": [{"sentences": [0], "label": "MAYBE"}]}}
    unknown.write_text(json.dumps(row) + "\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="unknown label"):
        read_pairs(CorpusFormat.SCIFACT, unknown)


def test_read_ids(tmp_path: Path) -> None:
    ids = tmp_path / "ids.txt"
    ids.write_text("# val\n1\n\n 22 \n1\n", encoding="utf-8")
    assert read_ids(ids) == ["1", "22"]
