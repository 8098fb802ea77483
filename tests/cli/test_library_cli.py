"""The ``claimaudit library`` commands, driven through typer's CliRunner."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from fpdf import FPDF
from typer.testing import CliRunner, Result

import claimaudit.cli
from claimaudit.cli import app
from claimaudit.guards.filenames import shown_name
from claimaudit.identity import parse_ref
from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.library.search_accents import all_accent_forms
from claimaudit.library.store import Library
from tests.cli.tables import boxed_columns, prose, spaced_columns
from tests.library import helpers as h
from tests.library import replacing
from tests.library.damaging import NEVER_ISSUED, store_under_never_issued_id
from tests.signals import child_env, console_script

claimaudit.cli._install_commands()
runner = CliRunner()


def run(*args: str | Path) -> Result:
    return runner.invoke(app, ["library", *map(str, args)])


def assert_clean_failure(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "lib.sqlite3"


def _state(db: Path) -> list[tuple[str, str, int]]:
    if not db.exists():
        return []
    with Library.open(db, create=False) as lib:
        return [(str(p.ref), p.content_hash, p.passage_count) for p in lib.list_papers()]


def shown_json_hash(db: Path) -> str:
    with Library.open(db, create=False) as lib:
        [paper] = lib.list_papers()
        return paper.content_hash


def test_add_latex_show_search_remove(db: Path) -> None:
    result = run("add", h.SCIPY_TEX.parent, "--ref", "arXiv:1907.10121v3", "--library", db)
    assert result.exit_code == 0, result.output
    assert "added arXiv:1907.10121v3" in result.stdout
    again = run("add", h.SCIPY_TEX, "--ref", "arXiv:1907.10121v3", "--library", db)
    assert again.exit_code == 0 and "identical content" in again.stdout

    listed = run("list", "--library", db, "--json")
    assert [p["ref"] for p in json.loads(listed.stdout)] == ["arXiv:1907.10121v3"]

    shown = run("show", "1907.10121", "--library", db)
    assert shown.exit_code == 0
    assert "SciPy 1.0" in shown.stdout and "P001" in shown.stdout and "[Abstract]" in shown.stdout
    # The content hash covers every file read with its name: never labelled as a sha256sum.
    assert f"hash: {shown_json_hash(db)}" in shown.stdout and "sha256" not in shown.stdout
    shown_json = json.loads(run("show", "1907.10121", "--library", db, "--json").stdout)
    texts = [p["text"] for p in shown_json["passages"]]
    assert any("was rewritten in C++ with templated classes" in t for t in texts)

    found = json.loads(
        run("search", "cKDTree rewritten C++ templated", "--library", db, "--json").stdout
    )["hits"]
    assert found[0]["ref"] == "arXiv:1907.10121v3"
    assert "templated classes" in found[0]["text"]
    # camelCase, as records and the API write them
    [paper] = json.loads(listed.stdout)
    assert set(paper) == {
        "ref",
        "title",
        "url",
        "sourcePath",
        "contentHash",
        "ingestedAt",
        "passages",
        "passageCount",
        "authors",
        "sourceFormat",
        "extractor",
    }
    assert paper["sourcePath"] == str(h.SCIPY_TEX.parent.resolve())
    # The count has one name in both (and list keeps "passages" for the scripts that read it).
    assert set(shown_json) == set(paper) | {"offset"}
    # Every passage the extractor gives is stored (more than the 100 shown at once).
    expected = len(make_passages(extract(h.SCIPY_TEX).blocks))
    assert shown_json["passageCount"] == paper["passageCount"] == paper["passages"] == expected
    assert expected > 100
    assert len(texts) == 100 and shown_json["offset"] == 0
    keys = {"ref", "title", "passageId", "section", "pages", "text", "score", "exact"}
    assert set(found[0]) == keys
    assert found[0]["pages"] is None  # LaTeX has no pages
    table = run("search", "sparse matrices", "--library", db, "--limit", "2")
    assert table.exit_code == 0 and "P0" in table.stdout

    removed = run("remove", "arXiv:1907.10121v3", "--library", db)
    assert removed.exit_code == 0 and "removed" in removed.stdout
    assert json.loads(run("list", "--library", db, "--json").stdout) == []


def test_library_from_environment(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(db))
    assert run("add", h.DEEP_RULES, "--ref", "arXiv:2105.14372").exit_code == 0
    assert _state(db)[0][0] == "arXiv:2105.14372"
    assert "Ten Quick Tips" in run("list").stdout


def test_ref_from_file_name_and_pdf_title(db: Path, tmp_path: Path) -> None:
    pdf = h.make_pdf(tmp_path / "1706.03762v5.pdf", title="Generated Attention")
    result = run("add", pdf, "--library", db)
    assert result.exit_code == 0, result.output
    assert "arXiv:1706.03762v5: Generated Attention" in result.stdout


def test_version_rule_through_the_cli(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.md"
    note.write_text("# A Title\n\nAttention is all you need.\n", encoding="utf-8")
    assert run("add", note, "--ref", "1706.03762v2", "--library", db).exit_code == 0
    assert run("show", "1706.03762", "--library", db).exit_code == 0
    assert run("show", "1706.03762v2", "--library", db).exit_code == 0
    assert_clean_failure(run("show", "1706.03762v3", "--library", db), "not in the library")


def test_show_past_the_last_passage_says_so(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.md"
    note.write_text("# A Title\n\nFirst paragraph.\n\nSecond paragraph.\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:two", "--library", db).exit_code == 0
    for offset in ("2", "5000"):
        shown = run("show", "local:two", "--offset", offset, "--library", db)
        assert shown.exit_code == 0, shown.output
        assert "P001" not in shown.stdout
        assert shown.stdout.rstrip().endswith(
            f"no passages from offset {offset} (the paper has 2 passages)"
        )
    # Within the paper there is no such note.
    assert "no passages" not in run("show", "local:two", "--offset", "1", "--library", db).stdout


def test_show_gives_the_ingestion_time_as_its_json_and_the_api_do(db: Path, tmp_path: Path) -> None:
    # QA: the table said "ingested: 2026-12-07T15:11:35.957903+00:00", --json and the API
    # "...Z": one moment in two spellings, which a script comparing them read as two.
    note = tmp_path / "paper.md"
    note.write_text("# A Title\n\nFirst paragraph.\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:when", "--library", db).exit_code == 0
    stamp = json.loads(run("show", "local:when", "--json", "--library", db).stdout)["ingestedAt"]
    assert stamp.endswith("Z")
    shown = run("show", "local:when", "--library", db)
    assert shown.exit_code == 0, shown.output
    assert f"ingested: {stamp}\n" in shown.stdout and "+00:00" not in shown.stdout


def test_conflict_then_replace(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.txt"
    note.write_text("Original text.\n", encoding="utf-8")
    assert run("add", note, "--ref", "doi:10.1234/x", "--library", db).exit_code == 0
    before = _state(db)
    note.write_text("Changed text.\n", encoding="utf-8")
    conflict = run("add", note, "--ref", "doi:10.1234/x", "--library", db)
    # The command line's own advice, after what the library says.
    assert_clean_failure(
        conflict,
        "error: doi:10.1234/x is already in the library with different content; "
        "use --replace to overwrite it",
    )
    assert _state(db) == before
    replaced = run("add", note, "--ref", "doi:10.1234/x", "--replace", "--library", db)
    assert replaced.exit_code == 0 and "replaced doi:10.1234/x" in replaced.stdout
    assert _state(db) != before


def test_import_scifact_and_search(db: Path) -> None:
    result = run("import-jsonl", h.SCIFACT_CORPUS, "--format", "scifact", "--library", db)
    assert result.exit_code == 0, result.output
    assert "5183 added" in result.stdout
    again = run("import-jsonl", h.SCIFACT_CORPUS, "--library", db)
    assert "5183 unchanged" in again.stdout
    shown = json.loads(run("show", "scifact:4983", "--library", db, "--json").stdout)
    first_line = h.SCIFACT_CORPUS.read_text(encoding="utf-8").split("\n", 1)[0]
    assert shown["passages"][0]["id"] == "P001"
    assert shown["passages"][0]["text"] == json.loads(first_line)["abstract"][0]
    hits = json.loads(
        run(
            "search",
            "diffusion tensor MRI newborn white matter",
            "--ref",
            "scifact:4983",
            "--library",
            db,
            "--json",
        ).stdout
    )["hits"]
    assert hits and all(hit["ref"] == "scifact:4983" for hit in hits)


def _corrupt(d: Path) -> Path:
    return h.make_corrupt_pdf(d / "x.pdf")


def _blank(d: Path) -> Path:
    return h.make_blank_pdf(d / "x.pdf")


def _binary(d: Path) -> Path:
    return h.make_binary(d / "x.bin")


def _latin1(d: Path) -> Path:
    return h.make_latin1(d / "x.txt")


def _missing_input(d: Path) -> Path:
    folder = d / "scipy"
    shutil.copytree(h.SCIPY_TEX.parent, folder)
    (folder / "poly.tex").unlink()
    return folder / "paper.tex"


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda d: d / "missing.pdf", "no such file"),
        (_corrupt, "not a readable PDF"),
        (_blank, "no text layer; run OCR first, e.g. ocrmypdf"),
        (_binary, "binary file"),
        (_latin1, "not UTF-8"),
        (_missing_input, "\\input{poly}"),
    ],
)
def test_bad_inputs_fail_cleanly_and_keep_library(
    db: Path, tmp_path: Path, make: Callable[[Path], Path], fragment: str
) -> None:
    keep = tmp_path / "keep.txt"
    keep.write_text("A paper that must survive.\n", encoding="utf-8")
    assert run("add", keep, "--ref", "doi:10.1234/keep", "--library", db).exit_code == 0
    before = _state(db)
    bad = make(tmp_path)
    assert_clean_failure(run("add", bad, "--ref", "doi:10.1234/bad", "--library", db), fragment)
    assert _state(db) == before


@pytest.mark.parametrize("path", ["", "  "])
def test_an_empty_path_is_refused_not_read_as_the_working_directory(db: Path, path: str) -> None:
    # Path("") is ".": the working directory would be read as a paper's folder.
    assert_clean_failure(
        run("add", path, "--ref", "local:x", "--library", db),
        "the path is empty: name the paper's file or folder",
    )
    assert _state(db) == []


def test_missing_ref_is_a_clean_failure(db: Path, tmp_path: Path) -> None:
    pdf = h.make_pdf(tmp_path / "paper.pdf")
    assert_clean_failure(
        run("add", pdf, "--library", db),
        "cannot tell which paper this is from its name or metadata; "
        "pass --ref (e.g. --ref arXiv:1706.03762v5 or --ref doi:10.1000/xyz)",
    )
    named = h.make_pdf(tmp_path / "1706.03762v5.pdf", subject="arXiv:2105.14372")
    assert_clean_failure(
        run("add", named, "--library", db),
        "the file name names arXiv:1706.03762v5, its metadata arXiv:2105.14372; pass --ref",
    )


def test_an_ambiguous_remove_says_how_to_name_the_copy(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.txt"
    note.write_text("Text.\n", encoding="utf-8")
    assert run("add", note, "--ref", "2101.00001", "--library", db).exit_code == 0
    note.write_text("Other text.\n", encoding="utf-8")
    assert run("add", note, "--ref", "2101.00001v1", "--library", db).exit_code == 0
    assert_clean_failure(
        run("remove", "2101.00001", "--library", db),
        "error: arXiv:2101.00001 matches several stored copies "
        "(arXiv:2101.00001, arXiv:2101.00001v1): name one; --exact removes the unversioned copy",
    )
    assert run("remove", "2101.00001", "--exact", "--library", db).exit_code == 0


def test_unknown_and_invalid_refs(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.txt"
    note.write_text("Text.\n", encoding="utf-8")
    assert run("add", note, "--ref", "doi:10.1234/x", "--library", db).exit_code == 0
    assert_clean_failure(run("show", "doi:10.1234/other", "--library", db), "not in the library")
    assert_clean_failure(run("remove", "doi:10.1234/other", "--library", db), "not in the library")
    assert_clean_failure(run("search", "x", "--ref", "doi:10.1234/o", "--library", db))
    assert_clean_failure(run("show", "not a ref", "--library", db), "not a paper reference")
    assert_clean_failure(run("add", note, "--ref", "???", "--library", db), "not a paper reference")


def test_a_title_over_the_limit_is_refused(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.txt"
    note.write_text("Text.\n", encoding="utf-8")
    result = run("add", note, "--ref", "local:t", "--title", "T" * 1_001, "--library", db)
    assert_clean_failure(result, "the title has 1,001 characters; the limit is 1,000")
    assert _state(db) == []
    assert (
        run("add", note, "--ref", "local:t", "--title", "T" * 1_000, "--library", db).exit_code == 0
    )


def test_an_arxiv_id_arxiv_never_issued_is_refused_saying_why(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.txt"
    note.write_text("Text.\n", encoding="utf-8")
    for ref, why in [
        ("9912.12345", "it would be from December 2099, a month not yet reached"),
        ("arXiv:0703.1234", "arXiv ids of the form YYMM.NNNN begin in April 2007 (0704)"),
        ("1412.12345", "arXiv ids of the form YYMM.NNNNN begin in 2015 (1501)"),
    ]:
        result = run("add", note, "--ref", ref, "--library", db)
        assert_clean_failure(result, "not a valid arXiv identifier", why)
    assert _state(db) == []


@pytest.mark.parametrize("typed", [NEVER_ISSUED, "0703.1234", "arxiv:0703.1234"])
def test_a_paper_stored_under_a_reference_now_refused_can_be_shown_and_removed(
    db: Path, typed: str
) -> None:
    store_under_never_issued_id(db)
    shown = run("show", typed, "--library", db)
    assert shown.exit_code == 0, shown.output
    assert f"      ref: {NEVER_ISSUED}" in shown.stdout.splitlines()
    assert "Tea drinkers sleep less." in shown.stdout
    assert json.loads(run("show", typed, "--json", "--library", db).stdout)["ref"] == NEVER_ISSUED
    removed = run("remove", typed, "--library", db)
    assert removed.exit_code == 0, removed.output
    assert removed.stdout.strip() == f"removed {NEVER_ISSUED}: Tea study"
    assert _state(db) == []
    # Gone now, the reference is refused again, saying why.
    assert_clean_failure(run("show", typed, "--library", db), "not a valid arXiv identifier")


def test_a_refused_reference_not_stored_is_still_refused(db: Path) -> None:
    store_under_never_issued_id(db)
    for command in ("show", "remove"):
        assert_clean_failure(
            run(command, "0703.1235", "--library", db),
            "not a valid arXiv identifier: '0703.1235'",
        )
    assert [ref for ref, _, _ in _state(db)] == [NEVER_ISSUED]


def test_library_problems_are_clean_failures(tmp_path: Path) -> None:
    assert_clean_failure(run("list", "--library", tmp_path / "absent.db"), "no library at")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"junk" * 1000)
    assert_clean_failure(run("list", "--library", junk), "cannot open library")
    future = tmp_path / "future.db"
    Library.open(future).close()
    import sqlite3

    with sqlite3.connect(future) as conn:
        conn.execute("PRAGMA user_version = 99")
    assert_clean_failure(run("list", "--library", future), "newer than this claimaudit")
    bad_jsonl = tmp_path / "bad.jsonl"
    bad_jsonl.write_text("{nope\n", encoding="utf-8")
    db = tmp_path / "lib.db"
    assert_clean_failure(run("import-jsonl", bad_jsonl, "--library", db), "not valid JSON")
    assert_clean_failure(run("import-jsonl", tmp_path / "none.jsonl", "--library", db))


@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_import_jsonl_says_standard_input_is_not_read(tmp_path: Path, name: str) -> None:
    # "-: no such file", "/dev/stdin: no such file".
    result = run("import-jsonl", name, "--library", tmp_path / "lib.db")
    assert_clean_failure(result, f"FILE {name} (standard input) is not read; give the corpus file")


def test_import_jsonl_does_not_read_standard_input_redirected_from_a_file(tmp_path: Path) -> None:
    # Only a pipe was refused: "< corpus.jsonl" made /dev/stdin a regular file, and it was read.
    corpus = tmp_path / "corpus.jsonl"
    document = {"doc_id": 1, "title": "Buoys", "abstract": ["Buoys drift."]}
    corpus.write_text(json.dumps(document) + "\n", encoding="utf-8")
    command = ["library", "import-jsonl", "/dev/stdin", "--library", str(tmp_path / "lib.db")]
    with corpus.open("rb") as stdin:
        done = subprocess.run(
            [*console_script(), *command],
            stdin=stdin,
            capture_output=True,
            text=True,
            env=child_env(),
        )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        "error: FILE /dev/stdin (standard input) is not read; give the corpus file"
    ]
    assert sorted(os.listdir(tmp_path)) == ["corpus.jsonl"]


def test_import_refuses_a_doc_id_repeated_in_the_file(db: Path, tmp_path: Path) -> None:
    # The clash is inside the file, not with the library: no line may silently win.
    corpus = tmp_path / "corp.jsonl"
    first = {"doc_id": 1, "title": "One", "abstract": ["First sentence."]}
    second = {"doc_id": 1, "title": "One again", "abstract": ["Other sentence."]}
    corpus.write_text(f"{json.dumps(first)}\n{json.dumps(second)}\n", encoding="utf-8")
    for replace in ((), ("--replace",)):
        result = run("import-jsonl", corpus, "--format", "scifact", *replace, "--library", db)
        assert_clean_failure(result, "corp.jsonl:2: doc_id 1 repeats line 1")
        assert "--replace" not in result.stderr
        assert _state(db) == []
    # An identical repeat is refused too: the file names one document twice.
    corpus.write_text(f"{json.dumps(first)}\n{json.dumps(first)}\n", encoding="utf-8")
    assert_clean_failure(run("import-jsonl", corpus, "--library", db), "repeats line 1")
    assert _state(db) == []


def test_import_says_passages_written_and_names_skipped_documents(db: Path, tmp_path: Path) -> None:
    # A rerun writes nothing: its summary must not read as if the file's passages were imported.
    corpus = tmp_path / "corp.jsonl"
    docs = [{"doc_id": 1, "title": "One", "abstract": ["First.", "Second."]}]
    docs += [{"doc_id": n, "title": f"Empty {n}", "abstract": []} for n in range(10, 17)]
    corpus.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    first = run("import-jsonl", corpus, "--library", db)
    assert first.exit_code == 0, first.output
    assert first.stdout.strip() == (
        "imported corp.jsonl: 1 added, 0 replaced, 0 unchanged, 7 skipped (no sentences): "
        "scifact:10, scifact:11, scifact:12, scifact:13, scifact:14 and 2 more; "
        "2 passages written"
    )
    again = run("import-jsonl", corpus, "--library", db)
    assert again.exit_code == 0, again.output
    assert again.stdout.strip().endswith("; no passage written; 2 passages in the file's documents")


def test_markup_in_text_is_printed_literally(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.txt"
    note.write_text("Values in [bold]brackets[/bold] stay literal.\n", encoding="utf-8")
    assert run("add", note, "--ref", "doi:10.1234/m", "--library", db).exit_code == 0
    assert "[bold]brackets[/bold]" in run("show", "doi:10.1234/m", "--library", db).stdout
    paper = Library.open(db, create=False)
    try:
        assert paper.get_paper(parse_ref("doi:10.1234/m")) is not None
    finally:
        paper.close()


def test_list_shows_references_whole_at_80_columns(db: Path) -> None:
    long_ref = "doi:10.1371/journal.pcbi.1005510"
    assert run("add", h.GOOD_ENOUGH / "index.md", "--ref", long_ref, "--library", db).exit_code == 0
    result = runner.invoke(app, ["library", "list", "--library", str(db)], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()[1:]  # after the title, which names the library file
    assert any(line.split()[:1] == [long_ref] for line in lines)  # whole, on one line
    assert max(len(line) for line in lines) <= 80


# References as long as a library may hold: a DOI with a SICI in it, a 161-character local: one.
LONG_REFS = (
    "doi:10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0",
    "local:" + "sparse-solvers-" * 10 + "notes",
)
SPARSE_NOTES = """# Sparse matrix storage formats and the solvers that make use of them in practice

Sparse matrices save memory when most entries are zero, and iterative solvers exploit that
structure to scale to systems with millions of unknowns.
"""


def _add_long_refs(db: Path, tmp_path: Path) -> list[dict[str, object]]:
    """Two papers under LONG_REFS; as ``list --json`` gives them."""
    notes = tmp_path / "notes.md"
    notes.write_text(SPARSE_NOTES, encoding="utf-8")
    for ref, title in zip(LONG_REFS, ("Information retrieval on the web", None), strict=True):
        titled = ["--title", title] if title else []
        assert run("add", notes, "--ref", ref, *titled, "--library", db).exit_code == 0
    return list(json.loads(run("list", "--json", "--library", db).stdout))


@pytest.mark.parametrize("columns", [80, 60])
def test_list_folds_a_long_reference_and_keeps_title_count_and_date(
    db: Path, tmp_path: Path, columns: int
) -> None:
    papers = _add_long_refs(db, tmp_path)
    result = runner.invoke(
        app, ["library", "list", "--library", str(db)], env={"COLUMNS": str(columns)}
    )
    assert result.exit_code == 0
    lines = result.stdout.splitlines()[1:]  # after the title, which names the library file
    assert max(len(line) for line in lines) <= columns
    refs, titles, counts, dates = spaced_columns(
        result.stdout, ["ref", "title", "passages", "ingested"]
    )
    assert "".join(refs) == "".join(str(p["ref"]) for p in papers)  # whole, folded
    assert prose(titles) == " ".join(str(p["title"]) for p in papers)
    assert [c for c in counts if c] == [str(p["passages"]) for p in papers]
    assert [d for d in dates if d] == [str(p["ingestedAt"])[:10] for p in papers]


@pytest.mark.parametrize("columns", [30, 40, 60, 80])
def test_list_never_splits_an_ordinary_reference_in_a_narrow_terminal(
    db: Path, tmp_path: Path, columns: int
) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text(SPARSE_NOTES, encoding="utf-8")
    title = "SciPy 1.0: Fundamental Algorithms for Scientific Computing in Python"
    ref = "arXiv:1907.10121v2"
    assert run("add", notes, "--ref", ref, "--title", title, "--library", db).exit_code == 0
    result = runner.invoke(
        app, ["library", "list", "--library", str(db)], env={"COLUMNS": str(columns)}
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()[1:]  # after the title, which names the library file
    assert max(len(line) for line in lines) <= columns
    assert any(ref in line for line in lines)  # whole, on one line, to be copied
    words = result.stdout.split()
    labels = {word.rstrip(":") for word in words}  # table headings or stacked labels
    assert {"1", "passages", "ingested"} <= labels
    # The title's words whole and in order (in the table, the count and date beside its first).
    date = next(word for word in words if word.startswith("20") and len(word) == 10)
    prose_words = [word for word in words if word not in {"1", date}]
    assert title in " ".join(prose_words)


@pytest.mark.parametrize("columns", [80, 60])
def test_search_shows_where_and_the_whole_passage_at_narrow_widths(
    db: Path, tmp_path: Path, columns: int
) -> None:
    _add_long_refs(db, tmp_path)
    args = ["library", "search", "sparse solvers", "--ref", LONG_REFS[1], "--library", str(db)]
    result = runner.invoke(app, args, env={"COLUMNS": str(columns)})
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= columns
    assert "unknowns." in result.stdout  # the passage's last word: its text has room
    table = boxed_columns(result.stdout)
    heading = SPARSE_NOTES.splitlines()[0].removeprefix("# ")
    # The reference folded, the passage id after it, whole; a long section cut as `check`
    # cuts it (24 characters), so the passage keeps the room.
    assert "".join(table["where"]).startswith(f"{LONG_REFS[1]}P001")
    assert prose(table["where"]).endswith(f"P001 {heading[:23]}\u2026")
    assert prose(table["text"]) == " ".join(SPARSE_NOTES.split("\n\n")[1].split())


def _two_page_pdf(path: Path) -> Path:
    pdf = FPDF()
    pdf.set_font("helvetica", size=12)
    for text in (h.PDF_TEXT, "Sparse solvers save memory on the second page of this paper. " * 3):
        pdf.add_page()
        pdf.multi_cell(0, 8, text)
    pdf.output(str(path))
    return path


def test_search_hits_say_which_pages_a_pdf_passage_is_on(db: Path, tmp_path: Path) -> None:
    pdf = _two_page_pdf(tmp_path / "paper.pdf")
    assert run("add", pdf, "--ref", "local:pdf", "--library", db).exit_code == 0
    shown = json.loads(run("show", "local:pdf", "--json", "--library", db).stdout)
    [hit] = json.loads(run("search", "sparse solvers", "--json", "--library", db).stdout)["hits"]
    # Named and valued as ``show`` gives the passage (one paragraph, run on over the page end).
    [passage] = [p for p in shown["passages"] if p["id"] == hit["passageId"]]
    assert hit["pages"] == passage["pages"] == [1, 2]
    table = run("search", "sparse solvers", "--library", db)
    assert table.exit_code == 0 and "pp. 1-2" in prose(boxed_columns(table.stdout)["where"])


def test_a_new_title_for_the_same_content_needs_replace(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.txt"
    note.write_text("Sparse solvers save memory.\n", encoding="utf-8")
    added = run("add", note, "--ref", "local:n", "--library", db)
    assert added.exit_code == 0 and "(1 passage)" in added.stdout  # one passage, not "1 passages"
    asked = run("add", note, "--ref", "local:n", "--title", "My notes", "--library", db)
    assert asked.exit_code == 0 and "add --replace to change its title" in asked.stdout
    assert "My notes" not in run("list", "--library", db).stdout
    done = run("add", note, "--ref", "local:n", "--title", "My notes", "--replace", "--library", db)
    assert done.exit_code == 0 and "retitled local:n: My notes" in done.stdout
    listed = run("list", "--library", db).stdout
    assert "My notes" in listed and "1 paper in" in listed
    # Adding the same file again without --title keeps the title given, as before.
    again = run("add", note, "--ref", "local:n", "--library", db)
    assert again.exit_code == 0 and "nothing to do" in again.stdout
    assert "My notes" in run("list", "--library", db).stdout


def test_an_invalid_query_is_named_as_the_argument(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.txt"
    note.write_text("Sparse solvers save memory.\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:n", "--library", db).exit_code == 0
    assert_clean_failure(run("search", "\udcff", "--library", db), "QUERY is not valid text")


def test_retitle_changes_only_the_title(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.txt"
    note.write_text("Sparse solvers save memory.\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:n", "--library", db).exit_code == 0
    with Library.open(db) as lib:
        before = lib.require_paper(parse_ref("local:n"))
        lib.retitle(parse_ref("local:n"), "Another")
        after = lib.require_paper(parse_ref("local:n"))
        with pytest.raises(LookupError):
            lib.retitle(parse_ref("local:missing"), "Nothing")
    assert after.title == "Another" and after.content_hash == before.content_hash


def test_import_bib_gives_the_command_line_s_advice(db: Path, tmp_path: Path) -> None:
    pdf = h.make_pdf(tmp_path / "notes.pdf", text="Sparse matrices save memory. " * 8)
    bib = tmp_path / "refs.bib"
    bib.write_text(f"@misc{{notes2020, file = {{{pdf}}}}}\n", encoding="utf-8")
    other = tmp_path / "other.txt"
    other.write_text("Other text.\n", encoding="utf-8")
    assert run("add", other, "--ref", "local:notes2020", "--library", db).exit_code == 0
    imported = run("import-bib", bib, "--library", db)
    assert imported.exit_code == 1, imported.output
    assert (
        "local:notes2020 is already in the library with different content; "
        "use --replace to overwrite it" in " ".join(imported.stdout.split())
    )


def test_add_warns_when_the_file_names_another_paper(tmp_path: Path, db: Path) -> None:
    pdf = h.make_pdf(tmp_path / "paper.pdf", subject="doi:10.1234/other.7")
    result = run("add", pdf, "--ref", "doi:10.1234/mine.1", "--library", db)
    assert result.exit_code == 0, result.output
    assert "added doi:10.1234/mine.1" in result.stdout
    assert result.stderr.strip() == (
        "warning: paper.pdf names doi:10.1234/other.7, not doi:10.1234/mine.1; "
        "stored as doi:10.1234/mine.1, as given"
    )


def test_add_warns_about_a_latex_file_cut_short_and_stores_it(tmp_path: Path, db: Path) -> None:
    body = "\\documentclass{article}\n\\begin{document}\nLakes warm in summer.\n"
    whole = tmp_path / "whole.tex"
    whole.write_text(body + "\\end{document}\n", encoding="utf-8")
    cut = tmp_path / "cut.tex"
    cut.write_text(body, encoding="utf-8")
    result = run("add", cut, "--ref", "local:cut", "--library", db)
    assert result.exit_code == 0, result.output
    assert "added local:cut" in result.stdout
    assert result.stderr.strip() == ("warning: cut.tex has no \\end{document}: it may be cut short")
    complete = run("add", whole, "--ref", "local:whole", "--library", db)
    assert complete.exit_code == 0 and complete.stderr == "", complete.output
    with Library.open(db) as lib:
        texts = [[p.text for p in lib.passages(parse_ref(r))] for r in ("local:cut", "local:whole")]
    assert texts == [["Lakes warm in summer."]] * 2


def test_show_reads_a_paper_replaced_meanwhile_as_one_version(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A paper replaced between the read of its metadata and of its passages is shown as the
    version the metadata came from, never its title with the new version's text."""
    replacing.store_old(db)
    replacing.replace_before_passages(monkeypatch, db, "iter_passages")
    result = run("show", replacing.REF, "--json", "--library", db)
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert (shown["title"], [p["text"] for p in shown["passages"]]) == (
        replacing.OLD[0],
        [replacing.OLD[1]],
    )


@pytest.mark.parametrize("brk", ["\n", "\r\n", "\u2028", "\u2029", "\x85"])
def test_a_line_break_in_a_title_or_file_name_prints_as_a_space(
    db: Path, tmp_path: Path, brk: str
) -> None:
    # A title and a file name are one line each: a break in one would forge an output line.
    folder = tmp_path / f"name{brk}x"
    folder.mkdir()
    pdf = h.make_pdf(folder / "paper.pdf", title=f"Evil Title{brk}ref: local:fake")
    added = run("add", pdf, "--ref", "doi:10.1234/evil", "--library", db)
    assert added.exit_code == 0, added.output
    listed = run("list", "--library", db)
    shown = run("show", "doi:10.1234/evil", "--library", db)
    for result in (added, listed, shown):
        assert result.exit_code == 0, result.output
        for line in result.stdout.splitlines():
            assert not line.strip().startswith("ref: local:fake"), result.stdout
            assert not line.strip().startswith("x"), result.stdout
        assert "\u2028" not in result.stdout and "\u2029" not in result.stdout
    assert "Evil Title ref: local:fake" in added.stdout
    assert "title: Evil Title ref: local:fake" in shown.stdout
    assert f"{tmp_path}/name x/paper.pdf" in shown.stdout.replace("\n", "")


def test_a_pdf_page_denser_than_any_paper_is_refused_in_one_line(db: Path, tmp_path: Path) -> None:
    # 60,000 characters on a page of 1 KB; listed 2,000 times, such a file took hours to read.
    dense = h.make_dense_page_pdf(tmp_path / "dense.pdf", 300, 200, pages=2_000)
    result = run("add", dense, "--ref", "local:dense", "--library", db)
    assert_clean_failure(result, "page 1 of the PDF holds ", "the limit is 50,000 a page")
    assert _state(db) == []


def test_a_pdf_bomb_is_refused_in_one_line(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from claimaudit.library.pdf import guard as pdf_guard

    # The memory limit scaled down, so the bomb is small: 256 MiB of spaces in 4 KB.
    monkeypatch.setattr(pdf_guard, "MEMORY_BASE", 160 * 1024 * 1024)
    bomb = h.make_inflating_pdf(tmp_path / "bomb.pdf", 256)
    result = run("add", bomb, "--ref", "local:bomb", "--library", db)
    assert_clean_failure(result, "MiB of memory to read", "(a decompression bomb)")
    assert _state(db) == []


def test_a_latex_environment_left_open_is_refused_in_one_line(db: Path, tmp_path: Path) -> None:
    paper = tmp_path / "paper.tex"
    paper.write_text(
        "\\documentclass{article}\n\\begin{document}\nText.\n\\begin{itemize}\n\\item one\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    result = run("add", paper, "--ref", "local:open", "--library", db)
    assert_clean_failure(result, 'the environment "itemize" that opens on line 4')
    assert _state(db) == []


@pytest.mark.parametrize("command", ["add", "import-bib", "import-jsonl"])
def test_a_first_add_that_stores_nothing_leaves_no_library(tmp_path: Path, command: str) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog")  # cut short: refused
    bib = tmp_path / "refs.bib"
    bib.write_text(f"@misc{{broken2020, file = {{{broken}}}}}\n", encoding="utf-8")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"doc_id": 1, "title": "T", "abstract": []}\n', encoding="utf-8")
    db = tmp_path / "new" / "library.db"
    given = {
        "add": [broken, "--ref", "local:broken"],
        "import-bib": [bib],
        "import-jsonl": [corpus],
    }
    result = run(command, *given[command], "--library", db)
    assert result.exit_code in (0, 1, 2), result.output
    # No library file, and no folder made for it either ("new/" stayed behind).
    assert not db.parent.exists()
    # Nothing stored, so the library is still missing, and said to be.
    assert_clean_failure(run("list", "--library", db), "no library at")


@pytest.mark.skipif(sys.platform != "linux", reason="XDG_DATA_HOME places data on Linux only")
def test_a_library_folder_that_cannot_be_made_names_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The default library's folder under a data home that is a file, not a folder.
    data_home = tmp_path / "afile"
    data_home.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.delenv("CLAIMAUDIT_LIBRARY", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(data_home))
    note = tmp_path / "note.md"
    note.write_text("# Note\n\nSome words about sparse matrices.\n", encoding="utf-8")
    assert_clean_failure(
        run("add", note, "--ref", "local:note"),
        f"cannot create the library folder {data_home / 'claimaudit'}: Not a directory; "
        "choose another library file with --library PATH or CLAIMAUDIT_LIBRARY",
    )


def test_no_library_reads_the_same_in_check_and_in_library_list(tmp_path: Path) -> None:
    absent = tmp_path / "absent.db"
    listed = run("list", "--library", absent)
    checked = runner.invoke(
        app,
        [
            "check",
            "A claim.",
            "--paper",
            "local:x",
            "--source",
            "library",
            "--library",
            str(absent),
        ],
    )
    expected = f"error: no library at {absent}; add a paper with `claimaudit library add`"
    assert listed.stderr.strip() == checked.stderr.strip() == expected


@pytest.mark.parametrize("query", ["", "   ", "*", '"', "the of"])
def test_search_with_no_word_to_search_for_is_refused(db: Path, tmp_path: Path, query: str) -> None:
    note = tmp_path / "n.txt"
    note.write_text("Sparse solvers save memory, of the kind.\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:n", "--library", db).exit_code == 0
    assert_clean_failure(run("search", query, "--library", db), "no word to search for")


def test_search_names_the_words_past_the_cap(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "n.txt"
    note.write_text("The platypus lays eggs.\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:n", "--library", db).exit_code == 0
    filler = " ".join(f"filler{i}" for i in range(300))
    result = run("search", f"{filler} platypus", "--json", "--library", db)
    assert result.exit_code == 0
    # 256 words searched for; the rest named on one line, the hits still printed.
    [line] = [x for x in result.stderr.splitlines() if x.strip()]
    assert line.startswith("warning: the query has more than 256 distinct words")
    # The first 30 left out by name (the API and MCP name all 45), then how many more.
    assert line.endswith(": " + " ".join(f"filler{i}" for i in range(256, 286)) + " and 15 more")
    # The API's and the MCP tool's object, not a bare array: every word left out is named.
    left_out = [f"filler{i}" for i in range(256, 300)] + ["platypus"]
    assert json.loads(result.stdout) == {"hits": [], "leftOut": left_out, "more": False}
    # Under the cap (71 words: past the old 64) every word counts.
    short = run("search", " ".join(filler.split()[:70]) + " platypus", "--json", "--library", db)
    assert short.stderr == ""
    assert [h["text"] for h in json.loads(short.stdout)["hits"]] == ["The platypus lays eggs."]
    assert json.loads(short.stdout)["leftOut"] == []


def test_search_names_the_greek_words_whose_other_spellings_the_cap_cut(
    db: Path, tmp_path: Path
) -> None:
    # QA: the 21st Greek word of a query was searched for as typed only ("ασκηση", never
    # "άσκηση"), and neither the warning nor leftOut said so. The library holds every
    # spelling of each word here, so each takes room.
    greek = (
        "αεροπορια βιβλιοθηκη γεωγραφια δημοκρατια εκκλησια θαλασσα ιστορια καθηγητης "
        "λογοτεχνια μαθηματικα νοσοκομειο οικογενεια παιδια ραδιοφωνο σχολειο τηλεοραση "
        "υπολογιστης φιλοσοφια χημεια ψυχολογια"
    )
    spellings = " ".join(f for word in greek.split() for f in all_accent_forms(word))
    note = tmp_path / "n.txt"
    note.write_text(f"άσκηση βοηθά.\n\n{spellings}\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:n", "--library", db).exit_code == 0
    result = run("search", f"{greek} ασκηση", "--json", "--library", db)
    assert result.exit_code == 0
    cut = ["ραδιοφωνο", "σχολειο", "τηλεοραση", "υπολογιστης", "φιλοσοφια", "χημεια", "ψυχολογια"]
    found = json.loads(result.stdout)
    assert found["leftOut"] == [*cut, "ασκηση"]
    assert "άσκηση βοηθά." not in [h["text"] for h in found["hits"]]
    [line] = [x for x in result.stderr.splitlines() if x.strip()]
    assert line == (
        "warning: Greek, Russian, Arabic, Hebrew and German words are searched for in at most 8 "
        "other spellings each, a Hebrew one 38 (with or without a tonos, ё, the article, a "
        "prefix or an umlaut), 64 in all; only in some of those the library holds: "
        + " ".join([*cut, "ασκηση"])
    )
    # Alone, it is searched for in every spelling, and found.
    alone = run("search", "ασκηση", "--json", "--library", db)
    assert alone.stderr == "" and json.loads(alone.stdout)["leftOut"] == []
    assert [h["text"] for h in json.loads(alone.stdout)["hits"]] == ["άσκηση βοηθά."]


def test_search_gives_the_cap_to_the_spellings_the_library_holds(db: Path, tmp_path: Path) -> None:
    # QA: a query of five Hebrew words was said to be searched for in only some spellings of
    # each, the cap spent on spellings no paper holds ("ההמחקר", "שמהמחקר"), and a long Greek
    # query's last word was searched for as typed only, though the library held "άσκηση".
    # Spellings no passage holds find nothing: they take no room, and are not named.
    note = tmp_path / "n.txt"
    note.write_text("άσκηση βοηθά.\n\nהמחקר הראה כי הטיפול בבית החולים עזר.\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:n", "--library", db).exit_code == 0
    greek = (
        "αεροπορια βιβλιοθηκη γεωγραφια δημοκρατια εκκλησια θαλασσα ιστορια καθηγητης "
        "λογοτεχνια μαθηματικα νοσοκομειο οικογενεια παιδια ραδιοφωνο σχολειο τηλεοραση "
        "υπολογιστης φιλοσοφια χημεια ψυχολογια"
    )
    for query, held in (
        (f"{greek} ασκηση", "άσκηση βοηθά."),
        ("והמחקר הראה שהטיפול ובבית והחולים", "המחקר הראה כי הטיפול בבית החולים עזר."),
    ):
        result = run("search", query, "--json", "--library", db)
        assert result.exit_code == 0 and result.stderr == ""
        found = json.loads(result.stdout)
        assert found["leftOut"] == [] and [h["text"] for h in found["hits"]] == [held]


def test_search_names_the_cap_that_left_cjk_pieces_out(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "n.txt"
    note.write_text("我们使用了样本。\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:n", "--library", db).exit_code == 0
    # 40 characters, 39 pairs: past the 32 pieces of unspaced text, far under 256 words.
    query = "".join(chr(0x4E00 + i) for i in range(40))
    result = run("search", query, "--library", db)
    assert result.exit_code == 0
    [line] = [x for x in result.stderr.splitlines() if x.strip()]
    assert "256" not in line
    assert line.startswith(
        "warning: the query has more than 32 pieces of Chinese, Japanese, Korean, Thai, Lao, "
        "Burmese or Khmer text (character pairs, words or letter pairs); not searched for: "
    )
    # Both caps met: both named.
    both = run("search", " ".join(f"w{i}" for i in range(300)) + " " + query, "--library", db)
    assert "more than 256 distinct words and more than 32 pieces" in both.stderr


def test_search_says_when_more_passages_match_than_it_shows(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "n.md"
    note.write_text(
        "# Title\n\n" + "".join(f"Sparse solver number {i} saves memory.\n\n" for i in range(12)),
        encoding="utf-8",
    )
    assert run("add", note, "--ref", "local:n", "--library", db).exit_code == 0
    # Ten of twelve shown: said on stderr, with how to see more, never a silent cut.
    cut = run("search", "sparse", "--library", db)
    assert cut.exit_code == 0 and cut.stdout.count("Sparse solver number") == 10
    assert cut.stderr.strip() == (
        "note: showing the best 10 passages; more match (--limit N shows up to 1,000)"
    )
    as_json = json.loads(run("search", "sparse", "--json", "--library", db).stdout)
    assert len(as_json["hits"]) == 10 and as_json["more"] is True
    whole = run("search", "sparse", "--limit", "12", "--library", db)
    assert whole.stdout.count("Sparse solver number") == 12 and whole.stderr == ""
    assert (
        json.loads(run("search", "sparse", "--limit", "12", "--json", "--library", db).stdout)[
            "more"
        ]
        is False
    )


def test_search_cuts_a_long_heading_in_its_where_column(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "n.md"
    heading = "A heading " + "that goes on " * 20
    note.write_text(f"# Title\n\n## {heading}\n\nSparse solvers save memory.\n", encoding="utf-8")
    assert run("add", note, "--ref", "local:n", "--library", db).exit_code == 0
    result = runner.invoke(app, ["library", "search", "sparse", "--library", str(db)])
    assert result.exit_code == 0
    where = " ".join(prose(boxed_columns(result.stdout)["where"]).split())
    assert where.endswith("P001 A heading that goes on \u2026")


def test_show_and_search_exact_reach_an_unversioned_copy_beside_versions(
    db: Path, tmp_path: Path
) -> None:
    for name, text in (("v1", "narwhal one"), ("v2", "narwhal two")):
        (tmp_path / f"{name}.md").write_text(f"# Paper\n\n{text}\n", encoding="utf-8")
    assert run("add", tmp_path / "v1.md", "--ref", "2301.00001v1", "--library", db).exit_code == 0
    assert run("add", tmp_path / "v2.md", "--ref", "2301.00001v2", "--library", db).exit_code == 0
    (tmp_path / "copy.md").write_text("# Paper\n\nnarwhal copy\n", encoding="utf-8")
    assert run("add", tmp_path / "copy.md", "--ref", "2301.00001", "--library", db).exit_code == 0
    hits = json.loads(run("search", "narwhal copy", "--json", "--library", db).stdout)["hits"]
    assert (hits[0]["ref"], hits[0]["exact"], hits[0]["text"]) == (
        "arXiv:2301.00001",
        True,
        "narwhal copy",
    )
    plain = json.loads(run("show", hits[0]["ref"], "--json", "--library", db).stdout)
    assert plain["ref"] == "arXiv:2301.00001v2"
    shown = json.loads(run("show", hits[0]["ref"], "--exact", "--json", "--library", db).stdout)
    assert shown["ref"] == "arXiv:2301.00001"
    assert [p["text"] for p in shown["passages"]] == ["narwhal copy"]
    within = run("search", "narwhal", "--ref", hits[0]["ref"], "--exact", "--json", "--library", db)
    assert [h["text"] for h in json.loads(within.stdout)["hits"]] == ["narwhal copy"]
    table = run("search", "narwhal copy", "--library", db)
    assert "--exact" in prose(boxed_columns(table.stdout)["where"])
    assert_clean_failure(run("search", "narwhal", "--exact", "--library", db), "--exact applies")


def test_a_title_given_is_tidied_before_it_is_compared_or_stored(db: Path, tmp_path: Path) -> None:
    note = tmp_path / "paper.md"
    note.write_text("# Sparse solvers\n\nThey save memory.\n", encoding="utf-8")
    blank = run("add", note, "--ref", "local:n", "--title", "   ", "--library", db)
    assert blank.exit_code == 0 and "local:n: Sparse solvers (1 passage)" in blank.stdout
    again = run("add", note, "--ref", "local:n", "--title", " Sparse\tsolvers\n", "--library", db)
    assert again.exit_code == 0 and "nothing to do" in again.stdout
    renamed = run(
        "add", note, "--ref", "local:n", "--title", "My\nnotes", "--replace", "--library", db
    )
    assert renamed.exit_code == 0 and "retitled local:n: My notes" in renamed.stdout
    with Library.open(db, create=False) as lib:
        assert lib.require_paper(parse_ref("local:n")).title == "My notes"


# A control character in a file's name: messages dropped it, naming another file.
ODD = "co\x01rp"


def _shown_corpus(tmp_path: Path, body: bytes) -> tuple[Path, str]:
    corpus = tmp_path / f"{ODD}.jsonl"
    corpus.write_bytes(body)
    return corpus, shown_name(corpus)


def test_import_jsonl_names_a_corpus_folder_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / f"{ODD}.jsonl"
    folder.mkdir()
    result = run("import-jsonl", folder, "--library", tmp_path / "lib.db")
    assert_clean_failure(result, f"FILE {shown_name(folder)} is a folder; give the corpus file")


def test_import_jsonl_names_a_bad_line_of_the_corpus_as_it_is(tmp_path: Path) -> None:
    corpus, shown = _shown_corpus(tmp_path, b"{nope\n")
    result = run("import-jsonl", corpus, "--library", tmp_path / "lib.db")
    assert_clean_failure(result, f"{shown}:1: not valid JSON")


def test_import_jsonl_names_a_corpus_that_is_not_utf8_as_it_is(tmp_path: Path) -> None:
    corpus, shown = _shown_corpus(tmp_path, b'{"doc_id": 1, "title": "\xff"}\n')
    result = run("import-jsonl", corpus, "--library", tmp_path / "lib.db")
    assert_clean_failure(result, f"{shown}: not UTF-8 text")


def test_import_jsonl_summary_names_the_corpus_as_it_is(db: Path, tmp_path: Path) -> None:
    document = {"doc_id": 1, "title": "One", "abstract": ["First."]}
    corpus, _ = _shown_corpus(tmp_path, json.dumps(document).encode() + b"\n")
    result = run("import-jsonl", corpus, "--library", db)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("imported $'co\\x01rp.jsonl': 1 added")


def test_add_names_a_missing_file_as_it_is(tmp_path: Path) -> None:
    missing = tmp_path / f"{ODD}.pdf"
    result = run("add", missing, "--library", tmp_path / "lib.db")
    assert_clean_failure(result, f"PATH {shown_name(missing)}: no such file")


def test_import_bib_names_an_export_folder_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / f"{ODD}.bib"
    folder.mkdir()
    result = run("import-bib", folder, "--library", tmp_path / "lib.db")
    assert_clean_failure(
        result, f"FILE {shown_name(folder)} is a folder; give a .bib, .json or .yaml file"
    )


def test_remove_json_carries_what_the_api_answers_a_removal(tmp_path: Path) -> None:
    # QA: every sibling of remove printed JSON on --json; remove had no --json.
    from fastapi.testclient import TestClient

    from claimaudit.server.app import create_app
    from claimaudit.server.config import ServerConfig

    paper = tmp_path / "notes.md"
    paper.write_text("# Notes on matrices\n\nSparse matrices save memory.\n")
    db = tmp_path / "lib.db"
    assert run("add", paper, "--ref", "local:notes", "--library", db).exit_code == 0
    api_db = tmp_path / "api.db"
    api_db.write_bytes(db.read_bytes())
    listed = json.loads(run("list", "--library", db, "--json").stdout)
    removed = run("remove", "local:notes", "--library", db, "--json")
    assert removed.exit_code == 0, removed.output
    with TestClient(create_app(ServerConfig(library=api_db)), base_url="http://127.0.0.1") as c:
        answer = c.delete("/v1/library/local:notes")
    assert answer.status_code == 200, answer.text
    shown = json.loads(removed.stdout)
    # The API's object, and the paper as `list --json` lists it (its file, passageCount).
    assert shown == {"removed": listed[0]}
    assert answer.json()["removed"].items() <= shown["removed"].items()
    assert json.loads(run("list", "--library", db, "--json").stdout) == []


def test_import_jsonl_json_counts_by_name_as_import_bib_does(tmp_path: Path) -> None:
    # QA: import-bib had --json, its sibling import-jsonl had none: its one line was all.
    corpus = tmp_path / "corpus.jsonl"
    docs = [
        {"doc_id": 1, "title": "Alpha", "abstract": ["Alpha particles are helium nuclei."]},
        {"doc_id": 2, "title": "Empty", "abstract": []},
    ]
    corpus.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    db = tmp_path / "lib.db"
    first = run("import-jsonl", corpus, "--library", db, "--json")
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout) == {
        "added": 1,
        "replaced": 0,
        "unchanged": 0,
        "skipped": 1,
        "skippedRefs": ["scifact:2"],
        "passages": 1,
        "written": 1,
    }
    again = json.loads(run("import-jsonl", corpus, "--library", db, "--json").stdout)
    assert (again["added"], again["unchanged"], again["written"]) == (0, 1, 0)
