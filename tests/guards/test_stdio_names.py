"""Names of standard input and standard output are told wherever a command expects a file's."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from claimaudit.guards import own_stdout
from claimaudit.guards.stdio_names import is_stream, names_standard_input, names_stdout, opened_as
from claimaudit.guards.userfiles import read_regular


def test_standard_input_is_known_by_each_of_its_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0"):
        assert names_standard_input(Path(name)), name
    monkeypatch.chdir("/dev")
    assert names_standard_input(Path("stdin"))  # relative, still /dev/stdin
    for name in ("/dev/fd/3", "/dev/stdout", str(tmp_path / "in.jsonl")):
        assert not names_standard_input(Path(name)), name
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_text("{}\n", encoding="utf-8")
    assert not names_standard_input(Path("-"))  # a file of that name is read


def test_a_link_to_standard_input_is_known_too(tmp_path: Path) -> None:
    # `ln -s /dev/stdin mystdin` read the redirected input although /dev/stdin was refused.
    (tmp_path / "mystdin").symlink_to("/dev/stdin")
    (tmp_path / "again").symlink_to("mystdin")  # relative, and a link to a link
    (tmp_path / "devices").symlink_to("/dev")  # a linked folder on the way
    (tmp_path / "fd").symlink_to("/proc/self/fd")
    for name in ("mystdin", "again", "devices/stdin", "fd/0"):
        assert names_standard_input(tmp_path / name), name
    (tmp_path / "in.jsonl").write_text("{}\n", encoding="utf-8")
    (tmp_path / "file").symlink_to("in.jsonl")
    (tmp_path / "loop").symlink_to("loop")
    for name in ("file", "loop", "devices/stdout", "fd/3"):
        assert not names_standard_input(tmp_path / name), name


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux's /proc")
def test_standard_input_is_known_by_this_process_number_too(tmp_path: Path) -> None:
    # /proc/<own pid>/fd/0 (or a link to it) was read, while /proc/self/fd/0 was refused.
    own = os.getpid()
    (tmp_path / "mine").symlink_to(f"/proc/{own}/fd/0")
    for name in (f"/proc/{own}/fd/0", f"/proc/{own}/task/{own}/fd/0", str(tmp_path / "mine")):
        assert names_standard_input(Path(name)), name
    # A thread shares the process's descriptors: its fd/0 is this standard input too.
    started, done = threading.Event(), threading.Event()
    tids: list[int] = []

    def thread() -> None:
        tids.append(threading.get_native_id())
        started.set()
        done.wait(10)

    worker = threading.Thread(target=thread)
    worker.start()
    try:
        started.wait(10)
        for name in (f"/proc/{tids[0]}/fd/0", f"/proc/self/task/{tids[0]}/fd/0"):
            assert names_standard_input(Path(name)), name
    finally:
        done.set()
        worker.join()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux's /proc")
def test_another_process_standard_input_is_read_as_the_file_it_is(tmp_path: Path) -> None:
    # Reading another process's fd/0 reads that process's input, not this one's: as its file.
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("{}\n", encoding="utf-8")
    with pairs.open("rb") as given:
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], stdin=given)
    try:
        for name in (f"/proc/{child.pid}/fd/0", f"/proc/{child.pid}/task/{child.pid}/fd/0"):
            assert not names_standard_input(Path(name)), name
        assert read_regular(Path(f"/proc/{child.pid}/fd/0")) == b"{}\n"
    finally:
        child.kill()
        child.wait()


@pytest.mark.parametrize(
    "name", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/proc/thread-self/fd/1", "own"]
)
def test_names_of_descriptor_1_are_told(name: str) -> None:
    if name == "own":
        name = f"/proc/{os.readlink('/proc/self')}/fd/1"
    assert names_stdout(Path(name))


@pytest.mark.parametrize("name", ["/dev/stderr", "/dev/fd/10", "/dev/fd/12", "/proc/1/fd/1"])
def test_other_descriptors_are_not_descriptor_1(name: str) -> None:
    assert not names_stdout(Path(name))


def test_a_link_to_dev_stdout_names_descriptor_1(tmp_path: Path) -> None:
    (tmp_path / "out").symlink_to("/dev/stdout")
    (tmp_path / "file").write_text("")
    assert names_stdout(tmp_path / "out")
    assert not names_stdout(tmp_path / "file")


class _Claimed(io.StringIO):
    def fileno(self) -> int:
        return 7


def test_descriptor_1_is_opened_as_the_private_copy_while_claimed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Claimed, descriptor 1 reaches stderr: /dev/stdout written in place (eval --out -,
    # review --json /dev/stdout) went into stderr.
    assert opened_as(Path("/dev/stdout")) == Path("/dev/stdout")
    monkeypatch.setattr(own_stdout, "_own", _Claimed())
    assert opened_as(Path("/dev/stdout")) == Path("/dev/fd/7")
    assert opened_as(Path("/dev/stderr")) == Path("/dev/stderr")


def test_a_stream_is_told_from_a_regular_file(tmp_path: Path) -> None:
    # A stream is written in place; a regular file is replaced whole (userfiles.atomic_writer).
    target = tmp_path / "out.txt"
    target.write_bytes(b"an earlier, longer output\n")
    assert not is_stream(target) and is_stream(Path("/dev/null"))
