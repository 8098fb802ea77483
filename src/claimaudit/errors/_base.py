"""The base of the tree, and the errors of no family: a plugin's broken contract, work
cancelled by a caller who went away."""

from __future__ import annotations

from typing import Any, ClassVar, Self

EXIT_USAGE = 2


class ClaimauditError(Exception):
    """The base of every error claimaudit raises on purpose."""

    exit_code: ClassVar[int] = EXIT_USAGE
    http_status: ClassVar[int] = 400
    code: ClassVar[str] = "bad_request"
    # How a surface's advice follows the message (``claimaudit.advice``).
    advice_joint: ClassVar[str] = "; "

    def reworded(self, message: str) -> Self:
        """This error with another message (a server's path hidden, say): the same kind, with
        the same facts, so that each surface still gives its advice for it."""
        copy = type(self).__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.args = (message,)
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its args and facts, never by calling ``__init__`` again: many take their
        # facts as keyword-only arguments, and some build the message from them, so the default
        # (``cls(*args)``) fails or words it twice. A Ray worker's error crosses as a pickle.
        return (_rebuilt, (type(self), self.args), self.__dict__ or None)


def _rebuilt(cls: type[ClaimauditError], args: tuple[Any, ...]) -> ClaimauditError:
    error = cls.__new__(cls)
    error.args = args
    return error


class PluginError(ClaimauditError):
    """A backend that does not keep its contract (a judge without ``decide``, say): a bug of
    the plugin that made it, reported in one line rather than as a traceback mid-check."""

    http_status = 500
    code = "plugin_error"


class PluginTimeoutError(PluginError):
    """A plugin's factory that did not return within the plugins' deadline
    (``CLAIMAUDIT_PLUGIN_TIMEOUT``), or its backend's setting (``concurrency``, ...) not given
    within the backend's timeout: it may still be running, and may return later, so a server
    answers 503 (try again later), not 500."""

    http_status = 503
    code = "plugin_unavailable"


class CancelledWorkError(ClaimauditError):
    """The caller went away (an HTTP client disconnected), so the work stopped unfinished."""

    # nginx's "client closed request": nobody reads the answer, the server's log shows it.
    http_status = 499
    code = "cancelled"
