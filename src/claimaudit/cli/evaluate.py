"""``claimaudit eval``: measure a judge on a labelled claim-verification dataset."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from claimaudit.accounting import counted
from claimaudit.api import make_judge, make_source
from claimaudit.batch.lock import batch_lock
from claimaudit.cli._checking import (
    ContextTokensOption,
    JudgeOption,
    ModelOption,
    TimeoutOption,
    refuse_unused_timeout,
)
from claimaudit.cli._common import (
    EXIT_INTERRUPTED,
    EXIT_MATCHED,
    err_console,
    fail,
    fail_missing,
    lock_refusal,
    out_console,
    progress_bar,
    require_file,
    require_text,
    require_writable,
    write_text,
)
from claimaudit.cli._engine import (
    AddressOption,
    EngineOption,
    EngineWorkersOption,
    build_engine,
    require_engine_options,
)
from claimaudit.cli._sigterm import sigterm_interrupts
from claimaudit.cli._warnings import warn
from claimaudit.engines import EngineName
from claimaudit.evaluation.datasets import (
    LeftOutClaim,
    RefusedClaimError,
    read_dataset,
    read_ids,
)
from claimaudit.evaluation.outputs import is_eval_rows, is_eval_summary
from claimaudit.evaluation.rationales import check_rationales
from claimaudit.evaluation.report import summary, tables
from claimaudit.evaluation.runner import evaluate
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.stdio_names import is_stream, names_standard_input, names_stdout
from claimaudit.guards.userfiles import (
    UnreadableFileError,
    check_regular,
    is_symlink_loop,
    require_distinct,
)
from claimaudit.judges.protocol import JudgeSettings
from claimaudit.library.scifact import CorpusFormat, import_corpus, sentence_counts
from claimaudit.library.store import Library
from claimaudit.sources.protocol import Source

# How a corpus error names the format: eval takes it as an argument, not as --format.
FORMAT_NAMED = "the format"
# Where ``-`` writes; /dev/stdout is written in place (userfiles.atomic_writer).
STDOUT = Path("/dev/stdout")


def _library_source(path: Path, fmt: CorpusFormat, corpus: Path) -> Source:
    with Library.open(path) as library:
        import_corpus(library, corpus, fmt, format_named=FORMAT_NAMED)
    return make_source("library", library=path)


def eval_command(
    fmt: Annotated[CorpusFormat, typer.Argument(metavar="FORMAT", help="Dataset format.")],
    claims: Annotated[Path, typer.Option("--claims", help="Labelled claims file.")],
    corpus: Annotated[Path, typer.Option("--corpus", help="Corpus of abstracts.")],
    # As check's: the help names the default (CLAIMAUDIT_JUDGE applies to eval too), and a
    # model id with a control character is refused as --model, before the corpus is loaded.
    judge: JudgeOption = None,
    model: ModelOption = None,
    # The same option as check's: without it the jev and openai judges always waited 60 s.
    timeout: TimeoutOption = None,
    ids: Annotated[
        Path | None,
        typer.Option("--ids", help="Only claims whose id is listed (one per line)."),
    ] = None,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="Stop after N pairs.")] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Write each pair's record (with gold) as JSON Lines ('-': stdout)."
        ),
    ] = None,
    summary_path: Annotated[
        Path | None, typer.Option("--summary", help="Write the metrics as JSON ('-': stdout).")
    ] = None,
    context_tokens: ContextTokensOption = None,
    engine: EngineOption = EngineName.LOCAL,
    address: AddressOption = None,
    workers: EngineWorkersOption = None,
    skip_invalid: Annotated[
        bool,
        typer.Option(
            "--skip-invalid",
            help="Leave out claims that check refuses (too long, no words, not valid text), "
            "naming each, rather than stop at the first.",
        ),
    ] = False,
) -> None:
    """Check each claim against each cited document of a labelled dataset and score the verdicts."""
    require_engine_options(engine, address, workers)
    require_text(address=address)
    # The corpus goes into a built-in library source: with the local judge nothing reads it.
    refuse_unused_timeout(timeout, judge, "library")
    out, summary_path = _stdout_for_dash(out), _stdout_for_dash(summary_path)
    options = {"--claims": claims, "--corpus": corpus, "--ids": ids, "--out": out}
    for option, path in {**options, "--summary": summary_path}.items():
        require_file(path, option)
    for option, path in (("--claims", claims), ("--corpus", corpus), ("--ids", ids)):
        if path is not None:
            _require_regular(path, option)
    outputs = {"--out": out, "--summary": summary_path}
    require_distinct(outputs.items(), [("--claims", claims), ("--corpus", corpus), ("--ids", ids)])
    for option, path in outputs.items():
        require_writable(path, option)
    if summary_path is not None and not is_eval_summary(summary_path):
        fail(
            f"--summary {summary_path} is not an earlier eval's summary; give a new file, or "
            "one eval wrote"
        )
    try:
        dataset = read_dataset(fmt, claims, skip_invalid=skip_invalid)
    except RefusedClaimError as error:
        fail(f"{error} (--skip-invalid leaves such claims out and names them)")
    pairs, left_out = dataset.pairs, dataset.left_out
    if ids is not None:
        wanted = read_ids(ids)
        known = {p.claim_id for p in pairs} | {c.claim_id for c in left_out}
        _warn_unknown_ids(wanted, known, ids, claims)
        chosen_ids = set(wanted)
        pairs = [p for p in pairs if p.claim_id in chosen_ids]
        left_out = [c for c in left_out if c.claim_id in chosen_ids]
    if limit and len(pairs) > limit:
        pairs = pairs[:limit]
        # The run stops after its last pair: a claim left out past it was never reached, and
        # named it read as one of the claims this run measured.
        left_out = [c for c in left_out if c.line < pairs[-1].line]
    _warn_left_out(left_out)
    if not pairs:
        fail("no (claim, document) pairs to evaluate")
    check_rationales(pairs, fmt, sentence_counts(corpus, fmt, FORMAT_NAMED))
    # SIGTERM as Ctrl-C: the lock, --out's temporary file and the temporary library go (a
    # killed run left all three, and an empty --out).
    with sigterm_interrupts():
        settings = JudgeSettings(model=model, timeout=timeout, context_tokens=context_tokens)
        with ExitStack() as held:
            if out is not None:
                try:
                    # Before the model loads or --out is emptied: a second run on it stops here.
                    held.enter_context(batch_lock(out))
                except OSError as error:
                    fail(lock_refusal("--out", out, error))
                # Under the lock: a file another run writes is refused as such, not as this.
                if not is_eval_rows(out):
                    fail(
                        f"--out {shown_name(out)} holds no eval row, so it is not an earlier "
                        "eval's output; give a new file, or one eval wrote"
                    )
            chosen = make_judge(judge, settings)
            runner = build_engine(
                engine, judge=judge, settings=settings, address=address, workers=workers
            )
            held.callback(runner.close)
            runner.connect()  # a cluster out of reach fails before the corpus is read
            err_console.print(
                f"evaluating {counted(len(pairs), 'pair')} with judge {chosen.name!r}"
            )
            # As batch's and review's: a long run (minutes with a model) is seen to move.
            progress = progress_bar("evaluating")
            task = progress.add_task("pairs", total=len(pairs))
            try:
                with progress:
                    result = evaluate(
                        pairs,
                        fmt,
                        corpus,
                        chosen,
                        _library_source,
                        out=out,
                        on_pair=lambda _: progress.advance(task),
                        engine=runner,
                        timeout=timeout,
                    )
            except KeyboardInterrupt:
                # --out and --summary are replaced only once every pair is done.
                kept = f"; {shown_name(out)} is as it was" if out is not None else ""
                fail(f"interrupted; no figures were printed{kept}", code=EXIT_INTERRUPTED)
            except OSError as error:
                if out is None or error.filename != str(out):
                    raise
                # "cannot write the output: No space left on device" read as standard output.
                # A file is replaced only at the end; a stream was written as pairs finished.
                kept = "" if is_stream(out) else f", and {shown_name(out)} is as it was"
                where = "standard output" if out == STDOUT else out  # --out - is /dev/stdout
                fail(
                    f"cannot write --out {where}: {error.strerror or error}; no figures were "
                    f"printed{kept}"
                )
        # Standard output that carries --out's rows or --summary's JSON carries them alone
        # (as review's): the tables then go to stderr, still seen, never in the data. By any
        # of its names: a link to /dev/stdout put the tables between the rows.
        on_stdout = any(path is not None and names_stdout(path) for path in (out, summary_path))
        shown_on = err_console if on_stdout else out_console
        shown_on.print(tables(result, left_out=len(left_out)))
        if summary_path:
            data = summary(
                result,
                format=fmt.value,
                judge=chosen.name,
                claims=str(claims),
                corpus=str(corpus),  # another corpus, other passages: other figures
                # Which pairs of the file were measured: a subset's figures (the validation
                # split of claims_train, --limit 20) read as the whole file's without these.
                ids=None if ids is None else str(ids),
                limit=limit,
                leftOut=[
                    {"id": c.claim_id, "where": c.where, "reason": c.reason} for c in left_out
                ],
            )
            write_text(summary_path, json.dumps(data, indent=2) + "\n")
        if result.metrics.pairs and result.not_checked:
            # Their gold is in no figure: a judge failing on the long abstracts, or documents
            # missing from the corpus, leave figures over the rest that read as the whole set's.
            total = result.metrics.pairs + result.not_checked
            named = "standard output" if out == STDOUT else out  # --out - is /dev/stdout
            where = f"{named} holds" if out else "--out keeps"
            were = "was" if result.not_checked == 1 else "were"
            warn(
                f"{result.not_checked} of the {total} pairs {were} not_checked and in no "
                f"figure; {where} each one's error"
            )
        if not result.metrics.pairs:
            # Nothing was measured: figures over no pair would read as a judge always wrong.
            where = (
                f"; {shown_name(out)} holds each pair's error"
                if out
                else "; --out keeps each pair's error"
            )
            fail(f"no pair was judged ({result.not_checked} not_checked){where}", code=EXIT_MATCHED)


def _stdout_for_dash(path: Path | None) -> Path | None:
    """``-`` is standard output, as for ``review``'s outputs (a file called ``-`` is named with
    its folder, ``out/-``); eval resumes from nothing, so a stream is a fine ``--out``."""
    return STDOUT if path == Path("-") else path


def _require_regular(path: Path, option: str) -> None:
    """Exit 2 with one line unless ``path`` is a file to read: not missing, nor a device such
    as /dev/null (read as an empty file, it would give "no pairs" or an empty corpus), nor
    standard input by any name: eval reads none, and as for batch, a redirect from a file
    (``< claims.jsonl``) is refused as a pipe is."""
    if names_standard_input(path):
        fail(f"{option} {shown_name(path)} (standard input) is not read; give a file")
    try:
        check_regular(path)
    except FileNotFoundError:
        fail_missing(path, option)
    except UnreadableFileError as error:
        fail(f"{option} {shown_name(path)} {error}")
    except OSError as error:
        if is_symlink_loop(path):  # "Too many levels of symbolic links" said it another way
            fail_missing(path, option)
        fail(f"{option} {shown_name(path)}: {error.strerror or error}")


# How many unknown ids the warning names; the count says how many there are.
SHOWN_IDS = 5


def _warn_left_out(left_out: list[LeftOutClaim]) -> None:
    for claim in left_out[:SHOWN_IDS]:
        warn(f"left out claim {claim.claim_id} ({claim.where}): {claim.reason}")
    if len(left_out) > SHOWN_IDS:
        warn(
            f"left out {len(left_out) - SHOWN_IDS} more claims check refuses (--summary names all)"
        )


def _warn_unknown_ids(wanted: list[str], known: set[str], ids: Path, claims: Path) -> None:
    unknown = [claim_id for claim_id in wanted if claim_id not in known]
    if unknown:
        first = ", ".join(unknown[:SHOWN_IDS]) + (", ..." if len(unknown) > SHOWN_IDS else "")
        warn(
            f"{len(unknown)} of the {len(wanted)} ids in {shown_name(ids)} are not in "
            f"{shown_name(claims)}, so not "
            f"evaluated: {first}"
        )
