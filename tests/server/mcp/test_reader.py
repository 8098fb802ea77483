"""The MCP server's input reader: lines as a file's ``readline`` gives them, and a read that
``stop`` ends while the client sends nothing (Ctrl-C waited for the end of stdin)."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator

import pytest

from claimaudit.server.mcp.reader import LineReader


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    read_end, write_end = os.pipe()
    yield read_end, write_end
    for fd in (read_end, write_end):
        with contextlib.suppress(OSError):  # closed by the test
            os.close(fd)


def _lines(reader: LineReader) -> list[bytes]:
    lines = []
    while (line := reader.readline()) is not None:
        lines.append(line)
    return lines


def test_lines_come_as_sent_the_last_one_perhaps_without_its_break(
    pipe: tuple[int, int],
) -> None:
    read_end, write_end = pipe
    os.write(write_end, b'{"a": 1}\n\n{"b": 2}\r\n{"c"')
    os.close(write_end)
    assert _lines(LineReader(read_end, 100)) == [b'{"a": 1}\n', b"\n", b'{"b": 2}\r\n', b'{"c"']


def test_a_line_over_the_limit_is_read_to_its_end_and_given_as_its_size(
    pipe: tuple[int, int],
) -> None:
    read_end, write_end = pipe
    reader = LineReader(read_end, 10)
    sent = b"y" * 200_000 + b"\nnext\n"  # more than one chunk, and more than the pipe holds
    writer = threading.Thread(target=lambda: (os.write(write_end, sent), os.close(write_end)))
    writer.start()
    assert _lines(reader) == [b"x" * 11, b"next\n"]
    writer.join()


def test_stop_ends_a_read_that_waits_for_the_client(pipe: tuple[int, int]) -> None:
    read_end, _ = pipe  # the client keeps its end open and sends nothing
    reader = LineReader(read_end, 100)
    got: list[bytes | None] = []
    thread = threading.Thread(target=lambda: got.append(reader.readline()), daemon=True)
    thread.start()
    reader.stop()
    thread.join(timeout=30)  # a guard against a hang, not a timing
    assert not thread.is_alive()
    assert got == [None]
