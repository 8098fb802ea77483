"""Terminal and machine renderings of review records."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from rich.console import Console
from rich.table import Table
from rich.text import Text

from claimaudit.checker import Record
from claimaudit.cli._terminal import json_text, shown, shown_text
from claimaudit.passage import location
from claimaudit.records import CheckedRecord, record_to_dict

_VERDICT_STYLE = {
    "supports": "green",
    "contradicts": "red",
    "not_addressed": "yellow",
    "insufficient_evidence": "yellow",
    "not_checked": "magenta",
}


class OutputFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    JSONL = "jsonl"


def render(records: Sequence[Record], fmt: OutputFormat, console: Console) -> None:
    # JSON is written to the file directly so rich adds no markup, colour or wrapping; json_text
    # keeps a paper's control characters escaped.
    if fmt is OutputFormat.JSON:
        console.file.write(json_text([record_to_dict(r) for r in records], indent=2) + "\n")
    elif fmt is OutputFormat.JSONL:
        for record in records:
            console.file.write(json_text(record_to_dict(record)) + "\n")
    else:
        console.print(records_table(records))


def records_table(records: Sequence[Record]) -> Table:
    table = Table(show_lines=True, expand=True)
    # Fixed widths keep refs and verdicts whole on an 80-column terminal; evidence takes the rest.
    table.add_column("paper", overflow="fold", width=20)
    table.add_column("verdict", width=13)
    table.add_column("conf.", justify="right", min_width=5)
    table.add_column("review", min_width=6)
    table.add_column("evidence", overflow="fold", ratio=1)
    for record in records:
        style = _VERDICT_STYLE.get(record.verdict, "")
        verdict = Text(record.verdict.replace("_", " "), style=style)
        review = Text("yes", style="bold") if record.needs_review else Text("no")
        if isinstance(record, CheckedRecord):
            if record.evidence_passage_id and record.evidence:
                where = location(record.evidence_pages, record.evidence_section)
                pid = record.evidence_passage_id
                label = f"{pid} ({where})" if where else pid
                evidence = shown_text(f"{label}: ", style="bold")
                evidence.append(f"\u201c{shown(record.evidence)}\u201d")
            else:
                evidence = Text("no evidence passage selected", style="dim")
            for note in record.review_notes:
                evidence.append(f"\nreview: {shown(note)}", style="magenta")
            table.add_row(
                shown_text(f"{record.paper_ref}\n{record.paper_title}"),
                verdict,
                "n/a" if record.confidence is None else f"{record.confidence:.2f}",
                review,
                evidence,
            )
        else:
            table.add_row(
                shown_text(record.paper_ref or "-"),
                verdict,
                "-",
                review,
                shown_text(record.error, style="magenta"),
            )
    return table
