"""A PDF is read in a child process under limits on memory and processor time: a hostile file
is refused in one line, and a read in progress stops when its client goes or the server stops."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from claimaudit.backends.stopping import stopping_on
from claimaudit.errors import CancelledWorkError, InputError
from claimaudit.library.extract import extract
from claimaudit.library.pdf import child as pdf_child
from claimaudit.library.pdf import guard as pdf_guard
from claimaudit.library.pdf import read as pdf_read
from tests.library.helpers import (
    make_busy_page_pdf,
    make_dense_page_pdf,
    make_inflating_pdf,
    make_pdf,
)

MIB = 1024 * 1024


def test_a_paper_reads_in_the_child_as_in_this_process(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "paper.pdf")
    data = path.read_bytes()
    assert pdf_guard.read_pdf_isolated(path, data) == pdf_read.read_pdf(path, data)


def test_a_module_in_the_working_folder_is_never_run_by_the_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: `library add paper.pdf` from a folder holding a random.py ran it (the child was
    # started with `-m`, which puts the working folder first on the import path).
    path = make_pdf(tmp_path / "paper.pdf")
    marker = tmp_path / "MARKER"
    for name in ("random", "typing", "pypdfium2"):
        (tmp_path / f"{name}.py").write_text(
            f"open({str(marker)!r}, 'a').write({name!r})\n", encoding="utf-8"
        )
    monkeypatch.chdir(tmp_path)
    data = path.read_bytes()
    assert pdf_guard.read_pdf_isolated(path, data) == pdf_read.read_pdf(path, data)
    assert not marker.exists()


def test_an_unexpected_error_in_the_reader_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: with a pypdfium2 too old for the reader, `library add` printed a traceback. The child
    # is made to fail so here by a sitecustomize on the import path it inherits.
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(
        "import claimaudit.library.pdf.read as read\n"
        "def broken(*args):\n"
        "    raise AttributeError(\"'PdfObject' object has no attribute\\n'get_bounds'\")\n"
        "read.read_pdf = broken\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(hook))
    path = make_pdf(tmp_path / "paper.pdf")
    with pytest.raises(InputError) as caught:
        pdf_guard.read_pdf_isolated(path, path.read_bytes())
    assert str(caught.value) == (
        f"{path}: not a readable PDF (its reader failed: AttributeError: 'PdfObject' object "
        "has no attribute 'get_bounds')"
    )


def test_a_stream_that_inflates_past_the_memory_limit_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The limits scaled down, so the test's bomb is small: 256 MiB of spaces in 4 KB.
    monkeypatch.setattr(pdf_guard, "MEMORY_BASE", 160 * MIB)
    path = make_inflating_pdf(tmp_path / "bomb.pdf", 256)
    limit = (160 * MIB + pdf_guard.MEMORY_PER_BYTE * path.stat().st_size) // MIB
    with pytest.raises(InputError) as caught:
        extract(path)
    assert str(caught.value) == (
        f"{path}: the PDF needs more than {limit:,} MiB of memory to read, the limit for a file "
        "of its size; a compressed stream in it may inflate far beyond the file (a "
        "decompression bomb)"
    )


def test_a_read_past_the_processor_time_limit_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf_guard, "CPU_BASE_S", 1)
    monkeypatch.setattr(pdf_guard, "CPU_PER_MIB_S", 0)
    path = make_busy_page_pdf(tmp_path / "busy.pdf", 500)  # minutes to read in full
    with pytest.raises(InputError) as caught:
        extract(path)
    assert str(caught.value) == (
        f"{path}: the PDF takes more than 1 s of processor time to read, the limit for a file "
        "of its size; it may draw the same page or shapes over and over"
    )


def test_a_page_denser_than_any_paper_is_refused_before_its_characters_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_dense_page_pdf(tmp_path / "dense.pdf", 300, 200)  # 60,000 characters in 1 KB
    with pytest.raises(InputError, match=r"holds 60,\d{3} characters") as caught:
        extract(path)
    assert str(caught.value).startswith(f"{path}: page 1 of the PDF holds ")
    assert str(caught.value).endswith(" characters; the limit is 50,000 a page")
    monkeypatch.setattr(pdf_read, "page_chars", _no_chars_read)
    with pytest.raises(InputError, match="the limit is 50,000 a page"):
        pdf_read.read_pdf(path, path.read_bytes())


def test_a_page_repeated_past_the_file_s_share_of_characters_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf_read, "BASE_CHARS", 5_000)
    monkeypatch.setattr(pdf_read, "CHARS_PER_BYTE", 1)
    path = make_dense_page_pdf(tmp_path / "dense.pdf", 20, 100, pages=40)  # 2,000+ a page
    message = (
        f"{path}: the PDF holds too many characters for its size by page 3 (the limit is 5,000 "
        "plus 1 a byte of file); a page may be repeated many times"
    )
    with pytest.raises(InputError) as caught:
        pdf_read.read_pdf(path, path.read_bytes())
    assert str(caught.value) == message


def _no_chars_read(*args: object) -> None:
    raise AssertionError("the page's characters were read")


def _read_until_stopped(tmp_path: Path, stop: Callable[[threading.Event], None]) -> Exception:
    """What reading a slow PDF raises when ``stop`` is called once the child is reading."""
    path = make_busy_page_pdf(tmp_path / "busy.pdf", 500)
    event = threading.Event()
    raised: list[Exception] = []

    def read() -> None:
        with stopping_on(event):
            try:
                extract(path)
            except Exception as error:
                raised.append(error)

    reader = threading.Thread(target=read)
    reader.start()
    deadline = time.monotonic() + 60
    while not pdf_guard._running and time.monotonic() < deadline:
        time.sleep(0.05)
    children = list(pdf_guard._running)
    assert children, "no child process was started"
    stop(event)
    reader.join(timeout=30)
    assert not reader.is_alive(), "the read went on after it was stopped"
    assert all(child.poll() is not None for child in children)
    assert not pdf_guard._running
    return raised[0]


def test_a_read_stops_when_its_client_goes(tmp_path: Path) -> None:
    error = _read_until_stopped(tmp_path, lambda event: event.set())
    assert isinstance(error, CancelledWorkError)
    assert str(error) == "reading the PDF was stopped"


def test_every_read_stops_when_the_server_stops(tmp_path: Path) -> None:
    error = _read_until_stopped(tmp_path, lambda _event: pdf_guard.stop_all())
    assert isinstance(error, CancelledWorkError)


# A parent that reads a slow PDF (minutes, under a processor-time limit of 10) and says its
# child's process id as soon as the child is started.
_PARENT = """
import sys, threading, time
from pathlib import Path
from claimaudit.library.pdf import guard
guard.CPU_BASE_S = 600
def tell():
    while not guard._running:
        time.sleep(0.01)
    print(next(iter(guard._running)).pid, flush=True)
threading.Thread(target=tell, daemon=True).start()
path = Path(sys.argv[1])
guard.read_pdf_isolated(path, path.read_bytes())
"""


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs: a zombie (ended, not yet reaped by whichever
    process took it over) does not."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except FileNotFoundError:
        return False
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="looks processes up in /proc")
def test_the_reader_s_child_ends_when_its_parent_is_killed(tmp_path: Path) -> None:
    # QA: after `kill -9` of `library add some.pdf`, the child read on alone until its
    # processor-time limit (here 10 minutes).
    path = make_busy_page_pdf(tmp_path / "busy.pdf", 500)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    parent = subprocess.Popen(
        [sys.executable, "-c", _PARENT, str(path)], stdout=subprocess.PIPE, env=env
    )
    child = None
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        parent.kill()
        parent.wait()
        # Polled, with a bound far above the instant it takes, far below the read's minutes.
        deadline = time.monotonic() + 60
        while _running(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(child), "the child read on after its parent was killed"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        if child is not None and _running(child):
            os.kill(child, signal.SIGKILL)


def test_a_child_whose_parent_is_gone_is_told_so() -> None:
    # Where the system cannot kill the child with its parent, a thread looks for the parent:
    # a process id that is not this process's parent reads as a parent gone.
    gone = threading.Event()
    watcher = threading.Thread(
        target=pdf_child.watch_parent, args=(os.getppid() + 1, gone.set, 0.01), daemon=True
    )
    watcher.start()
    assert gone.wait(timeout=60)
