"""The console class behind standard output and standard error: a usable width, whatever
``COLUMNS`` says, and no padding at the ends of lines written to a file or a pipe.

rich takes any digits in ``COLUMNS`` as the width: 0 printed nothing at all (the verdict and
every error vanished, with exit 0), 1000000 wrote 8 MB for one record and 99999999 never
finished laying a table out. A value outside ``MIN_COLUMNS``-``MAX_COLUMNS`` is ignored, as a
value that is not a number (``-5``, ``abc``) is: the terminal's width, else 80.

Where the stream's encoding is not UTF-8, what it lacks is escaped before layout
(``_escaping``): escaped by the stream after it, a table's columns no longer lined up.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from rich.console import Console
from rich.segment import Segment

from claimaudit.cli._escaping import escaped, escapes_needed

COLUMNS_ENV = "COLUMNS"
# Narrower than the narrowest stacked record; wider than any screen.
MIN_COLUMNS = 20
MAX_COLUMNS = 1000

# Spaces a table pads its cells with up to the line's end.
_TRAILING_SPACES = re.compile(r" +(?=\n)")


def usable_columns(value: str) -> bool:
    """Whether ``COLUMNS=value`` is a width to lay output out at."""
    # isdecimal, not rich's isdigit: "²" is a digit that int() refuses (a traceback in rich).
    return value.isdecimal() and MIN_COLUMNS <= int(value) <= MAX_COLUMNS


class _Environment(Mapping[str, str]):
    """``os.environ`` as the consoles read it, without a ``COLUMNS`` that is not usable. Read
    at each look-up, as rich reads ``os.environ``: a width set after the consoles were made
    (a test's) still counts."""

    def __getitem__(self, name: str) -> str:
        value = os.environ[name]
        if name == COLUMNS_ENV and not usable_columns(value):
            raise KeyError(name)
        return value

    def __iter__(self) -> Iterator[str]:
        return (name for name in list(os.environ) if name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


class SaneConsole(Console):
    """A ``Console`` that reads ``COLUMNS`` only within bounds and, where it does not write to
    a terminal, leaves no spaces at the ends of lines (a table padded each to the full width)."""

    def __init__(self, *, stderr: bool = False) -> None:
        super().__init__(stderr=stderr, highlight=False, soft_wrap=True, _environ=_Environment())

    def print(self, *objects: Any, **kwargs: Any) -> None:
        encoding = self.encoding  # the stream's, read now: a test may swap it
        if escapes_needed(encoding):
            objects = tuple(escaped(item, encoding) for item in objects)
        super().print(*objects, **kwargs)

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        text = super()._render_buffer(buffer)
        return text if self.is_terminal else _TRAILING_SPACES.sub("", text)
