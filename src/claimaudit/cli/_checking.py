"""What ``check``, ``batch`` and ``review`` share: their judging options, how they build the
checker (through the one factory, ``make_checker``), and ``--fail-on``."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from pydantic_core import PydanticCustomError

from claimaudit.advice import Advice
from claimaudit.api import DEFAULT_SOURCE, default_judge_name, make_checker
from claimaudit.checker.pipeline import Checker
from claimaudit.cli._advice import cli_advice, cli_message
from claimaudit.cli._common import fail, given_as, require_text
from claimaudit.errors import LibraryError, LibraryMissingError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import name_problem
from claimaudit.judges.deadline import MAX_TIMEOUT, MIN_TIMEOUT
from claimaudit.judges.openai import MAX_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS
from claimaudit.library.paths import LIBRARY_ENV, resolve_library_path
from claimaudit.library.store import Library
from claimaudit.plugins import BUILT_IN, get_registry
from claimaudit.records import Record
from claimaudit.refcheck.models import ReferenceCheck, ReferenceStatus
from claimaudit.sources.protocol import LibraryUse


def number_between(low: float, high: float) -> Callable[[str], float]:
    """A parser for a number option from ``low`` to ``high``, in typer's own words, that says
    "nan" is no number: typer's range check read it as past the top ("less than or equal to
    86400"), and the user looked for a smaller number. (``min``/``max`` stay on the option
    for its help.)"""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except (TypeError, ValueError):
            raise PydanticCustomError(
                "float_parsing",
                "Input should be a valid number, unable to parse string as a number",
            ) from None
        if math.isnan(value):
            raise PydanticCustomError(
                "float_nan", "Input should be a number, not {text}", {"text": text}
            )
        if value < low:
            raise PydanticCustomError(
                "greater_than_equal",
                "Input should be greater than or equal to {ge}",
                {"ge": f"{low:g}"},
            )
        if value > high:
            raise PydanticCustomError(
                "less_than_equal", "Input should be less than or equal to {le}", {"le": f"{high:g}"}
            )
        return value

    return parse


JudgeOption = Annotated[
    str | None,
    typer.Option(
        "--judge", metavar="NAME", help="Judge backend (default: local, or $CLAIMAUDIT_JUDGE)."
    ),
]


def _refuse_control_characters(value: str | None) -> str | None:
    # An empty model is none given, as `--judge ''` is the default judge and as the API's and
    # the MCP tools' empty model is none: `--model "$MODEL"` with MODEL unset means the same on
    # every surface (the local judge runs; openai takes OPENAI_MODEL).
    if value == "":
        return None
    # A line break in a model id was sent in every request; named as the claim's would be.
    problem = name_problem(value, "--model") if value is not None else None
    if problem is not None:
        fail(problem)
    return value


ModelOption = Annotated[
    str | None,
    typer.Option(
        "--model",
        metavar="ID",
        help="Model id for the judge (empty: none, as when left out).",
        callback=_refuse_control_characters,
    ),
]
TimeoutOption = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        metavar="SECONDS",
        # Exactly what it bounds: the built-in remote judges per request, a plugin per call.
        help="Deadline for each HTTP request of the jev and openai judges (each retry its own), "
        "and for each call into a plugin's judge or source: one that has not answered by then "
        "leaves the paper not_checked (default: 60).",
        min=MIN_TIMEOUT,
        max=MAX_TIMEOUT,
        parser=number_between(MIN_TIMEOUT, MAX_TIMEOUT),
    ),
]
ContextTokensOption = Annotated[
    int | None,
    typer.Option(
        "--context-tokens",
        metavar="N",
        help="The judge model's context window in tokens (openai judge; the local and jev "
        "judges refuse it; default: "
        "$OPENAI_CONTEXT_TOKENS, else what the server says); the evidence is fitted to it.",
        # The judge refuses a smaller window; the help's range says so (it said x>=1).
        min=MIN_CONTEXT_TOKENS,
        max=MAX_CONTEXT_TOKENS,
    ),
]
SourceOption = Annotated[
    str,
    typer.Option(
        "--source",
        metavar="NAME",
        help="Where papers come from: auto (the library, else Valyu Search when VALYU_API_KEY "
        "is set), library, valyu, arxiv (the library, downloading missing arXiv papers), or "
        "another registered source.",
    ),
]
# One definition for ``check`` and ``batch`` (``build_checker(fetch=...)`` is the one path).
FetchOption = Annotated[
    bool,
    typer.Option(
        "--fetch",
        help="Download arXiv papers missing from the library into it first (with a source "
        "that reads the library: auto, library or arxiv).",
    ),
]
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
        metavar="X",
        help="Confidence below which a record needs review (default: the judge's validated "
        "threshold, else 0.8).",
        min=0.0,
        max=1.0,
        parser=number_between(0.0, 1.0),
    ),
]


class FailOn(StrEnum):
    NEEDS_REVIEW = "needs-review"
    CONTRADICTS = "contradicts"
    NOT_CHECKED = "not-checked"
    # Reference checks (review --verify-refs, refs): a reference that does not exist, was
    # withdrawn, or whose title, first author or year differ from the catalogue's.
    BAD_REFERENCE = "bad-reference"
    UNVERIFIED_REFERENCE = "unverified-reference"


class RecordFailOn(StrEnum):
    """The conditions of a command that checks no references (``check``): its help lists only
    these, and the parser refuses the others."""

    NEEDS_REVIEW = FailOn.NEEDS_REVIEW.value
    CONTRADICTS = FailOn.CONTRADICTS.value
    NOT_CHECKED = FailOn.NOT_CHECKED.value


class ReferenceFailOn(StrEnum):
    """The conditions of a command that checks references only (``refs``)."""

    BAD_REFERENCE = FailOn.BAD_REFERENCE.value
    UNVERIFIED_REFERENCE = FailOn.UNVERIFIED_REFERENCE.value


FAIL_ON_HELP = "Exit 1 when any record matches; repeatable."
FailOnOption = Annotated[list[FailOn] | None, typer.Option("--fail-on", help=FAIL_ON_HELP)]
RecordFailOnOption = Annotated[
    list[RecordFailOn] | None, typer.Option("--fail-on", help=FAIL_ON_HELP)
]
ReferenceFailOnOption = Annotated[
    list[ReferenceFailOn] | None,
    typer.Option("--fail-on", help="Exit 1 when any reference matches; repeatable."),
]
BAD_REFERENCE_STATUSES = frozenset(
    {ReferenceStatus.NOT_FOUND, ReferenceStatus.WITHDRAWN, ReferenceStatus.METADATA_MISMATCH}
)


def as_fail_on(conditions: Sequence[StrEnum] | None) -> list[FailOn]:
    """A command's own conditions as the ``FailOn`` that ``matches`` reads."""
    return [FailOn(condition.value) for condition in conditions or []]


def matches(record: Record, conditions: list[FailOn]) -> bool:
    return outcome_matches(record.verdict, record.needs_review, conditions)


def outcome_matches(verdict: str, needs_review: bool, conditions: list[FailOn]) -> bool:
    """A record's verdict and review flag (as ``--out`` holds them, for ``batch``) match."""
    return any(
        (condition is FailOn.NEEDS_REVIEW and needs_review)
        or (condition is FailOn.CONTRADICTS and verdict == "contradicts")
        or (condition is FailOn.NOT_CHECKED and verdict == "not_checked")
        for condition in conditions
    )


REFERENCE_CONDITIONS = frozenset({FailOn.BAD_REFERENCE, FailOn.UNVERIFIED_REFERENCE})


def reference_matches(check: ReferenceCheck, conditions: list[FailOn]) -> bool:
    return any(
        (condition is FailOn.BAD_REFERENCE and check.status in BAD_REFERENCE_STATUSES)
        or (
            condition is FailOn.UNVERIFIED_REFERENCE
            and check.status is ReferenceStatus.NOT_VERIFIED
        )
        for condition in conditions
    )


def build_checker(
    *,
    judge: str | None,
    model: str | None,
    library: Path | None,
    threshold: float | None,
    timeout: float | None,
    context_tokens: int | None = None,
    source: str = DEFAULT_SOURCE,
    fetch: bool = False,
    no_cache: bool = False,
    advice: Advice = cli_advice,
) -> Checker:
    """The checker a command asks for; ``advice`` ends each ``not_checked`` record's error
    in words that fit how the command was given its papers."""
    require_text(model=model, judge=judge, source=source)
    checker = make_checker(
        judge,
        source=source,
        library=library,
        fetch=fetch,
        cache=not no_cache,
        threshold=threshold,
        model=model,
        timeout=timeout,
        context_tokens=context_tokens,
        advice=advice,
    )
    # After the judge and source names, so that those errors come first (models load lazily).
    use = checker.source.library_use
    try:
        refuse_unused_timeout(timeout, judge, source)
        check_library(library, reads=use is LibraryUse.READS, opens=use is not LibraryUse.NONE)
    except BaseException:
        checker.close()
        raise
    return checker


def refuse_unused_timeout(timeout: float | None, judge: str | None, source: str) -> None:
    """Exit 2 when --timeout is given where nothing reads it: the built-in local judge with a
    built-in source. Accepted, it looked applied (as --model and --context-tokens would);
    a plugin's judge or source is watched with it, so it is refused only here. (serve and mcp
    run any judge a request names, so theirs is always taken.)"""
    if timeout is None:
        return
    registry = get_registry()
    name = judge or default_judge_name()
    judges, sources = registry.judges, registry.sources
    if name != "local" or name not in judges or judges[name].origin != BUILT_IN:
        return
    if source not in sources or sources[source].origin != BUILT_IN:
        return
    fail(
        f"the local judge takes no timeout (it runs in this process, and source {source!r} "
        f"keeps its own deadlines); --timeout {timeout:g} applies to the jev and openai "
        "judges and to plugins' judges and sources"
    )


def check_library(library: Path | None, *, reads: bool, opens: bool = False) -> None:
    """A library named on the command line (or in CLAIMAUDIT_LIBRARY) must be a file, and must
    exist when the source only reads it: a mistyped path is an error, not "no such paper".
    With ``opens`` (the source reads papers from it), one that exists must open as a library:
    a file that is not one is an error up front, not a run of ``not_checked`` records."""
    path = resolve_library_path(library)
    if library is not None:
        if path.is_dir():
            given = given_as("library", "--library", LIBRARY_ENV)
            fail(f"{given} {shown_name(path)} is a folder; give the library file")
        if reads and not path.exists():
            # Worded as every surface of the command line says it (``library list`` too).
            fail(cli_message(LibraryMissingError(path)))
    if opens and path.exists():
        try:
            Library.open(path, create=False).close()
        except LibraryError as error:
            fail(cli_message(error))


def stored(checker: Checker | None) -> bool:
    """Whether this run stored any judgement in the results cache: an interrupted run says
    they are kept only then (not with --no-cache, a read-only library or a judge whose answers
    are never cached)."""
    count = getattr(checker.cache, "stored", None) if checker is not None else None
    return isinstance(count, int) and count > 0
