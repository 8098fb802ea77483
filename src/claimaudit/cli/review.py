"""``claimaudit review``: check every cited sentence of a Markdown or LaTeX draft against its
papers and, with --verify-refs, every cited reference against the catalogues."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from claimaudit.checker import validate_topic
from claimaudit.cli._checking import (
    REFERENCE_CONDITIONS,
    ContextTokensOption,
    FailOnOption,
    JudgeOption,
    ModelOption,
    NoCacheOption,
    ThresholdOption,
    TimeoutOption,
    build_checker,
    matches,
    reference_matches,
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
from claimaudit.cli._references import make_verifier
from claimaudit.cli._review_output import (
    annotated_paths,
    check_outputs,
    review_table,
    summary_line,
    write_text,
)
from claimaudit.errors import DraftError
from claimaudit.library.extract import LATEX_SUFFIXES
from claimaudit.refcheck.verify import ReferenceVerifier
from claimaudit.review import Bibliography, ReviewResult, load_bibliography, render_html
from claimaudit.review.annotate_latex import annotate_latex
from claimaudit.review.document import parse_document
from claimaudit.review.latex_claims import LatexClaims, bibliography_files, extract_latex_claims
from claimaudit.review.report import review_latex_claims, review_report


class DraftFormat(StrEnum):
    MARKDOWN = "markdown"
    LATEX = "latex"


def _format(report: Path, chosen: DraftFormat | None) -> DraftFormat:
    if chosen is not None:
        return chosen
    return DraftFormat.LATEX if report.suffix.lower() in LATEX_SUFFIXES else DraftFormat.MARKDOWN


def _read(report: Path) -> str:
    if report.is_dir():
        fail(f"{report} is a folder; give the draft's file")
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


def _latex_inputs(found: LatexClaims) -> set[Path]:
    folder = found.draft.folder
    files = {(folder / name).resolve() for name in found.draft.files}
    return files | {p.resolve() for p in bibliography_files(found.draft, missing_ok=True)}


def _annotated_files(
    result: ReviewResult, out: Path, todo: bool, inputs: set[Path]
) -> dict[Path, str]:
    """Each annotated file of a LaTeX draft by where it goes; none over a file of the draft."""
    assert result.latex is not None
    texts = annotate_latex(result, todo=todo)
    places = annotated_paths(out, result.latex.draft.main, list(texts))
    for name, path in places.items():
        if path.resolve() in inputs:
            fail(
                f"--out: the annotated copy of {name} would overwrite the draft's own file; "
                "write the annotated draft into another folder"
            )
    return {places[name]: text for name, text in texts.items()}


def review(
    report: Annotated[
        Path,
        typer.Argument(
            help="The draft to review: Markdown, or LaTeX (.tex, with its \\input files)."
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
            help="BibTeX (.bib) or CSL-JSON (.json) file for citation keys (a LaTeX draft's own "
            "\\bibliography is read without it).",
        ),
    ] = None,
    library: LibraryOption = None,
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
            "--workers", min=1, help="Pairs checked at once (default: what the judge allows)."
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
            help="Write the annotated draft here (LaTeX: included files go beside it).",
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
    chosen = _format(report, draft_format)
    options = {"--bib": bib, "--out": out, "--json": json_out, "--html": html_out}
    for option, path in options.items():
        require_file(path, option)
    if todo and chosen is not DraftFormat.LATEX:
        fail("--todo applies to LaTeX drafts only")
    if not verify_refs and any(c in REFERENCE_CONDITIONS for c in fail_on or []):
        fail("--fail-on bad-reference and unverified-reference need --verify-refs")
    bibliography: Bibliography | None = load_bibliography(bib) if bib is not None else None
    found: LatexClaims | None = None
    inputs: set[Path] = set()
    try:
        validate_topic(topic)
        if chosen is DraftFormat.LATEX:
            # The whole draft is read (and its bibliography) before any work.
            found = extract_latex_claims(report, bibliography)
            inputs = _latex_inputs(found)
        else:
            parse_document(text)  # a draft the parser cannot read whole fails before any work
    except DraftError as error:
        fail(f"{report}: {error}")
    check_outputs(report, [out, json_out, html_out], inputs)
    checker = build_checker(
        judge=judge,
        model=model,
        library=library,
        threshold=threshold,
        timeout=timeout,
        context_tokens=context_tokens,
        no_cache=no_cache,
    )
    verifier: ReferenceVerifier | None = (
        make_verifier(library, cache=not no_cache) if verify_refs else None
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
            if found is not None:
                result = review_latex_claims(
                    found,
                    checker=checker,
                    topic=topic,
                    workers=workers,
                    on_progress=advance,
                    verifier=verifier,
                )
            else:
                result = review_report(
                    text,
                    checker=checker,
                    bibliography=bibliography,
                    topic=topic,
                    workers=workers,
                    on_progress=advance,
                    verifier=verifier,
                )
    except KeyboardInterrupt:
        fail("interrupted; pairs already judged are cached, rerun to continue", code=130)
    finally:
        if verifier is not None:
            verifier.close()
    if out is not None:
        if result.latex is None:
            write_text(out, result.annotated_markdown)
        else:
            for path, annotated in _annotated_files(result, out, todo, inputs).items():
                write_text(path, annotated)
    if json_out is not None:
        write_text(json_out, json.dumps(result.to_dict(), ensure_ascii=False, indent=2) + "\n")
    if html_out is not None:
        write_text(html_out, render_html(result, title=report.name))
    if result.claims:
        out_console.print(review_table(result))
    out_console.print(summary_line(result))
    cache = checker.cache
    hits = getattr(cache, "hits", None)
    if isinstance(hits, int):
        err_console.print(f"{hits} of {pairs} (claim, paper) pairs came from the cache")
    if fail_on and (
        any(matches(r.record, fail_on) for r in result.records)
        or any(reference_matches(c, fail_on) for c in result.references or ())
    ):
        raise typer.Exit(EXIT_MATCHED)
    raise typer.Exit(EXIT_OK)
