"""A resource opened with ``with`` is itself in the block and closed when it ends."""

from __future__ import annotations

import pytest

from claimaudit.closing import Closing


class _Resource(Closing):
    def __init__(self) -> None:
        self.closed = 0

    def close(self) -> None:
        self.closed += 1


def test_the_block_gets_the_resource_and_its_end_closes_it_once() -> None:
    resource = _Resource()
    with resource as opened:
        assert opened is resource
        assert resource.closed == 0
    assert resource.closed == 1


def test_an_error_in_the_block_closes_it_and_goes_on() -> None:
    resource = _Resource()
    with pytest.raises(ValueError, match="inside"), resource:
        raise ValueError("inside")
    assert resource.closed == 1


def test_a_class_without_its_own_close_is_refused_at_the_end() -> None:
    with pytest.raises(NotImplementedError), Closing():
        pass
