"""``claimaudit check`` and ``claimaudit batch``."""

from __future__ import annotations

import errno
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from claimaudit.accounting import RunSummary, counted
from claimaudit.api import DEFAULT_SOURCE
from claimaudit.batch.items import read_items, require_json_lines
from claimaudit.batch.judged import judge_change_error, other_judges
from claimaudit.batch.lock import batch_lock
from claimaudit.batch.resume import Resume, drop_not_checked, read_resume
from claimaudit.batch.run import BatchStats, InputScan, run_batch, scan_input
from claimaudit.batch.stale import drop_stale_in_library
from claimaudit.checker.pipeline import Checker
from claimaudit.cli._advice import batch_advice
from claimaudit.cli._checking import (
    ContextTokensOption,
    FailOn,
    JudgeOption,
    ModelOption,
    NoCacheOption,
    RecordFailOn,
    RecordFailOnOption,
    SourceOption,
    ThresholdOption,
    TimeoutOption,
    as_fail_on,
    build_checker,
    matches,
    outcome_matches,
    stored,
)
from claimaudit.cli._common import (
    EXIT_INTERRUPTED,
    EXIT_MATCHED,
    EXIT_OK,
    LibraryOption,
    err_console,
    fail,
    lock_refusal,
    out_console,
    progress_bar,
    refuse_symlink_loop,
    require_file,
    require_text,
    require_writable,
)
from claimaudit.cli._engine import (
    AddressOption,
    EngineOption,
    EngineWorkersOption,
    build_engine,
    require_engine_options,
)
from claimaudit.cli._older_readings import older_reading, older_readings_note, readings_note
from claimaudit.cli._render import OutputFormat, render
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._terminal import shown_text
from claimaudit.engines import EngineName
from claimaudit.guards.diskspace import is_no_room
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.stdio_names import names_standard_input, opened_as
from claimaudit.guards.userfiles import is_symlink_loop, missing_reason, require_distinct
from claimaudit.inputs import check_distinct, validate_claim, validate_topic
from claimaudit.judges.protocol import JudgeSettings
from claimaudit.library.paths import default_library_path
from claimaudit.records import Record
from claimaudit.sources.protocol import LibraryUse


def check(
    claim: Annotated[str, typer.Argument(help="The sentence to check.")],
    paper: Annotated[
        list[str],
        typer.Option(
            "--paper",
            "-p",
            metavar="REF",
            help="Paper reference (arXiv id or URL, DOI, prefix:id); repeatable.",
        ),
    ],
    topic: Annotated[
        str | None,
        typer.Option("--topic", metavar="TEXT", help="Extra query words for evidence selection."),
    ] = None,
    judge: JudgeOption = None,
    model: ModelOption = None,
    timeout: TimeoutOption = None,
    context_tokens: ContextTokensOption = None,
    library: LibraryOption = None,
    source: SourceOption = DEFAULT_SOURCE,
    fetch: Annotated[
        bool,
        typer.Option("--fetch", help="Download arXiv papers missing from the library first."),
    ] = False,
    threshold: ThresholdOption = None,
    no_cache: NoCacheOption = False,
    output: Annotated[
        OutputFormat, typer.Option("--format", help="Output format.")
    ] = OutputFormat.TABLE,
    wide: Annotated[
        bool,
        typer.Option(
            "--wide",
            help="Table: each paper's title, the whole section heading, and the evidence "
            "passage with its own line breaks.",
        ),
    ] = False,
    fail_on: RecordFailOnOption = None,
) -> None:
    """Check CLAIM against each --paper; one review record per paper."""
    # The request is checked before any backend loads, so its errors come first and fast.
    validate_claim(claim)
    validate_topic(topic)
    check_distinct(paper)
    # SIGTERM as Ctrl-C: the same line, and a --fetch download's temporary files are removed.
    checker: Checker | None = None
    with sigterm_interrupts():
        try:
            with build_checker(
                judge=judge,
                model=model,
                library=library,
                threshold=threshold,
                timeout=timeout,
                context_tokens=context_tokens,
                source=source,
                fetch=fetch,
                no_cache=no_cache,
            ) as checker:
                records = _check_papers(checker, claim, paper, topic)
                used = checker.policy.effective_threshold  # the judge's, unless --threshold
        except KeyboardInterrupt:
            kept = "; papers already judged are cached, rerun to continue"
            kept = kept if stored(checker) else ""
            fail(f"interrupted; no result was printed{kept}", code=EXIT_INTERRUPTED)
    render(records, output, out_console, threshold=used, wide=wide)
    if output is OutputFormat.TABLE:
        err_console.print(RunSummary.of(records).line("paper"))
    if note := older_readings_note(records):
        err_console.print(shown_text(note))
    conditions = as_fail_on(fail_on)
    if conditions and any(matches(r, conditions) for r in records):
        raise typer.Exit(EXIT_MATCHED)
    raise typer.Exit(EXIT_OK)


def _check_papers(
    checker: Checker, claim: str, papers: list[str], topic: str | None
) -> list[Record]:
    """The records, with a progress bar on stderr when there are several papers (each can take
    seconds with a model or a service to ask)."""
    if len(papers) == 1:
        return checker.check(claim, papers, topic)
    records: list[Record] = []
    progress = progress_bar("checking")
    task = progress.add_task("papers", total=len(papers))
    with progress:
        for record in checker.iter_check(claim, papers, topic):
            records.append(record)
            progress.advance(task)
    return records


def batch(
    input_file: Annotated[
        Path,
        typer.Argument(
            metavar="SOURCE",
            help="JSON Lines input: {id, claim, papers, topic?} per line.",
        ),
    ],
    out: Annotated[Path, typer.Option("--out", help="JSON Lines output; reused to resume.")],
    judge: JudgeOption = None,
    model: ModelOption = None,
    timeout: TimeoutOption = None,
    context_tokens: ContextTokensOption = None,
    library: LibraryOption = None,
    paper_source: SourceOption = DEFAULT_SOURCE,
    threshold: ThresholdOption = None,
    no_cache: NoCacheOption = False,
    retry_not_checked: Annotated[
        bool,
        typer.Option(
            "--retry-not-checked",
            help="On resume, check again the pairs --out holds as not_checked (a judge or "
            "source that was down); their old records are taken out of --out.",
        ),
    ] = False,
    engine: EngineOption = EngineName.LOCAL,
    address: AddressOption = None,
    workers: EngineWorkersOption = None,
    fail_on: Annotated[
        list[RecordFailOn] | None,
        typer.Option(
            "--fail-on",
            help="Exit 1 when any record of the input's pairs matches, those already in --out "
            "included; repeatable.",
        ),
    ] = None,
) -> None:
    """Check every (claim, paper) pair of a JSON Lines file; rerun with the same --out to resume."""
    require_engine_options(engine, address, workers)
    require_text(address=address)
    if input_file.is_dir():
        fail(f"{shown_name(input_file)} is a folder; give the JSON Lines input file")
    if names_standard_input(input_file):
        fail(f"{shown_name(input_file)} (standard input) is not read; give a JSON Lines file")
    if input_file.exists() and not input_file.is_file():
        fail(
            f"{shown_name(input_file)} is not a regular file; give a JSON Lines file (stdin is "
            "not read)"
        )
    if not input_file.is_file():
        if is_symlink_loop(input_file):
            fail(f"{shown_name(input_file)}: {missing_reason(input_file)}")
        fail(f"no such input file: {shown_name(input_file)}")
    if out == Path("-"):
        # As for review, "-" reads as standard output; batch resumes from --out, so it needs
        # a file (a file called "-" is named with its folder: out/-).
        fail("batch --out needs a file to resume from, not standard output ('-'); give a file name")
    # The one place --out is translated: while standard output is claimed (``own_stdout``), a
    # name of descriptor 1 (/dev/stdout, a link to it) leads to stderr, so every use of it
    # (lock, resume, rewrite, append) goes through the private copy's name instead; messages
    # keep the name given.
    target = opened_as(out)
    require_file(target, "--out")
    refuse_symlink_loop(target, "--out")
    database = library or default_library_path()
    require_distinct(
        [("--out", target)],
        [("the input", input_file), ("the library", database)],
        shown={target: out},
    )
    try:
        require_json_lines(input_file)
    except OSError as error:
        fail(f"cannot read {shown_name(input_file)}: {error.strerror or error}")
    # SIGTERM as Ctrl-C: the lock goes and the line says how to resume (a killed run left the
    # lock and said nothing). Caught outside the lock, so it is gone when the line is printed.
    with sigterm_interrupts():
        try:
            with ExitStack() as held:
                try:
                    # Before any model loads or --out is read: a second run stops here.
                    held.enter_context(batch_lock(target))
                except OSError as error:
                    fail(lock_refusal("--out", out, error))
                # Before the judge loads: a read-only --out was read, resumed from, and only
                # the first record stopped the run ("batch stopped: Permission denied").
                require_writable(target, "--out")
                _run_locked(
                    input_file,
                    target,
                    judge=judge,
                    model=model,
                    timeout=timeout,
                    context_tokens=context_tokens,
                    library=library,
                    paper_source=paper_source,
                    threshold=threshold,
                    no_cache=no_cache,
                    retry_not_checked=retry_not_checked,
                    engine=engine,
                    address=address,
                    workers=workers,
                    fail_on=as_fail_on(fail_on),
                    shown=out,
                )
        except KeyboardInterrupt:
            # A stream (/dev/stdout, a FIFO) is never read back: a rerun checks every pair.
            if _stream(target):
                fail(f"interrupted; {_how_to_resume(target, out)}", code=EXIT_INTERRUPTED)
            fail(
                f"interrupted; rerun with --out {shown_name(out)} to resume", code=EXIT_INTERRUPTED
            )


def _named(filename: str | None, out: Path, shown: Path) -> str | Path:
    """The file an error names: ``out`` as the user named it (``shown``) where that is ``out``
    or it names none."""
    return shown if filename is None or filename == str(out) else filename


def bad_input_advice(stats: BatchStats, out: Path, *, stream: bool = False) -> str:
    """What to do about the bad input lines a run wrote: fix them, since rerunning unchanged
    counts them as done; their old records stay in ``out`` unless a retry takes them out. A
    ``stream`` (/dev/null, a FIFO) holds nothing afterwards and is never read back: its records
    said why as they went, and a rerun checks every line again."""
    lines = stats.bad_lines
    # Past five, how many in all: "2, 3, 4, 5, 6, ..." alone hid whether 6 or 6000 were bad.
    more = f", ... ({len(lines):,} in all)" if len(lines) > 5 else ""
    shown = ", ".join(str(n) for n in lines[:5]) + more
    one = len(lines) == 1
    refused = (
        f"input line{'' if one else 's'} {shown} {'was' if one else 'were'} refused as bad input"
    )
    if stream:
        return (
            f"{refused} (the not_checked record{'' if one else 's'} written to "
            f"{shown_name(out)} said why); fix {'it' if one else 'them'} and run it again"
        )
    return (
        f"{refused} ({shown_name(out)} holds why); fix {'it' if one else 'them'} and rerun (add "
        "--retry-not-checked to take the old not_checked records out of --out)"
    )


def _refuse_another_judge(out: Path, keys: set[str], judge: str, shown: Path) -> None:
    """Exit 2 when ``out`` holds verdicts of the input lines ``keys`` by another judge than
    ``judge`` (``batch_judged``): resumed, the run would report them as its own. ``shown``:
    ``out`` as the user named it (``_run_locked``)."""
    try:
        found = other_judges(out, keys, judge)
    except OSError as error:
        fail(f"cannot read {shown_name(shown)}: {error.strerror or error}")
    if found:
        fail(judge_change_error(shown, found, judge))


def _stream(out: Path) -> bool:
    """Whether ``out`` is a stream (/dev/stdout, a FIFO, a device): written, never read back."""
    return out.exists() and not out.is_file()


def _waiting_for_reader(shown: Path) -> str:
    """Said once when --out is a FIFO no program reads yet: the run waits there, silent."""
    return (
        f"waiting for a program to read {shown_name(shown)} (--out is a FIFO that nothing reads "
        "yet); the records are written once one does (Ctrl-C stops)"
    )


def _holds_records(out: Path) -> bool:
    """Whether ``out`` may hold records already (a resumed run)."""
    return out.is_file() and out.stat().st_size > 0


def _how_to_resume(out: Path, shown: Path) -> str:
    """The advice after a run stopped part way: a rerun resumes from a file, but a stream
    (a FIFO, a device) is never read back (``read_resume``), so it would check every pair again."""
    if out.is_file():
        return f"rerun with --out {shown_name(shown)} to resume where it stopped"
    return (
        f"run it again (--out {shown_name(shown)} is no file to resume from: every pair is "
        "checked again)"
    )


def _drop_stale(out: Path, keys: set[str], library: Path | None, shown: Path) -> int:
    """Take out of ``out`` its records of the input lines ``keys`` judged against a paper's text
    that the library has replaced since (``batch_stale``); the number taken out."""
    try:
        return drop_stale_in_library(out, keys, library)
    except OSError as error:
        # Read, then rewritten in place (``batch_rewrite``): a read-only file is refused here.
        fail(f"cannot take records out of {shown_name(shown)}: {error.strerror or error}")


def _read_resume(out: Path, shown: Path) -> Resume:
    """``out``'s records so far (``read_resume``); exit 2 when it cannot be read."""
    try:
        return read_resume(out)
    except OSError as error:
        fail(f"cannot read {shown_name(shown)}: {error.strerror or error}")


def _scan(input_file: Path, resume: Resume, *, keys: bool = False) -> InputScan:
    """``scan_input``; exit 2 when the input cannot be read."""
    try:
        return scan_input(input_file, resume, keys=keys)
    except OSError as error:
        fail(f"cannot read {shown_name(input_file)}: {error.strerror or error}")


def _run_locked(
    input_file: Path,
    out: Path,
    *,
    judge: str | None,
    model: str | None,
    timeout: float | None,
    context_tokens: int | None,
    library: Path | None,
    paper_source: str,
    threshold: float | None,
    no_cache: bool,
    retry_not_checked: bool,
    engine: EngineName,
    address: str | None,
    workers: int | None,
    fail_on: list[FailOn],
    shown: Path,
) -> None:
    """The batch run, while this process holds ``out``'s lock; ``shown``: ``out`` as the user
    named it, for messages (``out`` may name the private copy of standard output)."""
    checker = build_checker(
        judge=judge,
        model=model,
        library=library,
        threshold=threshold,
        timeout=timeout,
        context_tokens=context_tokens,
        source=paper_source,
        no_cache=no_cache,
        advice=batch_advice,
    )
    resumed = _holds_records(out)
    try:
        resume = _read_resume(out, shown)
        # One streaming pass (ids, pairs left, pairs done, and on a resume the lines' keys); the
        # run reads it again only for pairs left to do, so a long input is never held whole,
        # nor a finished one read twice.
        scan = _scan(input_file, resume, keys=resumed)
        if resumed:
            # Before --out is changed or a cluster joined: a refusal leaves both as they were.
            _refuse_another_judge(out, scan.keys, checker.judge.name, shown)
    except BaseException:
        checker.close()
        raise
    runner = build_engine(
        engine,
        judge=judge,
        settings=JudgeSettings(model, timeout, context_tokens=context_tokens),
        source=checker.source,
        source_name=paper_source,
        library=library,
        address=address,
        workers=workers,
    )
    try:
        # Before --out is changed (--retry-not-checked, records of replaced text): a cluster out
        # of reach is an error that leaves it as it was.
        runner.connect()
    except BaseException:
        runner.close()
        checker.close()
        raise
    rescan = False
    if retry_not_checked:
        try:
            dropped = drop_not_checked(out)
        except OSError as error:
            fail(f"cannot take records out of {shown_name(shown)}: {error.strerror or error}")
        if dropped:
            err_console.print(f"checking again {counted(dropped, 'pair')} not checked before")
            resume, rescan = _read_resume(out, shown), True
    # Records of this input judged against a paper's text that the library has replaced since
    # are taken out (``batch_stale``): which records are this input's, its scan says.
    if (
        resumed
        and checker.source.library_use is not LibraryUse.NONE
        and (redone := _drop_stale(out, scan.keys, library, shown))
    ):
        err_console.print(
            f"note: checking again {counted(redone, 'pair')} judged against text the library "
            "has replaced or read again with a newer reader since (another paperContentHash "
            "or paperExtractor, or, in a record older than those, another passage under its "
            "evidencePassageId), on search excerpts of a paper the library holds now, or as "
            "an edition their reference no longer reads (arXiv:X judged as v1, v2 added "
            "since); their old records are taken out"
        )
        resume, rescan = _read_resume(out, shown), True
    if rescan:
        scan = _scan(input_file, resume)  # the pairs taken out are left to do now
    for problem in resume.problems(shown):
        err_console.print(shown_text(f"warning: {problem}"))
    # Before the run, so that a line's own judge or threshold is not believed to be used.
    if (ignored := scan.ignored.warning()) is not None:
        err_console.print(shown_text(f"warning: {ignored}"))
    if (repeated := scan.repeated.warning()) is not None:
        err_console.print(shown_text(f"warning: {repeated}"))
    total = scan.pending
    progress = progress_bar("checking")
    task = progress.add_task("pairs", total=total)

    matched = False
    older: dict[str, None] = {}  # the papers judged as an older reader read them, each once

    def advance(record: Record) -> None:
        nonlocal matched
        matched = matched or matches(record, fail_on)
        if (reading := older_reading(record)) is not None:
            older.setdefault(reading)
        progress.advance(task)

    try:
        with progress, checker:
            try:
                stats = run_batch(
                    input_file,
                    out,
                    checker,
                    on_record=advance,
                    # A finished input is not read again: its scan counted what is done.
                    items=read_items(input_file) if scan.pending else (),
                    resume=resume,
                    unique_ids=scan.unique_ids,
                    done=None if scan.pending else scan.done,
                    engine=runner,
                    lock=False,  # held by the caller, since before --out was read
                    waiting=lambda: err_console.print(shown_text(_waiting_for_reader(shown))),
                )
            finally:
                runner.close()
    except BrokenPipeError:
        raise  # --out /dev/stdout read by `| head`: a quiet stop, as for every command
    except OSError as error:
        if is_no_room(error):
            # A write to --out itself names no file; the records written so far are kept.
            full = _named(error.filename, out, shown)
            fail(
                f"batch stopped: the disk holding {shown_name(full)} is full ({error.strerror}); "
                f"free some space and {_how_to_resume(out, shown)}"
            )
        if error.errno == errno.EFBIG:
            # A file size limit (ulimit -f) met by --out: "File too large" named no file.
            limited = shown_name(_named(error.filename, out, shown))
            fail(
                f"batch stopped: {limited} has reached this process's "
                f"file size limit ({error.strerror}); raise the limit (ulimit -f) and "
                f"{_how_to_resume(out, shown)}"
            )
        where = f" ({shown_name(error.filename)})" if error.filename else ""
        fail(f"batch stopped: {error.strerror or error}{where}")
    err_console.print(
        shown_text(
            f"wrote {counted(stats.written, 'record')} to {shown_name(shown)}; {stats.skipped} "
            "already done"
        )
    )
    err_console.print(f"this run: {stats.summary.line()}")
    if note := readings_note(older):
        err_console.print(shown_text(note))
    if stats.bad_lines:
        advice = bad_input_advice(stats, shown, stream=_stream(out))
        err_console.print(shown_text(f"warning: {advice}"))
    if stats.written and stats.summary.not_checked == stats.written:
        if stats.bad_records == stats.written:
            # Only the input's own mistakes: no judge or source was down, so no outage is
            # claimed (exit 1); a usage error, as a bad option is.
            records = counted(stats.written, "not_checked record")
            # "Had to judge": a resumed run reads every line, but skips those already done.
            fail(f"no pair was judged: every line this run had to judge was bad input ({records})")
        # Nothing was judged (a judge or source down): as eval, not a success.
        where = f"; {shown_name(shown)} holds each pair's error (rerun with --retry-not-checked)"
        if _stream(out):  # never read back: nothing to retry from, every pair is checked again
            where = f"; each pair's error was written to {shown_name(shown)}; run it again"
        fail(f"no pair was judged ({stats.written} not_checked){where}", code=EXIT_MATCHED)
    # needsReview is the policy's of this run, as for a cached judgement: --out's older lines
    # may say otherwise (they are left as written).
    policy = checker.policy
    restated = sum(
        n for o, n in stats.earlier.items() if o.needs_review_under(policy) != o.needs_review
    )
    if restated:
        err_console.print(
            shown_text(
                f"note: needsReview of {counted(restated, 'record')} already in "
                f"{shown_name(shown)} was decided under another review threshold; --fail-on goes "
                "by this run's "
                f"({policy.effective_threshold:g})"
            )
        )
    earlier = (
        outcome_matches(o.verdict, o.needs_review_under(policy), fail_on) for o in stats.earlier
    )
    if matched or any(earlier):
        raise typer.Exit(EXIT_MATCHED)
