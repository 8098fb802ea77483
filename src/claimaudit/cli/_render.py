"""Terminal and machine renderings of review records."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from claimaudit.accounting import check_answer
from claimaudit.cli._terminal import json_text, shown, shown_line, shown_line_text, shown_text
from claimaudit.passage import location
from claimaudit.records import CheckedRecord, Record, record_to_dict

# As in the HTML report and on the web page (review/palette.py), as near as a terminal's
# colours allow: not addressed plain (the palette's grey: a terminal's grey can be its
# background), not checked magenta (the palette's violet), each verdict its own.
VERDICT_STYLE = {
    "supports": "green",
    "contradicts": "red",
    "not_addressed": "default",
    "insufficient_evidence": "yellow",
    "not_checked": "magenta",
}


# In the compact table, a heading longer than this is cut: the passage is what a reader came for.
SECTION_CHARS = 24


class OutputFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    JSONL = "jsonl"


def render(
    records: Sequence[Record], fmt: OutputFormat, console: Console, *, wide: bool = False
) -> None:
    # JSON is written to the file directly so rich adds no markup, colour or wrapping; json_text
    # keeps a paper's control characters escaped.
    if fmt is OutputFormat.JSON:
        console.file.write(json_text(check_answer(records), indent=2) + "\n")
    elif fmt is OutputFormat.JSONL:
        for record in records:
            console.file.write(json_text(record_to_dict(record)) + "\n")
    else:
        console.print(records_table(records, wide=wide))


def records_table(records: Sequence[Record], *, wide: bool = False) -> Table:
    """Per paper: the verdict, its confidence, whether it needs review, then the paper's
    reference (whole, so it can be copied) over where the evidence is and the whole passage,
    wrapped; the passage is never cut. ``wide``: the title too, the section heading whole, and
    the passage with its own line breaks."""
    table = Table(box=box.SIMPLE_HEAD, show_lines=wide, expand=True, pad_edge=False)
    # "insufficient evidence" takes two lines rather than eight columns from the evidence.
    table.add_column("verdict", width=13)
    table.add_column("conf.", justify="right", width=5)
    table.add_column("review", width=6)
    table.add_column("paper and evidence", ratio=1, overflow="fold")
    for record in records:
        verdict = Text(record.verdict.replace("_", " "), style=VERDICT_STYLE[record.verdict])
        review = Text("yes", style="bold") if record.needs_review else Text("no")
        paper = shown_line_text(record.paper_ref or "-", style="bold")
        if isinstance(record, CheckedRecord):
            if wide:
                paper.append(f" \u00b7 {shown_line(record.paper_title)}", style="")
            confidence = "n/a" if record.confidence is None else f"{record.confidence:.2f}"
            evidence = _evidence(record, wide)
            # What the judge's consistency checks saw: the reason this record needs review.
            notes = [Text(f"review: {shown(n)}", style="magenta") for n in record.review_notes]
        else:
            # An error says what to do about it: always whole.
            confidence = "-"
            evidence = shown_text(record.error, style="magenta")
            notes = []
        table.add_row(verdict, confidence, review, Group(paper, evidence, *notes))
    return table


def _evidence(record: CheckedRecord, wide: bool) -> Text:
    if not (record.evidence_passage_id and record.evidence):
        return Text("no evidence passage selected", style="dim")
    section = None
    if record.evidence_section:
        section = " ".join(shown(record.evidence_section).split())
        if not wide and len(section) > SECTION_CHARS:
            section = section[: SECTION_CHARS - 1] + "\u2026"  # leave room for the passage
    where = location(record.evidence_pages, section)
    label = shown(record.evidence_passage_id)
    text = Text(f"{label} ({where}): " if where else f"{label}: ", style="cyan")
    passage = shown(record.evidence) if wide else " ".join(shown(record.evidence).split())
    # Wrapped at spaces, a word wider than the column folded: every character of the quote shows.
    text.append(f"\u201c{passage}\u201d")
    return text
