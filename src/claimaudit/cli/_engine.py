"""``--engine``, ``--address`` and ``--workers``: where ``batch``, ``eval`` and ``review`` judge
their pairs (this process, or a Ray cluster)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from claimaudit.api import default_judge_name, make_judge, make_source
from claimaudit.cli._common import fail
from claimaudit.engines import MAX_WORKERS, Engine, EngineName, EngineOptions, make_engine
from claimaudit.judges.protocol import JudgeSettings
from claimaudit.sources.protocol import LibraryUse, Source

EngineOption = Annotated[
    EngineName,
    typer.Option(
        "--engine",
        help="Where pairs are judged: local (this process) or ray (the workers of a Ray "
        "cluster; pip install 'ray\\[default]==2.60.0').",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="ADDRESS",
        help="--engine ray: the cluster to join (auto, host:port or ray://host:port; default: "
        "a local Ray started for the run).",
    ),
]
EngineWorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        min=1,
        max=MAX_WORKERS,
        metavar="N",
        help="--engine ray: worker actors, each loading the judge once (default: one per CPU "
        f"of the cluster; at most {MAX_WORKERS}).",
    ),
]


def require_engine_options(engine: EngineName, address: str | None, workers: int | None) -> None:
    if engine is EngineName.RAY:
        return
    for option, value in (("--address", address), ("--workers", workers)):
        if value is not None:
            fail(f"{option} applies to --engine ray only")


def build_engine(
    engine: EngineName,
    *,
    judge: str | None,
    settings: JudgeSettings,
    source: Source | None = None,
    source_name: str | None = None,
    library: Path | None = None,
    address: str | None = None,
    workers: int | None = None,
) -> Engine:
    """The engine; for ray, how its workers build the judge (by name, as here) and, for a
    source that does not read the library (Valyu), the source they fetch with themselves."""
    if engine is EngineName.LOCAL:
        return make_engine(engine)
    worker_fetches = source is not None and source.library_use is LibraryUse.NONE
    options = EngineOptions(
        # The name is fixed here: a worker's environment may name another default judge.
        judge_factory=partial(make_judge, judge or default_judge_name(), settings),
        source_factory=(
            partial(make_source, source_name, library, settings.timeout)
            if worker_fetches and source_name is not None
            else None
        ),
        address=address,
        workers=workers,
    )
    return make_engine(engine, options)
