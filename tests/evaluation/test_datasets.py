from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.errors import DatasetError
from claimaudit.evaluation.datasets import (
    RefusedClaimError,
    read_dataset,
    read_ids,
    read_pairs,
)
from claimaudit.guards.filenames import shown_name
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
    claim = "Aspirin lowers fever."
    row = {"id": 1, "claim": claim, "evidence": {"5": [{"sentences": [0], "label": "MAYBE"}]}}
    unknown.write_text(json.dumps(row) + "\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="unknown label"):
        read_pairs(CorpusFormat.SCIFACT, unknown)


def test_read_ids(tmp_path: Path) -> None:
    ids = tmp_path / "ids.txt"
    ids.write_text("# val\n1\n\n 22 \n1\n", encoding="utf-8")
    assert read_ids(ids) == ["1", "22"]


def _claims(tmp_path: Path, *rows: object) -> Path:
    path = tmp_path / "claims.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def _scifact_row(**fields: object) -> dict[str, object]:
    row: dict[str, object] = {
        "id": 1,
        "claim": "Reimbursement led to earlier diagnosis.",
        "evidence": {"100": [{"sentences": [1], "label": "SUPPORT"}]},
        "cited_doc_ids": [100],
    }
    return {**row, **fields}


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"evidence": ["100"]}, "evidence must be an object, not a list"),
        ({"evidence": {"100": ["SUPPORT"]}}, "evidence.100[0] must be an object, not a string"),
        (
            {"evidence": {"100": [{"sentences": ["1"], "label": "SUPPORT"}]}},
            "evidence.100[0].sentences[0] must be a whole number, not a string",
        ),
        (
            {"evidence": {"100": [{"sentences": [-1], "label": "SUPPORT"}]}},
            "evidence.100[0].sentences[0] must be 0 or more, not -1",
        ),
        (
            {"evidence": {"100": [{"sentences": [1]}]}},
            "evidence.100[0].label is missing",
        ),
        ({"cited_doc_ids": 100}, "cited_doc_ids must be a list, not a number"),
        ({"cited_doc_ids": "100"}, "cited_doc_ids must be a list, not a string"),
        ({"cited_doc_ids": [100, 100]}, "cited_doc_ids lists document 100 twice"),
        ({"cited_doc_ids": [100, "100"]}, "cited_doc_ids lists document 100 twice"),
        (
            {"cited_doc_ids": [True]},
            "cited_doc_ids[0] must be a string or a whole number, not true or false",
        ),
        (
            {"cited_doc_ids": [200]},
            "evidence names document 100, which cited_doc_ids does not list",
        ),
        ({"claim": None}, "claim must be a string, not null"),
        ({"claim": " "}, "claim is empty"),
        ({"id": None}, "id must be a string or a whole number, not null"),
        ({"id": 1.5}, "id must be a string or a whole number, not a fraction"),
        ({"id": " "}, "id is empty"),
        ({"claim": "x" * 2001}, "the claim has 2001 characters; the limit is 2000"),
        ({"claim": "2012; 380: 1491-7)"}, "the claim has no words to check"),
        ({"claim": "Stem cells \ud800 grow."}, "the claim is not valid text: invalid UTF-8"),
        (
            {"claim": "Stem cells\x00 grow."},
            "the claim holds U+0000 (a null character) at character 11",
        ),
        (
            {"claim": "Stem cells \u202eworg."},
            "the claim holds U+202E (a right-to-left override) at character 12",
        ),
        (
            {"claim": "Stem cells \u202bgrow fast\u202c."},
            "the claim holds U+202B (a right-to-left embedding) at character 12",
        ),
        ({"cited_docs": [100], "cited_doc_ids": None, "evidence": None}, "unknown key"),
        ({"cited_doc_ids": [], "evidence": {}}, "the claim cites no document"),
        ({"cited_doc_ids": None, "evidence": None}, "the claim cites no document"),
        (
            {"evidence": {"100": [{"sentences": [], "label": "SUPPORT"}]}},
            "evidence for document 100 labels it supports but names no sentence",
        ),
    ],
)
def test_a_malformed_scifact_row_is_one_line_naming_it(
    tmp_path: Path, fields: dict[str, object], problem: str
) -> None:
    claims = _claims(tmp_path, _scifact_row(id=0, evidence={}), _scifact_row(**fields))
    with pytest.raises(DatasetError) as raised:
        read_pairs(CorpusFormat.SCIFACT, claims)
    assert str(raised.value).startswith(f"{claims}:2: {problem}")


def test_a_claim_id_on_two_lines_is_refused(tmp_path: Path) -> None:
    # Each would be judged and counted, and --ids could not choose one of them.
    claims = _claims(tmp_path, _scifact_row(), _scifact_row(id=2), _scifact_row(id="1"))
    with pytest.raises(DatasetError) as raised:
        read_pairs(CorpusFormat.SCIFACT, claims)
    assert str(raised.value) == f"{claims}:3: id 1 repeats line 1"


def test_a_claim_id_is_read_without_its_surrounding_blanks(tmp_path: Path) -> None:
    # --ids reads " 7 " as "7": a claim id "7 " could not be chosen, nor be seen to repeat "7".
    claims = _claims(tmp_path, _scifact_row(id="7 "))
    assert [p.claim_id for p in read_pairs(CorpusFormat.SCIFACT, claims)] == ["7"]
    claims = _claims(tmp_path, _scifact_row(id="7"), _scifact_row(id=" 7"))
    with pytest.raises(DatasetError, match="id 7 repeats line 1"):
        read_pairs(CorpusFormat.SCIFACT, claims)


def test_a_claim_of_citation_marks_only_is_refused(tmp_path: Path) -> None:
    claims = _claims(tmp_path, _scifact_row(claim="[<|multi_cit|>]"))
    with pytest.raises(DatasetError, match=r":1: claim is empty once its citation marks"):
        read_pairs(CorpusFormat.CITATION_INTEGRITY, claims)


def test_absent_evidence_and_cited_documents_keep_their_meaning(tmp_path: Path) -> None:
    # No cited_doc_ids: the documents the evidence names. No evidence: not established.
    claims = _claims(
        tmp_path,
        _scifact_row(cited_doc_ids=None),
        _scifact_row(id=2, evidence=None),
        _scifact_row(id=3, cited_doc_ids=[]),
    )
    pairs = read_pairs(CorpusFormat.SCIFACT, claims)
    assert [(p.claim_id, p.doc_id, p.gold) for p in pairs] == [
        ("1", "100", "supports"),
        ("2", "100", "not_established"),
        ("3", "100", "supports"),
    ]
    assert pairs[0].rationale == {"P002"}


def _covid_row(**fields: object) -> dict[str, object]:
    row: dict[str, object] = {
        "id": "a_0",
        "claim": "Masks reduce spread.",
        "cord_id": "abc123",
        "label": "SUPPORT",
        "evidence_set": [{"sent_index": 3, "type": "PRIMARY"}],
    }
    return {**row, **fields}


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"claim": None}, "claim must be a string, not null"),
        ({"cord_id": ["abc123"]}, "cord_id must be a string or a whole number, not a list"),
        ({"label": None}, "label must be a string, not null"),
        ({"evidence_set": {"sent_index": 3}}, "evidence_set must be a list, not an object"),
        ({"evidence_set": [{"sent_index": "3"}]}, "evidence_set[0].sent_index must be a whole"),
        ({"evidence_set": [{"sent_index": -1}]}, "evidence_set[0].sent_index must be 0 or more"),
        ({"id": "a_1"}, "id a_1 repeats line 1"),
        ({"id": ""}, "id is empty"),
        ({"claim": "the of and also"}, "the claim has no words to check"),
        ({"evidence_set": []}, "evidence_set labels it supports but names no sentence"),
        ({"cord_ids": "abc123", "cord_id": None}, "unknown key 'cord_ids' (did you mean"),
    ],
)
def test_a_malformed_check_covid_row_is_one_line_naming_it(
    tmp_path: Path, fields: dict[str, object], problem: str
) -> None:
    claims = _claims(tmp_path, _covid_row(id="a_1"), _covid_row(**fields))
    with pytest.raises(DatasetError) as raised:
        read_pairs(CorpusFormat.CHECK_COVID, claims)
    assert str(raised.value).startswith(f"{claims}:2: {problem}")


def test_check_covid_reads_a_not_enough_info_row_without_rationale(tmp_path: Path) -> None:
    claims = _claims(tmp_path, _covid_row(), _covid_row(id="a_1", label="NOTENOUGHINFO"))
    supported, unknown = read_pairs(CorpusFormat.CHECK_COVID, claims)
    assert (supported.doc_id, supported.gold, supported.rationale) == (
        "abc123",
        "supports",
        {"P004"},
    )
    assert (unknown.gold, unknown.rationale) == ("not_established", frozenset())


def test_a_byte_order_mark_is_no_part_of_the_first_line(tmp_path: Path) -> None:
    claims = tmp_path / "claims.jsonl"
    claims.write_text(json.dumps(_scifact_row(id=7)) + "\n", encoding="utf-8-sig")
    assert [p.claim_id for p in read_pairs(CorpusFormat.SCIFACT, claims)] == ["7"]


def test_a_byte_order_mark_is_no_part_of_the_first_id(tmp_path: Path) -> None:
    # Read as part of the id, it hid id 7 (a claim silently not evaluated).
    ids = tmp_path / "ids.txt"
    ids.write_bytes(b"\xef\xbb\xbf7\r\n8\r\n")
    assert read_ids(ids) == ["7", "8"]


def test_a_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    claims = tmp_path / "claims.jsonl"
    row = _scifact_row(id=8, claim="Caf\u00e9 owners were screened.")
    latin1 = json.dumps(row, ensure_ascii=False)
    claims.write_bytes((json.dumps(_scifact_row()) + "\n" + latin1 + "\n").encode("latin-1"))
    with pytest.raises(DatasetError) as raised:
        read_pairs(CorpusFormat.SCIFACT, claims)
    offset = latin1.index("\u00e9")  # the byte 0xe9 Latin-1 writes é as
    assert str(raised.value) == f"{claims}:2: not UTF-8 text (invalid byte at offset {offset})"
    ids = tmp_path / "ids.txt"
    ids.write_bytes(b"7\nabc\xff\n")
    with pytest.raises(DatasetError) as raised:
        read_ids(ids)
    assert str(raised.value) == f"{ids}:2: not UTF-8 text (invalid byte at offset 3)"


def test_a_misspelt_cited_key_is_named_with_the_key_meant(tmp_path: Path) -> None:
    claims = _claims(tmp_path, {"id": 1, "claim": "Masks reduce spread.", "cited_docs": [100]})
    with pytest.raises(DatasetError) as raised:
        read_pairs(CorpusFormat.SCIFACT, claims)
    assert str(raised.value) == (
        f"{claims}:1: unknown key 'cited_docs' (did you mean 'cited_doc_ids'?)"
    )


def test_a_check_covid_file_read_as_scifact_says_the_format_looks_wrong(tmp_path: Path) -> None:
    claims = _claims(tmp_path, _covid_row())
    with pytest.raises(DatasetError) as raised:
        read_pairs(CorpusFormat.SCIFACT, claims)
    assert str(raised.value) == (
        f"{claims}:1: this looks like a check-covid row (it has cord_id, not cited_doc_ids); "
        "is the format scifact right?"
    )
    scifact = _claims(tmp_path, _scifact_row())
    with pytest.raises(DatasetError, match="looks like a scifact row"):
        read_pairs(CorpusFormat.CHECK_COVID, scifact)


def test_the_claim_judged_is_the_one_check_takes(tmp_path: Path) -> None:
    # Whitespace normalised as check and batch normalise it; every other row kept.
    claims = _claims(tmp_path, _scifact_row(claim="  Masks\n reduce   spread. "))
    (pair,) = read_pairs(CorpusFormat.SCIFACT, claims)
    assert pair.claim == "Masks reduce spread."
    assert pair.where == f"{claims}:1"


def test_a_claim_check_refuses_stops_the_read_unless_skipped(tmp_path: Path) -> None:
    path = tmp_path / "claims.jsonl"
    rows = [
        {"id": 1, "claim": "Aspirin lowers fever.", "cited_doc_ids": [5]},
        {"id": 2, "claim": "x" * 2001, "cited_doc_ids": [5]},
        {"id": 3, "claim": "2012; 380: 1491\u20137) [<|cit|>••]", "cited_doc_ids": [5]},
        {"id": 4, "claim": "Aspirin raises fever.", "cited_doc_ids": [5]},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    fmt = CorpusFormat.CITATION_INTEGRITY
    with pytest.raises(RefusedClaimError, match=r"claims\.jsonl:2: the claim has 2001 characters"):
        read_pairs(fmt, path)
    dataset = read_dataset(fmt, path, skip_invalid=True)
    assert [p.claim_id for p in dataset.pairs] == ["1", "4"]
    assert [(c.claim_id, c.where) for c in dataset.left_out] == [
        ("2", f"{path}:2"),
        ("3", f"{path}:3"),
    ]
    assert dataset.left_out[0].reason == "the claim has 2001 characters; the limit is 2000"
    assert "no words" in dataset.left_out[1].reason


def test_skipping_refused_claims_still_stops_at_any_other_fault(tmp_path: Path) -> None:
    path = tmp_path / "claims.jsonl"
    rows = [
        {"id": 1, "claim": "x" * 2001, "cited_doc_ids": [5]},
        {"id": 1, "claim": "Aspirin lowers fever.", "cited_doc_ids": [5]},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with pytest.raises(DatasetError, match="id 1 repeats line 1"):
        read_dataset(CorpusFormat.SCIFACT, path, skip_invalid=True)


def test_check_covid_rows_are_skipped_alike(tmp_path: Path) -> None:
    path = tmp_path / "claims.jsonl"
    rows = [
        {
            "id": "a",
            "claim": "Masks cut spread.",
            "cord_id": "ab12cd34",
            "label": "SUPPORT",
            "evidence_set": [{"sent_index": 0}],
        },
        {"id": "b", "claim": "…", "cord_id": "ab12cd34", "label": "NEI"},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with pytest.raises(RefusedClaimError, match=r"claims\.jsonl:2"):
        read_pairs(CorpusFormat.CHECK_COVID, path)
    dataset = read_dataset(CorpusFormat.CHECK_COVID, path, skip_invalid=True)
    assert [p.claim_id for p in dataset.pairs] == ["a"]
    assert [c.claim_id for c in dataset.left_out] == ["b"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le"])
def test_a_utf16_file_says_so(tmp_path: Path, encoding: str) -> None:
    # "not UTF-8 text (invalid byte at offset 0)" with a BOM; "invalid JSON" without one.
    claims = tmp_path / "claims.jsonl"
    claims.write_text(json.dumps(_scifact_row()) + "\n", encoding=encoding)
    with pytest.raises(DatasetError) as raised:
        read_pairs(CorpusFormat.SCIFACT, claims)
    assert str(raised.value) == f"{claims}: UTF-16 text, not UTF-8; re-save it as UTF-8"
    ids = tmp_path / "ids.txt"
    ids.write_text("7\n8\n", encoding=encoding)  # lines too short to tell by themselves
    with pytest.raises(DatasetError, match="UTF-16 text, not UTF-8; re-save it as UTF-8"):
        read_ids(ids)


@pytest.mark.parametrize(
    ("label", "gold"),
    [
        ("contradicts", "contradicts"),
        ("CONTRADICTS", "contradicts"),
        ("Supports", "supports"),
        ("NOT ENOUGH INFO", "not_established"),
        ("not-enough-info", "not_established"),
    ],
)
def test_the_classes_eval_writes_as_gold_are_read_as_labels(
    tmp_path: Path, label: str, gold: str
) -> None:
    # SUPPORTS and REFUTES were read, CONTRADICTS ("gold" in eval's own --out) was unknown.
    row = {
        "id": 1,
        "claim": "Aspirin lowers fever.",
        "evidence": {"5": [{"sentences": [0], "label": label}]},
    }
    [pair] = read_pairs(CorpusFormat.SCIFACT, _claims(tmp_path, row))
    assert pair.gold == gold


def test_an_unknown_label_names_the_labels_read(tmp_path: Path) -> None:
    row = {
        "id": 1,
        "claim": "Aspirin lowers fever.",
        "evidence": {"5": [{"sentences": [0], "label": "Neutral"}]},
    }
    with pytest.raises(DatasetError) as caught:
        read_pairs(CorpusFormat.SCIFACT, _claims(tmp_path, row))
    message = str(caught.value)
    assert "unknown label 'Neutral'" in message and "NOT_ENOUGH_INFO" in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"cited_doc_ids": ["4983", "4983 "]}, "cited_doc_ids lists document 4983 twice"),
        ({"cited_doc_ids": [4983, "4983\t"]}, "cited_doc_ids lists document 4983 twice"),
        (
            {"evidence": {"7": [], "7 ": [{"sentences": [0], "label": "SUPPORT"}]}},
            "evidence names document 7 twice",
        ),
    ],
)
def test_two_spellings_of_one_document_are_one_document(
    tmp_path: Path, row: dict[str, object], message: str
) -> None:
    # Both read as scifact:4983, the one paper judged twice and counted twice in every figure.
    claims = _claims(tmp_path, {"id": 1, "claim": "Aspirin lowers fever.", **row})
    with pytest.raises(DatasetError, match=message):
        read_pairs(CorpusFormat.SCIFACT, claims)


def test_a_document_spelt_with_spaces_is_the_corpus_document(tmp_path: Path) -> None:
    evidence = {"7 ": [{"sentences": [1], "label": "SUPPORT"}]}
    claims = _claims(tmp_path, {"id": 1, "claim": "Aspirin lowers fever.", "evidence": evidence})
    [pair] = read_pairs(CorpusFormat.SCIFACT, claims)
    assert (pair.doc_id, pair.gold, pair.rationale) == ("7", "supports", {"P002"})


# A control character in a file's name: messages dropped it, naming another file.
ODD = "cl\x01aims"


def test_a_bad_line_names_the_claims_file_as_it_is(tmp_path: Path) -> None:
    claims = tmp_path / f"{ODD}.jsonl"
    claims.write_text("{nope\n", encoding="utf-8")
    with pytest.raises(DatasetError) as raised:
        read_dataset(CorpusFormat.SCIFACT, claims)
    assert str(raised.value).startswith(f"{shown_name(claims)}:1: invalid JSON")


def test_a_left_out_claim_names_the_claims_file_as_it_is(tmp_path: Path) -> None:
    claims = tmp_path / f"{ODD}.jsonl"
    row = {"id": 1, "claim": "x", "cited_doc_ids": [1], "evidence": {}}
    claims.write_text(json.dumps(row) + "\n", encoding="utf-8")
    [left_out] = read_dataset(CorpusFormat.SCIFACT, claims, skip_invalid=True).left_out
    assert left_out.where == f"{shown_name(claims)}:1"


def test_an_ids_file_that_is_not_utf8_is_named_as_it_is(tmp_path: Path) -> None:
    ids = tmp_path / f"{ODD}.txt"
    ids.write_bytes(b"a\n\xff\n")
    with pytest.raises(DatasetError) as raised:
        read_ids(ids)
    assert str(raised.value).startswith(f"{shown_name(ids)}:2: ")


def test_a_key_given_twice_is_refused_not_read_as_its_last(tmp_path: Path) -> None:
    # {"id": 1, "id": 2} was scored as claim 2, without a word.
    claims = tmp_path / "claims.jsonl"
    claims.write_text(
        '{"id": 1, "id": 2, "claim": "Aspirin lowers fever.", "cited_doc_ids": [1]}\n',
        encoding="utf-8",
    )
    with pytest.raises(DatasetError) as raised:
        read_dataset(CorpusFormat.SCIFACT, claims)
    assert str(raised.value) == f"{claims}:1: id: Input should be given once, not 2 times"
