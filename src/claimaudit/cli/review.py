"""``claimaudit review``: check every cited sentence of a Markdown draft against its papers."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from claimaudit.checker import validate_topic
from claimaudit.cli._checking import (
    FailOnOption,
    JudgeOption,
    ModelOption,
    NoCacheOption,
    ThresholdOption,
    TimeoutOption,
    build_checker,
    matches,
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
)
from claimaudit.cli._render import VERDICT_STYLE
from claimaudit.cli._terminal import shown, shown_text
from claimaudit.errors import DraftError
from claimaudit.policy import DEFAULT_THRESHOLD
from claimaudit.review import (
    Bibliography,
    ReviewResult,
    load_bibliography,
    render_html,
    review_report,
)
from claimaudit.review.document import parse_document


def _write(path: Path, content: str) -> None:
    """Write atomically: a failed write never leaves half a file where a good one was."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(content)
        os.replace(tmp, path)
    except OSError as error:
        fail(f"cannot write {path}: {error}")


def _check_outputs(report: Path, outputs: list[Path | None]) -> None:
    seen = {report.resolve()}
    for path in outputs:
        if path is None:
            continue
        if path.resolve() in seen:
            what = "the report itself" if path.resolve() == report.resolve() else "another output"
            fail(f"output {path} would overwrite {what}; choose another path")
        seen.add(path.resolve())


def _read(report: Path) -> str:
    if report.is_dir():
        fail(f"{report} is a folder; give the Markdown draft")
    if not report.is_file():
        fail(f"no such report: {report}")
    try:
        # newline="" keeps "\r\n" as written, so positions and the annotated copy are exact.
        with report.open(encoding="utf-8", newline="") as handle:
            return handle.read()
    except UnicodeDecodeError:
        fail(f"{report} is not UTF-8 text")
    except OSError as error:
        fail(f"cannot read {report}: {error}")


def _table(result: ReviewResult) -> Table:
    table = Table(show_lines=False, expand=True)
    table.add_column("#", justify="right", width=4)
    table.add_column("line", justify="right", width=5)
    table.add_column("sentence", overflow="fold", ratio=2)
    table.add_column("papers", overflow="fold", ratio=2)
    for n, claim in enumerate(result.claims, start=1):
        papers = Text()
        for item in claim.records:
            record = item.record
            if papers:
                papers.append("\n")
            papers.append(f"{shown(record.paper_ref)}: ")
            papers.append(record.verdict.replace("_", " "), style=VERDICT_STYLE[record.verdict])
            if record.needs_review:
                papers.append(" (review)", style="bold")
        sentence = claim.claim.text
        short = sentence if len(sentence) <= 160 else sentence[:157] + "..."
        table.add_row(str(n), str(claim.claim.sentence.line), shown_text(short), papers)
    return table


def _summary_line(result: ReviewResult) -> str:
    s = result.summary
    verdicts = ", ".join(f"{n} {v.replace('_', ' ')}" for v, n in s.verdicts.items() if n)
    return (
        f"{s.claims} cited sentences, {s.records} records ({verdicts or 'none'}); "
        f"{s.needs_review} need review, {s.not_checked} not checked, {s.uncited} uncited sentences"
    )


def review(
    report: Annotated[Path, typer.Argument(help="The Markdown draft to review.")],
    bib: Annotated[
        Path | None,
        typer.Option(
            "--bib",
            help="BibTeX (.bib) or CSL-JSON (.json) file for citation keys.",
        ),
    ] = None,
    library: LibraryOption = None,
    judge: JudgeOption = None,
    model: ModelOption = None,
    timeout: TimeoutOption = None,
    threshold: ThresholdOption = DEFAULT_THRESHOLD,
    topic: Annotated[
        str | None, typer.Option("--topic", help="Extra query words for evidence selection.")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", min=1, help="Pairs checked at once (default: what the judge allows)."
        ),
    ] = None,
    no_cache: NoCacheOption = False,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write the annotated Markdown here."),
    ] = None,
    json_out: Annotated[
        Path | None,
        typer.Option(
            "--json",
            help="Write the records (with sentence positions) as JSON here.",
        ),
    ] = None,
    html_out: Annotated[
        Path | None,
        typer.Option("--html", help="Write a self-contained HTML report here."),
    ] = None,
    fail_on: FailOnOption = None,
) -> None:
    """Check each cited sentence of REPORT against each paper it cites."""
    text = _read(report)
    options = {"--bib": bib, "--out": out, "--json": json_out, "--html": html_out}
    for option, path in options.items():
        require_file(path, option)
    _check_outputs(report, [out, json_out, html_out])
    try:
        validate_topic(topic)
        parse_document(text)  # a draft the parser cannot read whole fails before any work
    except DraftError as error:
        fail(f"{report}: {error}")
    bibliography: Bibliography | None = None
    if bib is not None:
        bibliography = load_bibliography(bib)
    checker = build_checker(
        judge=judge,
        model=model,
        library=library,
        threshold=threshold,
        timeout=timeout,
        no_cache=no_cache,
    )
    progress = progress_bar("reviewing")
    task = progress.add_task("pairs", total=None)
    pairs = 0

    def advance(done: int, total: int) -> None:
        nonlocal pairs
        pairs = total
        progress.update(task, completed=done, total=total)

    try:
        with progress, checker:
            result = review_report(
                text,
                checker=checker,
                bibliography=bibliography,
                topic=topic,
                workers=workers,
                on_progress=advance,
            )
    except KeyboardInterrupt:
        fail("interrupted; pairs already judged are cached, rerun to continue", code=130)
    if out is not None:
        _write(out, result.annotated_markdown)
    if json_out is not None:
        _write(json_out, json.dumps(result.to_dict(), ensure_ascii=False, indent=2) + "\n")
    if html_out is not None:
        _write(html_out, render_html(result, title=report.name))
    if result.claims:
        out_console.print(_table(result))
    out_console.print(_summary_line(result))
    cache = checker.cache
    hits = getattr(cache, "hits", None)
    if isinstance(hits, int):
        err_console.print(f"{hits} of {pairs} (claim, paper) pairs came from the cache")
    if fail_on and any(matches(r.record, fail_on) for r in result.records):
        raise typer.Exit(EXIT_MATCHED)
    raise typer.Exit(EXIT_OK)
