"""``claimaudit eval``: measure a judge on a labelled claim-verification dataset."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from claimaudit.api import make_judge, make_source
from claimaudit.cli._common import (
    err_console,
    fail,
    out_console,
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
from claimaudit.engines import EngineName
from claimaudit.evaluation.datasets import read_ids, read_pairs
from claimaudit.evaluation.report import summary, tables
from claimaudit.evaluation.runner import evaluate
from claimaudit.judges.protocol import JudgeSettings
from claimaudit.library.scifact import CorpusFormat, import_corpus
from claimaudit.library.store import Library
from claimaudit.sources.protocol import Source
from claimaudit.userfiles import require_distinct


def _library_source(path: Path, fmt: CorpusFormat, corpus: Path) -> Source:
    with Library.open(path) as library:
        import_corpus(library, corpus, fmt)
    return make_source("library", library=path)


def eval_command(
    fmt: Annotated[CorpusFormat, typer.Argument(metavar="FORMAT", help="Dataset format.")],
    claims: Annotated[Path, typer.Option("--claims", help="Labelled claims file.")],
    corpus: Annotated[Path, typer.Option("--corpus", help="Corpus of abstracts.")],
    judge: Annotated[str | None, typer.Option("--judge", help="Judge backend.")] = None,
    model: Annotated[str | None, typer.Option("--model", help="Model id for the judge.")] = None,
    ids: Annotated[
        Path | None,
        typer.Option("--ids", help="Only claims whose id is listed (one per line)."),
    ] = None,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="Stop after N pairs.")] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write each pair's record (with gold) as JSON Lines."),
    ] = None,
    summary_path: Annotated[
        Path | None, typer.Option("--summary", help="Write the metrics as JSON.")
    ] = None,
    engine: EngineOption = EngineName.LOCAL,
    address: AddressOption = None,
    workers: EngineWorkersOption = None,
) -> None:
    """Check each claim against each cited document of a labelled dataset and score the verdicts."""
    require_engine_options(engine, address, workers)
    require_text(address=address)
    options = {"--claims": claims, "--corpus": corpus, "--ids": ids, "--out": out}
    for option, path in {**options, "--summary": summary_path}.items():
        require_file(path, option)
    for path in (claims, corpus, ids):
        if path is not None and not path.is_file():
            fail(f"no such file: {path}")
    outputs = {"--out": out, "--summary": summary_path}
    require_distinct(outputs.items(), [("--claims", claims), ("--corpus", corpus), ("--ids", ids)])
    for option, path in outputs.items():
        require_writable(path, option)
    try:
        pairs = read_pairs(fmt, claims)
        if ids is not None:
            wanted = read_ids(ids)
            pairs = [p for p in pairs if p.claim_id in wanted]
    except UnicodeDecodeError as error:
        fail(str(error))
    pairs = pairs[:limit] if limit else pairs
    if not pairs:
        fail("no (claim, document) pairs to evaluate")
    settings = JudgeSettings(model=model)
    chosen = make_judge(judge, settings)
    runner = build_engine(engine, judge=judge, settings=settings, address=address, workers=workers)
    err_console.print(f"evaluating {len(pairs)} pairs with judge {chosen.name!r}")
    try:
        result = evaluate(pairs, fmt, corpus, chosen, _library_source, out=out, engine=runner)
    finally:
        runner.close()
    out_console.print(tables(result))
    if summary_path:
        data = summary(result, format=fmt.value, judge=chosen.name, claims=str(claims))
        write_text(summary_path, json.dumps(data, indent=2) + "\n")
