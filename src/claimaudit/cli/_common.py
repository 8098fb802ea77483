"""Shared CLI plumbing: one-line errors, exit codes and common options."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

EXIT_OK = 0
EXIT_MATCHED = 1
EXIT_USAGE = 2

err_console = Console(stderr=True, highlight=False, soft_wrap=True)
out_console = Console(highlight=False, soft_wrap=True)


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print a one-line error to stderr and exit; never a traceback."""
    first_line = " ".join(message.split())
    err_console.print(f"[bold red]error:[/] {first_line}", markup=True, highlight=False)
    raise typer.Exit(code)


def progress_bar(label: str) -> Progress:
    """A progress bar on stderr (label, bar, done/total, time elapsed) that stays when done."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=False,
    )


LibraryOption = Annotated[
    Path | None,
    typer.Option(
        "--library",
        envvar="CLAIMAUDIT_LIBRARY",
        help="Library database file (default: under the user data directory).",
        dir_okay=False,
    ),
]
