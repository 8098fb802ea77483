"""Where the server may listen: the rule is loopback, or a bearer token.

Binding to an address other than loopback needs ``CLAIMAUDIT_TOKEN``; a configured token is
then required on every request (see ``auth``). Pure functions, no web framework, so the CLI can
check before importing the server.
"""

from __future__ import annotations

import ipaddress

from claimaudit.server.config import TOKEN_ENV

MIN_TOKEN_CHARS = 16


def is_loopback(host: str) -> bool:
    """True only for names that cannot be reached from another machine."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        # Any other host name may resolve to a public interface: treat it as one.
        return False


def bind_problem(host: str, token: str | None) -> str | None:
    """Why the server must not start on ``host`` with ``token``, or None when it may."""
    if token is not None and len(token) < MIN_TOKEN_CHARS:
        return f"{TOKEN_ENV} is too short: use at least {MIN_TOKEN_CHARS} characters"
    if token is None and not is_loopback(host):
        return (
            f"binding to {host} makes the server reachable from other machines; "
            f"set {TOKEN_ENV} to a secret bearer token first (or bind to 127.0.0.1)"
        )
    return None
