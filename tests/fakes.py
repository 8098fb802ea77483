"""Small in-memory doubles for unit tests of the pipeline (not used by the package)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from claimaudit.checker.cache import CacheKey
from claimaudit.errors import JudgeError, SourceError
from claimaudit.identity import PaperRef
from claimaudit.judges.protocol import ChoiceAnswer, Decision, Judge, JudgeReply
from claimaudit.passage import passage_id
from claimaudit.records import CheckedRecord
from claimaudit.sources.protocol import Passage, Source, SourcePaper


@dataclass
class MemorySource(Source):
    """Papers held in a dict keyed by the stored reference."""

    papers: dict[PaperRef, tuple[str, list[str]]] = field(default_factory=dict)
    name: str = "memory"
    full_text: bool = True

    def add(self, ref: PaperRef, title: str, texts: Sequence[str]) -> None:
        self.papers[ref] = (title, list(texts))

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        for stored, (title, texts) in self.papers.items():
            if ref.matches(stored):
                passages = [Passage(passage_id(i), t) for i, t in enumerate(texts)]
                return SourcePaper(
                    ref=stored,
                    title=title,
                    url=stored.url,
                    passages=passages,
                    retrieved_at=datetime(2026, 1, 1, tzinfo=UTC),
                    search_query="",  # like the library: nothing searched
                    full_text=self.full_text,
                )
        raise SourceError(f"{ref} is not in the library")


def answer(probabilities: Mapping[str, float]) -> ChoiceAnswer:
    from claimaudit.judges.protocol import confidence_from_probabilities

    choice = max(probabilities, key=lambda k: probabilities[k])
    return ChoiceAnswer(choice, dict(probabilities), confidence_from_probabilities(probabilities))


@dataclass
class ScriptedJudge(Judge):
    """Answers with whatever ``script`` returns for the decision; records what it was asked."""

    script: Callable[[Decision], JudgeReply]
    name: str = "scripted"
    seen: list[Decision] = field(default_factory=list)
    cache_identity: str | None = None  # set it to let a ResultCache keep this judge's answers
    review_threshold: float | None = None  # the threshold its validation fitted, if any

    def decide(self, decision: Decision) -> JudgeReply:
        self.seen.append(decision)
        return self.script(decision)


def pick(
    relation: str,
    passage_id: str | None,
    strength: float = 0.94,
    notes: tuple[str, ...] = (),
    evidence_strength: float | None = None,
) -> Callable[[Decision], JudgeReply]:
    """A script that picks ``relation`` and ``passage_id`` with the given top probability
    (``evidence_strength`` for the passage, when the two answers' confidences must differ)."""

    def script(decision: Decision) -> JudgeReply:
        answers = {}
        for qid, question in decision.questions.items():
            if qid == "relation":
                target, top = relation, strength
            else:
                target = passage_id or "none"
                top = strength if evidence_strength is None else evidence_strength
            rest = (1.0 - top) / (len(question.options) - 1)
            answers[qid] = answer({o: top if o == target else rest for o in question.options})
        return JudgeReply(model="scripted-1", answers=answers, review_notes=notes)

    return script


def failing(message: str) -> Callable[[Decision], JudgeReply]:
    def script(decision: Decision) -> JudgeReply:
        raise JudgeError(message)

    return script


@dataclass
class MemoryCache:
    """A ``ResultCache`` in a dict, counting what it was asked."""

    entries: dict[str, CheckedRecord] = field(default_factory=dict)
    gets: int = 0
    hits: int = 0

    def get(self, key: CacheKey) -> CheckedRecord | None:
        self.gets += 1
        found = self.entries.get(key.digest)
        self.hits += found is not None
        return found

    def put(self, key: CacheKey, record: CheckedRecord) -> None:
        self.entries[key.digest] = record
