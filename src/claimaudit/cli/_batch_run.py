"""A ``claimaudit batch`` run while it holds ``--out``'s lock: resuming, taking stale and
retried records out, the run, and what it says at the end."""

from __future__ import annotations

import errno
from pathlib import Path

import typer

from claimaudit.accounting import counted
from claimaudit.batch.items import read_items
from claimaudit.batch.judged import judge_change_error, other_judges
from claimaudit.batch.resume import Resume, drop_not_checked, read_resume
from claimaudit.batch.run import BatchStats, InputScan, run_batch, scan_input
from claimaudit.batch.stale import drop_stale_in_library
from claimaudit.cli._advice import batch_advice
from claimaudit.cli._checking import (
    FailOn,
    build_checker,
    matches,
    outcome_matches,
)
from claimaudit.cli._common import (
    EXIT_MATCHED,
    err_console,
    fail,
    progress_bar,
)
from claimaudit.cli._engine import (
    build_engine,
)
from claimaudit.cli._older_readings import older_reading, readings_note
from claimaudit.cli._terminal import shown_text
from claimaudit.engines import EngineName
from claimaudit.guards.diskspace import is_no_room
from claimaudit.guards.filenames import shown_name
from claimaudit.judges.protocol import JudgeSettings
from claimaudit.records import Record
from claimaudit.sources.protocol import LibraryUse


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
    ``out`` as the user named it (``run_locked``)."""
    try:
        found = other_judges(out, keys, judge)
    except OSError as error:
        fail(f"cannot read {shown_name(shown)}: {error.strerror or error}")
    if found:
        fail(judge_change_error(shown, found, judge))


def is_stream_out(out: Path) -> bool:
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


def how_to_resume(out: Path, shown: Path) -> str:
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


def run_locked(
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
    fetch: bool = False,
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
        fetch=fetch,
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
                f"free some space and {how_to_resume(out, shown)}"
            )
        if error.errno == errno.EFBIG:
            # A file size limit (ulimit -f) met by --out: "File too large" named no file.
            limited = shown_name(_named(error.filename, out, shown))
            fail(
                f"batch stopped: {limited} has reached this process's "
                f"file size limit ({error.strerror}); raise the limit (ulimit -f) and "
                f"{how_to_resume(out, shown)}"
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
        advice = bad_input_advice(stats, shown, stream=is_stream_out(out))
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
        # A stream is never read back: nothing to retry from, every pair is checked again.
        if is_stream_out(out):
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
