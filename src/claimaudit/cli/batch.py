"""``claimaudit batch``: every (claim, paper) pair of a JSON Lines file, resumable. Its
arguments are checked and ``--out`` locked here; the run itself is ``_batch_run``'s."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from claimaudit.api import DEFAULT_SOURCE
from claimaudit.batch.items import require_json_lines
from claimaudit.batch.lock import batch_lock
from claimaudit.cli._batch_run import how_to_resume, is_stream_out, run_locked
from claimaudit.cli._checking import (
    ContextTokensOption,
    FetchOption,
    JudgeOption,
    ModelOption,
    NoCacheOption,
    RecordFailOn,
    SourceOption,
    ThresholdOption,
    TimeoutOption,
    as_fail_on,
)
from claimaudit.cli._common import (
    EXIT_INTERRUPTED,
    LibraryOption,
    fail,
    lock_refusal,
    refuse_symlink_loop,
    require_file,
    require_input_file,
    require_text,
    require_writable,
)
from claimaudit.cli._engine import (
    AddressOption,
    EngineOption,
    EngineWorkersOption,
    require_engine_options,
)
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.engines import EngineName
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.stdio_names import names_standard_input, opened_as
from claimaudit.guards.userfiles import require_distinct
from claimaudit.library.paths import default_library_path

_JSONL = "a JSON Lines file"


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
    fetch: FetchOption = False,
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
    if names_standard_input(input_file) and not input_file.is_dir():
        fail(f"SOURCE {shown_name(input_file)} (standard input) is not read; give {_JSONL}")
    require_input_file(input_file, "SOURCE", _JSONL, " (standard input is not read)")
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
                run_locked(
                    input_file,
                    target,
                    judge=judge,
                    model=model,
                    timeout=timeout,
                    context_tokens=context_tokens,
                    library=library,
                    paper_source=paper_source,
                    fetch=fetch,
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
            if is_stream_out(target):
                fail(f"interrupted; {how_to_resume(target, out)}", code=EXIT_INTERRUPTED)
            fail(
                f"interrupted; rerun with --out {shown_name(out)} to resume", code=EXIT_INTERRUPTED
            )
