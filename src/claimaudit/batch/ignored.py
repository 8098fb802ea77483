"""Keys of a good batch line that batch does not read, but that a user plainly meant.

A line is the body of ``POST /v1/checks`` plus an ``id``, so a file written from API requests
(or for them) carries their per-request options, ``judge``, ``model``, ``threshold`` and
``cache``. Batch takes those once, for the whole run (``--judge`` ...): judging such a line with
the run's settings and saying nothing would let a user believe it was judged as it asks. A key
that reads like one of batch's own (``topc``) is a slip that loses the topic the same way. Both
are named in one warning before the run; any other extra key (a label, a note) is the user's
own and stays silent, as ever: neither makes a line bad.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

# The API's and the MCP tool's per-request options, and the batch option that sets each one.
RUN_OPTIONS = {
    "judge": "--judge",
    "model": "--model",
    "threshold": "--threshold",
    "cache": "--no-cache",
}
_SHOWN_LINES = 5
_SHOWN_KEYS = 8


def ignored_keys(data: dict[str, Any], known: Collection[str]) -> tuple[str, ...]:
    """The keys of ``data`` that are a run's option (as they are) or read like one of
    ``known`` (as a note: ``'topc' (did you mean 'topic'?)``), in the line's order."""
    found = []
    for name in data:
        if name in known:
            continue
        if name in RUN_OPTIONS:
            found.append(name)
            continue
        close = difflib.get_close_matches(name, [k for k in known if k not in data], n=1)
        if close:
            found.append(f"'{name[:40]}' (did you mean '{close[0]}'?)")
    return tuple(found)


@dataclass
class IgnoredKeys:
    """The good lines whose ignored keys are worth a warning, gathered while the input is
    read: the first line numbers and distinct keys only, so a long input costs no memory."""

    lines: list[int] = field(default_factory=list)
    count: int = 0
    keys: list[str] = field(default_factory=list)

    def add(self, line_number: int, keys: tuple[str, ...]) -> None:
        if not keys:
            return
        self.count += 1
        if len(self.lines) < _SHOWN_LINES:
            self.lines.append(line_number)
        for key in keys:
            if key not in self.keys and len(self.keys) < _SHOWN_KEYS:
                self.keys.append(key)

    def warning(self) -> str | None:
        """One line naming the lines and their keys, or None when there are none."""
        if not self.count:
            return None
        options = [key for key in RUN_OPTIONS if key in self.keys]
        said = [f"'{key}'" for key in options]
        if options:
            flags = ", ".join(RUN_OPTIONS[key] for key in options)
            said[-1] += f" (a run's options: {flags}, for every line)"
        said += [key for key in self.keys if key not in RUN_OPTIONS]
        one = self.count == 1
        # Past the lines named, how many in all: ", ..." alone read the same for 6 as for 6000.
        more = f", ... ({self.count:,} in all)" if self.count > len(self.lines) else ""
        lines = ", ".join(str(n) for n in self.lines) + more
        return (
            f"input line{'' if one else 's'} {lines} {'holds' if one else 'hold'} keys batch "
            f"does not read: {', '.join(said)}; {'it is' if one else 'they are'} judged "
            "without them"
        )
