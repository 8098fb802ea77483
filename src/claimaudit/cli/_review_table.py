"""The table ``claimaudit review`` prints: one row per cited sentence, where it is, the sentence
and each paper's verdict (with the reason when a paper was not checked).

A reference and a location are copied whole into other commands and editors, so their columns
are as wide as the longest one; they fold only when the terminal cannot hold them beside a
readable sentence."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text

from claimaudit.cli._render import VERDICT_STYLE
from claimaudit.cli._terminal import shown, shown_line, shown_text
from claimaudit.identity import edition_read
from claimaudit.records import CheckedRecord, NotCheckedRecord
from claimaudit.refcheck.models import ReferenceStatus
from claimaudit.review import ReviewResult
from claimaudit.review.result import ClaimReview

# The frame of the four-column table: five rules and one space either side of each cell.
FRAME = 13
# The sentence wraps at spaces, so it gives up width first, down to this.
SENTENCE_MIN = 16
SENTENCE_CHARS = 160


@dataclass
class _Row:
    file: str | None  # an included file's name (a LaTeX draft), None in the main file
    line: int
    sentence: str
    papers: Text
    refs: list[str]
    heads: list[int]  # each paper's "ref: verdict ..." line, in characters

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}" if self.file is not None else str(self.line)


def review_table(result: ReviewResult, width: int) -> Table:
    main = result.latex.draft.main if result.latex is not None else None
    rows = [_row(claim, main) for claim in result.claims]
    number = max([1, *(len(str(n)) for n in range(1, len(rows) + 1))])
    room = max(width - FRAME - number, SENTENCE_MIN + 10)
    ref = max([6, *(len(r) + 1 for row in rows for r in row.refs)])  # "ref:" is one word
    heads = max([6, *(h for row in rows for h in row.heads)])
    # An included file's name goes above its sentence when file:line and the longest reference
    # cannot both stay whole beside the sentence; the line column keeps the number.
    joined = max([4, *(len(row.location) for row in rows)])
    split = joined + ref > room - SENTENCE_MIN
    line = max([4, *(len(str(row.line)) for row in rows)]) if split else joined
    papers = _papers_width(room, line, ref, heads)
    table = Table(show_lines=False, expand=True)
    table.add_column("#", justify="right", width=number)
    table.add_column("line", justify="right", width=line, overflow="fold")
    table.add_column("sentence", overflow="fold", ratio=1)
    table.add_column("papers", overflow="fold", width=papers)
    for n, row in enumerate(rows, start=1):
        sentence = shown_text(row.sentence)
        if split and row.file is not None:
            sentence = Text.assemble((f"{shown_line(row.file)}\n", "dim"), sentence)
        where = str(row.line) if split else row.location
        table.add_row(str(n), shown_text(where), sentence, row.papers)
    return table


def _papers_width(room: int, line: int, ref: int, heads: int) -> int:
    """The longest reference whole; each verdict on its reference's line where half of what
    the location leaves allows; when the reference cannot fit, all but the sentence's minimum."""
    spare = room - SENTENCE_MIN - line
    if ref > spare:
        return max(6, spare)  # folded: the terminal is too narrow
    return min(max(ref, min(heads, (room - line) // 2)), spare)


def _row(claim: ClaimReview, main: str | None) -> _Row:
    papers = Text()
    refs: list[str] = []
    heads: list[int] = []
    for item in claim.records:
        record = item.record
        if papers:
            papers.append("\n")
        start = len(papers)
        ref = shown_line(record.paper_ref)
        refs.append(ref)
        papers.append(f"{ref}: ")
        papers.append(record.verdict.replace("_", " "), style=VERDICT_STYLE[record.verdict])
        if record.needs_review:
            papers.append(" (review)", style="bold")
        edition = (
            edition_read(record.paper_ref, record.matched_ref)
            if isinstance(record, CheckedRecord)
            else None
        )
        if edition is not None:  # an unversioned arXiv id: the version judged
            papers.append(f" (read as {edition})", style="dim")
        if item.reference is not None and item.reference.status is not ReferenceStatus.OK:
            status = item.reference.status.value.replace("_", " ")
            papers.append(f" [reference {status}]", style="bold red")
        heads.append(len(papers) - start)
        if isinstance(record, NotCheckedRecord):
            papers.append(f"\n\u21b3 {reason(shown(record.error), ref)}", style="dim")
    text = claim.claim.text
    short = text if len(text) <= SENTENCE_CHARS else text[: SENTENCE_CHARS - 3] + "..."
    where = claim.claim.sentence
    file = where.file if where.file is not None and where.file != main else None
    return _Row(file, where.line, short, papers, refs, heads)


def reason(error: str, ref: str) -> str:
    """Why a record was not checked, in short: the error's first clause (up to "; ") without
    the reference it starts with (printed just above it), whole: the table wraps it in its
    column, as a cut one lost what came last (the versions a library holds, say). A reference
    that is the clause's subject ("doi:... is not in the local library") becomes "paper", so
    the reason still reads as a clause ("paper is not in the local library")."""
    first = error.strip().splitlines()[0] if error.strip() else "no reason given"
    if ref and first.startswith(f"{ref}: "):
        first = first[len(ref) + 2 :]
    elif ref and first.startswith(f"{ref} "):
        first = "paper" + first[len(ref) :]
    return first.split("; ")[0]
