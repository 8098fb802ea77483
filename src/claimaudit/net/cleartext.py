"""A credential about to go over plain ``http://`` to another machine: said once, not refused.

A local proxy or a lab gateway on plain HTTP is legitimate, so such a base URL is taken; but an
API key (or a base URL's user and password, sent as Basic auth) sent to a host that is not this
machine travels in clear text, readable by anyone on the path, and nothing said so. Each judge
and source that sends one calls ``warn_cleartext`` where it is built and where its client is
made: one warning per process for each backend and credential, naming the variable, never its
value. It is a log record (logger ``claimaudit.net.cleartext``): on the command line Python's
last-resort handler prints it on stderr as one line (``--debug``'s handler when that is on), and
``serve`` and ``mcp`` log it as their other warnings.
"""

from __future__ import annotations

import ipaddress
import logging
import threading
from urllib.parse import urlsplit

from claimaudit.net.envsettings import has_userinfo

_log = logging.getLogger(__name__)
_lock = threading.Lock()
# (backend, credential) pairs already warned about in this process.
_warned: set[tuple[str, str]] = set()
_LOCAL_NAMES = frozenset({"localhost", "localhost."})


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a URL's host name, without brackets) is this machine: 127.0.0.0/8,
    ``::1`` (also as an IPv4-mapped address) or ``localhost``."""
    if host.lower() in _LOCAL_NAMES:
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def sent_in_clear(url: str) -> str | None:
    """The host (and port) of ``url`` when a request to it goes unencrypted to another machine:
    plain ``http`` and a host that is not loopback; None otherwise."""
    try:
        parts = urlsplit(url.strip())
        host, port = parts.hostname or "", parts.port
    except ValueError:
        return None  # refused where the URL is checked; nothing is sent
    if parts.scheme.lower() != "http" or not host or is_loopback(host):
        return None
    shown = f"[{host}]" if ":" in host else host
    return shown if port is None else f"{shown}:{port}"


def warn_cleartext(
    backend: str, url: str, key_env: str | None, *, key_beside_userinfo: bool = False
) -> None:
    """Warn, once per process for ``backend`` and credential, that a credential it sends to
    ``url`` goes in clear text: the user and password of ``url`` when it holds them, and the
    key of the variable ``key_env`` (None: no key is sent), unless the user and password go in
    its place (httpx's rule: one Authorization header; ``key_beside_userinfo`` for a client
    that sends the key in a header of its own). Nothing when the request is encrypted or
    stays on this machine."""
    where = sent_in_clear(url)
    if where is None:
        return
    credentials = []
    userinfo = has_userinfo(url)
    if userinfo:
        credentials.append("the user and password in its base URL")
    if key_env and (key_beside_userinfo or not userinfo):
        credentials.append(key_env)
    for credential in credentials:
        with _lock:
            if (backend, credential) in _warned:
                continue
            _warned.add((backend, credential))
        _log.warning(
            "warning: the %s sends %s over plain http to %s, unencrypted: anyone on the "
            "network path can read it (use https, unless that network is trusted)",
            backend,
            credential,
            where,
        )
