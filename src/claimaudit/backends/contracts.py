"""Whether a judge or a source keeps its contract (``claimaudit.Judge``, ``claimaudit.Source``):
every member it must have, checked once when it is built or handed in, so that a backend that
lacks one is refused in one line naming what it lacks, not found out paper by paper."""

from __future__ import annotations

import inspect
from typing import cast

from claimaudit.errors import PluginError
from claimaudit.judges.protocol import Judge
from claimaudit.sources.protocol import Source


def require_judge(judge: object) -> Judge:
    """``judge`` when it keeps the ``Judge`` contract, else PluginError naming what it lacks."""
    require_contract(judge, Judge, "judge")
    return cast(Judge, judge)


def require_source(source: object) -> Source:
    """``source`` when it keeps the ``Source`` contract, else PluginError naming what it lacks."""
    require_contract(source, Source, "source")
    return cast(Source, source)


def require_contract(backend: object, contract: type, what: str, named: str | None = None) -> None:
    """PluginError unless ``backend`` keeps ``contract``; ``named``: how to name it (a
    registered backend's name and origin), else by its own ``name`` or its class."""
    missing = _missing(backend, contract)
    if missing:
        if named is None:
            named = repr(_own_name(backend))
        raise PluginError(
            f"{what} {named} does not keep the {contract.__name__} contract (missing: "
            f"{', '.join(missing)}); subclass claimaudit.{contract.__name__} for the defaults"
        )


def _missing(backend: object, contract: type) -> list[str]:
    """The members of ``contract`` that ``backend`` lacks (its optional parts included: a class
    that subclasses the contract inherits their defaults)."""
    members = {*getattr(contract, "__annotations__", {}), *vars(contract)}
    return sorted(m for m in members if not m.startswith("_") and not _has(backend, m))


def _has(backend: object, member: str) -> bool:
    """Whether ``backend`` has ``member``, without running a property (the openai judge's
    ``cache_identity`` asks its server for the context window)."""
    try:
        inspect.getattr_static(backend, member)
    except AttributeError:
        return hasattr(backend, member)  # made on demand (``__getattr__``)
    return True


def _own_name(backend: object) -> object:
    """``backend``'s ``name`` to name it by in an error, its class's where reading it fails:
    the error to give is the contract's, not the property's."""
    try:
        return getattr(backend, "name", type(backend).__name__)
    except (Exception, SystemExit):
        return type(backend).__name__
