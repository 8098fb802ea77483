"""The server's log, kept free of credentials: uvicorn's logging with a redacting filter.

uvicorn writes each request line to its access log as the client sent it, query string
included, so ``GET /v1/judges?token=SECRET`` would be logged as is; its error log may quote an
exception's message, which may hold a URL with a key. ``log_config`` is uvicorn's own logging
configuration with ``RedactingFilter`` on both of its handlers, so every line passes through
``claimaudit.redaction`` (secret-looking query values, userinfo, bearer tokens and the values of
the secret environment variables masked) before it is written. ``redact_root_handlers`` does the
same for the other libraries' records (httpx logs each request's URL under ``--debug``).
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from claimaudit.redaction import MASK, fully_unquoted, redact_text, redact_url, secret_values

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


def log_config() -> dict[str, Any]:
    """uvicorn's default logging configuration, every handler behind ``RedactingFilter``."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact"] = {"()": RedactingFilter}
    for handler in config["handlers"].values():
        handler["filters"] = [*handler.get("filters", []), "redact"]
    return config


def redact_root_handlers() -> None:
    """``RedactingFilter`` on the root logger's handlers (``--debug``'s) and on Python's last
    resort (warnings when there is none): where claimaudit's and other libraries' records go."""
    handlers = [*logging.getLogger().handlers, logging.lastResort]
    for handler in handlers:
        if handler is not None and not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())
