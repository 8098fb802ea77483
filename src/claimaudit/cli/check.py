"""``claimaudit check``: one claim against its papers."""

from __future__ import annotations

from typing import Annotated

import typer

from claimaudit.accounting import RunSummary
from claimaudit.api import DEFAULT_SOURCE
from claimaudit.checker.pipeline import Checker
from claimaudit.cli._checking import (
    ContextTokensOption,
    FetchOption,
    JudgeOption,
    ModelOption,
    NoCacheOption,
    RecordFailOnOption,
    SourceOption,
    ThresholdOption,
    TimeoutOption,
    as_fail_on,
    build_checker,
    matches,
    stored,
)
from claimaudit.cli._common import (
    EXIT_INTERRUPTED,
    EXIT_MATCHED,
    EXIT_OK,
    LibraryOption,
    err_console,
    fail,
    out_console,
    progress_bar,
)
from claimaudit.cli._older_readings import older_readings_note
from claimaudit.cli._render import OutputFormat, render
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._terminal import shown_text
from claimaudit.inputs import check_distinct, validate_claim, validate_topic
from claimaudit.records import Record


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
    fetch: FetchOption = False,
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
    if wide and output is not OutputFormat.TABLE:
        # JSON carries the title, heading and passage whole: --wide there was silently ignored.
        fail(f"--wide applies to --format table; --format {output.value} carries every field whole")
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
