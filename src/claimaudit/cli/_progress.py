"""The progress shown on stderr while records are made: rich's bar on a terminal, and on
anything else (CI, a pre-commit hook, a log file), where rich draws nothing until the end, a
plain line now and then, so that a long run is seen to move."""

from __future__ import annotations

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
    """rich's ``Progress``; where its console is no terminal, every ``interval`` seconds of
    progress also prints one line: "reviewing 120/399 (0:01:05)"."""

    def __init__(self, label: str, *, console: Console, interval: float) -> None:
        super().__init__(
            TextColumn(label),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
        )
        self._label = label
        self._plain = not console.is_terminal
        self._interval = interval
        self._started = time.monotonic()
        self._last_line = self._started

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
        self._line(task_id)

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        super().advance(task_id, advance)
        self._line(task_id)

    def _line(self, task_id: TaskID) -> None:
        now = time.monotonic()
        if not self._plain or now - self._last_line < self._interval:
            return
        self._last_line = now
        task = self._tasks[task_id]
        done = int(task.completed)
        count = f"{done}/{int(task.total)}" if task.total is not None else str(done)
        elapsed = time.strftime("%H:%M:%S", time.gmtime(now - self._started)).removeprefix("0")
        self.console.print(f"{self._label} {count} ({elapsed})", markup=False, highlight=False)
