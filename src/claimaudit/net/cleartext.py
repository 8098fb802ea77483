"""A credential about to go over plain ``http://`` to another machine: said once, not refused.

A local proxy or a lab gateway on plain HTTP is legitimate, so such a base URL is taken; but an
API key (or a base URL's user and password, sent as Basic auth) sent to a host that is not this
machine travels in clear text, readable by anyone on the path, and nothing said so. Each judge
and source that sends one calls ``warn_cleartext`` where it is built and where its client is
made: one warning per process for each backend and credential, naming the variable, never its
value.

The environment's proxy counts (``net.proxies.env_proxy``, ``NO_PROXY`` read): an ``https``
base URL reached through a proxy, even an ``http://`` one, is a CONNECT tunnel, encrypted from
end to end, so nothing is said; a plain ``http`` base URL through a proxy is sent in clear to
the proxy, which forwards it in clear, so it is said even for ``localhost`` (the proxy, not this
machine, then receives it) unless the proxy itself is on this machine or reached over https.

It is a log record (logger ``claimaudit.net.cleartext``) for a program using claimaudit. A
command shows it on stderr as one line (``said_on_stderr``), once, whatever handlers a plugin
or ``--debug`` set up on the root logger.
"""

from __future__ import annotations

import ipaddress
import logging
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO
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
    """Where a request to ``url`` goes unencrypted off this machine, in words (``host:port``,
    with ``through the proxy in HTTP_PROXY (...)`` where the environment's proxy carries it);
    None when it does not: ``https`` (through any proxy: a tunnel), or plain ``http`` to this
    machine with no proxy, or through one on this machine or reached over https."""
    try:
        parts = urlsplit(url.strip())
        host, port = parts.hostname or "", parts.port
    except ValueError:
        return None  # refused where the URL is checked; nothing is sent
    if parts.scheme.lower() != "http" or not host:
        return None
    shown = f"[{host}]" if ":" in host else host
    where = shown if port is None else f"{shown}:{port}"
    # Imported on use: every command imports this module, few make a request.
    from claimaudit.net.proxies import env_proxy

    proxy = env_proxy(url.strip())
    if proxy is None:
        return None if is_loopback(host) else where
    if is_loopback(host) and not _proxy_in_clear(proxy.url):
        return None  # the proxy is on this machine, or reached over https, and so is the server
    return f"{where} through {proxy.named}"


def _proxy_in_clear(proxy: str) -> bool:
    """Whether a request sent to ``proxy`` leaves this machine unencrypted: a proxy that is not
    ``https`` (``http``, SOCKS) on another host. One that cannot be read counts as such."""
    try:
        parts = urlsplit(proxy.strip())
        host = parts.hostname or ""
    except ValueError:
        return True
    return parts.scheme.lower() != "https" and not is_loopback(host)


def warn_cleartext(
    backend: str, url: str, key_env: str | None, *, key_beside_userinfo: bool = False
) -> None:
    """Warn, once per process for ``backend`` and credential, that a credential it sends to
    ``url`` goes in clear text: the user and password of ``url`` when it holds them, and the
    key of the variable ``key_env`` (None: no key is sent), unless the user and password go in
    its place (httpx's rule: one Authorization header; ``key_beside_userinfo`` for a client
    that sends the key in a header of its own). Nothing when the request is encrypted or
    stays on this machine."""
    warn_proxy_credentials(url)
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


def warn_proxy_credentials(url: str) -> None:
    """Warn, once per process for each proxy variable, that the user and password of the
    environment's proxy for ``url`` (``HTTPS_PROXY=http://user:pass@proxy:3128``) go to it
    unencrypted: a proxy reached over http (or SOCKS) is sent them in clear with every request,
    an https one included (its CONNECT carries them), which is how such proxies work; not
    refused, but said. Never the credentials themselves: the proxy is named masked."""
    # Imported on use: every command imports this module, few make a request.
    from claimaudit.net.proxies import env_proxy

    proxy = env_proxy(url.strip())
    if proxy is None or not has_userinfo(proxy.url) or not _proxy_in_clear(proxy.url):
        return
    with _lock:
        if ("proxy", proxy.env) in _warned:
            return
        _warned.add(("proxy", proxy.env))
    _log.warning(
        "warning: the user and password of %s go to it unencrypted with every request: "
        "anyone on the network path to the proxy can read them (use an https:// proxy, "
        "unless that network is trusted)",
        proxy.named,
    )


class _Stderr(logging.StreamHandler[TextIO]):
    """The command's stderr as it is when a record comes (a test's capture included)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("%(message)s"))

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _: TextIO) -> None:
        pass  # always the current stderr


@contextmanager
def said_on_stderr() -> Iterator[None]:
    """While a command runs: each warning one line on stderr, written here and not passed on to
    the root logger, whose handlers a plugin (``logging.basicConfig`` in its module, a handler to
    a file) or ``--debug`` may have set up; without this, Python's last-resort handler printed
    it only while the root logger had none, so a plugin's handler took it off stderr. The logger
    is as it was afterwards (a program running the command in its process, a test)."""
    handler = _Stderr()
    level, propagate = _log.level, _log.propagate
    _log.addHandler(handler)
    _log.setLevel(logging.WARNING)  # a plugin's quieter "claimaudit" level does not hide it
    _log.propagate = False
    try:
        yield
    finally:
        _log.removeHandler(handler)
        _log.setLevel(level)
        _log.propagate = propagate
