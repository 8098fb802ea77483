"""Settings read from the environment, checked where a backend is built, before any work.

An API key that cannot be sent as a header (a newline or a space pasted into it) and a base
URL that is not http(s) cannot make a single request; run anyway, they failed each request as a
connection error ("unreachable", after every retry). Each is an ``InvalidSettingsError`` naming
the variable instead, and never quoting a key or a URL's credentials.
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

from claimaudit.errors import InvalidSettingsError
from claimaudit.redaction import MASK, safe_line
from claimaudit.untrusted import name_problem

# A URL's userinfo ("user:SECRET@"), with or without a scheme before it (a mistyped one too).
_USERINFO = re.compile(r"[^\s/?#]*@")
# Enough of a wrong value to recognise it; the rest is left out.
_SHOWN_CHARS = 200


def header_safe(value: str) -> bool:
    """Whether ``value`` can be sent in an HTTP header as a key: printable ASCII, no space."""
    return all(33 <= ord(c) <= 126 for c in value)


def malformed_key(env: str) -> str:
    """The one line saying the key in ``env`` cannot be sent as a header (never the key)."""
    return f"{env} is malformed: it must be printable ASCII without spaces"


def require_header_safe_key(env: str) -> None:
    """InvalidSettingsError when the key in ``env`` is set but cannot be sent as a header."""
    key = os.environ.get(env, "").strip()
    if key and not header_safe(key):
        raise InvalidSettingsError(malformed_key(env))


def env_model(env: str) -> str:
    """The model id ``env`` names, stripped ("" when unset); InvalidSettingsError naming the
    variable when it holds a control character (a line break would be sent in each request)."""
    value = os.environ.get(env, "").strip()
    problem = name_problem(value, env)
    if problem is not None:
        raise InvalidSettingsError(problem)
    return value


def http_url(value: str, name: str) -> str:
    """``value`` when it is an http(s) URL with a host; InvalidSettingsError naming ``name``
    (a variable, or an option) otherwise, quoting the value without its credentials."""
    if not _is_http_url(value):
        shown = safe_line(_USERINFO.sub(f"{MASK}@", value))
        if len(shown) > _SHOWN_CHARS:
            shown = shown[:_SHOWN_CHARS] + "..."
        raise InvalidSettingsError(f"{name} is not an http(s) URL: {shown}")
    return value


def env_base_url(env: str, default: str) -> str:
    """The base URL ``env`` names (checked by ``http_url``), else ``default``."""
    value = os.environ.get(env, "").strip()
    return http_url(value, env) if value else default


def _is_http_url(value: str) -> bool:
    if any(c.isspace() or not c.isprintable() for c in value):
        return False
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a port out of range or not a number
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
