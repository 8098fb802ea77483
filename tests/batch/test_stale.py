"""Which records a resumed batch takes out as judged against text replaced since."""

from __future__ import annotations

import json
from pathlib import Path

from claimaudit.batch.stale import (
    Reading,
    drop_stale,
    drop_stale_in_library,
    library_quotes,
    library_readings,
)
from claimaudit.identity import parse_ref
from claimaudit.library.store import Library
from tests.libraries import library_of

STORED = {"arXiv:1": Reading("new1", "pdf/3"), "arXiv:2": Reading("same2", "pdf/3")}


def _record(key: str, ref: str, content: str | None) -> dict[str, object]:
    return {"inputKey": key, "paperRef": ref, "matchedRef": ref, "paperContentHash": content}


def test_only_records_of_this_input_judged_against_other_text_are_taken_out(
    tmp_path: Path,
) -> None:
    rows = [
        _record("k1", "arXiv:1", "old1"),  # replaced since: taken out
        _record("k2", "arXiv:2", "SAME2"),  # the same text (hashes compare in any case)
        _record("k3", "arXiv:1", None),  # another source: no hash to compare
        _record("k4", "arXiv:3", "gone"),  # no longer stored: nothing newer to judge against
        _record("other", "arXiv:1", "old1"),  # a line not in this input: never written anew
    ]
    out = tmp_path / "out.jsonl"
    text = "".join(json.dumps(r) + "\n" for r in rows) + "{not json paperContentHash\n"
    out.write_text(text, encoding="utf-8")
    asked: list[str] = []

    def stored(ref: str) -> Reading | None:
        asked.append(ref)
        return STORED.get(ref)

    assert drop_stale(out, ["k1", "k2", "k3", "k4"], stored) == 1
    assert out.read_text(encoding="utf-8") == "".join(text.splitlines(keepends=True)[1:])
    assert sorted(asked) == ["arXiv:1", "arXiv:2", "arXiv:3"]  # each paper looked up once


def test_a_pair_written_twice_counts_once(tmp_path: Path) -> None:
    # The note says how many pairs are checked again, so a duplicated record is one pair.
    rows = [_record("k1", "arXiv:1", "old1"), _record("k1", "arXiv:1", "old1")]
    rows.append(_record("k2", "arXiv:1", "old1"))
    out = tmp_path / "out.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert drop_stale(out, ["k1", "k2"], STORED.get) == 2
    assert out.read_text(encoding="utf-8") == ""


def test_a_library_that_cannot_be_read_takes_nothing_out(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text(json.dumps(_record("k1", "arXiv:1", "old1")) + "\n", encoding="utf-8")
    assert drop_stale_in_library(out, ["k1"], tmp_path / "missing.sqlite3") == 0
    assert drop_stale_in_library(out, ["k1"], out) == 0  # not a library
    assert json.loads(out.read_text(encoding="utf-8"))["inputKey"] == "k1"


def test_a_record_of_an_unversioned_paper_is_compared_with_that_copy_not_a_version(
    tmp_path: Path,
) -> None:
    # The library holds arXiv:1907.10121 and its v2 with other text: a record judged against
    # the unversioned copy names it, and must be compared with it (not with v2, the copy an
    # unversioned reference reads), or a resume redoes it though nothing was replaced.
    first, second = tmp_path / "first.md", tmp_path / "second.md"
    first.write_text("# Sparse\n\nSciPy provides sparse matrices.\n", encoding="utf-8")
    second.write_text("# Dense\n\nSciPy provides dense matrices.\n", encoding="utf-8")
    path = library_of(
        tmp_path / "library.db", {"arXiv:1907.10121": first, "arXiv:1907.10121v2": second}
    )
    with Library.open(path, create=False) as library:
        unversioned = library.get_paper(parse_ref("arXiv:1907.10121"), exact=True)
        version = library.get_paper(parse_ref("arXiv:1907.10121v2"), exact=True)
        assert unversioned is not None and version is not None
        assert unversioned.content_hash != version.content_hash
        readings = library_readings(library)
        assert readings("arXiv:1907.10121") == (unversioned.content_hash, unversioned.extractor)
        assert readings("arXiv:1907.10121v2") == (version.content_hash, version.extractor)
    out = tmp_path / "out.jsonl"
    row = _record("k1", "arXiv:1907.10121", unversioned.content_hash)
    out.write_text(json.dumps(row) + "\n", encoding="utf-8")
    with Library.open(path, create=False) as library:
        assert drop_stale(out, ["k1"], library_readings(library)) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == row
    # The text is unchanged, but its reference reads v2 now (a version ranks above a copy
    # without one): a fresh check would judge v2, so the record is taken out all the same.
    assert drop_stale_in_library(out, ["k1"], path) == 1


def test_a_record_of_a_reference_that_reads_another_edition_now_is_taken_out(
    tmp_path: Path,
) -> None:
    # QA: arXiv:X judged as v1, then v2 added: resume kept the v1 record, which went on
    # answering for arXiv:X while a fresh check judges v2.
    first, second = tmp_path / "first.md", tmp_path / "second.md"
    first.write_text("# Sparse\n\nSciPy provides sparse matrices.\n", encoding="utf-8")
    second.write_text("# Dense\n\nSciPy provides dense matrices.\n", encoding="utf-8")
    path = library_of(tmp_path / "library.db", {"arXiv:1907.10121v1": first})
    with Library.open(path, create=False) as library:
        v1 = library.require_paper(parse_ref("arXiv:1907.10121v1"))
    judged = {"paperContentHash": v1.content_hash, "paperExtractor": v1.extractor}
    rows = [
        {**_record("k1", "arXiv:1907.10121v1", None), **judged, "paperRef": "arXiv:1907.10121"},
        {**_record("k2", "arXiv:1907.10121v1", None), **judged},  # v1 asked by name: stays
    ]
    out = tmp_path / "out.jsonl"
    text = "".join(json.dumps(r) + "\n" for r in rows)
    out.write_text(text, encoding="utf-8")
    assert drop_stale_in_library(out, ["k1", "k2"], path) == 0  # v1 is still the newest
    library_of(path, {"arXiv:1907.10121v2": second})
    assert drop_stale_in_library(out, ["k1", "k2"], path) == 1
    assert [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()] == [rows[1]]


def test_an_edition_is_looked_up_once_per_reference(tmp_path: Path) -> None:
    rows = [{**_record(key, "arXiv:1v1", "same1"), "paperRef": "arXiv:1"} for key in ("k1", "k2")]
    out = tmp_path / "out.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    asked: list[str] = []

    def edition(ref: str) -> str | None:
        asked.append(ref)
        return "arXiv:1v1"

    stored = {"arXiv:1v1": Reading("same1", None)}
    assert drop_stale(out, ["k1", "k2"], stored.get, edition=edition) == 0
    assert asked == ["arXiv:1"]


def test_a_record_of_the_same_file_read_again_by_a_newer_reader_is_taken_out(
    tmp_path: Path,
) -> None:
    # An upgrade's reader read the file again (``library add`` after an upgrade): the hash, the
    # file's, is the same, but the passages and their ids are the new reader's, so the record's
    # evidencePassageId may name other words. A record written before records named the reader
    # is compared by its hash alone; ``null`` names a paper stored by a claimaudit that did not
    # record its reader (upgraded, not read again).
    rows = [
        {**_record("k1", "arXiv:2", "same2"), "paperExtractor": "pdf/2"},  # read again: out
        {**_record("k2", "arXiv:2", "same2"), "paperExtractor": "pdf/3"},  # this reader's
        _record("k3", "arXiv:2", "same2"),  # a record from before records named the reader
        {**_record("k4", "arXiv:4", "same4"), "paperExtractor": None},  # still unrecorded
        {**_record("k5", "arXiv:2", "same2"), "paperExtractor": None},  # read since: out
    ]
    out = tmp_path / "out.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    stored = {**STORED, "arXiv:4": Reading("same4", None)}
    assert drop_stale(out, ["k1", "k2", "k3", "k4", "k5"], stored.get) == 2
    kept = [json.loads(line)["inputKey"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert kept == ["k2", "k3", "k4"]


def test_a_library_paper_read_by_an_older_reader_is_found_stale_once_read_again(
    tmp_path: Path,
) -> None:
    # The whole way round, from a library: the record names the reader of an older claimaudit.
    paper = tmp_path / "notes.md"
    paper.write_text("# Sparse\n\nSciPy provides sparse matrices.\n", encoding="utf-8")
    path = library_of(tmp_path / "library.db", {"local:notes": paper})
    with Library.open(path, create=False) as library:
        stored = library.get_paper(parse_ref("local:notes"), exact=True)
        assert stored is not None and stored.extractor is not None
    row = {**_record("k1", "local:notes", stored.content_hash), "paperExtractor": "markdown/1"}
    out = tmp_path / "out.jsonl"
    out.write_text(json.dumps(row) + "\n", encoding="utf-8")
    assert drop_stale_in_library(out, ["k1"], path) == 1
    assert out.read_text(encoding="utf-8") == ""


def test_a_record_from_before_hashes_is_compared_by_the_passage_it_quotes(tmp_path: Path) -> None:
    # Records written before records named paperContentHash (an older claimaudit's --out) were
    # kept as done whatever the library held since: after the paper was read again (an
    # upgrade's reader) or replaced, their evidencePassageId named other words. Their quote is
    # the whole passage, copied by code, so it tells whether the id still names it.
    def record(key: str, ref: str, passage: str, quote: str | None) -> dict[str, object]:
        row = {"inputKey": key, "paperRef": ref, "matchedRef": ref}
        return {**row, "evidencePassageId": passage, "evidence": quote}

    stored = {("arXiv:1", "P001"): "Sparse matrices.", ("arXiv:1", "P002"): "Dense ones."}

    def quote(ref: str, passage: str) -> str | None:
        if ref != "arXiv:1":
            return None  # not stored: nothing newer to judge against
        return stored.get((ref, passage), "")

    rows = [
        record("k1", "arXiv:1", "P001", "Sparse matrices."),  # the id still names it: kept
        record("k2", "arXiv:1", "P002", "Sparse matrices."),  # other words now: out
        record("k3", "arXiv:1", "P009", "Gone."),  # no such passage now: out
        record("k4", "arXiv:1", "P002", None),  # quotes nothing: nothing to compare
        record("k5", "arXiv:5", "P001", "Elsewhere."),  # paper not stored: kept
        record("other", "arXiv:1", "P002", "Sparse matrices."),  # not this input's line
        {**record("k6", "arXiv:1", "P002", "Sparse."), "paperContentHash": None},  # another source
    ]
    out = tmp_path / "out.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    keys = ["k1", "k2", "k3", "k4", "k5", "k6"]
    assert drop_stale(out, keys, STORED.get, quote) == 2
    kept = [json.loads(line)["inputKey"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert kept == ["k1", "k4", "k5", "other", "k6"]
    assert drop_stale(out, keys, STORED.get) == 0  # without quotes, such records stay


def test_a_library_s_quotes_are_its_passages_under_exactly_that_reference(tmp_path: Path) -> None:
    paper = tmp_path / "notes.md"
    paper.write_text("# Sparse\n\nSciPy provides sparse matrices.\n", encoding="utf-8")
    path = library_of(tmp_path / "library.db", {"local:notes": paper})
    with Library.open(path, create=False) as library:
        quotes = library_quotes(library)
        assert quotes("local:notes", "P001") == "SciPy provides sparse matrices."
        assert quotes("local:notes", "P999") == ""
        assert quotes("local:other", "P001") is None
        assert quotes("not a reference", "P001") is None


def test_a_record_on_search_excerpts_is_taken_out_once_the_library_holds_its_paper(
    tmp_path: Path,
) -> None:
    def excerpts(key: str, ref: str) -> dict[str, object]:
        row = _record(key, ref, None)
        return {**row, "matchedRef": f"{ref}v7", "evidenceScope": "search_excerpts"}

    rows = [excerpts("k1", "arXiv:1"), excerpts("k2", "arXiv:9"), excerpts("other", "arXiv:1")]
    out = tmp_path / "out.jsonl"
    text = "".join(json.dumps(r) + "\n" for r in rows)
    out.write_text(text, encoding="utf-8")
    # Without a way to ask the library (an older caller), nothing is taken out.
    assert drop_stale(out, ["k1", "k2"], STORED.get) == 0
    held = {"arXiv:1"}.__contains__
    assert drop_stale(out, ["k1", "k2"], STORED.get, held=held) == 1
    assert out.read_text(encoding="utf-8") == "".join(text.splitlines(keepends=True)[1:])
