"""The consoles' width: a COLUMNS that cannot be laid out at is ignored; no padding at the ends
of lines written to a file or a pipe."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.libraries import library_of, notes_library
from tests.signals import child_env, console_script


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("consoles")
    return notes_library(folder, "# Notes on deep learning\n\nDeep learning needs data.\n")


def _run(columns: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*console_script(), *args],
        env=child_env({"COLUMNS": columns}),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def listed_at_no_width(library: Path) -> str:
    """What ``library list`` prints with a COLUMNS that is no number, as rich ignores it."""
    return _run("abc", "library", "list", "--library", str(library)).stdout


@pytest.mark.parametrize("columns", ["0", "1000000", "²"])
def test_a_width_that_cannot_be_laid_out_at_is_ignored_like_a_word(
    library: Path, listed_at_no_width: str, columns: str
) -> None:
    # 0 printed nothing at all (errors neither), 1000000 wrote 8 MB for one table (99999999
    # never finished), and "²" (a digit int() refuses) was a traceback in rich.
    listed = _run(columns, "library", "list", "--library", str(library))
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout == listed_at_no_width
    assert "local:notes" in listed.stdout
    missing = _run(columns, "library", "show", "local:absent", "--library", str(library))
    assert missing.returncode != 0
    assert missing.stderr.startswith("error: ") and "local:absent" in missing.stderr


def test_a_usable_width_is_taken_and_lines_to_a_pipe_end_without_padding(
    library: Path, listed_at_no_width: str
) -> None:
    # Each table line carried spaces to the full width, into every file it was saved to.
    listed = _run("1000", "library", "list", "--library", str(library))
    assert listed.stdout != listed_at_no_width  # the title column as wide as it can be
    lines = listed.stdout.splitlines()
    assert any("local:notes" in line for line in lines)
    assert all(line == line.rstrip() for line in lines), lines


def test_a_table_on_an_ascii_stdout_lines_up(tmp_path: Path) -> None:
    # PYTHONIOENCODING=ascii: each title with an accent pushed its row's border to the right.
    cafe, plain = tmp_path / "cafe.md", tmp_path / "plain.md"
    cafe.write_text("# Café naïve — über alles\n\nDeep learning needs data.\n", encoding="utf-8")
    plain.write_text("# Plain notes\n\nMore data.\n", encoding="utf-8")
    path = library_of(tmp_path / "library.db", {"local:cafe": cafe, "local:plain": plain})
    listed = subprocess.run(
        [*console_script(), "library", "list", "--library", str(path)],
        env=child_env({"COLUMNS": "100", "PYTHONIOENCODING": "ascii"}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert listed.returncode == 0, listed.stderr
    table = [line for line in listed.stdout.splitlines() if line[:1] in "+|"]
    assert any("Caf\\xe9" in line for line in table), listed.stdout
    assert len(table) >= 6 and len({len(line) for line in table}) == 1, listed.stdout
