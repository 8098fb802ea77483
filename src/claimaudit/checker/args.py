"""What a caller builds a ``Checker`` from, checked in words before the backends' contracts: a
judge or source given by name or as a class, or a cache given as ``True``, is the caller's
mistake (a UsageError saying what to pass), not a plugin's broken contract."""

from __future__ import annotations

import logging

from claimaudit.errors import PluginError, UsageError
from claimaudit.net.redaction import clipped

_log = logging.getLogger(__name__)


# What no backend is: a value of these types in place of a judge or source is the caller's
# mistake (``source=None`` for the default, say), not a plugin's broken contract.
_PLAIN_DATA = (type(None), bool, int, float, complex, bytes, bytearray, list, tuple, dict, set)


def check_backend_arg(value: object, kind: str, contract: str, *, names: bool = False) -> None:
    """UsageError when ``value``, the checker's ``kind`` ("judge", "source"), is a name, a
    class or plain data (None, a number, a list) rather than a ``contract`` object. ``names``:
    the caller also takes a backend's name (``make_checker``), which the message then offers."""
    if isinstance(value, _PLAIN_DATA):
        offered = f" or a {kind}'s name" if names else ""
        raise UsageError(
            f"the {kind} must be a {contract} object{offered}, not {type(value).__name__}"
        )
    if isinstance(value, str):
        raise UsageError(
            f"Checker takes a {contract} object as its {kind}, not the name {value!r}: pass one, "
            f"or use make_checker({kind}={value!r})"
        )
    if isinstance(value, type):
        raise UsageError(
            f"the {kind} must be a {contract} object, not the class {value.__name__}: "
            f"pass an instance, {value.__name__}()"
        )


def check_checker_cache(cache: object) -> None:
    """None or a ``ResultCache`` (``get`` and ``put``): ``True`` was taken, and nothing kept."""
    if cache is None:
        return
    if isinstance(cache, bool):
        raise UsageError(
            f"Checker's cache must be a ResultCache or None, not {cache}: "
            "make_checker(cache=True) keeps judgements in the library"
        )
    if not (callable(getattr(cache, "get", None)) and callable(getattr(cache, "put", None))):
        raise UsageError(
            "Checker's cache must be a ResultCache (with get and put) or None, "
            f"not {type(cache).__name__}"
        )


_UNREAD = object()


def check_judge_name(judge: object, name: object = _UNREAD) -> None:
    """PluginError unless the judge's own ``name`` (``name`` where the caller read it already,
    under a deadline) keeps the rule of a registered name: text, not blank, no control
    characters. Every record names its judge, and a table or a terminal shows it; a judge built
    by name is named so already (``claimaudit.judges.named``)."""
    if name is _UNREAD:
        name = backend_name(judge, "judge")
    if isinstance(name, str) and name.strip() and name.isprintable():
        return
    # Masked before it is cut: half a credential is no longer recognised as one.
    shown = clipped(repr(name), 40) if isinstance(name, str) else type(name).__name__
    raise PluginError(
        f"judge {type(judge).__name__} is named {shown}, not a non-blank name without "
        "control characters; records name their judge by it"
    )


def backend_name(backend: object, kind: str) -> object:
    """``backend.name`` (None where it has none); PluginError naming its class when reading it
    raises, as a property that raises is named (``backend_attribute``)."""
    try:
        return getattr(backend, "name", None)
    except PluginError:
        raise  # the backend's own word, meant for the user
    except (Exception, SystemExit) as error:
        raise name_failure(backend, kind, error) from error


def name_failure(backend: object, kind: str, error: BaseException) -> PluginError:
    """The one line for a ``kind``'s ``name`` that raised ``error``: not its message, which may
    quote a secret (a key, a settings file's path); the traceback goes to the debug log."""
    _log.debug("reading %s %s's name failed", kind, type(backend).__name__, exc_info=error)
    return PluginError(
        f"{kind} {type(backend).__name__} failed to give its name: it raised {type(error).__name__}"
    )


def backend_attribute(backend: object, attribute: str, kind: str) -> object:
    """``backend.attribute`` (an optional part of its contract: a judge's ``concurrency``, a
    source's ``library_use``); PluginError naming the backend when reading it raises, as a
    factory that raises is named. A plugin's property may fail (a settings file it reads is
    missing), and its bare exception left make_checker as a traceback on the command line. Not
    its message, which may quote a secret: the traceback goes to the debug log."""
    try:
        return getattr(backend, attribute)
    except PluginError:
        raise  # a wrapper's own word on what the backend gave (``as_library_use``)
    except (Exception, SystemExit) as error:  # a plugin's sys.exit() too, as its factory's
        try:
            name = getattr(backend, "name", None)
        except Exception:
            name = None  # a name that fails too: the backend is named by its class
        shown = repr(name) if isinstance(name, str) else type(backend).__name__
        _log.debug("reading %s %s's %s failed", kind, shown, attribute, exc_info=True)
        raise PluginError(
            f"{kind} {shown} failed to give its {attribute}: it raised {type(error).__name__}"
        ) from error


def check_checker_settings(
    policy: object, ranker: object, advice: object, judge_failure_words: object
) -> None:
    """UsageError naming the first of a ``Checker``'s other settings of the wrong kind: a
    threshold given as ``policy`` was an AttributeError from inside, an ``advice`` that is no
    function a TypeError out of ``check`` (which promises records), and a ranker that is no
    ranker made every paper ``not_checked``."""
    if not callable(getattr(policy, "for_judge", None)):
        raise UsageError(
            "Checker's policy must be a ReviewPolicy (ReviewPolicy(threshold)), "
            f"not {type(policy).__name__}"
        )
    if not callable(getattr(ranker, "rank", None)):
        raise UsageError(f"Checker's ranker must have a rank method, not {type(ranker).__name__}")
    if advice is not None and not callable(advice):
        raise UsageError(
            f"Checker's advice must be a function of an error, or None, not {type(advice).__name__}"
        )
    if judge_failure_words is not None and not callable(judge_failure_words):
        raise UsageError(
            "Checker's judge_failure_words must be a function of a message, or None, "
            f"not {type(judge_failure_words).__name__}"
        )
