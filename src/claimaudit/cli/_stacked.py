"""Rows as stacked ``label: value`` lines, for a terminal too narrow for a table.

Below some width a table's columns fold a reference or a quote a few characters a line (or
draw a column zero wide); one field a line keeps every value whole and wrapped at spaces, and
a reference without spaces moves to a line of its own rather than being split.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Console, Group
from rich.text import Text

Field = tuple[str, Text | str]


def stacked(rows: Iterable[Sequence[Field]]) -> Group:
    """Each row's fields one a line, ``label: value``; a blank line between rows."""
    lines: list[Text] = []
    for number, row in enumerate(rows):
        if number:
            lines.append(Text(""))
        for label, value in row:
            line = Text(f"{label}: ", style="bold") if label else Text("")
            line.append_text(value if isinstance(value, Text) else Text(value))
            lines.append(line)
    return Group(*lines)


def print_stacked(console: Console, rows: Iterable[Sequence[Field]]) -> None:
    # The console may soft-wrap (leave wrapping to the terminal, which splits words): wrap
    # here, at spaces, to the console's width.
    console.print(stacked(rows), soft_wrap=False)
