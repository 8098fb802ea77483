"""Where the server may listen: the rule is loopback, or a bearer token.

Binding to an address other than loopback needs ``CLAIMAUDIT_TOKEN``; a configured token is
then required on every request (see ``auth``). Functions without a web framework, so the CLI can
check before importing the server.
"""

from __future__ import annotations

import errno
import ipaddress
import socket

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


def listen_host(host: str) -> str:
    """The address to bind: ``[::1]``, as written in URLs, is the IPv6 address ``::1``."""
    name = host.strip()
    return name[1:-1] if name.startswith("[") and name.endswith("]") else name


def token_problem(token: str) -> str | None:
    """Why ``token`` cannot work as a bearer token, or None."""
    if not token.strip():
        return f"{TOKEN_ENV} is blank: set it to a secret of at least {MIN_TOKEN_CHARS} characters"
    # A client sends it in an Authorization header, which trims it and cannot carry controls:
    # a token with spaces or control characters would lock every client out.
    if any(c.isspace() or not c.isprintable() for c in token):
        return f"{TOKEN_ENV} holds spaces or control characters; use printable characters only"
    # Header values travel as Latin-1 bytes: a client sending the token as UTF-8 (curl, most
    # libraries) never matches, and a browser page cannot send it at all.
    if not token.isascii():
        return f"{TOKEN_ENV} holds non-ASCII characters; use printable ASCII characters only"
    if len(token) < MIN_TOKEN_CHARS:
        return f"{TOKEN_ENV} is too short: use at least {MIN_TOKEN_CHARS} characters"
    return None


def bind_problem(host: str, token: str | None) -> str | None:
    """Why the server must not start on ``host`` with ``token``, or None when it may."""
    if token is not None and (problem := token_problem(token)):
        return problem
    if token is None and not is_loopback(host):
        return (
            f"binding to {host} makes the server reachable from other machines; "
            f"set {TOKEN_ENV} to a secret bearer token first (or bind to 127.0.0.1)"
        )
    return None


def port_problem(address: str, port: int) -> str | None:
    """Why uvicorn could not listen on ``address``:``port``, found by binding it as uvicorn
    does (the same address family, ``SO_REUSEADDR``) and letting it go at once; or None."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((address, port))
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            return f"port {port} on {address} is in use; pass --port"
        reason = error.strerror or str(error)
        return f"cannot listen on {address} port {port}: {reason}"
    return None
