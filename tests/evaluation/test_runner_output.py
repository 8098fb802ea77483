"""``evaluate``'s ``out``: replaced only by a run that finished, so a failed run loses nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.engines import PairRequest
from claimaudit.engines.local import LocalEngine
from claimaudit.errors import UsageError
from claimaudit.evaluation.datasets import EvalPair
from claimaudit.evaluation.report import summary
from claimaudit.evaluation.runner import evaluate
from claimaudit.identity import parse_ref
from claimaudit.library.scifact import CorpusFormat
from claimaudit.records import NotCheckedRecord, Record
from claimaudit.sources.protocol import Source
from tests.fakes import MemorySource, ScriptedJudge, pick

PAIRS = [
    EvalPair(str(i), f"Aspirin claim number {i}.", "1", "supports", frozenset()) for i in (1, 2)
]


def _memory(_library: Path, _fmt: CorpusFormat, _corpus: Path) -> Source:
    memory = MemorySource()
    memory.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    return memory


class FailsAfterOne:
    """Judges the first pair, then fails as a cluster lost mid-run would."""

    name = "fails"

    def connect(self) -> None:
        return None

    def check(
        self,
        checker: Checker,
        requests: Iterable[tuple[Any, PairRequest]],
        on_record: Callable[[Any, Record], None],
    ) -> None:
        tag, request = next(iter(requests))
        on_record(tag, NotCheckedRecord(claim=request.claim, paperRef=request.paper, error="x"))
        raise RuntimeError("the cluster went away")

    def close(self) -> None:
        return None


def test_a_run_that_fails_leaves_the_earlier_out_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "pairs.jsonl"
    out.write_text('{"earlier": "run"}\n', encoding="utf-8")
    judge = ScriptedJudge(pick("supports", "P001"))
    with pytest.raises(RuntimeError):
        evaluate(PAIRS, CorpusFormat.SCIFACT, tmp_path, judge, _memory, out, None, FailsAfterOne())
    assert out.read_text(encoding="utf-8") == '{"earlier": "run"}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pairs.jsonl"]  # no temporary left


def test_a_run_that_finishes_replaces_the_out(tmp_path: Path) -> None:
    out = tmp_path / "pairs.jsonl"
    out.write_text('{"earlier": "run"}\n', encoding="utf-8")
    judge = ScriptedJudge(pick("supports", "P001"))
    result = evaluate(
        PAIRS, CorpusFormat.SCIFACT, tmp_path, judge, _memory, out, None, LocalEngine()
    )
    assert result.metrics.pairs == 2
    rows = out.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 2 and all('"gold": "supports"' in row for row in rows)


def test_the_result_names_the_model_that_judged(tmp_path: Path) -> None:
    # --summary named the judge ("local", "openai") alone: two verifier versions' figures, or
    # two endpoints' models, could not be told apart.
    judge = ScriptedJudge(pick("supports", "P001"))
    result = evaluate(PAIRS, CorpusFormat.SCIFACT, tmp_path, judge, _memory, None, None)
    assert result.models == ("scripted-1",)
    assert summary(result, judge=judge.name)["models"] == ["scripted-1"]
    failed = evaluate(
        PAIRS, CorpusFormat.SCIFACT, tmp_path, judge, _memory, None, None, FailsNone()
    )
    assert failed.not_checked == 2 and summary(failed)["models"] == []


class FailsNone(FailsAfterOne):
    """Every pair not_checked, as when the cited documents are not in the corpus."""

    def check(
        self,
        checker: Checker,
        requests: Iterable[tuple[Any, PairRequest]],
        on_record: Callable[[Any, Record], None],
    ) -> None:
        for tag, request in requests:
            on_record(tag, NotCheckedRecord(claim=request.claim, paperRef=request.paper, error="x"))


@pytest.mark.parametrize("engine", ["ray", 3])
def test_an_engine_that_is_no_engine_is_refused_before_the_corpus_is_read(
    tmp_path: Path, engine: object
) -> None:
    # QA: review refuses engine="ray" in one line; evaluate built the corpus's library, then
    # failed with AttributeError: 'str' object has no attribute 'check'.
    built: list[Path] = []

    def corpus(library: Path, fmt: CorpusFormat, folder: Path) -> Source:
        built.append(library)
        return _memory(library, fmt, folder)

    out = tmp_path / "pairs.jsonl"
    judge = ScriptedJudge(pick("supports", "P001"))
    with pytest.raises(UsageError) as caught:
        evaluate(PAIRS, CorpusFormat.SCIFACT, tmp_path, judge, corpus, out, None, engine)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "engine must be an Engine (claimaudit.engines.make_engine makes one) or None, "
        f"not {type(engine).__name__}"
    )
    assert built == [] and not out.exists()
