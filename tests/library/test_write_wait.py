"""A paper read while another process holds the library's write lock waits for it, far past
SQLite's 5 s busy timeout: the reading (a long PDF's extraction) is not thrown away."""

from __future__ import annotations

import sqlite3
import subprocess
import textwrap
from pathlib import Path

import pytest

from claimaudit.errors import LibraryError
from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library.damaging import make_library
from tests.signals import child_env, console_script

# The real command, each SQL statement its library connection runs said on stderr: the test
# sees the write's tries, and waits for them, instead of for a time.
_TRACED = textwrap.dedent(
    """
    import sqlite3, sys
    _connect = sqlite3.connect
    def _traced(*args, **kwargs):
        conn = _connect(*args, **kwargs)
        conn.set_trace_callback(lambda sql: print("SQL:", sql, file=sys.stderr, flush=True))
        return conn
    sqlite3.connect = _traced
    """
)


def test_an_add_waits_past_the_busy_timeout_for_another_process_write(tmp_path: Path) -> None:
    library = make_library(tmp_path / "lib.sqlite3")
    paper = tmp_path / "notes.md"
    paper.write_text("# Sleep notes\n\nSleep helps memory in adults, the study found.\n")
    holder = sqlite3.connect(library, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process's write, as a long import holds it
    *python, code = console_script()
    args = ["library", "add", str(paper), "--ref", "local:notes", "--library", str(library)]
    child = subprocess.Popen(
        [*python, _TRACED + code, *args],
        env=child_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stderr is not None
        tries = 0
        said = []
        # A second try comes only once the first has waited out the busy timeout; the old
        # code gave up there (the pipe closes as the command exits).
        while tries < 2 and (line := child.stderr.readline()):
            said.append(line)
            tries += line.startswith("SQL: BEGIN IMMEDIATE")
        holder.execute("COMMIT")
        _out, err = child.communicate(timeout=120)
    finally:
        holder.close()
        if child.poll() is None:
            child.kill()
            child.wait()
    assert tries == 2, "".join(said) + err
    # Said, not silent while it waits: a command quiet for minutes looks hung.
    waiting = f"another process is writing the library {library}; waiting up to 10 minutes for it"
    assert waiting + "\n" in [*said, *err.splitlines(keepends=True)]
    assert child.returncode == 0, err
    with Library.open(library, create=False) as stored:
        assert stored.get_paper(parse_ref("local:notes")) is not None


def test_a_write_still_locked_after_the_wait_says_so_and_writes_nothing(tmp_path: Path) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    with Library.open(path) as library:
        library.connection.execute("PRAGMA busy_timeout = 0")
        library.write_wait_seconds = 0.2
        other = sqlite3.connect(path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            passages = [Passage("P001", "Sleep helps memory.", "Abstract")]
            with pytest.raises(LibraryError) as caught:
                library.add_paper(NewPaper(parse_ref("local:a"), "A", passages, "hash-a"))
        finally:
            other.close()
        assert str(caught.value) == (
            f"another process kept the library {path} locked for writing for 0.2 s; nothing "
            "was written; try again when it is done"
        )
        assert library.get_paper(parse_ref("local:a")) is None
