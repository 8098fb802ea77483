"""``claimaudit check`` and ``claimaudit batch``."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from claimaudit.accounting import RunSummary
from claimaudit.api import make_checker, make_source
from claimaudit.batch import pending_pairs, read_items, read_resume, run_batch
from claimaudit.checker import (
    Checker,
    InvalidClaimError,
    Record,
    check_distinct,
    validate_claim,
    validate_topic,
)
from claimaudit.cli._common import (
    EXIT_MATCHED,
    EXIT_OK,
    LibraryOption,
    err_console,
    fail,
    out_console,
    progress_bar,
    require_file,
    require_text,
)
from claimaudit.cli._render import OutputFormat, render
from claimaudit.cli._terminal import shown_text
from claimaudit.library.paths import resolve_library_path
from claimaudit.library.result_cache import LibraryResultCache
from claimaudit.plugins import UnknownBackendError
from claimaudit.sources.arxiv_library import FetchingSource

JudgeOption = Annotated[
    str | None,
    typer.Option("--judge", help="Judge backend (default: local, or $CLAIMAUDIT_JUDGE)."),
]
ModelOption = Annotated[str | None, typer.Option("--model", help="Model id for the judge.")]
TimeoutOption = Annotated[
    float | None,
    typer.Option("--timeout", help="Seconds to wait for a remote judge's answer.", min=0.1),
]
SourceOption = Annotated[
    str,
    typer.Option(
        "--source",
        help="Where papers come from: auto (the library, else Valyu Search when VALYU_API_KEY "
        "is set), library, valyu, arxiv (the library, downloading missing arXiv papers), or "
        "another registered source.",
    ),
]
DEFAULT_SOURCE = "auto"
# --fetch puts papers into the library, so it only makes sense for sources that read it.
_FETCHING_SOURCES = frozenset({"auto", "library", "arxiv"})
# Sources that read the library without ever creating it.
_READING_SOURCES = frozenset({"auto", "library"})
NoCacheOption = Annotated[
    bool,
    typer.Option(
        "--no-cache",
        help="Judge every pair afresh; neither read nor write the library's cache of results.",
    ),
]
ThresholdOption = Annotated[
    float | None,
    typer.Option(
        "--threshold",
        help="Confidence below which a record needs review (default: the judge's validated "
        "threshold, else 0.8).",
        min=0.0,
        max=1.0,
    ),
]


class FailOn(StrEnum):
    NEEDS_REVIEW = "needs-review"
    CONTRADICTS = "contradicts"
    NOT_CHECKED = "not-checked"


FailOnOption = Annotated[
    list[FailOn] | None,
    typer.Option("--fail-on", help="Exit 1 when any record matches; repeatable."),
]


def _matches(record: Record, conditions: list[FailOn]) -> bool:
    return any(
        (condition is FailOn.NEEDS_REVIEW and record.needs_review)
        or (condition is FailOn.CONTRADICTS and record.verdict == "contradicts")
        or (condition is FailOn.NOT_CHECKED and record.verdict == "not_checked")
        for condition in conditions
    )


def _checker(
    judge: str | None,
    model: str | None,
    library: Path | None,
    threshold: float | None,
    timeout: float | None,
    source: str = DEFAULT_SOURCE,
    fetch: bool = False,
    no_cache: bool = False,
) -> Checker:
    if fetch and source not in _FETCHING_SOURCES:
        fail(f"--fetch adds papers to the library; it does not apply to --source {source}")
    require_text(model=model, judge=judge, source=source)
    cache = None if no_cache else LibraryResultCache(library)
    try:
        chosen = make_source(source, library)
        if fetch:
            chosen = FetchingSource(chosen, library)
        checker = make_checker(
            judge,
            source=chosen,
            library=library,
            threshold=threshold,
            model=model,
            timeout=timeout,
            cache=cache,
        )
    except (UnknownBackendError, ValueError) as error:
        fail(str(error))
    # After the judge and source names, so that those errors come first (models load lazily).
    _check_library(library, reads=source in _READING_SOURCES and not fetch)
    return checker


def _check_library(library: Path | None, *, reads: bool) -> None:
    """A library named on the command line (or in CLAIMAUDIT_LIBRARY) must be a file, and must
    exist when the source only reads it: a mistyped path is an error, not "no such paper"."""
    if library is None:
        return
    path = resolve_library_path(library)
    if path.is_dir():
        fail(f"--library {path} is a folder; give the library file")
    if reads and not path.exists():
        fail(f"no library at {path} (add a paper with `claimaudit library add`)")


def check(
    claim: Annotated[str, typer.Argument(help="The sentence to check.")],
    paper: Annotated[
        list[str],
        typer.Option(
            "--paper", "-p", help="Paper reference (arXiv id or URL, DOI, prefix:id); repeatable."
        ),
    ],
    topic: Annotated[
        str | None, typer.Option("--topic", help="Extra query words for evidence selection.")
    ] = None,
    judge: JudgeOption = None,
    model: ModelOption = None,
    timeout: TimeoutOption = None,
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
    fail_on: FailOnOption = None,
) -> None:
    """Check CLAIM against each --paper; one review record per paper."""
    try:
        # The request is checked before any backend loads, so its errors come first and fast.
        validate_claim(claim)
        validate_topic(topic)
        check_distinct(paper)
    except InvalidClaimError as error:
        fail(str(error))
    checker = _checker(judge, model, library, threshold, timeout, source, fetch, no_cache)
    records = checker.check(claim, paper, topic)
    render(records, output, out_console)
    if output is OutputFormat.TABLE:
        err_console.print(RunSummary.of(records).line())
    if fail_on and any(_matches(r, fail_on) for r in records):
        raise typer.Exit(EXIT_MATCHED)
    raise typer.Exit(EXIT_OK)


def batch(
    input_file: Annotated[
        Path,
        typer.Argument(
            metavar="SOURCE",
            help="JSON Lines input: {id, claim, papers, topic?} per line.",
        ),
    ],
    out: Annotated[
        Path, typer.Option("--out", help="JSON Lines output; reused to resume.")
    ],
    judge: JudgeOption = None,
    model: ModelOption = None,
    timeout: TimeoutOption = None,
    library: LibraryOption = None,
    paper_source: SourceOption = DEFAULT_SOURCE,
    threshold: ThresholdOption = None,
    no_cache: NoCacheOption = False,
) -> None:
    """Check every (claim, paper) pair of a JSON Lines file; rerun with the same --out to resume."""
    if input_file.is_dir():
        fail(f"{input_file} is a folder; give the JSON Lines input file")
    if not input_file.is_file():
        fail(f"no such input file: {input_file}")
    require_file(out, "--out")
    if out.resolve() == input_file.resolve():
        fail("--out must differ from the input file")
    checker = _checker(judge, model, library, threshold, timeout, paper_source, no_cache=no_cache)
    try:
        items = list(read_items(input_file))
    except OSError as error:
        fail(f"cannot read {input_file}: {error.strerror or error}")
    try:
        resume = read_resume(out)
    except OSError as error:
        fail(f"cannot read {out}: {error.strerror or error}")
    for problem in resume.problems(out):
        err_console.print(shown_text(f"warning: {problem}"))
    total = pending_pairs(items, resume)
    progress = progress_bar("checking")
    task = progress.add_task("pairs", total=total)

    def advance(_: Record) -> None:
        progress.advance(task)

    try:
        with progress:
            stats = run_batch(
                input_file, out, checker, on_record=advance, items=items, resume=resume
            )
    except KeyboardInterrupt:
        fail(f"interrupted; rerun with --out {out} to resume", code=130)
    except OSError as error:
        fail(f"batch stopped: {error.strerror or error}")
    err_console.print(
        shown_text(f"wrote {stats.written} records to {out}; {stats.skipped} already done")
    )
    err_console.print(f"summary: {stats.summary.line()}")
