"""``make_engine`` by name: a name that is no engine is a usage error naming the known ones."""

from __future__ import annotations

import pytest

from claimaudit.engines import EngineOptions, make_engine
from claimaudit.errors import UsageError


@pytest.mark.parametrize("name", ["Local", "spark", ""])
def test_an_unknown_engine_is_a_usage_error_naming_the_known_ones(name: str) -> None:
    with pytest.raises(UsageError) as caught:
        make_engine(name)
    assert str(caught.value) == f"unknown engine {name!r} (known: local, ray)"


def test_the_local_engine_is_made_by_its_name() -> None:
    assert make_engine("local").name == "local"


@pytest.mark.parametrize(
    ("workers", "words"),
    [
        (10**6, "workers: Input should be less than or equal to 10000"),
        (0, "workers: Input should be greater than or equal to 1"),
        (-3, "workers: Input should be greater than or equal to 1"),
        ("4", "workers: Input should be a valid integer, not str"),
    ],
)
def test_engine_options_refuse_workers_the_cli_refuses_in_its_words(
    workers: object, words: str
) -> None:
    # QA: from Python, EngineOptions(workers=10**6) reached Ray, whose ValueError came once the
    # run had begun; only the CLI capped --workers.
    with pytest.raises(UsageError) as caught:
        EngineOptions(workers=workers)  # type: ignore[arg-type]
    assert str(caught.value) == words


def test_engine_options_take_the_most_workers() -> None:
    assert EngineOptions(workers=10_000).workers == 10_000
