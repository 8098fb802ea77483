"""Run a labelled dataset through the pipeline: temporary library, checker, scores."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from claimaudit.api import make_checker
from claimaudit.engines import Engine, PairRequest, check_engine
from claimaudit.engines.local import LocalEngine
from claimaudit.evaluation.corpus import CorpusSource
from claimaudit.evaluation.datasets import EvalPair
from claimaudit.evaluation.metrics import (
    VERDICT_CLASS,
    Metrics,
    Outcome,
    class_probabilities,
    score,
)
from claimaudit.guards.jsonsafe import escape_unsafe
from claimaudit.guards.leftovers import scratch_folder
from claimaudit.guards.userfiles import atomic_writer
from claimaudit.judges.protocol import Judge
from claimaudit.library.scifact import CorpusFormat
from claimaudit.records import CheckedRecord, Record, record_to_dict
from claimaudit.sources.protocol import Source

# Builds the source over a freshly imported corpus; the CLI passes the library-backed one.
SourceBuilder = Callable[[Path, CorpusFormat, Path], Source]


@dataclass(frozen=True)
class EvalResult:
    metrics: Metrics
    not_checked: int
    seconds: float
    # The models the judged pairs' records name (``claimaudit-verifier-0.4.6``, an endpoint's
    # model id): the judge's name alone ("local", "openai") does not say what was measured.
    models: tuple[str, ...] = ()

    @property
    def pairs_per_second(self) -> float:
        """Judged pairs over the run's wall time. A not_checked pair fails fast (a document the
        corpus lacks): counted, 40 of them beside one judged pair read as 185 pairs a second.
        Their time stays in: the wall time is what the run took, with --engine ray too, where
        judging times overlap and their sum is no rate."""
        return self.metrics.pairs / self.seconds if self.seconds else 0.0


def outcome(pair: EvalPair, record: CheckedRecord) -> Outcome:
    predicted = VERDICT_CLASS[record.verdict]
    probabilities = record.probabilities
    probability = None if probabilities is None else class_probabilities(probabilities)[predicted]
    counts_for_evidence = pair.gold == predicted and pair.gold != "not_established"
    hit = record.evidence_passage_id in pair.rationale if counts_for_evidence else None
    return Outcome(pair.gold, predicted, probability, hit)


def evaluate(
    pairs: Sequence[EvalPair],
    fmt: CorpusFormat,
    corpus: Path,
    judge: Judge,
    build_source: SourceBuilder,
    out: Path | None = None,
    on_pair: Callable[[Record], None] | None = None,
    engine: Engine | None = None,
    timeout: float | None = None,
) -> EvalResult:
    """Check each (claim, cited document) pair against a temporary library of ``corpus``.

    ``engine`` judges the pairs (default: here, in order; the ray engine writes each pair's row
    as it finishes, so ``out`` may be in another order, with the same rows). ``out`` is
    replaced only when every pair is done: after a failure it holds what it held. An
    ``engine`` that is no Engine (a name such as "ray") is a UsageError before the corpus is
    read, as in review and batch. ``timeout``: the deadline on each call into a plugin's judge
    (default 60), as ``make_checker``'s."""
    check_engine(engine)
    outcomes: list[Outcome] = []
    models: set[str] = set()
    not_checked = 0
    with ExitStack() as held:
        # Locked as this run's: a killed run's folder (a library of megabytes) is removed by
        # the next run, and no live run's ever is.
        tmp = held.enter_context(scratch_folder("claimaudit-eval-"))
        library = tmp / "library.sqlite3"
        source = CorpusSource(build_source(library, fmt, corpus), library, corpus)
        # No cache: every pair is judged, so the figures measure the judge.
        checker = make_checker(judge, source=source, cache=False, timeout=timeout)
        # Rows go to a file that replaces --out only when every pair is done: a run that fails
        # (a cluster out of reach, an interrupt) leaves the --out of an earlier run as it was.
        handle = held.enter_context(atomic_writer(out)) if out else None
        started = time.perf_counter()

        def finished(pair: EvalPair, record: Record) -> None:
            nonlocal not_checked
            if isinstance(record, CheckedRecord):
                outcomes.append(outcome(pair, record))
                models.add(record.model)
            else:
                not_checked += 1
            if handle:
                row = record_to_dict(record.model_copy(update={"id": pair.claim_id}))
                row["gold"] = pair.gold
                row["goldRationale"] = sorted(pair.rationale)
                line = escape_unsafe(json.dumps(row, ensure_ascii=False)) + "\n"
                handle.write(line.encode("utf-8"))
            if on_pair:
                on_pair(record)

        requests = ((p, PairRequest(p.claim, f"{fmt.ref_prefix}:{p.doc_id}")) for p in pairs)
        (engine or LocalEngine()).check(checker, requests, finished)
        seconds = time.perf_counter() - started
    return EvalResult(score(outcomes), not_checked, seconds, tuple(sorted(models)))
