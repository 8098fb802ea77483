"""Rows printed as stacked ``label: value`` lines when a table would not fit."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from claimaudit.cli._stacked import print_stacked


def test_a_reference_moves_whole_to_its_own_line_and_prose_wraps_at_spaces() -> None:
    out = io.StringIO()
    # soft_wrap as the command line's console is: the fields are wrapped all the same.
    console = Console(file=out, width=24, soft_wrap=True, color_system=None)
    quote = "every word of this passage stays whole over as many lines as it takes"
    print_stacked(
        console,
        [[("paper", Text("arXiv:2105.14372v9")), ("evidence", quote)], [("paper", "local:x")]],
    )
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 24
    # "paper: " and the reference are 25 characters: the reference goes to the next line, whole.
    assert [line.rstrip() for line in lines[:2]] == ["paper:", "arXiv:2105.14372v9"]
    assert " ".join(" ".join(lines[2:]).split()).startswith(f"evidence: {quote}")
    assert lines[-2:] == ["", "paper: local:x"]  # a blank line between rows
