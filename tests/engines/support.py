"""What the engine tests share: a SciFact library, deterministic judges the workers can import
(this module travels by name: the cluster's workers have the repository on their path), and
how to compare two runs' records."""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from claimaudit.errors import JudgeError
from claimaudit.identity import PaperRef
from claimaudit.judges.protocol import Decision, Judge, JudgeReply
from claimaudit.library.scifact import CorpusFormat, import_corpus
from claimaudit.library.store import Library
from claimaudit.passage import passage_id
from claimaudit.sources.protocol import LibraryUse, Passage, Source, SourcePaper
from tests.fakes import answer

VERDICTS = ("supports", "contradicts", "not_addressed", "insufficient_evidence")


def scifact_subset(shared: Path, folder: Path, claims: int) -> tuple[Path, Path]:
    """The first ``claims`` SciFact training claims as batch input, and a library holding
    just the abstracts they cite (``corpus.jsonl`` and ``labelled.jsonl`` beside them)."""
    rows = []
    labelled = []
    with (shared / "scifact" / "claims_train.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            rows.append(json.loads(line))
            labelled.append(line)
            if len(rows) == claims:
                break
    # The same claims in SciFact's own format, for ``eval``.
    (folder / "labelled.jsonl").write_text("".join(labelled), encoding="utf-8")
    cited = {doc for row in rows for doc in row["cited_doc_ids"]}
    corpus = folder / "corpus.jsonl"
    with (shared / "scifact" / "corpus.jsonl").open(encoding="utf-8") as source:
        kept = [line for line in source if json.loads(line)["doc_id"] in cited]
    corpus.write_text("".join(kept), encoding="utf-8")
    library = folder / "library.sqlite3"
    with Library.open(library) as opened:
        import_corpus(opened, corpus, CorpusFormat.SCIFACT)
    batch = folder / "claims.jsonl"
    lines = [
        {"id": r["id"], "claim": r["claim"], "papers": [f"scifact:{d}" for d in r["cited_doc_ids"]]}
        for r in rows
    ]
    batch.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return batch, library


def _digest(text: str) -> int:
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16)


class HashJudge(Judge):
    """A deterministic judge: the verdict and the passage follow from a hash of the claim and
    the candidates; ``delay`` seconds per decision; claims with ``fail_word`` raise JudgeError."""

    name = "hash"
    cache_identity = "hash-1"

    def __init__(self, delay: float = 0.0, fail_word: str | None = None) -> None:
        self.delay = delay
        self.fail_word = fail_word

    def decide(self, decision: Decision) -> JudgeReply:
        if self.delay:
            time.sleep(self.delay)
        claim = decision.case.claim
        if self.fail_word and self.fail_word in claim.lower():
            raise JudgeError(f"the hash judge refuses claims with {self.fail_word!r}")
        ids = [p.passage_id for p in decision.case.passages]
        seed = _digest(claim + "|".join(ids))
        answers = {}
        for qid, question in decision.questions.items():
            target = VERDICTS[seed % 4] if qid == "relation" else ids[seed % len(ids)]
            rest = 0.25 / (len(question.options) - 1)
            answers[qid] = answer({o: 0.75 if o == target else rest for o in question.options})
        return JudgeReply(model="hash-1", answers=answers)


def hash_judge() -> Judge:
    return HashJudge()


def slow_judge() -> Judge:
    return HashJudge(delay=0.15)


def slow_to_restart_judge(marker: str) -> Judge:
    """``slow_judge``, built slowly once ``marker`` exists: a replaced worker loads its judge
    (a model) for a while, and calls sent to it meanwhile fail at once."""
    if Path(marker).exists():
        time.sleep(3.0)
    return slow_judge()


def failing_judge() -> Judge:
    return HashJudge(fail_word="cell")


class SearchSource(Source):
    """A search service's stand-in (reads no library): each worker builds and asks its own."""

    name = "search"
    library_use = LibraryUse.NONE

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        texts = [f"Excerpt {i} about {query}." for i in range(3)]
        return SourcePaper(
            ref=ref,
            title=f"Paper {ref}",
            url=None,
            passages=[Passage(passage_id(i), t) for i, t in enumerate(texts)],
            retrieved_at=datetime(2026, 1, 1, tzinfo=UTC),
            search_query=query,
            full_text=False,
            calls=1,
        )


def search_source() -> Source:
    return SearchSource()


def read_records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def comparable(rows: list[dict[str, Any]]) -> Counter[str]:
    """The records as a multiset, leaving out the seconds spent waiting on the judge (a
    timing) and the order they finished in."""
    return Counter(
        json.dumps({k: v for k, v in row.items() if k != "judgeSeconds"}, sort_keys=True)
        for row in rows
    )


def pair_counts(rows: list[dict[str, Any]]) -> Counter[tuple[str, str]]:
    return Counter((row["inputKey"], row["paperRef"]) for row in rows)
