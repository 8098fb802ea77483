"""Creating a new library (schema migrations from nothing) while other processes do the same."""

from __future__ import annotations

import multiprocessing
import sqlite3
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest

from claimaudit.library import _migrations
from claimaudit.library._migrations import LATEST_VERSION, migrate
from claimaudit.library.store import Library


def _open_new_library(path: Path, start: Barrier, results: Queue[str]) -> None:
    start.wait()
    try:
        Library.open(path).close()
        results.put("ok")
    except Exception as exc:  # reported to the test, which names it
        results.put(f"{type(exc).__name__}: {exc}")


def test_processes_creating_one_new_library_at_once_all_succeed(tmp_path: Path) -> None:
    """A tester's stress script: now and then one of three processes opening a new file at the
    same moment saw another's half-made schema and called it "not a claimaudit library"."""
    context = multiprocessing.get_context("fork")
    processes, rounds = 4, 25
    failures: list[str] = []
    for round_ in range(rounds):
        path = tmp_path / f"new-{round_}.sqlite3"
        start, results = context.Barrier(processes), context.Queue()
        workers = [
            context.Process(target=_open_new_library, args=(path, start, results))
            for _ in range(processes)
        ]
        for worker in workers:
            worker.start()
        outcomes = [results.get() for _ in workers]
        for worker in workers:
            worker.join()
        failures += [o for o in outcomes if o != "ok"]
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
            names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master")]
        assert len(names) == len(set(names)) and "papers" in names
    assert failures == []


def test_a_library_made_meanwhile_is_joined_not_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The race made certain: the second connection reads version 0, the first then creates
    the library; the second must find a finished library, and not call it an upgrade."""
    path = tmp_path / "lib.sqlite3"
    first = sqlite3.connect(path, isolation_level=None)
    second = sqlite3.connect(path, isolation_level=None)
    assert migrate(first) == LATEST_VERSION
    real = _migrations.schema_version
    stale = [0]  # what the second read first, before the first connection's commit

    def schema_version(conn: sqlite3.Connection) -> int:
        return stale.pop() if stale else real(conn)

    monkeypatch.setattr(_migrations, "schema_version", schema_version)
    with caplog.at_level("WARNING"):
        assert migrate(second, label="lib") == LATEST_VERSION
    assert "upgraded" not in caplog.text
    names = [r[0] for r in second.execute("SELECT name FROM sqlite_master")]
    assert len(names) == len(set(names))
