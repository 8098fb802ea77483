"""Files that are not regular files, and names the system refuses, on the command line: a
device or FIFO is never read (it may never end) and never replaced when named as an output;
a name too long for the file system is one clear line, never a traceback."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from claimaudit.bibfile import read_bib
from claimaudit.errors import BibliographyError
from tests.hostile.helpers import assert_one_line_usage_error, cli, library_state

LONG = "a" * 300  # past the usual 255-byte limit on one name
DRAFT = "Hyperparameters need systematic tuning [@lee].\n"
BIB = "@article{lee, title={Ten quick tips}, eprint={2105.14372}, archivePrefix={arXiv}}\n"


@pytest.fixture
def draft(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    path = tmp_path / "draft.md"
    path.write_text(DRAFT, encoding="utf-8")
    return path


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_never_ending_bibliography_is_refused() -> None:
    with pytest.raises(BibliographyError, match="/dev/zero is not a regular file"):
        read_bib(Path("/dev/zero"))


def test_a_fifo_bibliography_is_refused_not_waited_on(
    tmp_path: Path, draft: Path, db: Path
) -> None:
    fifo = tmp_path / "pipe.bib"
    os.mkfifo(fifo)
    result = cli("review", draft, "--bib", fifo, "--library", db)
    assert_one_line_usage_error(result, "pipe.bib is not a regular file")
    assert_one_line_usage_error(cli("refs", fifo), "not a regular file")


def test_a_fifo_paper_is_refused_and_the_library_kept(tmp_path: Path, db: Path) -> None:
    before = library_state(db)
    fifo = tmp_path / "paper.md"
    os.mkfifo(fifo)
    result = cli("library", "add", fifo, "--ref", "local:fifo", "--library", db)
    assert_one_line_usage_error(result, "paper.md is not a regular file")
    assert library_state(db) == before


def test_names_too_long_are_one_line(tmp_path: Path, draft: Path, db: Path) -> None:
    assert_one_line_usage_error(cli("review", tmp_path / f"{LONG}.md", "--library", db), LONG)
    bib = tmp_path / "refs.bib"
    result = cli("review", draft, "--bib", bib, "--out", tmp_path / f"{LONG}.md", "--library", db)
    assert_one_line_usage_error(result, "name too long")
    assert_one_line_usage_error(cli("refs", tmp_path / f"{LONG}.bib"), LONG)
    assert_one_line_usage_error(cli("library", "import-bib", tmp_path / f"{LONG}.bib"), LONG)


def test_an_attachment_name_too_long_fails_that_entry_only(tmp_path: Path, db: Path) -> None:
    (tmp_path / "notes.md").write_text("Notes on sparse solvers.\n", encoding="utf-8")
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@misc{good, title={Good}, file={:notes.md:text/markdown}}\n"
        f"@misc{{long, title={{Long}}, file={{:{LONG}.pdf:PDF}}}}\n"
        "@misc{after, title={After}, file={:notes.md:text/markdown}}\n",
        encoding="utf-8",
    )
    result = cli("library", "import-bib", bib, "--library", db, "--json")
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    entries = {e["key"]: e for e in json.loads(result.stdout)["entries"]}
    assert set(entries) == {"good", "long", "after"}
    assert entries["long"]["status"] == "failed" and "too long" in entries["long"]["detail"]
    assert entries["after"]["status"] in {"added", "skipped"}


def test_outputs_write_through_a_fifo_and_keep_symlinks(
    tmp_path: Path, draft: Path, db: Path
) -> None:
    fifo = tmp_path / "stream.json"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    try:
        result = cli(
            "review", draft, "--bib", tmp_path / "refs.bib", "--library", db, "--json", fifo
        )
        streamed, _ = reader.communicate(timeout=30)
    finally:
        reader.kill()
    assert result.exit_code == 0, result.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert json.loads(streamed)["summary"]
    real = tmp_path / "reports" / "draft.html"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "latest.html"
    link.symlink_to(real)
    result = cli("review", draft, "--bib", tmp_path / "refs.bib", "--library", db, "--html", link)
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and "<html" in real.read_text(encoding="utf-8").lower()


def test_a_new_output_gets_the_umasks_permissions(tmp_path: Path, draft: Path, db: Path) -> None:
    out = tmp_path / "draft.json"
    old = os.umask(0o022)
    try:
        result = cli(
            "review", draft, "--bib", tmp_path / "refs.bib", "--library", db, "--json", out
        )
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


def test_a_fifo_export_to_import_is_not_called_missing(tmp_path: Path, db: Path) -> None:
    # `library import-bib` said "pipe.bib: no such file" of a FIFO, and of /dev/stdin.
    before = library_state(db)
    fifo = tmp_path / "pipe.bib"
    os.mkfifo(fifo)
    result = cli("library", "import-bib", fifo, "--library", db)
    assert_one_line_usage_error(
        result, "pipe.bib is not a regular file; give a .bib, .json or .yaml"
    )
    result = cli("library", "import-bib", "-", "--library", db)
    assert_one_line_usage_error(result, "- (standard input) is not read")
    assert library_state(db) == before
