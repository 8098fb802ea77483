"""``claimaudit review``: check every cited sentence of a Markdown or LaTeX draft against its
papers and, with --verify-refs, every cited reference against the catalogues."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from claimaudit.api import DEFAULT_SOURCE
from claimaudit.checker.pipeline import Checker
from claimaudit.cli._advice import review_advice
from claimaudit.cli._checking import (
    REFERENCE_CONDITIONS,
    ContextTokensOption,
    FailOn,
    FailOnOption,
    FetchOption,
    JudgeOption,
    ModelOption,
    NoCacheOption,
    SourceOption,
    ThresholdOption,
    TimeoutOption,
    build_checker,
    matches,
    reference_matches,
    stored,
)
from claimaudit.cli._common import (
    EXIT_MATCHED,
    EXIT_OK,
    LibraryOption,
    err_console,
    fail,
    out_console,
    progress_bar,
    require_bibliography,
    require_file,
    require_text,
)
from claimaudit.cli._engine import AddressOption, EngineOption, build_engine
from claimaudit.cli._older_readings import older_readings_note
from claimaudit.cli._references import make_verifier
from claimaudit.cli._review_drafts import Draft, DraftFormat, draft_format_of, prepare
from claimaudit.cli._review_output import (
    annotated_files,
    annotated_places,
    check_outputs,
    stdout_option,
    summary_line,
    write_outputs,
)
from claimaudit.cli._review_table import review_table
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._terminal import json_text, shown_line_text, shown_text
from claimaudit.cli._warnings import warn, warn_empty, warn_unread
from claimaudit.engines import MAX_WORKERS, Engine, EngineName
from claimaudit.guards.filenames import shown_name
from claimaudit.inputs import validate_topic
from claimaudit.judges.protocol import JudgeSettings
from claimaudit.library.paths import default_library_path
from claimaudit.refcheck.verify import ReferenceVerifier
from claimaudit.review import Bibliography, ReviewResult, load_bibliography, render_html
from claimaudit.review.report import review_latex_claims, review_report


def review(
    reports: Annotated[
        list[Path],
        typer.Argument(
            metavar="REPORT",  # Typer adds "..." for a list
            help="The drafts to review: Markdown, or LaTeX (.tex, with its \\input files).",
        ),
    ],
    draft_format: Annotated[
        DraftFormat | None,
        typer.Option("--format", help="The draft's format (default: from its extension)."),
    ] = None,
    bib: Annotated[
        Path | None,
        typer.Option(
            "--bib",
            help="BibTeX (.bib), CSL-JSON (.json) or CSL YAML (.yaml) file for citation keys "
            "(without it, a LaTeX draft's own \\bibliography, a Markdown draft's front matter "
            "bibliography).",
        ),
    ] = None,
    library: LibraryOption = None,
    source: SourceOption = DEFAULT_SOURCE,
    fetch: FetchOption = False,
    judge: JudgeOption = None,
    model: ModelOption = None,
    timeout: TimeoutOption = None,
    context_tokens: ContextTokensOption = None,
    threshold: ThresholdOption = None,
    topic: Annotated[
        str | None, typer.Option("--topic", help="Extra query words for evidence selection.")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            max=MAX_WORKERS,
            help="Pairs checked at once (default: what the judge allows); with --engine ray, "
            f"worker actors (default: one per CPU of the cluster; at most {MAX_WORKERS}).",
        ),
    ] = None,
    no_cache: NoCacheOption = False,
    verify_refs: Annotated[
        bool,
        typer.Option(
            "--verify-refs",
            help="Also check each cited reference against arXiv and Crossref: does it exist, "
            "do its title, first author and year match, was it withdrawn?",
        ),
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Write the annotated draft here (Markdown: - for standard output; LaTeX: "
            "included files go beside it).",
        ),
    ] = None,
    todo: Annotated[
        bool,
        typer.Option(
            "--todo", help="LaTeX: add a \\todo note (todonotes) for each sentence to review."
        ),
    ] = False,
    json_out: Annotated[
        Path | None,
        typer.Option(
            "--json",
            help="Write the records (with sentence positions) as JSON here (- for standard "
            "output, then without the table).",
        ),
    ] = None,
    html_out: Annotated[
        Path | None,
        typer.Option(
            "--html", help="Write a self-contained HTML report here (- for standard output)."
        ),
    ] = None,
    fail_on: FailOnOption = None,
    engine: EngineOption = EngineName.LOCAL,
    address: AddressOption = None,
) -> None:
    """Check each cited sentence of each REPORT against each paper it cites."""
    if address is not None and engine is not EngineName.RAY:
        fail("--address applies to --engine ray only")
    require_text(address=address)
    options = {"--bib": bib, "--out": out, "--json": json_out, "--html": html_out}
    if len(reports) > 1 and (out or json_out or html_out):
        fail("--out, --json and --html write one draft's results: give a single draft")
    require_bibliography(bib, "--bib")
    for option, path in options.items():
        require_file(path, option)
    # What goes to standard output is that output alone: no table, no summary line there.
    to_stdout = stdout_option(
        {"--out": out, "--json": json_out, "--html": html_out},
        latex=any(draft_format_of(r, draft_format) is DraftFormat.LATEX for r in reports),
    )
    if not verify_refs and any(c in REFERENCE_CONDITIONS for c in fail_on or []):
        fail("--fail-on bad-reference and unverified-reference need --verify-refs")
    validate_topic(topic)
    for report in reports:
        if todo and draft_format_of(report, draft_format) is not DraftFormat.LATEX:
            fail("--todo applies to LaTeX drafts only")
    # A bibliography with no entries yet is no reason to stop: its citations are unresolved.
    bibliography = load_bibliography(bib, allow_empty=True) if bib is not None else None
    drafts = [prepare(report, draft_format, bibliography) for report in reports]
    # Each bibliography block that could not be read, and each file with no entry, is named
    # once, before any work.
    read = [
        draft.found.bibliography if draft.found else draft.bibliography or Bibliography()
        for draft in drafts
    ]
    warn_unread(u for b in read for u in b.unread)
    said_empty = warn_empty(read)
    for draft in drafts:  # a citation the reader cannot see is said, never dropped silently
        for message in draft.found.warnings if draft.found else ():
            warn(message)
    # The library's file is an input too: a review must never write over it.
    database = library or default_library_path()
    for draft in drafts:
        outputs = {"--out": out, "--json": json_out, "--html": html_out}
        check_outputs(draft.path, outputs, draft.inputs, bib, database)
        if out is not None and draft.found is not None:
            # The files that will get an annotated copy are known before judging: the main
            # one and each holding a cited sentence. Refused now, not after the judge's work.
            main = draft.found.draft.main
            names = [main, *sorted({c.sentence.file or main for c in draft.found.claims} - {main})]
            protected = draft.inputs | ({bib.resolve()} if bib is not None else set())
            others = {"--json": json_out, "--html": html_out}
            annotated_places(out, main, names, protected, database, others)
    checker = build_checker(
        judge=judge,
        model=model,
        library=library,
        threshold=threshold,
        timeout=timeout,
        context_tokens=context_tokens,
        source=source,
        fetch=fetch,
        no_cache=no_cache,
        advice=review_advice,
    )
    runner: Engine | None = None
    if engine is EngineName.RAY:
        settings = JudgeSettings(model, timeout, context_tokens=context_tokens)
        # As batch's: a source that does not read the library (valyu) is built by each worker.
        runner = build_engine(
            engine,
            judge=judge,
            settings=settings,
            source=checker.source,
            source_name=source,
            library=library,
            address=address,
            workers=workers,
        )
    verifier: ReferenceVerifier | None = (
        make_verifier(library, cache=not no_cache) if verify_refs else None
    )
    # SIGTERM as Ctrl-C: the line says what is kept, and a half-written output is removed.
    with sigterm_interrupts():
        matched = False
        try:
            for draft in drafts:
                hits_before = _cache_hits(checker)
                result, pairs = _review_draft(draft, checker, topic, workers, verifier, runner)
                # A LaTeX draft's warnings, and each empty bibliography, were said before work.
                for message in result.notices:
                    if message not in said_empty:
                        warn(message)
                files: dict[Path, str] = {}
                if out is not None:
                    if result.latex is None:
                        files[out] = result.annotated_markdown
                    else:
                        protected = draft.inputs | ({bib.resolve()} if bib is not None else set())
                        files |= annotated_files(result, out, todo, protected, database)
                if json_out is not None:
                    # The threshold that decided needsReview, as the API's answer names it.
                    used = {"threshold": checker.policy.effective_threshold}
                    files[json_out] = json_text(result.to_dict() | used, indent=2) + "\n"
                if html_out is not None:
                    files[html_out] = render_html(result, title=draft.path.name)
                # All of the review's files or none: a full disk met by --html left a new --out
                # beside an older run's --html, and the error said nothing of it.
                write_outputs(files)
                if len(drafts) > 1:
                    out_console.print(shown_line_text(f"{shown_name(draft.path)}:"))
                _print_result(result, pairs, checker, hits_before, table=to_stdout is None)
                matched = matched or _matches(result, fail_on)
        finally:
            checker.close()
            if verifier is not None:
                verifier.close()
            if runner is not None:
                runner.close()
    raise typer.Exit(EXIT_MATCHED if matched else EXIT_OK)


def _review_draft(
    draft: Draft,
    checker: Checker,
    topic: str | None,
    workers: int | None,
    verifier: ReferenceVerifier | None,
    runner: Engine | None,
) -> tuple[ReviewResult, int]:
    """The draft's review, with a progress bar; and how many distinct pairs it had."""
    progress = progress_bar("reviewing")
    task = progress.add_task("pairs", total=None)
    pairs = 0
    # With the ray engine, --workers counts its actors, not this process's threads.
    threads = None if runner is not None else workers

    def advance(done: int, total: int) -> None:
        nonlocal pairs
        pairs = total
        progress.update(task, completed=done, total=total)

    try:
        with progress:
            if draft.found is not None:
                result = review_latex_claims(
                    draft.found,
                    checker=checker,
                    topic=topic,
                    workers=threads,
                    on_progress=advance,
                    verifier=verifier,
                    engine=runner,
                )
            else:
                result = review_report(
                    draft.text,
                    checker=checker,
                    bibliography=draft.bibliography,
                    topic=topic,
                    workers=threads,
                    on_progress=advance,
                    verifier=verifier,
                    engine=runner,
                )
    except KeyboardInterrupt:
        # Only when true: not with --no-cache, a read-only library or a judge whose answers
        # are never cached (as ``check`` says it).
        kept = "; pairs already judged are cached, rerun to continue" if stored(checker) else ""
        fail(f"interrupted{kept}", code=130)
    return result, pairs


def _cache_hits(checker: Checker) -> int | None:
    hits = getattr(checker.cache, "hits", None)
    return hits if isinstance(hits, int) else None


def _print_result(
    result: ReviewResult, pairs: int, checker: Checker, hits_before: int | None, table: bool
) -> None:
    """The table and summary line on stdout (unless an output took stdout: ``table``), and
    the cache's share on stderr."""
    if table:
        if result.claims:
            out_console.print(review_table(result, out_console.width))
        out_console.print(summary_line(result))
    hits = _cache_hits(checker)
    # A draft with no pair to judge (no citation) read "0 of 0 pairs came from the cache".
    if hits is not None and pairs:
        err_console.print(
            f"{hits - (hits_before or 0)} of {pairs} (claim, paper) pairs came from the cache"
        )
    if note := older_readings_note(r.record for r in result.records):
        err_console.print(shown_text(note))


def _matches(result: ReviewResult, fail_on: list[FailOn] | None) -> bool:
    return bool(fail_on) and (
        any(matches(r.record, fail_on or []) for r in result.records)
        or any(reference_matches(c, fail_on or []) for c in result.references or ())
    )
