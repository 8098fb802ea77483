"""Log records kept free of credentials: a logging filter any handler can carry.

Libraries log what they send and receive: httpx each request's URL under ``--debug``, the Jev
SDK a failed reply's body (which a proxy may fill with the ``Authorization`` header it was
sent), uvicorn each request line as the client sent it, query string included, and exception
messages that quote a URL with a key. ``RedactingFilter`` passes every record's message, arguments
and traceback through ``claimaudit.net.redaction`` (secret-looking query values, userinfo, bearer
tokens and the values of the secret environment variables masked); ``redact_root_handlers`` puts
it on every handler of the root logger, which is where ``--debug`` sends every command's records.
The server's uvicorn configuration (``claimaudit.server.logs``) uses the same filter.
"""

from __future__ import annotations

import logging
from typing import Any

from claimaudit.net.redaction import MASK, fully_unquoted, redact_text, redact_url, secret_values

# uvicorn's access record: args = (client_addr, method, full_path, http_version, status_code).
_ACCESS_ARGS = 5
_PATH_ARG = 2
_FORMATTER = logging.Formatter()  # for the default traceback text, as uvicorn prints it


def redact_request_path(target: str) -> str:
    """A request target (``/v1/judges?token=SECRET``) as it may be logged."""
    shown = redact_text(redact_url(target))
    secrets = secret_values()
    if not any(secret in fully_unquoted(shown) for secret in secrets):
        return shown
    # A secret sent percent-encoded, once or more (?q=%61bc..., ?q=%2561bc...), is still the
    # secret: hide what holds it.
    path, query_follows, _ = shown.partition("?")
    if any(secret in fully_unquoted(path) for secret in secrets):
        path = MASK
    return f"{path}?{MASK}" if query_follows else path


class RedactingFilter(logging.Filter):
    """Masks credentials in a record's message, arguments and traceback; drops nothing."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if record.name == "uvicorn.access" and _is_request_line(args):
            assert isinstance(args, tuple)
            path = redact_request_path(str(args[_PATH_ARG]))
            record.args = (*args[:_PATH_ARG], path, *args[_PATH_ARG + 1 :])
        else:
            # Formatted once here, so that no argument escapes redaction; uvicorn's coloured
            # variant of a message (shown on a terminal) takes the same arguments.
            record.msg = _redacted(record.msg, args)
            if "color_message" in record.__dict__:
                record.__dict__["color_message"] = _redacted(record.__dict__["color_message"], args)
            record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = _FORMATTER.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact_text(record.exc_text)
        return True


def _redacted(message: object, args: Any) -> str:
    try:
        text = str(message) % args if args else str(message)
    except (TypeError, ValueError):  # arguments that do not fit the format
        text = f"{message} {args!r}"
    return redact_text(text)


def _is_request_line(args: object) -> bool:
    return (
        isinstance(args, tuple) and len(args) == _ACCESS_ARGS and isinstance(args[_PATH_ARG], str)
    )


def redact_root_handlers() -> None:
    """``RedactingFilter`` on the root logger's handlers (``--debug``'s) and on Python's last
    resort (warnings when there is none): where claimaudit's and other libraries' records go."""
    handlers = [*logging.getLogger().handlers, logging.lastResort]
    for handler in handlers:
        if handler is not None and not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())
