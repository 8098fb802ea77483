"""Gold rationales are checked against the corpus before anything is judged."""

from __future__ import annotations

import pytest

from claimaudit.errors import DatasetError
from claimaudit.evaluation.datasets import EvalPair
from claimaudit.evaluation.rationales import check_rationales
from claimaudit.identity import parse_ref
from claimaudit.library.scifact import CorpusFormat

SENTENCES = {parse_ref("scifact:100"): 3}


def _pair(*passages: str, doc: str = "100") -> EvalPair:
    return EvalPair("1", "Masks reduce spread.", doc, "supports", frozenset(passages), "c:4")


def test_a_sentence_past_the_abstract_is_named_with_its_row() -> None:
    with pytest.raises(DatasetError) as raised:
        check_rationales([_pair("P002", "P1000", "P004")], CorpusFormat.SCIFACT, SENTENCES)
    assert str(raised.value) == (
        "c:4: the evidence names sentence 3 of document 100, whose abstract in the corpus has "
        "3 sentences (numbered from 0)"
    )


def test_sentences_in_the_abstract_and_documents_the_corpus_lacks_pass() -> None:
    # A missing document is the run's to report (not_checked, "not in the corpus").
    check_rationales(
        [_pair("P001", "P003"), _pair("P009", doc="200")], CorpusFormat.SCIFACT, SENTENCES
    )
