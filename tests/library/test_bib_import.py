"""import_entries: each entry of a reference manager's export added under the reference its
identifiers give (else ``local:<citekey>``), skipped when already there with the same text,
failed with why, or listed without a file; ``fetch`` downloads the arXiv ones."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from claimaudit.errors import BibliographyError
from claimaudit.guards.filenames import shown_name
from claimaudit.identity import parse_ref
from claimaudit.library.bib_import import EntryImport, ImportStatus, import_entries
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.sources.arxiv import ArxivClient
from tests.library.helpers import make_binary, make_pdf
from tests.sources.arxivserver import two_papers


@pytest.fixture
def files(tmp_path: Path) -> Path:
    folder = tmp_path / "storage"
    folder.mkdir()
    make_pdf(folder / "attention.pdf", title="Attention")
    make_pdf(folder / "notes.pdf", title="Notes", text="Sparse matrices save memory. " * 8)
    make_binary(folder / "broken.pdf")
    return folder


def _bib(tmp_path: Path, files: Path) -> Path:
    path = tmp_path / "refs.bib"
    path.write_text(
        f"""
@article{{vaswani2017, title = {{Attention Is All You Need}}, author = {{Vaswani, Ashish}},
  eprint = {{1706.03762}}, archivePrefix = {{arXiv}},
  file = {{Full Text PDF:{files}/attention.pdf:application/pdf}}}}
@misc{{notes2020, title = {{My notes}}, file = {{{files}/notes.pdf}}}}
@misc{{broken, title = {{Broken}}, doi = {{10.1234/broken}}, file = {{:storage/broken.pdf:PDF}}}}
@misc{{gone, title = {{Gone}}, doi = {{10.1234/gone}}, file = {{:storage/gone.pdf:PDF}}}}
@misc{{scan, title = {{A scan}}, eprint = {{2001.00001}}, archivePrefix = {{arXiv}}}}
@book{{book, title = {{A book}}, doi = {{10.1234/book}}}}
""",
        encoding="utf-8",
    )
    return path


def _no_arxiv() -> ArxivClient:
    raise AssertionError("arXiv is asked only with fetch")


def _imported(tmp_path: Path, bib: str, notes: list[str] | None = None) -> list[EntryImport]:
    """What importing ``bib`` (written as ``refs.bib``) into a new library makes of each entry,
    without fetching; what the import notes on the way is added to ``notes``."""
    path = tmp_path / "refs.bib"
    path.write_text(bib, encoding="utf-8")
    on_note = None if notes is None else notes.append
    with Library.open(tmp_path / "lib.sqlite3") as library:
        return import_entries(library, path, client=_no_arxiv, on_note=on_note).entries


def test_import_summary(tmp_path: Path, files: Path) -> None:
    bib = _bib(tmp_path, files)
    with Library.open(tmp_path / "lib.sqlite3") as library:
        summary = import_entries(library, bib, client=_no_arxiv)
        by_key = {e.key: e for e in summary.entries}
        assert {k: e.status for k, e in by_key.items()} == {
            "vaswani2017": ImportStatus.ADDED,
            "notes2020": ImportStatus.ADDED,
            "broken": ImportStatus.FAILED,
            "gone": ImportStatus.FAILED,
            "scan": ImportStatus.NO_FILE,
            "book": ImportStatus.NO_FILE,
        }
        assert str(by_key["vaswani2017"].ref) == "arXiv:1706.03762"
        assert str(by_key["notes2020"].ref) == "local:notes2020"
        assert "broken.pdf" in by_key["broken"].detail
        assert "gone.pdf: no such file" in by_key["gone"].detail
        assert "--fetch" in by_key["scan"].detail and "--fetch" not in by_key["book"].detail
        stored = library.require_paper(parse_ref("local:notes2020"))
        assert stored.title == "My notes"  # the reference manager's title
        again = import_entries(library, bib)
        assert again.count(ImportStatus.SKIPPED) == 2 and again.count(ImportStatus.ADDED) == 0
    counts = summary.to_dict()
    assert (counts["added"], counts["skipped"], counts["failed"], counts["noFile"]) == (2, 0, 2, 2)


def test_fetch_downloads_the_arxiv_entries_without_a_file(tmp_path: Path, files: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@misc{att, eprint = {1706.03762}, archivePrefix = {arXiv}}\n"
        "@misc{ghost, eprint = {2403.99999}, archivePrefix = {arXiv}}\n"
        "@misc{book, doi = {10.1234/book}}\n",
        encoding="utf-8",
    )
    with two_papers(tmp_path) as server, Library.open(tmp_path / "lib.sqlite3") as library:
        summary = import_entries(
            library, bib, fetch=True, client=lambda: ArxivClient(server.url, min_interval=0)
        )
        statuses = {e.key: (e.status, str(e.ref), e.detail) for e in summary.entries}
        assert statuses["att"] == (ImportStatus.ADDED, "arXiv:1706.03762v2", "from arXiv")
        assert statuses["ghost"][0] is ImportStatus.FAILED
        assert "arXiv has no paper" in statuses["ghost"][2]
        assert statuses["book"][0] is ImportStatus.NO_FILE
        assert library.get_paper(parse_ref("arXiv:1706.03762v2")) is not None


def test_csl_json_with_and_without_files(tmp_path: Path, files: Path) -> None:
    items = [
        {"id": "notes", "title": "Notes", "file": str(files / "notes.pdf")},
        {"id": "lee", "URL": "https://arxiv.org/abs/2105.14372", "type": "article"},
    ]
    path = tmp_path / "refs.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    with Library.open(tmp_path / "lib.sqlite3") as library:
        summary = import_entries(library, path)
    assert [(e.key, e.status, str(e.ref)) for e in summary.entries] == [
        ("notes", ImportStatus.ADDED, "local:notes"),
        ("lee", ImportStatus.NO_FILE, "arXiv:2105.14372"),
    ]


def test_an_unreadable_export_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text("@article{broken, title = {unterminated", encoding="utf-8")
    with Library.open(tmp_path / "lib.sqlite3") as library, pytest.raises(BibliographyError):
        import_entries(library, path)


def test_an_entry_without_a_file_already_in_the_library_says_so(
    tmp_path: Path, files: Path
) -> None:
    # Nothing to fetch: checks read the stored copy, so --fetch is not suggested for it.
    with Library.open(tmp_path / "lib.sqlite3") as library:
        notes = tmp_path / "scan.md"
        notes.write_text("# A scan\n\nSparse matrices save memory.\n", encoding="utf-8")
        add_path(library, notes, ref=parse_ref("arXiv:2001.00001v2"))
        entries = {e.key: e for e in import_entries(library, _bib(tmp_path, files)).entries}
    scan = entries["scan"]
    assert scan.status is ImportStatus.NO_FILE and "--fetch" not in scan.detail
    assert scan.detail == "no attached file; the library already holds arXiv:2001.00001v2"


def test_a_failure_is_worded_by_the_caller(tmp_path: Path, files: Path) -> None:
    # Different content already stored: the library says so; the command line adds --replace.
    bib = tmp_path / "refs.bib"
    bib.write_text(f"@misc{{notes2020, file = {{{files}/notes.pdf}}}}\n", encoding="utf-8")
    with Library.open(tmp_path / "lib.sqlite3") as library:
        add_path(library, files / "attention.pdf", ref=parse_ref("local:notes2020"))
        [plain] = import_entries(library, bib, client=_no_arxiv).entries
        [advised] = import_entries(
            library, bib, client=_no_arxiv, explain=lambda error: f"{error}; do this"
        ).entries
    assert plain.status is advised.status is ImportStatus.FAILED
    assert plain.detail.endswith("local:notes2020 is already in the library with different content")
    assert advised.detail == f"{plain.detail}; do this"


def test_a_conflict_with_another_bibliography_s_paper_under_the_key_says_so(
    tmp_path: Path, files: Path
) -> None:
    # A library shared by projects: local:notes2020 holds another bibliography's notes2020.
    # "--replace to overwrite it" alone would have that paper overwritten unawares.
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@misc{{notes2020, title = {{My notes}}, file = {{{files}/notes.pdf}}}}\n",
        encoding="utf-8",
    )
    with Library.open(tmp_path / "lib.sqlite3") as library:
        add_path(
            library, files / "attention.pdf", ref=parse_ref("local:notes2020"), title="Attention"
        )
        [entry] = import_entries(library, bib, client=_no_arxiv).entries
        assert entry.status is ImportStatus.FAILED
        assert entry.detail.endswith(
            "local:notes2020 is already in the library with different content; the paper "
            "stored there is titled 'Attention', not 'My notes': perhaps another bibliography's "
            "'notes2020', which --replace would overwrite (give this entry a DOI or arXiv id, "
            "or keep this project's papers in a library of their own, --library)"
        )
        # Its own paper under an older file: the conflict alone.
        library.remove(parse_ref("local:notes2020"))
        add_path(
            library, files / "attention.pdf", ref=parse_ref("local:notes2020"), title="My notes"
        )
        [entry] = import_entries(library, bib, client=_no_arxiv).entries
        assert entry.detail.endswith("with different content")


def test_an_entry_whose_arxiv_id_arxiv_never_issued_fails_saying_why(
    tmp_path: Path, files: Path
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@misc{{typo, eprint = {{1412.12345}}, archivePrefix = {{arXiv}},"
        f" file = {{{files}/notes.pdf}}}}\n",
        encoding="utf-8",
    )
    with Library.open(tmp_path / "lib.sqlite3") as library:
        (entry,) = import_entries(library, bib, client=_no_arxiv).entries
        assert entry.status is ImportStatus.FAILED
        assert entry.detail == (
            "not a valid arXiv identifier: '1412.12345': arXiv ids of the form YYMM.NNNNN "
            "begin in 2015 (1501); before, YYMM.NNNN"
        )
        assert library.list_papers() == []  # not stored under its key instead


def test_an_entry_is_stored_under_its_doi_not_an_arxiv_id_its_note_mentions(
    tmp_path: Path, files: Path
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{gep, title = {Good enough practices}, doi = {10.1371/journal.pcbi.1005510},"
        f" note = {{Builds on SciPy (arXiv:1907.10121)}}, file = {{{files}/notes.pdf}}}}\n",
        encoding="utf-8",
    )
    with Library.open(tmp_path / "lib.sqlite3") as library:
        (entry,) = import_entries(library, bib, client=_no_arxiv).entries
        assert (entry.status, str(entry.ref)) == (
            ImportStatus.ADDED,
            "doi:10.1371/journal.pcbi.1005510",
        )
        assert library.require_paper(parse_ref("10.1371/journal.pcbi.1005510")).title == (
            "Good enough practices"
        )


def test_keys_of_one_readable_form_are_stored_apart(tmp_path: Path, files: Path) -> None:
    # "Smith:2020" and "Smith-2020" were both stored as local:Smith-2020: the second entry's
    # file failed to import (or replaced the first), and citations of either met one paper.
    bib = tmp_path / "clash.bib"
    bib.write_text(
        f"@misc{{Smith:2020, title = {{Attention}}, file = {{{files}/attention.pdf}}}}\n"
        f"@misc{{Smith-2020, title = {{My notes}}, file = {{{files}/notes.pdf}}}}\n",
        encoding="utf-8",
    )
    with Library.open(tmp_path / "lib.sqlite3") as library:
        summary = import_entries(library, bib, client=_no_arxiv)
        by_key = {e.key: e for e in summary.entries}
        assert summary.count(ImportStatus.ADDED) == 2
        assert str(by_key["Smith-2020"].ref) == "local:Smith-2020"
        ref = by_key["Smith:2020"].ref
        assert ref is not None and str(ref).startswith("local:Smith-2020-")
        assert library.require_paper(ref).title == "Attention"
        assert library.require_paper(parse_ref("local:Smith-2020")).title == "My notes"


def test_two_entries_of_one_reference_do_not_replace_each_other(
    tmp_path: Path, files: Path
) -> None:
    # Both entries gave one DOI: with --replace each run replaced the first entry's paper with
    # the second's and the next run swapped them back ("replaced a1", "replaced a4" each time).
    items = [
        {"id": "a1", "title": "Attention", "DOI": "10.1234/same", "file": f"{files}/attention.pdf"},
        {"id": "a4", "DOI": "https://doi.org/10.1234/SAME", "file": str(files / "notes.pdf")},
    ]
    path = tmp_path / "refs.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    with Library.open(tmp_path / "lib.sqlite3") as library:
        runs = [import_entries(library, path, replace=True).entries for _ in range(2)]
        assert library.require_paper(parse_ref("doi:10.1234/same")).title == "Attention"
    duplicate = (
        "the same reference as entry a1, earlier in this file, whose paper is stored under it; "
        "not imported (merge the two entries)"
    )
    for run, first in zip(runs, (ImportStatus.ADDED, ImportStatus.SKIPPED), strict=True):
        assert [(e.key, e.status) for e in run] == [("a1", first), ("a4", ImportStatus.FAILED)]
        assert run[1].detail == duplicate and str(run[1].ref) == "doi:10.1234/same"


def test_a_later_entry_of_a_reference_whose_first_entry_has_no_file_is_imported(
    tmp_path: Path, files: Path
) -> None:
    entries = _imported(
        tmp_path,
        "@misc{first, doi = {10.1234/same}}\n"
        f"@misc{{second, doi = {{10.1234/same}}, file = {{{files}/notes.pdf}}}}\n",
    )
    assert [e.status for e in entries] == [ImportStatus.NO_FILE, ImportStatus.ADDED]


def test_an_unchanged_file_under_another_title_says_so_as_library_add_does(
    tmp_path: Path, files: Path
) -> None:
    # "skipped" kept the stored title and said nothing of the entry's.
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@misc{{v, title = {{{{SciPy 1.0: fundamental algorithms}}}}, doi = {{10.1234/scipy}},"
        f" file = {{{files}/notes.pdf}}}}\n",
        encoding="utf-8",
    )
    ref = parse_ref("doi:10.1234/scipy")
    with Library.open(tmp_path / "lib.sqlite3") as library:
        add_path(library, files / "notes.pdf", ref=ref, title="SciPy 1.0")
        [kept] = import_entries(library, bib, client=_no_arxiv).entries
        assert library.require_paper(ref).title == "SciPy 1.0"
        [retitled] = import_entries(library, bib, replace=True, client=_no_arxiv).entries
        assert library.require_paper(ref).title == "SciPy 1.0: fundamental algorithms"
        [again] = import_entries(library, bib, replace=True, client=_no_arxiv).entries
    assert (kept.status, kept.title) == (ImportStatus.SKIPPED, "SciPy 1.0")
    assert kept.detail == (
        f"{files}/notes.pdf; stored with the same text, titled 'SciPy 1.0', not the entry's "
        "'SciPy 1.0: fundamental algorithms'; --replace retitles it"
    )
    assert (retitled.status, retitled.title) == (
        ImportStatus.REPLACED,
        "SciPy 1.0: fundamental algorithms",
    )
    assert retitled.detail == f"{files}/notes.pdf; the same text, retitled with the entry's title"
    assert (again.status, again.detail) == (ImportStatus.SKIPPED, f"{files}/notes.pdf")


def test_a_linked_url_is_said_to_be_a_web_address(tmp_path: Path) -> None:
    [entry] = _imported(
        tmp_path,
        "@misc{urlonly, file = {Online:https\\://example.org/paper.pdf:application/pdf}}\n",
    )
    assert entry.status is ImportStatus.FAILED
    assert entry.detail == (
        "attached file is a web address, which import-bib does not download "
        "(https://example.org/paper.pdf)"
    )


def test_an_unversioned_entry_beside_stored_versions_is_added_with_a_warning(
    tmp_path: Path, files: Path
) -> None:
    # "added" and exit 0, yet a review citing the entry read the stored v3: the warning on
    # the entry's line names the versions that outrank its copy.
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@article{{dum, eprint = {{1603.07285}}, file = {{{files}/notes.pdf}}}}\n",
        encoding="utf-8",
    )
    with Library.open(tmp_path / "lib.sqlite3") as library:
        add_path(library, files / "attention.pdf", ref=parse_ref("arXiv:1603.07285v3"))
        [entry] = import_entries(library, bib, client=_no_arxiv).entries
    assert (entry.status, str(entry.ref)) == (ImportStatus.ADDED, "arXiv:1603.07285")
    assert entry.detail == (
        f"{files}/notes.pdf; a citation of arXiv:1603.07285 reads arXiv:1603.07285v3, not this "
        "copy: the stored versions (arXiv:1603.07285v3) rank above a copy stored without one; "
        "remove them, or store this file under its version, for a review to read it"
    )


# The reader's error starts with the file already: it was said twice, "f.md: f.md: ...". A
# name with a control character is shown in $'...' quoting by the readers: said twice too.
@pytest.mark.parametrize("name", ["empty.md", "em\x01pty.md"], ids=["plain", "odd"])
def test_a_failure_naming_its_file_names_it_once(tmp_path: Path, name: str) -> None:
    empty = tmp_path / name
    empty.write_text("\n", encoding="utf-8")
    [entry] = _imported(tmp_path, f"@misc{{e, doi = {{10.1000/e}}, file = {{{empty}}}}}\n")
    assert entry.status is ImportStatus.FAILED
    assert entry.detail == f"{shown_name(empty)}: no text found in the Markdown"


def test_csl_yaml_in_a_bib_file_is_imported_and_said(tmp_path: Path) -> None:
    # It was read as BibTeX: "bibliography refs.bib holds no entries", nothing imported.
    notes: list[str] = []
    entries = _imported(tmp_path, "references:\n- id: book\n  DOI: 10.1234/book\n", notes)
    assert [(e.key, e.status) for e in entries] == [("book", ImportStatus.NO_FILE)]
    bib = tmp_path / "refs.bib"
    assert notes == [
        f"bibliography {bib} holds CSL YAML (its name says BibTeX): it was read as CSL YAML"
    ]


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_an_attachment_that_is_no_regular_file_is_said_so(tmp_path: Path, kind: str) -> None:
    # QA: a FIFO (or a link to /dev/zero) was "attached file not found"; it is never opened.
    attached = tmp_path / "paper.pdf"
    if kind == "fifo":
        os.mkfifo(attached)
    else:
        attached.symlink_to("/dev/zero")
    [entry] = _imported(tmp_path, f"@misc{{k, file = {{:{attached}:PDF}}}}\n")
    assert entry.status is ImportStatus.FAILED
    assert entry.detail == f"attached file cannot be read ({attached}: is not a regular file)"


def test_a_crossref_no_entry_has_is_said_and_the_entry_imported(tmp_path: Path) -> None:
    notes: list[str] = []
    text = "@inproceedings{book, doi = {10.1234/book}, crossref = {gone}}\n"
    entries = _imported(tmp_path, text, notes)
    assert [(e.key, e.status) for e in entries] == [("book", ImportStatus.NO_FILE)]
    assert notes == [
        f"{tmp_path / 'refs.bib'} line 1: entry 'book' has crossref 'gone', which no entry has; "
        "it is read without the fields it would inherit"
    ]
