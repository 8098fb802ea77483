"""Registry of judges and paper sources: the plugins.

A plugin is a module with ``register(registry)``, which adds judges and sources by name:

    def register(registry: Registry) -> None:
        registry.add_judge("mine", make_my_judge, "what it is, in one line")

``make_my_judge(settings: JudgeSettings) -> Judge`` builds a judge (a subclass of
``claimaudit.Judge``); a source factory takes the library path, ``make(*, path) -> Source``.
Built-in backends register exactly like third-party ones. Built-ins are listed in
``DEFAULT_PLUGINS``; another package announces its plugin module under the ``claimaudit.plugins``
entry-point group, e.g. in its ``pyproject.toml``:

    [project.entry-points."claimaudit.plugins"]
    mine = "my_package.claimaudit_plugin"

The entry point may also name the function itself, ``"my_package.claimaudit_plugin:register"``.

A plugin that fails to load (a missing dependency, a bug) is recorded with why (its message
redacted), adds nothing (not even what it registered before failing) and leaves the others
working; ``claimaudit plugins`` lists everything registered and what failed. A plugin calling
``get_registry()`` from its ``register`` gets the registry being filled. The core asks the
registry for a backend by name and never imports a concrete backend itself. A plugin's judge
and source come out watched: each call ends within the timeout (``claimaudit.backends.watched``).
Loading another package's plugin, and building its judge or source, end within
``CLAIMAUDIT_PLUGIN_TIMEOUT`` (``claimaudit.backends.plugin_wait``): one that hangs is a plugin
that failed to load, or a backend that could not be built, not a command that never ends.

This module keeps the registry and its filling; the parts live apart, each with its own reason
to change, and what they define is exported from here as before: ``backends.registered`` (an
entry, its origin and the checks of what a plugin registers), ``backends.plugin_load`` (one
plugin's code run, staged and given up on) and ``backends.building`` (a backend built by its
factory, within the deadline).
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from importlib.metadata import entry_points
from typing import Any, cast

from claimaudit.backends.building import build_bounded
from claimaudit.backends.contracts import require_contract
from claimaudit.backends.late_output import prints_to_stderr_here
from claimaudit.backends.overdue import Overdue
from claimaudit.backends.plugin_load import (
    Load,
    failure,
    load_bounded,
    load_on_this_thread,
    loading_now,
)
from claimaudit.backends.plugin_wait import plugin_timeout
from claimaudit.backends.registered import (
    AT_RUNTIME,
    BUILT_IN,
    JudgeFactory,
    Registered,
    SourceFactory,
    check_entry,
    check_factory,
    registered_as,
)
from claimaudit.backends.watched import watched_judge, watched_source
from claimaudit.errors import UnknownBackendError, UsageError
from claimaudit.guards.userfiles import PathArg
from claimaudit.judges.deadline import check_timeout
from claimaudit.judges.named import as_registered
from claimaudit.judges.protocol import Judge, JudgeSettings
from claimaudit.library.paths import library_arg
from claimaudit.net.redaction import backend_text
from claimaudit.sources.named import as_registered as as_registered_source
from claimaudit.sources.protocol import Source

# Each exported as before these moved to backends/ (registered, plugin_load, building).
__all__ = [
    "AT_RUNTIME",
    "BUILT_IN",
    "DEFAULT_PLUGINS",
    "ENTRY_POINT_GROUP",
    "JudgeFactory",
    "Registered",
    "Registry",
    "SourceFactory",
    "get_registry",
]

DEFAULT_PLUGINS: tuple[str, ...] = (
    "claimaudit.judges.local",
    "claimaudit.judges.jev",
    "claimaudit.judges.openai",
    "claimaudit.sources.library",
    "claimaudit.sources.valyu",
    "claimaudit.sources.fetching",
    "claimaudit.sources.auto",
)
ENTRY_POINT_GROUP = "claimaudit.plugins"

_log = logging.getLogger(__name__)


@dataclass
class Registry:
    judges: dict[str, Registered] = field(default_factory=dict)
    sources: dict[str, Registered] = field(default_factory=dict)
    # Plugins that failed to load, with why; one broken plugin must not disable the others.
    broken: dict[str, str] = field(default_factory=dict)
    # Another package's plugins that failed to load (built-ins failing is claimaudit's own
    # fault, listed by `claimaudit plugins`), and whether a build has said so yet.
    _broken_plugins: list[str] = field(default_factory=list, repr=False)
    _broken_said: bool = field(default=False, repr=False)
    # Plugins' factories that missed their deadline and are still running (``build_bounded``).
    _overdue: Overdue = field(default_factory=Overdue, repr=False)

    def add_judge(self, name: str, factory: JudgeFactory, description: str) -> None:
        check_entry("judge", name, description)
        check_factory("judge", name, factory)
        self._add("judge", name, Registered(factory, backend_text(description), self._adder()))

    def add_source(self, name: str, factory: SourceFactory, description: str) -> None:
        check_entry("source", name, description)
        check_factory("source", name, factory)
        self._add("source", name, Registered(factory, backend_text(description), self._adder()))

    def _loading_here(self) -> Load | None:
        """The plugin this thread is loading into this registry, if any: what it adds is
        staged until its register() returns, and credited to it."""
        load = loading_now()
        return load if load is not None and load.registry is self else None

    def _adder(self) -> str:
        """Whom what is added now is credited to: the plugin being loaded, else the caller."""
        load = self._loading_here()
        return AT_RUNTIME if load is None else load.origin

    def _add(self, kind: str, name: str, entry: Registered) -> None:
        load = self._loading_here()
        if load is not None:
            load.staged.append((kind, name, entry))
            return
        backends = self.judges if kind == "judge" else self.sources
        self._warn_on_replace(kind, name, entry.origin, backends.get(name))
        backends[name] = entry

    @staticmethod
    def _warn_on_replace(kind: str, name: str, origin: str, current: Registered | None) -> None:
        # A plugin may replace a backend (a better "local", say), but never unseen: the
        # default judge or source changing under a user is worth a line on stderr.
        if current is not None and current.origin != origin:
            _log.warning("%s replaces the %s %r from %s", origin, kind, name, current.origin)

    def make_judge(self, name: str, settings: JudgeSettings | None = None) -> Judge:
        if settings is not None and not isinstance(settings, JudgeSettings):
            # The caller's mistake: the factory would fail on it and be blamed for it.
            raise UsageError(
                f"settings must be a JudgeSettings or None, not {type(settings).__name__}"
            )
        factory: JudgeFactory = self._factory("judge", name)
        settings = settings or JudgeSettings()
        built = self._build_bounded("judge", name, factory, settings)
        # Named as asked for and whose it is: the object's own name may be anything (a class
        # returned for an instance is "type"), and a user fixes it by plugin, not by class.
        require_contract(built, Judge, "judge", registered_as(name, self.judges[name].origin))
        judge = cast(Judge, built)
        if self.judges[name].origin == BUILT_IN:
            # Records credit the name it was registered and asked for, whatever it calls
            # itself. A built-in bounds its own calls (see ``claimaudit.backends.watched``).
            return as_registered(judge, name)
        # A plugin's call may never return. Its own ``name`` is never read: the watched judge
        # answers to the registered name whatever it is, and a ``name`` property is the
        # plugin's code, which could hang (or raise) the command outside any deadline.
        return watched_judge(judge, settings.timeout, name=name)

    def make_source(
        self, name: str, *, path: PathArg | None = None, timeout: float | None = None
    ) -> Source:
        """The source ``name`` reading the library at ``path``; a plugin's ``fetch`` ends within
        ``timeout`` seconds (None: ``DEFAULT_WATCH_TIMEOUT``), as its judge's calls do."""
        if timeout is not None:
            check_timeout(timeout, "the source's")
        factory: SourceFactory = self._factory("source", name)
        library = library_arg(path)  # factories are promised a Path
        built = self._build_bounded("source", name, factory, path=library)
        require_contract(built, Source, "source", registered_as(name, self.sources[name].origin))
        source = cast(Source, built)
        if self.sources[name].origin == BUILT_IN:
            # Records credit the name it was registered and asked for, as a judge's do.
            return as_registered_source(source, name)
        # Under its registered name, its own never read, as a plugin's judge (``make_judge``).
        return watched_source(source, timeout, name=name)

    def _factory(self, kind: str, name: str) -> Any:
        """The factory of the ``kind`` registered as ``name``, else UnknownBackendError naming
        those there are; either way, once, the plugins that failed to load (``_say_broken``)."""
        backends = self.judges if kind == "judge" else self.sources
        try:
            factory = backends[name].factory
        except KeyError:
            known = ", ".join(sorted(backends)) or "none"
            raise UnknownBackendError(
                f"unknown {kind} {name!r} (known: {known}){self._broken_note()}"
            ) from None
        self._say_broken()
        return factory

    def _build_bounded(
        self, kind: str, name: str, factory: Any, *args: Any, **kwargs: Any
    ) -> object:
        """What ``factory`` builds, another package's within the plugins' deadline."""
        origin = (self.judges if kind == "judge" else self.sources)[name].origin
        return build_bounded(self._overdue, kind, name, origin, factory, *args, **kwargs)

    def _say_broken(self) -> None:
        """A warning, once, naming another package's plugins that failed to load: one meant to
        replace a built-in (a better ``local``) left the built-in at work without a word, and
        records name the judge alike either way."""
        if self._broken_said or not self._broken_plugins:
            return
        self._broken_said = True
        for name in self._broken_plugins:
            _log.warning(
                "plugin %r failed to load, so nothing of it is used (%s); `claimaudit plugins` "
                "lists it",
                name,
                self.broken[name],
            )

    def _broken_note(self) -> str:
        if not self.broken:
            return ""
        return "; plugins that failed to load: " + "; ".join(
            f"{name}: {why}" for name, why in sorted(self.broken.items())
        )

    def load(
        self,
        name: str,
        loader: Callable[[], Any],
        origin: str = BUILT_IN,
        seconds: float | None = None,
    ) -> None:
        """Import the plugin ``name`` with ``loader`` and let it register; what it adds is
        credited to ``origin``. ``loader`` gives a module with ``register(registry)``, or that
        function itself (an entry point ``"pkg.mod:register"``). Another package's plugin
        must be loaded within ``seconds`` (None: ``$CLAIMAUDIT_PLUGIN_TIMEOUT``, else 30 s).
        A failure is recorded in ``broken``, never raised."""
        load = Load(self, origin)
        try:
            # A plugin that prints while loading must not corrupt machine-readable stdout
            # (``check --format json``, ``plugins --json``): what it prints goes to stderr.
            # Redirected here, not on the plugin's thread: one left running past its deadline
            # would otherwise restore stdout at some later moment, in the middle of output;
            # what one given up on prints later goes to stderr too (``late_output``).
            with prints_to_stderr_here():
                if origin == BUILT_IN:
                    load_on_this_thread(load, name, loader)
                else:
                    waited = plugin_timeout() if seconds is None else seconds
                    load_bounded(self._overdue, load, name, loader, waited)
            # It loaded: now what it added takes effect. Never what a plugin given up on adds
            # later: that goes to its own ``staged``, which nothing reads any more.
            for kind, backend, entry in load.staged:
                self._add(kind, backend, entry)
        # SystemExit too: a plugin calling sys.exit() must not end every command. Ctrl-C
        # (KeyboardInterrupt) still stops the program.
        except (Exception, SystemExit) as error:  # a plugin's own bug or missing dependency
            _log.debug("loading plugin %r failed", name, exc_info=True)
            # Its message may quote a secret (a key in a URL, say): shown redacted.
            self.broken[name] = failure(error)
            if origin != BUILT_IN:
                self._broken_plugins.append(name)


_registry: Registry | None = None
# Built once: two threads' first calls would each build one, and the one kept might lack what
# the other thread's caller added to its own. Reentrant: a plugin asking for it while it loads
# must not hang the process.
_registry_lock = threading.RLock()


# The registry while it is being filled: what a plugin asking for it from its register() gets
# (only the filling thread can ask then; others wait on the lock). Building another there
# would load that plugin again, and again, to a RecursionError.
_filling: Registry | None = None


def get_registry() -> Registry:
    """The process-wide registry, filled on first use from built-ins and entry points."""
    if _registry is not None:
        return _registry
    load = loading_now()
    if load is not None and load.registry is _filling:
        # A plugin asking from its register(), on its own thread: the lock is the builder's,
        # which waits for this very plugin.
        return load.registry
    with _registry_lock:
        if _registry is not None:
            return _registry
        return _filling if _filling is not None else _build_registry()


def _build_registry() -> Registry:
    global _registry, _filling
    # Read first: a bad value is a one-line error, not every plugin failing to load.
    seconds = plugin_timeout()
    registry = _filling = Registry()
    try:
        for module_name in DEFAULT_PLUGINS:
            registry.load(module_name, partial(importlib.import_module, module_name), BUILT_IN)
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            dist = entry.dist
            origin = f"{dist.name} {dist.version}" if dist is not None else entry.value
            # As metadata gives it: an escape sequence there would reach the terminal in the
            # warning that a built-in was replaced (and could erase that very line).
            origin = backend_text(origin)
            registry.load(entry.name, entry.load, origin, seconds)
    finally:
        _filling = None
    _registry = registry
    return registry
