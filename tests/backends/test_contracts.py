"""A backend that does not keep its contract is refused in one line naming what it lacks
(contracts.py), without running its properties and whatever its own ``name`` does."""

from __future__ import annotations

import pytest

from claimaudit.backends.contracts import require_judge, require_source
from claimaudit.errors import PluginError
from claimaudit.judges.protocol import Decision, Judge, JudgeReply
from tests.fakes import MemorySource


class _Asked(Judge):
    """A judge whose ``cache_identity`` must never be read while it is checked."""

    name = "asked"

    @property
    def cache_identity(self) -> str:
        raise AssertionError("a property was run")

    def decide(self, decision: Decision) -> JudgeReply:
        raise AssertionError("never asked")


class _BadName:
    """No backend at all, whose ``name`` fails when read."""

    @property
    def name(self) -> str:
        raise RuntimeError("no name")


def test_a_backend_keeping_its_contract_is_given_back_as_it_is() -> None:
    judge, source = _Asked(), MemorySource()
    assert require_judge(judge) is judge
    assert require_source(source) is source


def test_what_a_backend_lacks_is_named_with_it_by_its_class_where_its_name_fails() -> None:
    with pytest.raises(PluginError) as caught:
        require_source(_BadName())
    assert str(caught.value) == (
        "source '_BadName' does not keep the Source contract (missing: close, fetch, "
        "library_use); subclass claimaudit.Source for the defaults"
    )
