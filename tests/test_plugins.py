"""The plugin registry: what a plugin may register, and what it is told when it may not."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from claimaudit.errors import PluginError
from claimaudit.plugins import Registry


def registering(add: Callable[[Registry], None]) -> Callable[[], object]:
    """A loader giving a plugin whose ``register`` is ``add``."""

    def register(registry: Registry) -> None:
        add(registry)

    return lambda: register


@pytest.mark.parametrize(
    ("add", "why"),
    [
        (
            lambda r: r.add_judge(123, object, "int name"),  # type: ignore[arg-type]
            "a judge was registered with a name that is int, not text",
        ),
        (
            lambda r: r.add_source("  ", object, "blank name"),  # type: ignore[arg-type]
            "a source was registered with a name that is a blank string, not text",
        ),
        (
            lambda r: r.add_judge("evil\x1b[31m", object, "escape in its name"),  # type: ignore[arg-type]
            "a judge was registered with a name holding control characters, 'evil\\x1b[31m'",
        ),
        (
            lambda r: r.add_source("two\nlines", object, "line break in its name"),  # type: ignore[arg-type]
            "a source was registered with a name holding control characters, 'two\\nlines'",
        ),
        (
            lambda r: r.add_judge("nodesc", object, None),  # type: ignore[arg-type]
            "judge 'nodesc' was registered with a description that is NoneType, not text",
        ),
        (
            lambda r: r.add_source("nodesc", object, 7),  # type: ignore[arg-type]
            "source 'nodesc' was registered with a description that is int, not text",
        ),
    ],
)
def test_a_plugin_registering_no_text_name_or_description_fails_to_load(
    add: Callable[[Registry], None], why: str
) -> None:
    registry = Registry()
    registry.load("good", registering(lambda r: r.add_judge("good", object, "fine")))  # type: ignore[arg-type]
    registry.load("weird", registering(add))
    assert registry.broken == {"weird": why}
    assert sorted(registry.judges) == ["good"] and not registry.sources
    with pytest.raises(PluginError, match=r"^a judge was registered"):
        Registry().add_judge(None, object, "called directly")  # type: ignore[arg-type]
