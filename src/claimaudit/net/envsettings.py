"""Settings read from the environment, checked where a backend is built, before any work.

An API key that cannot be sent as a header (a newline or a space pasted into it) and a base
URL that is not http(s) cannot make a single request; run anyway, they failed each request as a
connection error ("unreachable", after every retry). Each is an ``InvalidSettingsError`` naming
the variable instead, and never quoting a key or a URL's credentials. So is a CA bundle
(``SSL_CERT_FILE``, ``SSL_CERT_DIR``) that httpx could not load: it raised FileNotFoundError or
ssl.SSLError from the client's constructor, a traceback or a record "failed: FileNotFoundError".
"""

from __future__ import annotations

import os
import ssl
import stat
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import urlsplit

from claimaudit.errors import InvalidSettingsError
from claimaudit.guards.untrusted import name_problem
from claimaudit.net.redaction import (
    UNENCODED_ADVICE,
    mask_setting,
    redact_text,
    safe_line,
    unencoded_userinfo,
)

# Enough of a wrong value to recognise it; the rest is left out.
_SHOWN_CHARS = 200
# Where httpx and httpx2 (as OpenSSL does) take the certificate authorities from, when set: the
# folder only without the file.
CA_FILE_ENV = "SSL_CERT_FILE"
CA_DIR_ENV = "SSL_CERT_DIR"

Client = TypeVar("Client")


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
        shown = shown_value(mask_setting(value))
        if unencoded_userinfo(value):
            raise InvalidSettingsError(f"{name} ({shown}): {UNENCODED_ADVICE}")
        raise InvalidSettingsError(f"{name} is not an http(s) URL: {shown}")
    if not _valid_host(urlsplit(value).hostname or ""):
        shown = shown_value(mask_setting(value))
        raise InvalidSettingsError(f"{name} names no valid host name: {shown}")
    return value


def _valid_host(host: str) -> bool:
    """Whether ``host`` can be looked up: an empty or over-long label (``a..b``) or a broken
    punycode one (``xn--zz``) failed every request as "failed: UnicodeError" or "IDNAError",
    which read as a bug in the tool rather than in the setting."""
    try:
        host.encode("idna").decode("idna")
    except UnicodeError:
        return False
    return True


def env_base_url(env: str, default: str, *, keeps_query: bool = False) -> str:
    """The base URL ``env`` names (checked by ``http_url``), else ``default``. Unless its
    client ``keeps_query`` (the openai judge's does), one with a query or a fragment is an
    InvalidSettingsError: the SDKs append their paths to the base URL as a string, so
    ``.../v1?api_key=KEY`` sent each request to ``/v1`` with ``api_key=KEY/search``."""
    value = os.environ.get(env, "").strip()
    if not value:
        return default
    return checked_base_url(value, env, keeps_query=keeps_query)


def checked_base_url(value: str, name: str, *, keeps_query: bool = False) -> str:
    """``value``, a base URL given as ``name`` (a variable, or an option of the Python API such
    as ``JevOptions.base_url``), when ``http_url`` takes it and, unless its client
    ``keeps_query``, it has no query or fragment (see ``env_base_url``); InvalidSettingsError
    naming ``name`` otherwise, the value's credentials masked."""
    url = http_url(value, name)
    if not keeps_query and _has_query(url):
        shown = shown_value(mask_setting(url))
        raise InvalidSettingsError(
            f"{name} ends in a query or fragment, which would swallow each request's path "
            f"(give the API root alone, without '?' or '#'): {shown}"
        )
    return url


def _has_query(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.query or parts.fragment) or url.endswith(("?", "#"))


def _is_http_url(value: str) -> bool:
    if any(c.isspace() or not c.isprintable() for c in value):
        return False
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a port out of range or not a number
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)


def has_userinfo(url: str) -> bool:
    """Whether ``url`` names a user (and password): httpx and httpx2 send them as
    ``Authorization: Basic``, in place of any Bearer key the client was given."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.username is not None or parts.password is not None


def require_tls_settings() -> None:
    """InvalidSettingsError when ``SSL_CERT_FILE`` names no file of PEM certificates, or
    ``SSL_CERT_DIR`` (read only without it) no folder: no HTTPS request could be verified."""
    cafile = os.environ.get(CA_FILE_ENV)
    if cafile:
        _require_ca_file_regular()
        try:
            ssl.create_default_context(cafile=cafile)  # as httpx loads it
        except (OSError, ValueError) as error:
            if isinstance(error, ssl.SSLError) or not isinstance(error, OSError):
                why = "it holds no PEM certificate"
            else:
                why = (error.strerror or type(error).__name__).lower()
            raise InvalidSettingsError(
                f"{CA_FILE_ENV} names an unusable CA file ({why}): {shown_value(cafile)}"
            ) from None
        return
    _require_ca_dir()


def _require_ca_file_regular() -> None:
    """A FIFO, a device or a folder is refused before OpenSSL opens it: a FIFO would hang the
    command (waiting for a writer), /dev/zero fill memory."""
    cafile = os.environ.get(CA_FILE_ENV)
    if not cafile:
        return
    try:
        mode = os.stat(cafile).st_mode
    except (OSError, ValueError):
        return  # missing or unnamable: said by the load that follows, as before
    if not stat.S_ISREG(mode):
        raise InvalidSettingsError(
            f"{CA_FILE_ENV} names an unusable CA file (not a regular file): {shown_value(cafile)}"
        )


def _require_ca_dir() -> None:
    """A missing folder fails no constructor: each HTTPS request failed to verify instead."""
    if os.environ.get(CA_FILE_ENV):
        return  # the file is used, not the folder
    capath = os.environ.get(CA_DIR_ENV)
    # OpenSSL reads a list of folders, separated as PATH is.
    if capath and not any(os.path.isdir(p) for p in capath.split(os.pathsep) if p):
        raise InvalidSettingsError(f"{CA_DIR_ENV} names no folder: {shown_value(capath)}")


def http_client(make: Callable[[], Client], url: str) -> Client:
    """``make()``, which builds an httpx or httpx2 client for ``url``; where the environment's
    proxy cannot be used, or its CA files cannot be loaded, an InvalidSettingsError naming the
    variable instead (the client raised ValueError, ImportError or OSError)."""
    # Imported on use: httpx (which proxies needs) is slow to import.
    from claimaudit.net.cleartext import warn_proxy_credentials
    from claimaudit.net.proxies import usable_proxies

    usable_proxies(url)
    warn_proxy_credentials(url)  # every client made here: catalogues, arXiv, the judges
    _require_ca_file_regular()
    _require_ca_dir()
    try:
        return make()
    except OSError as error:
        failed = error
    require_tls_settings()  # outside the handler: the OSError is neither cause nor context
    raise failed


def tls_context() -> ssl.SSLContext:
    """The context the httpx clients verify servers with (``SSL_CERT_FILE``, else
    ``SSL_CERT_DIR``, else certifi's bundle), made by httpx itself: a client that is not httpx
    (requests, under the Valyu SDK) trusts the same authorities through it, not its own
    (requests reads ``REQUESTS_CA_BUNDLE`` and ignores these). InvalidSettingsError naming the
    variable where it cannot be loaded, as ``http_client``."""
    import httpx

    _require_ca_file_regular()
    _require_ca_dir()
    try:
        return httpx.create_ssl_context()
    except OSError as error:
        failed = error
    require_tls_settings()  # outside the handler: the OSError is neither cause nor context
    raise failed


def shown_value(value: str) -> str:
    """``value`` as an error line quotes it: redacted, one line, and quoted (``repr``) where
    whitespace around it matters (a path or URL with a leading space is not the same one)."""
    padded = not value.strip() or value != value.strip()
    shown = repr(redact_text(value)) if padded else safe_line(value)
    return shown[:_SHOWN_CHARS] + "..." if len(shown) > _SHOWN_CHARS else shown
