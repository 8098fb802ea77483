"""Gold rationales checked against the corpus before anything is judged: a sentence index past
the end of its document's abstract could never be hit, and would count every evidence the
judge gives for that pair as a miss."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from claimaudit.errors import DatasetError
from claimaudit.evaluation.datasets import EvalPair
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.library.scifact import CorpusFormat


def _sentence(passage: str) -> int:
    return int(passage.removeprefix("P")) - 1  # passage P{i+1:03d} is sentence i


def check_rationales(
    pairs: Sequence[EvalPair], fmt: CorpusFormat, sentences: Mapping[PaperRef, int]
) -> None:
    """DatasetError naming the row of the first pair whose rationale names a sentence its
    document lacks; ``sentences`` counts each corpus document's (a document the corpus lacks is
    left to the run, which reports it as missing)."""
    for pair in pairs:
        count = sentences.get(parse_ref(f"{fmt.ref_prefix}:{pair.doc_id}"))
        if count is None:
            continue
        past = sorted(i for i in map(_sentence, pair.rationale) if i >= count)
        if past:
            raise DatasetError(
                f"{pair.where}: the evidence names sentence {past[0]} of document "
                f"{pair.doc_id}, whose abstract in the corpus has {_count(count)} "
                "(numbered from 0)"
            )


def _count(count: int) -> str:
    return f"{count} sentence" + ("" if count == 1 else "s")
