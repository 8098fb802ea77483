"""Which records a resumed batch takes out as judged against text replaced since."""

from __future__ import annotations

import json
from pathlib import Path

from claimaudit.batch.stale import drop_stale, drop_stale_in_library, library_hashes
from claimaudit.identity import parse_ref
from claimaudit.library.store import Library
from tests.libraries import library_of

STORED = {"arXiv:1": "new1", "arXiv:2": "same2"}


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

    def stored(ref: str) -> str | None:
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
        assert library_hashes(library)("arXiv:1907.10121") == unversioned.content_hash
        assert library_hashes(library)("arXiv:1907.10121v2") == version.content_hash
    out = tmp_path / "out.jsonl"
    row = _record("k1", "arXiv:1907.10121", unversioned.content_hash)
    out.write_text(json.dumps(row) + "\n", encoding="utf-8")
    assert drop_stale_in_library(out, ["k1"], path) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == row
