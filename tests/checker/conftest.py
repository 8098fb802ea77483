"""The paper most checker tests judge: three passages of "Attention Is All You Need", stored
in memory, and a claim with a word to check (the tests are about what the judge's answer
becomes, not about the claim)."""

from __future__ import annotations

import pytest

from claimaudit.identity import parse_ref
from tests.fakes import MemorySource

TEXTS = [
    "We propose the Transformer, based solely on attention mechanisms.",
    "The model contains no recurrence and no convolution.",
    "We thank our colleagues.",
]
CLAIM = "Attention helps."


@pytest.fixture
def source() -> MemorySource:
    src = MemorySource()
    src.add(parse_ref("1706.03762v5"), "Attention Is All You Need", TEXTS)
    return src
