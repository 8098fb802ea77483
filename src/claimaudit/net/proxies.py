"""The proxy the environment sets for a request (``HTTPS_PROXY``, ``HTTP_PROXY``, ``ALL_PROXY``,
``NO_PROXY``, either case), as the HTTP clients read it: named when it cannot be used or fails.

httpx (and httpx2, which the Jev SDK uses) take the proxy from the environment when a client is
made. A scheme they do not know (``ftp://``) or a SOCKS proxy without the ``socksio`` package
failed there, and every record read "judge 'openai' failed: ValueError" (or ImportError); a
proxy that is down read as the server being unreachable. ``usable_proxy`` refuses the first
up front, naming the variable; ``unreachable`` says which of the two could not be reached.
A proxy's credentials are never shown (``redact_url``).
"""

from __future__ import annotations

import os
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

from claimaudit.errors import InvalidSettingsError
from claimaudit.net.envsettings import shown_value
from claimaudit.net.redaction import (
    UNENCODED_ADVICE,
    mask_setting,
    redact_url,
    safe_line,
    shown_base_url,
    unencoded_userinfo,
)

# The variables' kinds, as httpx mounts them: every one set is built with each client.
_KINDS = ("http", "https", "all")


@dataclass(frozen=True)
class EnvProxy:
    """A proxy set in the environment: the variable (as spelled there) and its value."""

    env: str
    value: str  # as the HTTP clients read it: not stripped

    def __repr__(self) -> str:
        # The value may hold the proxy's user and password.
        return f"EnvProxy(env={self.env!r}, value={shown_base_url(self.value)})"

    @property
    def padded(self) -> bool:
        """Whether the value has whitespace around it, which httpx and requests keep."""
        return self.value != self.value.strip()

    @property
    def url(self) -> str:
        # As httpx reads it: a value without a scheme is an http proxy.
        return self.value if "://" in self.value else f"http://{self.value}"

    @property
    def named(self) -> str:
        """The proxy in words, without its credentials: ``the proxy in HTTPS_PROXY (URL)``."""
        if self.padded:  # as given, quoted: the spaces are what is wrong
            return f"the proxy in {self.env} ({shown_value(mask_setting(self.value))})"
        shown = safe_line(redact_url(mask_setting(self.url)))
        return f"the proxy in {self.env} " + (shown if shown.startswith("(") else f"({shown})")


def env_proxy(url: str) -> EnvProxy | None:
    """The proxy a request to ``url`` goes through, by the environment; None for none (no
    variable set, or ``NO_PROXY`` names its host)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    proxies = urllib.request.getproxies_environment()  # lower-case names win, as for httpx
    # NO_PROXY, read by the standard library's own rule (undocumented, not in the stubs).
    bypass = urllib.request.proxy_bypass_environment  # type: ignore[attr-defined]
    if bypass(parts.hostname or "", proxies):
        return None
    for kind in (parts.scheme.lower(), "all"):
        value = proxies.get(kind, "")
        if value:  # not stripped: httpx uses " http://..." as it is, and fails on it
            return EnvProxy(_variable(kind, value), value)
    return None


def env_proxies() -> list[EnvProxy]:
    """Every proxy the environment sets (http, https, all), whatever ``NO_PROXY`` says: an
    httpx client builds a transport for each when it is made, so one unusable fails it."""
    proxies = urllib.request.getproxies_environment()
    return [
        EnvProxy(_variable(kind, proxies[kind]), proxies[kind])
        for kind in _KINDS
        if proxies.get(kind)
    ]


def proxy_problem(url: str) -> str | None:
    """Why the environment's proxy for ``url`` cannot be used, in one line naming its
    variable; None when it can (or none is set). Checked by making its transport, as a client
    would: nothing is sent."""
    proxy = env_proxy(url)
    return None if proxy is None else _problem(proxy)


def _problem(proxy: EnvProxy) -> str | None:
    # Imported on use: every command imports this module, and few make an HTTP client.
    import httpx

    if not proxy.padded and not _has_host(proxy.url):
        # httpx makes a transport for "http://" or "http://:pw@" all the same; every request
        # then failed as if the server were down.
        return f"{proxy.named} names no host: give it as http://host:port"
    try:
        # verify=False: no certificates are loaded (a bad SSL_CERT_FILE is not this check's).
        httpx.HTTPTransport(proxy=proxy.url, verify=False).close()
    except ImportError:
        return (
            f"{proxy.named} is a SOCKS proxy, which needs the socksio package "
            "(pip install 'httpx[socks]')"
        )
    except (ValueError, httpx.InvalidURL):
        if proxy.padded:  # the value as given, not stripped: httpx reads " http://" so
            return padded_proxy(proxy)
        if unencoded_userinfo(proxy.value):
            return f"{proxy.named}: {UNENCODED_ADVICE}"
        return f"{proxy.named} is not a proxy URL that can be used (http, https or socks5)"
    return None


def _has_host(url: str) -> bool:
    try:
        return bool(urlsplit(url).hostname)
    except ValueError:  # a malformed URL: httpx's own check says so
        return True


def padded_proxy(proxy: EnvProxy) -> str:
    """The line refusing a proxy with whitespace around it, which the client kept."""
    return (
        f"{proxy.named} has a space or tab around it, which the HTTP client does not "
        "ignore: remove it"
    )


def usable_proxy(url: str) -> None:
    """InvalidSettingsError (``proxy_problem``) when the proxy for ``url`` cannot be used."""
    problem = proxy_problem(url)
    if problem is not None:
        raise InvalidSettingsError(problem)


def client_proxy_problem(url: str) -> str | None:
    """``proxy_problem(url)``, else the same for every other proxy set: an httpx client made
    with any of them unusable raised ValueError (or ImportError), whatever its URL."""
    problems = (_problem(proxy) for proxy in env_proxies())
    return proxy_problem(url) or next((p for p in problems if p is not None), None)


def usable_proxies(url: str) -> None:
    """InvalidSettingsError (``client_proxy_problem``) when an httpx client for ``url`` could
    not be made with the environment's proxies."""
    problem = client_proxy_problem(url)
    if problem is not None:
        raise InvalidSettingsError(problem)


def unreachable(server: str, url: str, shown: str, error: BaseException | None) -> str:
    """``server is unreachable at shown``, and, where a proxy is set for ``url``, whether the
    proxy itself was out of reach (``error``, the client's, read by its class name so that
    httpx's and httpx2's alike are understood) or refused to connect on."""
    if isinstance(error, ReplyCutShort):
        # Part of its reply came: calling it unreachable sent people to check the address and
        # firewalls. One before any byte of a reply (a stale pooled connection to a server
        # since stopped, sent again and refused; a hang-up) is unreachable.
        return f"{server} at {shown} closed the connection without a complete reply" + (
            through_proxy(url, error)
        )
    return f"{server} is unreachable at {shown}{through_proxy(url, error)}"


class ReplyCutShort:
    """Mixed into the error a judge's HTTP client raises when a reply broke off once part of it
    came (a status line or headers cut short, a ``Content-Length`` never sent in full, a reset
    while reading): the server was reached and began its reply. Raised from the body's stream
    (``judges.openai.wire``, ``judges.jev_http``), where no error before the reply can come
    from, and for the head by ``net.stalepool``, which counts the reply's bytes on the
    connection. A class rather than an attribute, as the Jev SDK passes on a copy of the
    client's error, of the same class."""


def through_proxy(url: str, error: BaseException | None) -> str:
    """What ``unreachable`` adds to its message when a proxy is set for ``url``: "" when none
    is, else ": PROXY is unreachable", ": PROXY refused to connect to it" or " through PROXY"."""
    proxy = env_proxy(url)
    if proxy is None:
        return ""
    kinds = {kind.__name__ for kind in type(error).__mro__} if error is not None else set()
    if "ProxyError" in kinds:
        return f": {proxy.named} refused to connect to it"
    if "ConnectError" in kinds or "ConnectTimeout" in kinds:
        # Through a proxy, the only connection the client opens is to the proxy.
        return f": {proxy.named} is unreachable"
    return f" through {proxy.named}"


def _variable(kind: str, value: str) -> str:
    """The variable that set ``kind``'s proxy to ``value``: lower case first, as it wins."""
    for name in (f"{kind}_proxy", f"{kind.upper()}_PROXY"):
        if os.environ.get(name) == value:
            return name
    return next((n for n in os.environ if n.lower() == f"{kind}_proxy"), f"{kind.upper()}_PROXY")
