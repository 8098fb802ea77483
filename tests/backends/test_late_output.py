"""What a call given up at its deadline prints later goes to stderr (``late_output``): a judge
waking after its watch gave up must not write into ``check --format json``'s stdout."""

from __future__ import annotations

import threading

import pytest

from claimaudit.backends.backend_output import prints_to_stderr
from claimaudit.backends.watchdog import Watch
from claimaudit.errors import JudgeError


def test_a_judge_call_given_up_on_prints_to_stderr_after_its_paper_is_done(
    capsys: pytest.CaptureFixture[str],
) -> None:
    watch = Watch("judge", "mine", 0.1, JudgeError)
    let_go, printed = threading.Event(), threading.Event()

    def decide() -> None:
        let_go.wait(120.0)
        print("late from decide")
        printed.set()

    with prints_to_stderr(), pytest.raises(JudgeError):  # as a paper is checked
        watch.call(decide)
    let_go.set()
    assert printed.wait(120.0)
    print("the command's own output")
    out, err = capsys.readouterr()
    assert out == "the command's own output\n"
    assert "late from decide" in err


def test_a_call_in_time_leaves_stdout_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    watch = Watch("judge", "mine", 30, JudgeError)
    watch.call(lambda: print("in time, outside any swap"))
    assert capsys.readouterr().out == "in time, outside any swap\n"
