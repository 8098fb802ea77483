"""Terminal and machine renderings of review records."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from claimaudit.accounting import check_answer
from claimaudit.cli._common import write_data
from claimaudit.cli._stacked import Field, stacked
from claimaudit.cli._terminal import json_text, shown, shown_line, shown_line_text, shown_text
from claimaudit.identity import edition_read
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

# The table's verdict, confidence and review columns; "insufficient evidence" takes two lines
# rather than eight columns from the evidence.
FIXED_WIDTHS = (13, 5, 6)
# Those columns, each column's padding (none at the outer edges) and the space before, between
# and after the columns: the rest of a line is the paper and evidence column's.
TABLE_OVERHEAD = sum(FIXED_WIDTHS) + 2 * (len(FIXED_WIDTHS) + 1) - 2 + len(FIXED_WIDTHS) + 2
# Narrower than this (or than a reference) a quote folds a few characters a line: below it each
# record is printed as stacked lines instead.
MIN_EVIDENCE_WIDTH = 20


class OutputFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    JSONL = "jsonl"


def render(
    records: Sequence[Record],
    fmt: OutputFormat,
    console: Console,
    *,
    threshold: float,
    wide: bool = False,
) -> None:
    """``records`` in ``fmt``; JSON names ``threshold``, the review threshold that decided
    their needsReview, as the API's answer does."""
    # JSON is written to the file directly so rich adds no markup, colour or wrapping; json_text
    # keeps a paper's control characters escaped.
    if fmt is OutputFormat.JSON:
        write_data(json_text(check_answer(records, threshold), indent=2) + "\n", console)
    elif fmt is OutputFormat.JSONL:
        for record in records:
            write_data(json_text(record_to_dict(record)) + "\n", console)
    elif fits_table(records, console.width):
        console.print(records_table(records, wide=wide))
    else:
        console.print(records_stacked(records, wide=wide), soft_wrap=False)


def fits_table(records: Sequence[Record], width: int) -> bool:
    """Whether the table's evidence column, at ``width``, holds each whole reference on a line
    and enough of a quote to read."""
    longest = max((len(shown_line(r.paper_ref or "-")) for r in records), default=0)
    return width - TABLE_OVERHEAD >= max(MIN_EVIDENCE_WIDTH, longest)


def records_table(records: Sequence[Record], *, wide: bool = False) -> Table:
    """Per paper: the verdict, its confidence, whether it needs review, then the paper's
    reference (whole, so it can be copied) over where the evidence is and the whole passage,
    wrapped; the passage is never cut. ``wide``: the title too, the section heading whole, and
    the passage with its own line breaks."""
    table = Table(box=box.SIMPLE_HEAD, show_lines=wide, expand=True, pad_edge=False)
    verdict_width, confidence_width, review_width = FIXED_WIDTHS
    table.add_column("verdict", width=verdict_width)
    table.add_column("conf.", justify="right", width=confidence_width)
    table.add_column("review", width=review_width)
    table.add_column("paper and evidence", ratio=1, overflow="fold")
    for record in records:
        verdict, confidence, review, paper, evidence, notes = _cells(record, wide)
        table.add_row(verdict, confidence, review, Group(paper, evidence, *notes))
    return table


def records_stacked(records: Sequence[Record], *, wide: bool = False) -> Group:
    """The table's cells, one a line, for a terminal too narrow for the table."""
    rows: list[list[Field]] = []
    for record in records:
        verdict, confidence, review, paper, evidence, notes = _cells(record, wide)
        rows.append(
            [
                ("verdict", verdict),
                ("conf.", confidence),
                ("review", review),
                ("paper", paper),
                ("evidence" if isinstance(record, CheckedRecord) else "error", evidence),
                *(("", note) for note in notes),
            ]
        )
    return stacked(rows)


def _cells(record: Record, wide: bool) -> tuple[Text, str, Text, Text, Text, list[Text]]:
    verdict = Text(record.verdict.replace("_", " "), style=VERDICT_STYLE[record.verdict])
    review = Text("yes", style="bold") if record.needs_review else Text("no")
    paper = shown_line_text(record.paper_ref or "-", style="bold")
    if isinstance(record, CheckedRecord):
        if wide:
            paper.append(f" \u00b7 {shown_line(record.paper_title)}", style="")
        # An unversioned arXiv id matches the newest version stored: which one was judged.
        edition = edition_read(record.paper_ref, record.matched_ref)
        if edition is not None:
            paper.append(f"\nread as {edition}", style="dim")
        confidence = "n/a" if record.confidence is None else f"{record.confidence:.2f}"
        # What the judge's consistency checks saw: the reason this record needs review.
        notes = [Text(f"review: {shown(n)}", style="magenta") for n in record.review_notes]
        unread = _unread(record)
        return verdict, confidence, review, paper, _evidence(record, wide), [*notes, *unread]
    # An error says what to do about it: always whole.
    return verdict, "-", review, paper, shown_text(record.error, style="magenta"), []


def _unread(record: CheckedRecord) -> list[Text]:
    """A line saying how many selected passages the judge left unread, where it read fewer than
    it was given (the embedded judge scores at most 24 windows): the verdict is on those read."""
    read, selected = record.passages_read, record.passages_selected
    if read is None or read >= selected:
        return []
    return [
        Text(
            f"read {read} of the {selected} passages selected ({record.passages_considered} in "
            f"the paper); {selected - read} left unread",
            style="dim",
        )
    ]


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
