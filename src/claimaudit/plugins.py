"""Registry of judges and paper sources.

Built-in backends register exactly like third-party ones: each plugin module exposes
``register(registry)``. Built-ins are listed in ``default_plugins``; other packages announce
theirs under the ``claimaudit.plugins`` entry-point group. The core asks the registry for a
backend by name and never imports a concrete backend itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, cast

from claimaudit.errors import PluginError, UnknownBackendError
from claimaudit.judges.protocol import JudgeSettings

if TYPE_CHECKING:
    from claimaudit.judges.protocol import Judge
    from claimaudit.sources.protocol import Source

DEFAULT_PLUGINS: tuple[str, ...] = (
    "claimaudit.judges.local",
    "claimaudit.judges.jev",
    "claimaudit.judges.openai",
    "claimaudit.sources.library",
    "claimaudit.sources.valyu",
    "claimaudit.sources.arxiv_library",
    "claimaudit.sources.auto",
)
ENTRY_POINT_GROUP = "claimaudit.plugins"


# A judge factory makes a judge from its settings; a source factory gets the library path.
JudgeFactory = Callable[[JudgeSettings], "Judge"]
SourceFactory = Callable[..., "Source"]


@dataclass
class Registry:
    judges: dict[str, tuple[JudgeFactory, str]] = field(default_factory=dict)
    sources: dict[str, tuple[SourceFactory, str]] = field(default_factory=dict)
    # Plugins that failed to load, with why; one broken plugin must not disable the others.
    broken: dict[str, str] = field(default_factory=dict)

    def add_judge(self, name: str, factory: JudgeFactory, description: str) -> None:
        self.judges[name] = (factory, description)

    def add_source(self, name: str, factory: SourceFactory, description: str) -> None:
        self.sources[name] = (factory, description)

    def make_judge(self, name: str, settings: JudgeSettings | None = None) -> Judge:
        try:
            factory, _ = self.judges[name]
        except KeyError:
            known = ", ".join(sorted(self.judges)) or "none"
            raise UnknownBackendError(
                f"unknown judge {name!r} (known: {known}){self._broken_note()}"
            ) from None
        return require_judge(factory(settings or JudgeSettings()))

    def make_source(self, name: str, **kwargs: Any) -> Source:
        try:
            factory, _ = self.sources[name]
        except KeyError:
            known = ", ".join(sorted(self.sources)) or "none"
            raise UnknownBackendError(
                f"unknown source {name!r} (known: {known}){self._broken_note()}"
            ) from None
        return require_source(factory(**kwargs))

    def _broken_note(self) -> str:
        if not self.broken:
            return ""
        return "; plugins that failed to load: " + "; ".join(
            f"{name}: {why}" for name, why in sorted(self.broken.items())
        )

    def load(self, name: str, loader: Callable[[], Any]) -> None:
        try:
            loader().register(self)
        except Exception as error:  # a plugin's own bug or missing dependency
            self.broken[name] = f"{type(error).__name__}: {error}"


def _missing(backend: object, contract: type) -> list[str]:
    """The members of ``contract`` that ``backend`` lacks (its optional parts included: a class
    that subclasses the contract inherits their defaults)."""
    members = {*getattr(contract, "__annotations__", {}), *vars(contract)}
    return sorted(m for m in members if not m.startswith("_") and not hasattr(backend, m))


def _require(backend: object, contract: type, what: str) -> None:
    missing = _missing(backend, contract)
    if missing:
        name = getattr(backend, "name", type(backend).__name__)
        raise PluginError(
            f"{what} {name!r} does not keep the {contract.__name__} contract (missing: "
            f"{', '.join(missing)}); subclass claimaudit.{contract.__name__} for the defaults"
        )


def require_judge(judge: object) -> Judge:
    """``judge`` when it keeps the ``Judge`` contract, else PluginError naming what it lacks."""
    from claimaudit.judges.protocol import Judge

    _require(judge, Judge, "judge")
    return cast("Judge", judge)


def require_source(source: object) -> Source:
    """``source`` when it keeps the ``Source`` contract, else PluginError naming what it lacks."""
    from claimaudit.sources.protocol import Source

    _require(source, Source, "source")
    return cast("Source", source)


_registry: Registry | None = None


def get_registry() -> Registry:
    """The process-wide registry, filled on first use from built-ins and entry points."""
    global _registry
    if _registry is None:
        registry = Registry()
        for module_name in DEFAULT_PLUGINS:
            registry.load(module_name, partial(importlib.import_module, module_name))
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            registry.load(entry.name, entry.load)
        _registry = registry
    return _registry
