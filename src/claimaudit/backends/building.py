"""Building a registered judge or source with its factory (``claimaudit.plugins``): a factory's
own bug is one line naming the backend, and another package's factory must return within the
plugins' deadline (``plugin_wait``)."""

from __future__ import annotations

import contextlib
import logging
from functools import partial
from typing import Any

from claimaudit.backends.overdue import Missed, Overdue
from claimaudit.backends.plugin_wait import PLUGIN_TIMEOUT_ENV, plugin_timeout
from claimaudit.backends.registered import BUILT_IN, registered_as
from claimaudit.errors import PluginError, PluginTimeoutError, as_known

# The registry's logger, as before this moved here: ``--debug`` users and tests look for it.
_log = logging.getLogger("claimaudit.plugins")


def build_bounded(
    overdue: Overdue,
    kind: str,
    name: str,
    origin: str,
    factory: Any,
    *args: Any,
    **kwargs: Any,
) -> object:
    """What ``factory`` builds, as ``build``; another package's factory (``origin``) must return
    within the plugins' deadline, else PluginTimeoutError naming the backend and its package.
    One still running past it is kept in ``overdue``, and building it again is refused."""
    if origin == BUILT_IN:
        return build(kind, name, factory, *args, **kwargs)  # bounds its own waits
    seconds = plugin_timeout()
    who = f"{kind} {registered_as(name, origin)} could not be built"
    key = (kind, name)
    if key in overdue:
        # Not a second thread beside the stuck one (a server would start one per request).
        raise PluginTimeoutError(
            f"{who}: an earlier build did not return in time and may still be running"
        )
    try:
        return overdue.call(
            key,
            partial(build, kind, name, factory, *args, **kwargs),
            seconds,
            name=f"claimaudit-{kind}-factory",
            discard=_close_late,
        )
    except Missed:
        raise PluginTimeoutError(
            f"{who}: its factory did not return within {seconds:g} s ({PLUGIN_TIMEOUT_ENV})"
        ) from None


def build(kind: str, name: str, factory: Any, *args: Any, **kwargs: Any) -> object:
    """What ``factory`` builds; a factory's own bug is PluginError naming the backend and the
    exception's type. Not its message, which may quote a secret (a key, a URL with a token):
    the traceback goes to the debug log (``--debug``)."""
    try:
        return factory(*args, **kwargs)
    # SystemExit too, as loading a plugin takes it: a factory's sys.exit("set MY_KEY") ended the
    # command with the plugin's own exit code (and a server request's thread).
    except (Exception, SystemExit) as error:
        if isinstance(error, Exception) and as_known(error) is not None:
            raise  # meant for the user (the openai judge without a model, say)
        _log.debug("building %s %r failed", kind, name, exc_info=True)
        raise PluginError(
            f"{kind} {name!r} could not be built: its factory raised {type(error).__name__}"
        ) from error


def _close_late(built: object) -> None:
    """A backend built after its caller gave up waiting: closed, since nobody else will."""
    close = getattr(built, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):
            close()
