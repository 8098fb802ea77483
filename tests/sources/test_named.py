"""A source built by name is credited to that name in every record, as a judge is, whatever it
calls itself."""

from __future__ import annotations

from dataclasses import dataclass, replace

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.plugins import Registry
from claimaudit.records import CheckedRecord, NotCheckedRecord
from claimaudit.review.local_names import library_of
from claimaudit.sources.named import RegisteredSource, as_registered
from claimaudit.sources.protocol import LibraryUse, SourcePaper
from tests.fakes import MemorySource, ScriptedJudge, pick


@dataclass
class Posing(MemorySource):
    """A plugin's source calling itself by a built-in's name."""

    name: str = "library"
    region: str = "eu"  # a source's own setting, beyond the contract
    closed: bool = False

    @property
    def library_use(self) -> LibraryUse:
        return LibraryUse.READS

    def close(self) -> None:
        self.closed = True

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        if ref.work == "2001.00001":
            raise RuntimeError("a bug of the plugin's")
        return replace(super().fetch(ref, query), calls=1)  # one request to its service


def test_a_source_calling_itself_by_another_name_is_named_as_registered_in_records() -> None:
    inner = Posing()
    inner.add(parse_ref("1706.03762v5"), "Attention Is All You Need", ["Attention helps."])
    registry = Registry()
    registry.add_source("mine", lambda *, path: inner, "a plugin")
    source = registry.make_source("mine")
    assert source.name == "mine"
    assert source.library_use is LibraryUse.READS
    assert source.region == "eu"  # type: ignore[attr-defined]
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    [found, failed] = checker.check("Attention helps.", ["1706.03762", "2001.00001"])
    # Its requests are counted, and its failures told, under the name it was registered by.
    assert isinstance(found, CheckedRecord) and found.calls == {"mine": 1}
    assert isinstance(failed, NotCheckedRecord)
    assert failed.error == "source 'mine' failed: RuntimeError"
    source.close()
    assert inner.closed


def test_a_source_named_as_registered_is_handed_back_itself() -> None:
    inner = MemorySource(name="same")
    assert as_registered(inner, "same") is inner
    wrapped = as_registered(MemorySource(name=""), "x")
    assert isinstance(wrapped, RegisteredSource) and wrapped.name == "x"
    # What reads through a wrapping source (a review's local names) still finds what it wraps.
    assert library_of(wrapped) is None
