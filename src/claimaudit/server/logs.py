"""The server's log, kept free of credentials: uvicorn's logging with a redacting filter.

uvicorn writes each request line to its access log as the client sent it, query string
included, so ``GET /v1/judges?token=SECRET`` would be logged as is; its error log may quote an
exception's message, which may hold a URL with a key. ``log_config`` is uvicorn's own logging
configuration with ``RedactingFilter`` (``claimaudit.net.logredaction``) on both of its handlers, so
every line passes through ``claimaudit.net.redaction`` before it is written.
"""

from __future__ import annotations

import copy
from typing import Any

from claimaudit.net.logredaction import RedactingFilter


def log_config() -> dict[str, Any]:
    """uvicorn's default logging configuration, every handler behind ``RedactingFilter``."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact"] = {"()": RedactingFilter}
    for handler in config["handlers"].values():
        handler["filters"] = [*handler.get("filters", []), "redact"]
    return config
