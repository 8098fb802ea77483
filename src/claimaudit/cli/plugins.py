"""``claimaudit plugins``: the judges and sources this installation offers, built-in and
third-party, and the plugins that failed to load, with why."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from claimaudit.cli._common import out_console
from claimaudit.cli._terminal import json_text, shown_text
from claimaudit.plugins import Registered, get_registry


def _rows(backends: dict[str, Registered]) -> list[dict[str, Any]]:
    return [
        {"name": name, "origin": backends[name].origin, "description": backends[name].description}
        for name in sorted(backends)
    ]


def plugins(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the judges and paper sources, where each comes from, and plugins that failed."""
    registry = get_registry()
    found = {"judges": _rows(registry.judges), "sources": _rows(registry.sources)}
    failed = [{"plugin": name, "error": why} for name, why in sorted(registry.broken.items())]
    if as_json:
        out_console.file.write(json_text({**found, "failed": failed}, indent=2) + "\n")
        return
    table = Table("kind", "name", "from", "description", expand=True)
    table.columns[1].no_wrap = True
    for kind, rows in (("judge", found["judges"]), ("source", found["sources"])):
        for row in rows:
            table.add_row(
                kind,
                shown_text(row["name"]),
                shown_text(row["origin"]),
                shown_text(row["description"]),
            )
    out_console.print(table)
    for item in failed:
        out_console.print(shown_text(f"failed to load {item['plugin']}: {item['error']}"))
