"""What a backend prints goes to stderr while it works, and stdout is itself again after, however
the threads that check papers at once enter and leave."""

from __future__ import annotations

import sys
import threading

import pytest

from claimaudit.backends.backend_output import prints_to_stderr


def test_prints_go_to_stderr_inside_and_to_stdout_after(capsys: pytest.CaptureFixture[str]) -> None:
    with prints_to_stderr():
        print("from a backend")
    print("the records")
    captured = capsys.readouterr()
    assert captured.out == "the records\n" and captured.err == "from a backend\n"


def test_threads_leaving_out_of_order_leave_stdout_as_it_was() -> None:
    # First in, first out: with nested redirect_stdout calls the second to leave would set
    # back what it found on entering, stdout already pointing at stderr, for good.
    original = sys.stdout
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()

    def first() -> None:
        with prints_to_stderr():
            first_in.set()
            second_in.wait(timeout=5)
        first_out.set()

    def second() -> None:
        first_in.wait(timeout=5)
        with prints_to_stderr():
            second_in.set()
            first_out.wait(timeout=5)
            assert sys.stdout is sys.stderr  # the other thread leaving did not restore it yet

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sys.stdout is original
