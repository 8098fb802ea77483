"""``library list``: pages, a title filter, rows written as read, and Ctrl-C mid-listing."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import claimaudit.cli
from claimaudit.cli import app, library_list
from claimaudit.library import wire
from claimaudit.library.extract import extractor_version
from claimaudit.library.models import StoredPaper

claimaudit.cli._install_commands()
runner = CliRunner()
TITLES = ("Alpha particles", "Beta decay", "Gamma rays")


def run(*args: str | Path) -> Result:
    return runner.invoke(app, ["library", "list", *(str(a) for a in args)])


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A library of three papers, scifact:1-3, titled TITLES."""
    corpus = tmp_path / "corp.jsonl"
    docs = [
        {"doc_id": n, "title": title, "abstract": [f"Sentence about {title}."]}
        for n, title in enumerate(TITLES, start=1)
    ]
    corpus.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    path = tmp_path / "lib.db"
    made = runner.invoke(app, ["library", "import-jsonl", str(corpus), "--library", str(path)])
    assert made.exit_code == 0, made.output
    return path


def _refs(result: Result) -> list[str]:
    assert result.exit_code == 0, result.output
    return [p["ref"] for p in json.loads(result.stdout)]


def test_list_pages_with_offset_and_limit_and_filters_by_title(db: Path) -> None:
    assert _refs(run("--library", db, "--json")) == ["scifact:1", "scifact:2", "scifact:3"]
    assert _refs(run("--library", db, "--json", "--offset", "1", "--limit", "1")) == ["scifact:2"]
    assert _refs(run("--library", db, "--json", "--offset", "5")) == []
    assert _refs(run("--library", db, "--json", "--match", "GAMMA")) == ["scifact:3"]
    page = run("--library", db, "--offset", "1", "--limit", "1")
    assert page.exit_code == 0, page.output
    assert page.stdout.splitlines()[0] == f"papers 2-2 of 3 in {db}"
    assert "Beta decay" in page.stdout and "Alpha" not in page.stdout
    assert run("--library", db, "--limit", "-1").exit_code == 2


def test_a_large_listing_is_written_a_line_per_paper(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Past TABLE_ROWS no table is laid out: each paper is a tab-separated line as read.
    monkeypatch.setattr(library_list, "TABLE_ROWS", 2)
    result = run("--library", db)
    assert result.exit_code == 0, result.output
    assert _tsv(result, db)
    # Not silently: one line on stderr says why the form changed and how to choose it.
    assert result.stderr.splitlines() == [
        "note: 3 papers are listed one tab-separated line each, as read (a table of more than "
        "2 takes seconds to lay out before its first line); --format table lays them out as "
        "one table, --format tsv always writes lines"
    ]


def _tsv(result: Result, db: Path) -> bool:
    lines = result.stdout.splitlines()
    return lines[:2] == [f"3 papers in {db}", "ref\ttitle\tpassages\tingested"] and [
        line.split("\t")[:3] for line in lines[2:]
    ] == [[f"scifact:{n}", title, "1"] for n, title in enumerate(TITLES, start=1)]


def test_format_chooses_the_table_or_the_lines_whatever_the_count(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(library_list, "TABLE_ROWS", 2)
    table = run("--library", db, "--format", "table")
    assert table.exit_code == 0 and table.stderr == "", table.output
    assert "\t" not in table.stdout and "ingested" in table.stdout
    assert all(title in table.stdout for title in TITLES)
    monkeypatch.setattr(library_list, "TABLE_ROWS", 1000)
    lines = run("--library", db, "--format", "tsv")
    assert lines.exit_code == 0 and lines.stderr == "" and _tsv(lines, db), lines.output
    both = run("--library", db, "--json", "--format", "tsv")
    assert both.exit_code == 2 and both.stdout == ""
    assert both.stderr == "error: --json and --format tsv are two outputs; give one of them\n"


@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_while_printing_says_how_many_were_listed(
    db: Path, monkeypatch: pytest.MonkeyPatch, as_json: bool
) -> None:
    # The interrupt lands while the third paper is being written, after two were printed.
    shown: list[str] = []
    of = wire.LocalPaper.of

    def interrupted_at_the_third(paper: StoredPaper) -> wire.LocalPaper:
        shown.append(str(paper.ref))
        if len(shown) == 3:
            raise KeyboardInterrupt
        return of(paper)

    monkeypatch.setattr(wire.LocalPaper, "of", interrupted_at_the_third)
    real_line = library_list.shown_line

    def line(text: str) -> str:
        if text == "scifact:3":
            raise KeyboardInterrupt
        return real_line(text)

    monkeypatch.setattr(library_list, "shown_line", line)
    result = run("--library", db, *(["--json"] if as_json else ["--format", "tsv"]))
    assert result.exit_code == 130
    assert result.stderr.strip() == (
        "error: interrupted after listing 2 of 3 papers; no paper changed"
    )
    assert "scifact:2" in result.stdout and "scifact:3" not in result.stdout


def test_sigterm_while_printing_says_how_many_were_listed(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A real SIGTERM, sent by the process to itself while the third paper is written (Python
    # runs the handler as soon as os.kill returns): it exited 143 without a word.
    real_line = library_list.shown_line

    def line(text: str) -> str:
        if text == "scifact:3":
            os.kill(os.getpid(), signal.SIGTERM)
        return real_line(text)

    monkeypatch.setattr(library_list, "shown_line", line)
    result = run("--library", db, "--format", "tsv")
    assert result.exit_code == 143
    assert result.stderr.strip() == (
        "error: interrupted after listing 2 of 3 papers; no paper changed"
    )


def test_papers_read_by_an_older_reader_are_flagged_in_list_and_show(db: Path) -> None:
    # An upgrade's reader may cut a paper into other passages: the listing says which papers
    # were read by an older one (on stderr, so the table and JSON stay as scripts read them).
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE papers SET extractor = 'jsonl/0' WHERE ref = 'scifact:2'")
        conn.execute("UPDATE papers SET extractor = 'jsonl/999' WHERE ref = 'scifact:3'")
    current = extractor_version("jsonl")
    listed = run("--library", db, "--json")
    assert _refs(listed) == ["scifact:1", "scifact:2", "scifact:3"]
    assert " ".join(listed.stderr.split()) == (
        "note: 1 paper listed was read by an older reader than this version's; `library show "
        "REF` says which, and adding the same file again re-reads it"
    )
    shown = runner.invoke(app, ["library", "show", "scifact:2", "--library", str(db)])
    assert shown.exit_code == 0, shown.output
    assert f"note: reader jsonl/0, current {current}: re-add to re-read" in shown.stdout
    for fresh in ("scifact:1", "scifact:3"):  # current, and read by a newer claimaudit
        other = runner.invoke(app, ["library", "show", fresh, "--library", str(db)])
        assert other.exit_code == 0 and "re-add to re-read" not in other.stdout


def test_a_reader_version_int_cannot_read_is_flagged_not_a_crash(db: Path) -> None:
    # "jsonl/²": isdigit() is true of "²", int() refuses it; list and show had crashed.
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE papers SET extractor = 'jsonl/\u00b2' WHERE ref = 'scifact:2'")
    listed = run("--library", db, "--json")
    assert listed.exit_code == 0 and "1 paper listed was read by an older reader" in " ".join(
        listed.stderr.split()
    )
    shown = runner.invoke(app, ["library", "show", "scifact:2", "--library", str(db)])
    assert shown.exit_code == 0, shown.output
    assert "note: reader jsonl/\u00b2, current " in shown.stdout


def test_papers_stored_before_readers_were_recorded_are_flagged_as_read_by_an_older_one(
    db: Path,
) -> None:
    # A library made before schema step 4 (format and reader recorded) holds papers whose
    # reader is NULL: an older claimaudit's, so an upgrade's reader may cut them otherwise, and
    # adding the same file again re-reads them. They were left out of the note.
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE papers SET extractor = NULL WHERE ref = 'scifact:2'")
        conn.execute(
            "UPDATE papers SET extractor = NULL, source_format = NULL WHERE ref = 'scifact:3'"
        )
    listed = run("--library", db, "--json")
    assert " ".join(listed.stderr.split()).startswith(
        "note: 2 papers listed were read by an older reader than this version's"
    )
    current = extractor_version("jsonl")
    for ref, note in (
        ("scifact:2", f"note: reader unrecorded, current {current}: re-add to re-read"),
        ("scifact:3", "note: reader unrecorded (an older claimaudit's): re-add to re-read"),
    ):
        shown = runner.invoke(app, ["library", "show", ref, "--library", str(db)])
        assert shown.exit_code == 0 and note in shown.stdout, shown.output


def test_match_past_the_apis_length_is_refused_in_the_apis_words(db: Path) -> None:
    # QA: the API's q and the MCP tool's query stop at 200 characters; --match took any length
    # (a pasted page was folded and compared with every paper's reference and title).
    from claimaudit.server.library_service import MAX_FILTER_CHARS

    longest = "a" * MAX_FILTER_CHARS
    assert run("--library", db, "--match", longest).exit_code == 0
    result = run("--library", db, "--match", longest + "a")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: --match: String should have at most {MAX_FILTER_CHARS} characters"
    ]


def test_a_page_short_of_the_library_says_how_to_list_the_rest(db: Path) -> None:
    # QA: `--limit 2` of 3 papers ended as a whole library does; `show` says how to go on.
    for fmt in ("--json", "--format=tsv", "--format=table"):
        page = run("--library", db, "--limit", "2", fmt)
        assert page.exit_code == 0, page.output
        assert page.stderr.splitlines() == [
            "note: listed papers 1-2 of 3; --offset 2 lists the next 1, --limit 0 all of them"
        ]
    assert _refs(run("--library", db, "--limit", "2", "--json")) == ["scifact:1", "scifact:2"]
    # The default, as --limit 0, is every paper: no page, no note.
    for args in ((), ("--limit", "0"), ("--offset", "1"), ("--limit", "2", "--offset", "1")):
        whole = run("--library", db, "--json", *args)
        assert whole.exit_code == 0 and whole.stderr == "", whole.output
    assert _refs(run("--library", db, "--json")) == ["scifact:1", "scifact:2", "scifact:3"]
