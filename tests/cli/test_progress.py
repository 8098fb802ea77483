"""Progress on stderr: rich's bar on a terminal, plain lines where rich would draw nothing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from claimaudit.cli import _progress, app
from claimaudit.cli._progress import StepProgress

BAR = "\u2501"  # the box-drawing character of rich's bar


def _run(console: Console, interval: float) -> None:
    with StepProgress("reviewing", console=console, interval=interval) as progress:
        task = progress.add_task("pairs", total=None)
        progress.update(task, completed=1, total=3)
        progress.advance(task)
        progress.advance(task)


def test_off_a_terminal_each_interval_of_progress_prints_a_plain_line() -> None:
    out = io.StringIO()
    _run(Console(file=out, force_terminal=False, width=100), interval=0)
    lines = [line for line in out.getvalue().splitlines() if line.startswith("reviewing ")]
    assert [line.split(" (")[0] for line in lines[:3]] == [
        "reviewing 1/3",
        "reviewing 2/3",
        "reviewing 3/3",
    ]
    assert lines[0].endswith("(0:00:00)")


def _counts(text: str) -> list[str]:
    return [line.split(" (")[0] for line in text.splitlines()]


def test_a_short_run_off_a_terminal_shows_one_plain_line_at_the_end() -> None:
    out = io.StringIO()
    _run(Console(file=out, force_terminal=False, width=100), interval=3600)
    # No bar (rich would print its finished one, in box-drawing characters): a plain line.
    assert _counts(out.getvalue()) == ["reviewing 3/3"]
    assert BAR not in out.getvalue()


def test_off_a_terminal_the_end_adds_no_bar_and_no_line_said_already() -> None:
    out = io.StringIO()
    _run(Console(file=out, force_terminal=False, width=100), interval=0)
    assert _counts(out.getvalue()) == ["reviewing 1/3", "reviewing 2/3", "reviewing 3/3"]
    assert BAR not in out.getvalue()


def test_on_a_terminal_only_the_bar_is_drawn() -> None:
    out = io.StringIO()
    _run(Console(file=out, force_terminal=True, width=100), interval=0)
    assert "reviewing 1/3 (" not in out.getvalue()
    assert BAR in out.getvalue()


def test_a_check_of_several_papers_reports_progress_in_a_log(
    monkeypatch: pytest.MonkeyPatch, runner: CliRunner, paper_library: Path
) -> None:
    # Papers missing from the library fail at once: the progress lines are what is tested.
    monkeypatch.setattr(_progress, "PLAIN_INTERVAL", 0.0)
    result = runner.invoke(
        app,
        [
            *("check", "Some claim about sparse matrices.", "--library", str(paper_library)),
            *("--paper", "doi:10.1000/a", "--paper", "doi:10.1000/b", "--format", "jsonl"),
        ],
    )
    assert "checking 1/2 (" in result.stderr and "checking 2/2 (" in result.stderr
    assert BAR not in result.stderr


def test_a_task_with_nothing_to_do_draws_no_bar_and_says_no_line() -> None:
    for terminal in (True, False):
        out = io.StringIO()
        console = Console(file=out, force_terminal=terminal, width=100)
        with StepProgress("checking", console=console, interval=0) as progress:
            progress.add_task("pairs", total=0)
        assert "0/0" not in out.getvalue() and BAR not in out.getvalue()


def test_a_batch_with_no_pair_left_prints_no_empty_progress(
    runner: CliRunner, paper_library: Path, tmp_path: Path
) -> None:
    # QA: a finished batch run again (or an empty input) printed "checking 0/0 (0:00:00)".
    source = tmp_path / "in.jsonl"
    source.write_text("")
    result = runner.invoke(
        app,
        [
            *("batch", str(source), "--out", str(tmp_path / "out.jsonl")),
            *("--library", str(paper_library), "--source", "library"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "checking" not in result.stderr
    assert "wrote 0 records" in result.stderr


def test_a_review_of_a_draft_citing_nothing_prints_no_empty_progress(
    runner: CliRunner, paper_library: Path, tmp_path: Path
) -> None:
    draft = tmp_path / "draft.md"
    draft.write_text("# Draft\n\nDeep learning is popular. Nothing is cited here.\n")
    result = runner.invoke(app, ["review", str(draft), "--library", str(paper_library)])
    assert result.exit_code == 0, result.output
    assert "reviewing" not in result.stderr


def test_force_color_does_not_draw_the_live_bar_into_a_log(
    monkeypatch: pytest.MonkeyPatch, runner: CliRunner, paper_library: Path
) -> None:
    # QA: FORCE_COLOR (set by many CI systems) made rich take a log file for a terminal: the
    # bar was redrawn there ten times a second, each a carriage return.
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setattr(_progress, "PLAIN_INTERVAL", 3600.0)
    result = runner.invoke(
        app,
        [
            *("check", "Some claim about sparse matrices.", "--library", str(paper_library)),
            *("--paper", "doi:10.1000/a", "--paper", "doi:10.1000/b", "--format", "jsonl"),
        ],
    )
    assert "\r" not in result.stderr and BAR not in result.stderr
    assert "checking 2/2 (" in result.stderr
