"""``guards.fifos``: a FIFO nobody reads yet is waited on, and the wait said first."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from claimaudit.guards.fifos import open_records


def _read_all(path: Path, into: list[bytes]) -> threading.Thread:
    def read() -> None:
        with path.open("rb") as handle:
            into.append(handle.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


def test_a_fifo_with_no_reader_is_said_once_then_waited_on(tmp_path: Path) -> None:
    # QA: `batch --out FIFO` with nothing reading it sat at "checking 0/1" without a word.
    fifo = tmp_path / "records"
    os.mkfifo(fifo)
    said: list[str] = []
    got: list[bytes] = []
    readers: list[threading.Thread] = []

    def waiting() -> None:
        said.append("waiting")
        readers.append(_read_all(fifo, got))  # the reader comes once the wait is said

    with open_records(fifo, waiting) as handle:
        handle.write('{"id": 1}\n')
    readers[0].join(timeout=30)
    assert said == ["waiting"] and got == [b'{"id": 1}\n']


def test_a_fifo_already_read_is_written_without_a_word(tmp_path: Path) -> None:
    fifo = tmp_path / "records"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, there before the run
    said: list[str] = []
    try:
        with open_records(fifo, lambda: said.append("waiting")) as handle:
            handle.write("a\n")
        assert os.read(reader, 100) == b"a\n"
    finally:
        os.close(reader)
    assert said == []


def test_a_regular_file_is_appended_to_without_a_word(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("old\n", encoding="utf-8")
    said: list[str] = []
    with open_records(out, lambda: said.append("waiting")) as handle:
        handle.write("new\n")
    assert out.read_text(encoding="utf-8") == "old\nnew\n" and said == []
