"""``make_engine`` by name: a name that is no engine is a usage error naming the known ones."""

from __future__ import annotations

import pytest

from claimaudit.engines import make_engine
from claimaudit.errors import UsageError


@pytest.mark.parametrize("name", ["Local", "spark", ""])
def test_an_unknown_engine_is_a_usage_error_naming_the_known_ones(name: str) -> None:
    with pytest.raises(UsageError) as caught:
        make_engine(name)
    assert str(caught.value) == f"unknown engine {name!r} (known: local, ray)"


def test_the_local_engine_is_made_by_its_name() -> None:
    assert make_engine("local").name == "local"
