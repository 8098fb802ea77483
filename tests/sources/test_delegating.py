"""A delegating source hands every part of the contract to the source inside it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from claimaudit.errors import SourceError
from claimaudit.identity import parse_ref
from claimaudit.sources.delegating import DelegatingSource
from claimaudit.sources.protocol import LibraryUse
from tests.fakes import MemorySource


@dataclass
class Reading(MemorySource):
    closed: bool = False

    @property
    def library_use(self) -> LibraryUse:
        return LibraryUse.READS

    def close(self) -> None:
        self.closed = True


def test_a_delegating_source_answers_as_its_inner_source_under_its_own_name() -> None:
    inner = Reading()
    ref = parse_ref("arXiv:2001.00002v1")
    inner.add(ref, "A paper", ["First passage.", "Second passage."])
    source = DelegatingSource(inner, "wrapped")

    paper = source.fetch(ref, "topic")

    assert source.name == "wrapped"
    assert [p.text for p in paper.passages] == ["First passage.", "Second passage."]
    assert source.library_use is LibraryUse.READS
    with pytest.raises(SourceError, match="not in the library"):
        source.fetch(parse_ref("arXiv:2001.00009v1"), "")
    source.close()
    assert inner.closed
