"""``claimaudit library list``: the stored papers, a page at a time, printed as they are read.

A library of 20,000 papers took 20 seconds and 200 MB to lay out as one table before its first
line (5,000 about 4 seconds); past ``TABLE_ROWS`` rows (and for ``--json``) each paper is written
as it is read, and a line on stderr says so: ``--format`` chooses either form."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path

from rich import box
from rich.table import Table
from rich.text import Text

from claimaudit.accounting import counted
from claimaudit.cli._common import EXIT_INTERRUPTED, err_console, fail, out_console, write_data
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._stacked import Field, print_stacked
from claimaudit.cli._terminal import json_text, shown_line, shown_line_text
from claimaudit.guards.filenames import shown_name
from claimaudit.library.extract import extractor_version, is_current
from claimaudit.library.models import StoredPaper
from claimaudit.library.store import Library
from claimaudit.library.wire import LocalPaper

# The most papers laid out as one table unless ``--format`` says; more are written one line
# each, tab-separated.
TABLE_ROWS = 1000


class ListFormat(StrEnum):
    """``--format``: one table whatever the count, or one tab-separated line per paper."""

    TABLE = "table"
    TSV = "tsv"


# The count, the date and the space between columns take this much of a line; of the rest,
# the reference column takes at most two thirds, leaving a title room for its words.
LIST_FIXED_WIDTH = 29
MIN_TITLE_WIDTH = 10
# A versioned new-style arXiv reference (arXiv:1907.10121v2): one this long is never split; a
# longer one (a DOI, a local file's name) may fold where the line is short.
ORDINARY_REF_WIDTH = 18


def list_command(
    library: Path | None,
    as_json: bool,
    offset: int,
    limit: int,
    match: str | None,
    fmt: ListFormat | None = None,
) -> None:
    """List the page of papers asked for, as ``fmt`` says (None: a table up to TABLE_ROWS,
    lines past it); Ctrl-C (or SIGTERM) says how many were listed."""
    if as_json and fmt is not None:
        fail(f"--json and --format {fmt} are two outputs; give one of them")
    listed = 0
    page = 0
    total = 0
    stale = 0

    def counted_stale(papers: Iterator[StoredPaper]) -> Iterator[StoredPaper]:
        nonlocal stale
        for paper in papers:
            stale += older_reader(paper) is not None
            yield paper

    # SIGTERM outside the handler below: inside, it turned the stop into a silent exit 143
    # before the handler could say how many papers were listed.
    with sigterm_interrupts():
        try:
            with Library.open(library, create=False) as lib, lib.snapshot():
                total = lib.count_papers(match)
                page = max(0, min(total - offset, limit or total))
                papers = counted_stale(lib.iter_papers(match, offset, limit or None))
                heading = _heading(lib.path, total, page, offset, match)
                printed = (
                    _print_json(papers) if as_json else _print_table(papers, heading, page, fmt)
                )
                for _ in printed:
                    listed += 1
        except KeyboardInterrupt:
            # "No paper changed", not "the library is unchanged": a schema upgrade the open
            # began keeps its committed steps (said on the line before).
            out_console.file.flush()
            if not listed:
                fail("interrupted; nothing was listed, no paper changed", EXIT_INTERRUPTED)
            fail(
                f"interrupted after listing {listed} of {counted(page, 'paper')}; no paper changed",
                EXIT_INTERRUPTED,
            )
    if page and offset + page < total:
        # As ``show`` says of its passages: a page that is not all of them says how to go on,
        # or 50 papers of 5,000 read as the whole library (on stderr, as the note below).
        err_console.print(
            f"note: listed papers {offset + 1}-{offset + page} of {total:,}; --offset "
            f"{offset + page} lists the next {min(limit, total - offset - page):,}, --limit 0 "
            "all of them"
        )
    if stale:
        # On stderr: the listing (a table or JSON) stays as scripts read it.
        err_console.print(
            f"note: {counted(stale, 'paper')} listed {'was' if stale == 1 else 'were'} read by "
            "an older reader than this version's; `library show REF` says which, and adding "
            "the same file again re-reads it"
        )


def older_reader(paper: StoredPaper) -> str | None:
    """The line ``reader markdown/22, current markdown/23: re-add to re-read`` for a paper read
    by an older version of its format's reader (a new reading may give other passages); None
    for a current or newer one. A paper stored before readers were recorded (a library an older
    claimaudit made, upgraded) was read by an older reader too, whatever its format."""
    if paper.source_format is None:
        # No format either: this claimaudit's reader for it is not known, only that it is newer.
        if paper.extractor is None:
            return "reader unrecorded (an older claimaudit's): re-add to re-read"
        return None
    if is_current(paper.source_format, paper.extractor):
        return None
    current = extractor_version(paper.source_format)
    stored, now = _version(paper.extractor), _version(current)
    if stored is not None and now is not None and stored > now:
        return None  # read by a newer claimaudit than this one: nothing to re-read here
    return f"reader {paper.extractor or 'unrecorded'}, current {current}: re-add to re-read"


def _version(extractor: str | None) -> int | None:
    number = (extractor or "").rpartition("/")[2]
    return int(number) if number.isascii() and number.isdigit() else None


def _heading(where: Path, total: int, page: int, offset: int, match: str | None) -> str:
    matching = f" matching {match!r}" if match else ""
    if not total:
        return f"no papers{matching} in {shown_name(where)}"
    if not page:
        return f"no papers{matching} from offset {offset} ({total} in {shown_name(where)})"
    if page == total:
        return f"{counted(total, 'paper')}{matching} in {shown_name(where)}"
    return f"papers {offset + 1}-{offset + page} of {total}{matching} in {shown_name(where)}"


def _print_json(papers: Iterator[StoredPaper]) -> Iterator[None]:
    """One JSON array, written an element at a time; yields after each."""
    write = write_data
    first = True
    for paper in papers:
        element = json_text(listed_paper(paper), indent=2).replace("\n", "\n  ")
        write(("[\n  " if first else ",\n  ") + element)
        first = False
        yield
    write("[]\n" if first else "\n]\n")


def listed_paper(paper: StoredPaper) -> dict[str, object]:
    """A paper as ``list --json`` writes it: ``passageCount`` as in ``show --json``, and the
    same count under ``passages``, the name scripts written before it read."""
    listed = LocalPaper.of(paper).wire()
    listed["passageCount"] = listed["passages"]
    return listed


def _print_table(
    papers: Iterator[StoredPaper], heading: str, page: int, fmt: ListFormat | None
) -> Iterator[None]:
    """The heading, then the papers: a table (or stacked lines, where too narrow) for a page
    of up to TABLE_ROWS (or any page with ``--format table``), else one tab-separated line
    each as read. Yields after each paper printed."""
    if not page:
        out_console.print(shown_line_text(heading))
        return
    if fmt is None and page > TABLE_ROWS:
        # Never another form without a word: why, and how to choose either.
        err_console.print(
            f"note: {page:,} papers are listed one tab-separated line each, as read (a table "
            f"of more than {TABLE_ROWS:,} takes seconds to lay out before its first line); "
            "--format table lays them out as one table, --format tsv always writes lines"
        )
    if fmt is ListFormat.TSV or (fmt is None and page > TABLE_ROWS):
        out_console.print(shown_line_text(heading))
        write = write_data
        write("ref\ttitle\tpassages\tingested\n")
        for paper in papers:
            ref, title = (shown_line(t).replace("\t", " ") for t in (str(paper.ref), paper.title))
            write(f"{ref}\t{title}\t{paper.passage_count}\t{paper.ingested_at:%Y-%m-%d}\n")
            yield
        return
    rows = list(papers)
    refs = [shown_line(str(paper.ref)) for paper in rows]
    ref_width = _list_ref_width(out_console.width, max(len(ref) for ref in refs))
    if ref_width is None:
        out_console.print(shown_line_text(heading))  # one line, as the table's title is
        stacked: list[list[Field]] = [
            [
                ("ref", Text(ref, style="bold")),
                ("title", shown_line_text(paper.title)),
                ("passages", str(paper.passage_count)),
                ("ingested", paper.ingested_at.strftime("%Y-%m-%d")),
            ]
            for ref, paper in zip(refs, rows, strict=True)
        ]
        print_stacked(out_console, stacked)
    else:
        out_console.print(_table(shown_line_text(heading), refs, rows, ref_width))
    yield from (None for _ in rows)


def _table(heading: Text, refs: list[str], rows: list[StoredPaper], ref_width: int) -> Table:
    table = Table(title=heading, box=box.SIMPLE_HEAD, expand=True, pad_edge=False)
    # A reference up to a share of the width stays on one line, to be copied into a command;
    # a longer one folds, rather than push the title, count and date out of sight.
    table.add_column("ref", overflow="fold", max_width=ref_width)
    table.add_column("title", ratio=1, overflow="fold")
    table.add_column("passages", justify="right", no_wrap=True)
    table.add_column("ingested", no_wrap=True)
    for ref, paper in zip(refs, rows, strict=True):
        table.add_row(
            ref,
            shown_line_text(paper.title),
            str(paper.passage_count),
            paper.ingested_at.strftime("%Y-%m-%d"),
        )
    return table


def _list_ref_width(width: int, longest: int) -> int | None:
    """The table's reference column at ``width``: the longest reference, up to two thirds of
    what the fixed columns leave; None where that would split an ordinary reference or leave
    the title too little room (then the papers are stacked lines instead)."""
    room = width - LIST_FIXED_WIDTH
    ref_width = min(longest, room * 2 // 3)
    if ref_width < min(longest, ORDINARY_REF_WIDTH) or room - ref_width < MIN_TITLE_WIDTH:
        return None
    return ref_width
