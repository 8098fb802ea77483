"""``claimaudit plugins``: the judges and sources this installation offers, built-in and
third-party, and the plugins that failed to load, with why."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from claimaudit.cli._common import out_console, write_data
from claimaudit.cli._stacked import Field, print_stacked
from claimaudit.cli._terminal import json_text, shown, shown_text
from claimaudit.plugins import Registered, get_registry


def _rows(backends: dict[str, Registered]) -> list[dict[str, Any]]:
    return [
        {"name": name, "origin": backends[name].origin, "description": backends[name].description}
        for name in sorted(backends)
    ]


# The table's kind column and, around its four columns, the borders and padding.
KIND_WIDTH = len("source")
TABLE_OVERHEAD = 5 + 2 * 4
# Narrower than this a description wraps a word or two a line.
MIN_DESCRIPTION_WIDTH = 16


def _fits_table(rows: list[tuple[str, dict[str, Any]]], width: int) -> bool:
    """Whether, at ``width``, the table holds each whole name and origin on a line."""
    name = max((len(shown(row["name"])) for _, row in rows), default=0)
    origin = max((len(shown(row["origin"])) for _, row in rows), default=0)
    return width >= TABLE_OVERHEAD + KIND_WIDTH + name + origin + MIN_DESCRIPTION_WIDTH


def plugins(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the judges and paper sources, where each comes from, and plugins that failed."""
    registry = get_registry()
    found = {"judges": _rows(registry.judges), "sources": _rows(registry.sources)}
    failed = [{"plugin": name, "error": why} for name, why in sorted(registry.broken.items())]
    if as_json:
        write_data(json_text({**found, "failed": failed}, indent=2) + "\n")
        return
    rows = [("judge", row) for row in found["judges"]]
    rows += [("source", row) for row in found["sources"]]
    if _fits_table(rows, out_console.width):
        table = Table("kind", "name", "from", "description", expand=True)
        table.columns[1].no_wrap = True
        table.columns[2].no_wrap = True
        for kind, row in rows:
            table.add_row(
                kind,
                shown_text(row["name"]),
                shown_text(row["origin"]),
                shown_text(row["description"]),
            )
        out_console.print(table)
    else:
        stacked: list[list[Field]] = [
            [
                ("kind", kind),
                ("name", shown_text(row["name"], style="bold")),
                ("from", shown_text(row["origin"])),
                ("description", shown_text(row["description"])),
            ]
            for kind, row in rows
        ]
        print_stacked(out_console, stacked)
    for item in failed:
        # Wrapped at spaces, as the rows are: a terminal would split its words.
        failure = shown_text(f"failed to load {item['plugin']}: {item['error']}")
        out_console.print(failure, soft_wrap=False)
