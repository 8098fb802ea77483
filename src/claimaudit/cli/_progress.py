"""The progress shown on stderr while records are made: rich's bar on a terminal, and on
anything else (CI, a pre-commit hook, a log file), where rich would draw nothing until a bar at
the end, plain lines instead: one now and then, so that a long run is seen to move, and one at
the end."""

from __future__ import annotations

import os
import time
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

# Seconds between plain progress lines: a minute-long run gets a few, a short one none (its
# finished bar says it all).
PLAIN_INTERVAL = 10.0


class StepProgress(Progress):
    """rich's ``Progress`` on a terminal; on anything else no bar, but one line every
    ``interval`` seconds of progress, "reviewing 120/399 (0:01:05)", and one when it stops.
    ``live``: whether to draw the bar (default: where ``console`` is a terminal). A task
    with nothing to do (a total of 0) is not shown: "checking 0/0" said nothing."""

    def __init__(
        self, label: str, *, console: Console, interval: float, live: bool | None = None
    ) -> None:
        plain = not (console.is_terminal if live is None else live)
        super().__init__(
            TextColumn(label),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
            disable=plain,  # rich would print its bar, in box-drawing characters, at the end
        )
        self._label = label
        self._plain = plain
        self._interval = interval
        self._started = time.monotonic()
        self._last_line = self._started
        self._said: dict[TaskID, str] = {}  # the count each task's last line gave

    def update(
        self,
        task_id: TaskID,
        *,
        total: float | None = None,
        completed: float | None = None,
        advance: float | None = None,
        description: str | None = None,
        visible: bool | None = None,
        refresh: bool = False,
        **fields: Any,
    ) -> None:
        super().update(
            task_id,
            total=total,
            completed=completed,
            advance=advance,
            description=description,
            visible=visible,
            refresh=refresh,
            **fields,
        )
        self._hide_if_empty(task_id)
        self._line(task_id)

    def add_task(
        self,
        description: str,
        start: bool = True,
        total: float | None = 100.0,
        completed: int = 0,
        visible: bool = True,
        **fields: Any,
    ) -> TaskID:
        # Hidden from the start: a bar drawn, then taken away, flickered on a terminal.
        visible = visible and total != 0
        return super().add_task(description, start, total, completed, visible, **fields)

    def _hide_if_empty(self, task_id: TaskID) -> None:
        # A resumed batch with every pair done, a draft citing nothing: no bar, no line.
        task = self._tasks[task_id]
        if task.total == 0 and task.visible:
            super().update(task_id, visible=False)

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        super().advance(task_id, advance)
        self._line(task_id)

    def stop(self) -> None:
        super().stop()
        if self._plain:
            # Where the finished bar would have been: the count at the end, unless just said.
            for task_id in list(self._tasks):
                self._say(task_id, time.monotonic(), again=False)

    def _line(self, task_id: TaskID) -> None:
        now = time.monotonic()
        if not self._plain or now - self._last_line < self._interval:
            return
        self._last_line = now
        self._say(task_id, now)

    def _say(self, task_id: TaskID, now: float, *, again: bool = True) -> None:
        task = self._tasks[task_id]
        if not task.visible:
            return
        done = int(task.completed)
        count = f"{done}/{int(task.total)}" if task.total is not None else str(done)
        if not again and self._said.get(task_id) == count:
            return
        self._said[task_id] = count
        elapsed = time.strftime("%H:%M:%S", time.gmtime(now - self._started)).removeprefix("0")
        self.console.print(f"{self._label} {count} ({elapsed})", markup=False, highlight=False)


def draws_live(console: Console) -> bool:
    """Whether rich's live bar belongs on ``console``: a terminal that redraws a line in place.
    FORCE_COLOR makes rich take a log file for a terminal (for its colours): the bar was
    redrawn there ten times a second, a carriage return each, megabytes in a long run; a dumb
    terminal (TERM=dumb) got only the finished bar. TTY_COMPATIBLE=1 asks for it anyway."""
    if not console.is_terminal or console.is_dumb_terminal:
        return False
    if os.environ.get("TTY_COMPATIBLE") == "1":
        return True
    isatty = getattr(console.file, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except ValueError:  # closed
        return False
