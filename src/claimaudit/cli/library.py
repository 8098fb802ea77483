"""``claimaudit library ...``: add, import, list, show, search and remove stored papers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from claimaudit.accounting import counted
from claimaudit.cli._common import (
    EXIT_INTERRUPTED,
    LibraryOption,
    err_console,
    fail,
    out_console,
    require_input_file,
    require_text,
    write_data,
)
from claimaudit.cli._help import HELP_OPTIONS, Command, Group
from claimaudit.cli._render import SECTION_CHARS
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._terminal import json_text, shown, shown_line, shown_line_text, shown_text
from claimaudit.cli._warnings import warn
from claimaudit.cli.library_add import add
from claimaudit.cli.library_list import (
    TABLE_ROWS,
    ListFormat,
    list_command,
    listed_paper,
    older_reader,
)
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.stdio_names import names_standard_input
from claimaudit.guards.untrusted import check_text
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.library.first_add import library_for_adding
from claimaudit.library.models import StoredPaper
from claimaudit.library.paper_rows import MAX_FILTER_CHARS
from claimaudit.library.refused_refs import parse_or_stored
from claimaudit.library.scifact import CorpusFormat, ImportSummary, import_corpus
from claimaudit.library.search_accents import MAX_FORMS
from claimaudit.library.search_hebrew import ALL_HEBREW_FORMS
from claimaudit.library.search_spellings import MAX_ACCENT_FORMS
from claimaudit.library.search_words import MAX_SEARCH_LIMIT, search_words
from claimaudit.library.store import Library
from claimaudit.library.wire import HitList, LocalPaper, PassageOut, wire_time
from claimaudit.passage import Passage, location, page_list

app = typer.Typer(
    help="Manage the local paper library.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings=HELP_OPTIONS,
    cls=Group,
)

# Registered first, so that `library --help` lists it first.
app.command("add", cls=Command)(add)

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
ExactOption = Annotated[
    bool,
    typer.Option(
        "--exact",
        help="Read only the copy stored under exactly the reference (an unversioned copy kept "
        "beside stored versions, which the plain reference does not reach).",
    ),
]
# A page of passages: a paper may hold 100,000 of them (--limit 0 shows all).
DEFAULT_SHOW_LIMIT = 100
# Past SQLite's integers an offset could not be asked for; no paper has a billion passages.
MAX_PAGE = 1_000_000_000
# ``search``: the most words left out of a query that its warning names one by one.
LEFT_OUT_SHOWN = 30
# ``search``: the narrowest its where column gets.
MIN_REF_WIDTH = 12


def _library(path: Path | None) -> Library:
    # Errors (here and while the library is used) are the command line's one-line exit 2.
    # Commands that add papers use ``library_for_adding``, which makes a missing library.
    return Library.open(path, create=False)


def _few(named: tuple[str, ...]) -> str:
    """The first LEFT_OUT_SHOWN of ``named``, and how many more: a pasted page could leave out
    thousands (the API and MCP name them all)."""
    more = len(named) - LEFT_OUT_SHOWN
    shown = shown_line(" ".join(named[:LEFT_OUT_SHOWN]))
    return shown + (f" and {more:,} more" if more > 0 else "")


def _ref(text: str) -> PaperRef:
    return parse_ref(check_text(text, "the reference"))


def _stored_ref(lib: Library, text: str) -> PaperRef:
    """``text`` as a reference, or as a paper is stored under it: one stored before a rule
    refused its reference must still be shown and removed."""
    return parse_or_stored(lib, check_text(text, "the reference"))


def _print_json(value: object) -> None:
    write_data(json_text(value, indent=2) + "\n")


@app.command("import-jsonl", cls=Command)
def import_jsonl(
    file: Annotated[Path, typer.Argument(help="Corpus file, one JSON document per line.")],
    format: Annotated[
        CorpusFormat, typer.Option("--format", help="Corpus schema.")
    ] = CorpusFormat.SCIFACT,
    ref_prefix: Annotated[
        str | None, typer.Option(help="Ref prefix (default: scifact / citint / checkcovid).")
    ] = None,
    replace: Annotated[
        bool, typer.Option(help="Overwrite documents whose content changed.")
    ] = False,
    library: LibraryOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as JSON instead of a line.")
    ] = False,
) -> None:
    """Import a SciFact-style abstract corpus (SciFact, Citation-Integrity, Check-COVID)."""
    require_text(ref_prefix=ref_prefix)
    if names_standard_input(file) and not file.is_dir():
        # By name: redirected from a file (< corpus.jsonl) it is a regular file, yet a pipe
        # is refused; one rule for both.
        fail(f"FILE {shown_name(file)} (standard input) is not read; give the corpus file")
    # Only a regular file is read (userfiles.read_regular): said before the library opens.
    require_input_file(file, "FILE", "the corpus file", " (standard input is not read)")
    # SIGTERM as Ctrl-C: nothing is stored, and a new library's draft file is removed.
    with sigterm_interrupts():
        lib: Library | None = None
        try:
            with library_for_adding(library) as lib:
                summary = import_corpus(lib, file, format, ref_prefix=ref_prefix, replace=replace)
        except KeyboardInterrupt:
            # Said, as every other add says it: the import is one transaction, so a user who
            # stopped a long one must not be left to guess whether half the corpus is in.
            fail(_import_interrupted(file, lib), code=EXIT_INTERRUPTED)
    if as_json:
        # As `import-bib --json`: the counts by name, every skipped document's reference.
        _print_json(
            {
                "added": summary.added,
                "replaced": summary.replaced,
                "unchanged": summary.unchanged,
                "skipped": summary.skipped,
                "skippedRefs": list(summary.skipped_refs),
                "passages": summary.passages,
                "written": summary.written,
            }
        )
        return
    out_console.print(shown_line_text(_import_summary(file, summary)))


def _import_interrupted(file: Path, lib: Library | None) -> str:
    """What Ctrl-C left of an import: its one transaction rolled back, or, committed, every
    document stored whatever the interrupt stopped after it."""
    name = shown_name(file.name)
    if lib is not None and lib.stored:
        return f"interrupted; {name} was imported before it stopped"
    return f"interrupted; nothing of {name} was imported (all or nothing), rerun to import it"


# ``import-jsonl``: the skipped documents named in its summary; the rest are counted.
SKIPPED_NAMED = 5


def _import_summary(file: Path, summary: ImportSummary) -> str:
    """One line: what the run wrote (not the file's passages, most of them perhaps stored
    already), and which documents it skipped."""
    if summary.written:
        passages = f"{counted(summary.written, 'passage')} written"
    else:
        passages = (
            f"no passage written; {counted(summary.passages, 'passage')} in the file's documents"
        )
    skipped = f"{summary.skipped} skipped (no sentences)"
    if summary.skipped_refs:
        named = ", ".join(summary.skipped_refs[:SKIPPED_NAMED])
        more = summary.skipped - SKIPPED_NAMED
        skipped += f": {named}" + (f" and {more:,} more" if more > 0 else "")
    return (
        f"imported {shown_name(file.name)}: {summary.added} added, {summary.replaced} replaced, "
        f"{summary.unchanged} unchanged, {skipped}; {passages}"
    )


@app.command("list", cls=Command)
def list_papers(
    library: LibraryOption = None,
    as_json: JsonOption = False,
    offset: Annotated[
        int, typer.Option(min=0, max=MAX_PAGE, help="Papers to skip first (0: the first).")
    ] = 0,
    limit: Annotated[
        int,
        typer.Option(
            min=0,
            max=MAX_PAGE,
            # Every paper by default: rows are written as read, so no page is needed to bound
            # memory (the API answers 50 a page, MCP 100: each holds its answer whole).
            help="Most papers to list; 0, the default, lists them all, written as they are read.",
        ),
    ] = 0,
    match: Annotated[
        str | None,
        typer.Option(
            metavar="TEXT",
            help="List only papers whose reference or title contains TEXT (any case; at most "
            f"{MAX_FILTER_CHARS} characters).",
        ),
    ] = None,
    fmt: Annotated[
        ListFormat | None,
        typer.Option(
            "--format",
            help="table: one table, however many papers; tsv: a tab-separated line per paper, "
            f"as read. Default: a table up to {TABLE_ROWS:,} papers, lines past that.",
        ),
    ] = None,
) -> None:
    """List the stored papers, in reference order; a large library is written as it is read."""
    require_text(match=match)
    if match is not None and len(match) > MAX_FILTER_CHARS:
        # As the API and the MCP tool refuse theirs: a pasted page was read whole, per paper.
        fail(f"--match: String should have at most {MAX_FILTER_CHARS} characters")
    list_command(library, as_json, offset, limit, match, fmt)


@app.command(cls=Command)
def show(
    ref: Annotated[str, typer.Argument(help="Paper reference; unversioned means newest.")],
    library: LibraryOption = None,
    as_json: JsonOption = False,
    offset: Annotated[
        int, typer.Option(min=0, max=MAX_PAGE, help="Passages to skip first (0: start at P001).")
    ] = 0,
    limit: Annotated[
        int, typer.Option(min=0, max=MAX_PAGE, help="Most passages to show; 0 shows them all.")
    ] = DEFAULT_SHOW_LIMIT,
    exact: ExactOption = False,
) -> None:
    """Show a paper's metadata and its passages exactly as stored, a page at a time."""
    # One snapshot, the page written inside it: a paper replaced meanwhile is shown as one
    # version (its passages are read as they are written).
    with _library(library) as lib, lib.snapshot():
        paper = lib.require_paper(_stored_ref(lib, ref), exact=exact)
        passages = lib.iter_passages(paper.ref, offset, limit or None, exact=True)
        if as_json:
            shown = LocalPaper.of(paper).wire()
            # "passages" counts them in a listing; here it is the page of passages.
            shown["passageCount"] = shown.pop("passages")
            shown["offset"] = offset
            shown["passages"] = [PassageOut.of(p).wire() for p in passages]
            _print_json(shown)
            return
        _show_table(paper, passages, offset, limit)


def _show_table(paper: StoredPaper, passages: Iterator[Passage], offset: int, limit: int) -> None:
    total = paper.passage_count
    for label, value in (
        ("ref", str(paper.ref)),
        ("title", paper.title),
        ("authors", paper.authors or "-"),
        ("url", paper.url or "-"),
        ("source", paper.source_path or "-"),
        ("read from", f"{paper.source_format or '-'} (extractor {paper.extractor or '-'})"),
        *((("note", stale),) if (stale := older_reader(paper)) else ()),
        ("ingested", wire_time(paper.ingested_at)),
        # Not the file's sha256sum: it covers every file read, each with its name and length.
        ("hash", paper.content_hash),
        ("passages", str(total)),
    ):
        # One line each: a title that holds a line break must not print a forged "ref:" line.
        out_console.print(Text.assemble((f"{label:>9}: ", "bold"), shown_line(value)))
    count = 0
    # Styling only helps a person at a terminal; into a file or a pipe, plain writes are
    # ten times faster than rich's rendering (100,000 passages: seconds, not a minute).
    styled = out_console.is_terminal
    for passage in passages:
        count += 1
        where = location(page_list(passage.pages), passage.section)
        section = f"  [{shown_line(where)}]" if where else ""
        if not styled:
            out_console.file.write(f"\n{passage.passage_id}{section}\n{shown(passage.text)}\n")
            continue
        out_console.print()
        heading = Text(passage.passage_id, style="bold cyan")
        heading.append(section, style="dim")
        out_console.print(heading)
        out_console.print(shown_text(passage.text))
    if not count and offset:
        # Past the last passage: say so, or the page would look like a paper with no text.
        out_console.print()
        out_console.print(
            Text(
                f"no passages from offset {offset} (the paper has {counted(total, 'passage')})",
                style="dim",
            )
        )
    elif offset + count < total:
        out_console.print()
        shown_range = f"passages {offset + 1}-{offset + count}" if count else "no passages"
        out_console.print(
            Text(
                f"showing {shown_range} of {total}; --offset {offset + count} shows the next "
                f"{limit or total}, --limit 0 all of them",
                style="dim",
            )
        )


@app.command(cls=Command)
def search(
    query: Annotated[str, typer.Argument(help="Words to look for (plain text, no syntax).")],
    ref: Annotated[str | None, typer.Option(help="Search only this paper.")] = None,
    limit: Annotated[
        int, typer.Option(min=1, max=MAX_SEARCH_LIMIT, help="Most passages to show.")
    ] = 10,
    library: LibraryOption = None,
    as_json: JsonOption = False,
    exact: ExactOption = False,
) -> None:
    """Find passages matching QUERY, best first (BM25)."""
    require_text(QUERY=query)
    paper_ref = _ref(ref) if ref is not None else None
    if exact and paper_ref is None:
        fail("--exact applies to --ref: give the reference of the copy to search")
    words = search_words(query)  # a query with no word to search for is refused here
    spelled = len(words.spellings_left_out)
    if unsearched := words.left_out[: len(words.left_out) - spelled]:
        warn(f"{words.left_out_reason()}; not searched for: " + _few(unsearched))
    with _library(library) as lib:
        # The spellings the library holds only: one no passage holds takes no room, and a
        # word whose spellings left out are all such is searched for in every one it could find.
        hits, more = lib.search_page(query, ref=paper_ref, limit=limit, exact=exact)
        words = lib.searched_words(query)  # after: a damaged index is said so by the search
    if words.spellings_left_out:
        # Searched for as typed, so not among the words above: without this a Greek word late in
        # a long query silently missed the passages spelling it with its tonos.
        warn(
            f"Greek, Russian, Arabic, Hebrew and German words are searched for in at most "
            f"{MAX_FORMS} other spellings each, a Hebrew one {ALL_HEBREW_FORMS} (with or without "
            f"a tonos, ё, the article, a prefix or an umlaut), {MAX_ACCENT_FORMS} in all; only "
            "in some of those the library holds: " + _few(words.spellings_left_out)
        )
    if as_json:
        # The API's and the MCP tool's object, not a bare array: one answer, one schema.
        _print_json(HitList.of(hits, query, more=more, words=words).wire())
        return
    if not hits:
        out_console.print("no matching passages")
        return
    # Where each passage is (reference, passage id, pages and section) takes at most a third of
    # the width; the passage's text, what was searched for, gets the rest.
    where_width = max(MIN_REF_WIDTH, out_console.width // 3)
    table = Table(show_lines=True, expand=True)
    table.add_column("where", overflow="fold", max_width=where_width)
    table.add_column("text", ratio=1, overflow="fold")
    for hit in hits:
        where = shown_line_text(str(hit.ref))
        if hit.exact:
            # Its plain ref names the newest version: say how to reach this copy.
            where.append("\n(unversioned copy: --exact)", style="dim")
        where.append(f"\n{hit.passage_id}", style="bold")
        # "pp. 9-10, cKDTree" for a PDF's passage, as ``show`` and ``check`` write it; a long
        # heading cut as ``check`` cuts it, so the passage keeps the room.
        section = " ".join(shown_line(hit.section).split()) if hit.section else None
        if section and len(section) > SECTION_CHARS:
            section = section[: SECTION_CHARS - 1] + "\u2026"
        if place := location(page_list(hit.pages), section):
            where.append(f"\n{shown_line(place)}", style="dim")
        table.add_row(where, shown_text(hit.text))
    out_console.print(table)
    if more:
        # The best `limit` of more matches: said, or ten hits read as all the library holds.
        err_console.print(
            f"note: showing the best {counted(len(hits), 'passage')}; more match "
            f"(--limit N shows up to {MAX_SEARCH_LIMIT:,})"
            if limit < MAX_SEARCH_LIMIT
            else f"note: showing the best {len(hits):,} passages, the most a search shows; more "
            "match (add words, or --ref, to narrow it)"
        )


@app.command(cls=Command)
def remove(
    ref: Annotated[str, typer.Argument(help="Paper reference to remove.")],
    exact: Annotated[
        bool,
        typer.Option(
            "--exact",
            help="Remove only the copy stored under exactly REF (an unversioned copy kept "
            "beside stored versions).",
        ),
    ] = False,
    library: LibraryOption = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print JSON, {"removed": PAPER}, as the HTTP API answers a removal.',
        ),
    ] = False,
) -> None:
    """Remove a paper and its passages."""
    with _library(library) as lib:
        removed = lib.remove(_stored_ref(lib, ref), exact=exact)
    if as_json:
        # The API's answer; the paper as `list --json` lists it (its file and passageCount too).
        _print_json({"removed": listed_paper(removed)})
        return
    out_console.print(shown_line_text(f"removed {removed.ref}: {removed.title}"))
