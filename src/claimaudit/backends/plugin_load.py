"""Running one plugin's code (``claimaudit.plugins``): its module imported, its
``register(registry)`` found and called, what it adds staged until it returns, and another
package's plugin given up on at the plugins' deadline (``plugin_wait``)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from claimaudit.backends.overdue import Missed, Overdue
from claimaudit.backends.plugin_wait import PLUGIN_TIMEOUT_ENV
from claimaudit.backends.registered import BadEntry, Registered
from claimaudit.net.redaction import backend_text

if TYPE_CHECKING:
    from claimaudit.plugins import Registry


@dataclass
class Load:
    """One plugin being loaded into ``registry``, credited to ``origin``. What its register()
    adds is kept apart in ``staged`` until it returns, so that one failing half-way (or given
    up on) adds or replaces nothing (a replaced default source would judge every paper)."""

    registry: Registry
    origin: str
    staged: list[tuple[str, str, Registered]] = field(default_factory=list)


# The plugin this thread is loading (``Load``), if any: the plugin's own thread for another
# package's, the caller's for a built-in. Kept per thread: a plugin given up on that registers
# later, from its own thread, must neither take effect nor be credited to the next plugin.
_loading = threading.local()


def loading_now() -> Load | None:
    """The plugin this thread is loading, if any."""
    load: Load | None = getattr(_loading, "load", None)
    return load


def load_on_this_thread(load: Load, name: str, loader: Callable[[], Any]) -> None:
    outer = loading_now()  # a plugin loading another into its own registry
    _loading.load = load
    try:
        _register_function(name, loader())(load.registry)
    finally:
        _loading.load = outer


def load_bounded(
    overdue: Overdue, load: Load, name: str, loader: Callable[[], Any], seconds: float
) -> None:
    """``load_on_this_thread`` on a daemon thread, waited for ``seconds`` at most: Python
    cannot stop a thread, so a plugin hanging in its import or register() is left running
    in the background (the interpreter does not wait for it on exit) and counts as failed."""
    try:
        overdue.call(
            ("plugin", name),
            partial(load_on_this_thread, load, name, loader),
            seconds,
            name="claimaudit-plugin-load",
        )
    except Missed:
        raise _TooSlow(
            f"it did not finish loading within {seconds:g} s ({PLUGIN_TIMEOUT_ENV}) and may "
            "still be running"
        ) from None


def failure(error: BaseException) -> str:
    """Why a plugin failed to load, as ``claimaudit plugins`` lists it: one line, masked,
    without escape sequences (it is listed, served and warned about)."""
    if isinstance(error, _NotAPlugin | BadEntry | _TooSlow):
        return str(error.args[0])  # claimaudit's own words
    return backend_text(f"{type(error).__name__}: {error}")


class _TooSlow(Exception):
    """A plugin did not finish loading within the plugins' deadline."""


class _NotAPlugin(Exception):
    """What an entry point names is neither a plugin module nor its ``register``."""


def _register_function(name: str, loaded: Any) -> Callable[[Registry], object]:
    register = getattr(loaded, "register", None)
    if callable(register):  # a module (or any object) that defines register()
        return cast("Callable[[Registry], object]", register)
    if callable(loaded) and getattr(loaded, "__name__", None) == "register":
        return cast("Callable[[Registry], object]", loaded)  # "pkg.mod:register"
    if isinstance(loaded, ModuleType):
        raise _NotAPlugin(f"module {loaded.__name__} has no register(registry) function")
    what = getattr(loaded, "__name__", type(loaded).__name__)
    raise _NotAPlugin(
        f"entry point {name!r} names {what!r}, not a plugin module; name the module that "
        "defines register(registry), or that function"
    )
