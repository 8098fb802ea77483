"""A file that cannot be read is refused in the same words whether it is read whole, as a
paper (``extract_text.read_bytes``), or a line at a time, as a corpus (``corpus_lines``)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from claimaudit.errors import InputError
from claimaudit.library.corpus_lines import corpus_lines
from claimaudit.library.extract_text import read_bytes
from tests.permissions import ordinary_permissions


def _missing(folder: Path) -> Path:
    return folder / "gone.jsonl"


def _loop(folder: Path) -> Path:
    (folder / "loop.jsonl").symlink_to("loop.jsonl")
    return folder / "loop.jsonl"


def _fifo(folder: Path) -> Path:
    os.mkfifo(folder / "pipe.jsonl")
    return folder / "pipe.jsonl"


def _folder(folder: Path) -> Path:
    (folder / "papers.jsonl").mkdir()
    return folder / "papers.jsonl"


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (_missing, "gone.jsonl: no such file"),
        (_loop, "loop.jsonl: its symbolic links go round in a loop"),
        (_fifo, "pipe.jsonl is not a regular file"),
        (_folder, "papers.jsonl is not a regular file"),
    ],
)
def test_an_unreadable_file_is_said_alike_as_a_paper_and_as_a_corpus(
    tmp_path: Path, make: Callable[[Path], Path], said: str
) -> None:
    path = make(tmp_path)
    with pytest.raises(InputError) as whole:
        read_bytes(path)
    with pytest.raises(InputError) as lines:
        list(corpus_lines(path))
    assert str(whole.value) == str(lines.value)
    assert str(whole.value).endswith(said)


def test_a_file_the_system_refuses_says_why(tmp_path: Path) -> None:
    path = tmp_path / "locked.jsonl"
    path.write_text("{}\n", encoding="utf-8")
    path.chmod(0o000)
    try:
        with ordinary_permissions():
            with pytest.raises(InputError) as whole:
                read_bytes(path)
            with pytest.raises(InputError) as lines:
                list(corpus_lines(path))
    finally:
        path.chmod(0o644)
    assert str(whole.value) == str(lines.value)
    assert str(whole.value).endswith("locked.jsonl: cannot read (Permission denied)")
