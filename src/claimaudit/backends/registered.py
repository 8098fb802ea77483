"""What the plugins' registry holds of each judge and source: its factory, its one-line
description and whose it is, checked as it is added (``claimaudit.plugins``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from claimaudit.errors import PluginError
from claimaudit.judges.protocol import Judge, JudgeSettings
from claimaudit.sources.protocol import Source

BUILT_IN = "built-in"
# What is added by a direct call (a script's ``get_registry().add_judge(...)``), not by a plugin.
AT_RUNTIME = "added at runtime"

JudgeFactory = Callable[[JudgeSettings], Judge]


class SourceFactory(Protocol):
    def __call__(self, *, path: Path | None) -> Source: ...


class Registered(NamedTuple):
    factory: Any  # a JudgeFactory or a SourceFactory
    # One line, without control characters or credentials: listings print it (a line break
    # printed lines of its own, "name: local" among them, in the stacked listing) and the
    # server serves it.
    description: str
    origin: str  # "built-in", the package that provides it ("my-package 1.0"), or AT_RUNTIME


class BadEntry(PluginError):
    """A plugin registered a backend under a name or description that is no usable text."""


def check_entry(kind: str, name: object, description: object) -> None:
    """BadEntry unless ``name`` is a non-blank string and ``description`` a string: both are
    sorted, printed and served as text, and one bad entry would break every listing."""
    if not isinstance(name, str) or not name.strip():
        what = f"{type(name).__name__}" if not isinstance(name, str) else "a blank string"
        raise BadEntry(f"a {kind} was registered with a name that is {what}, not text")
    if not name.isprintable():
        # A name is printed in listings, errors and every record's ``judge``: an escape
        # sequence or a line break in it would reach a terminal or forge an output line.
        raise BadEntry(f"a {kind} was registered with a name holding control characters, {name!r}")
    if not isinstance(description, str):
        raise BadEntry(
            f"{kind} {name!r} was registered with a description that is "
            f"{type(description).__name__}, not text"
        )


def check_factory(kind: str, name: str, factory: object) -> None:
    """BadEntry unless ``factory`` can be called: a judge object registered in its place
    loaded, and only building it failed, as "its factory raised TypeError"."""
    if not callable(factory):
        raise BadEntry(
            f"{kind} {name!r} was registered with a {type(factory).__name__} object as its "
            f"factory, which cannot be called; register a function that builds the {kind}"
        )


def registered_as(name: str, origin: str) -> str:
    """How an error names a backend built by name: ``'mine' (from my-pkg 1.0)``."""
    if origin == BUILT_IN:
        return repr(name)
    return f"{name!r} ({origin})" if origin == AT_RUNTIME else f"{name!r} (from {origin})"
