"""The HTTP transport under the Valyu SDK: no redirects, one deadline, a size cap, short reasons.

The SDK takes a ``requests.Session``; this module builds one whose every exchange is bounded:

- Redirects are never followed. requests strips only ``Authorization`` when a redirect leaves the
  host, never Valyu's ``x-api-key``, so following one would hand the key to whatever host the
  ``Location`` names (and judge that host's answer as evidence).
- The whole search, connect to last byte and retries included, shares one monotonic deadline.
  requests' own timeout applies to each socket read, so a server sending a byte a second would
  never time out. A watchdog shuts down every socket the search opened when the deadline passes,
  which ends any read in progress (the TLS handshake, the headers or the body); the body is read
  here in small reads, checking the deadline between them. A socket is opened (the host name
  looked up, then connected) in a worker thread that is given up at the deadline: the system's
  name lookup has no timeout, and the watchdog can only shut a socket that exists.
- A reply over ``max_bytes`` (declared or as read, after decompression) is refused unread.
- A search sent on a kept-alive connection that the server closed or reset before any byte of a
  reply (its keep-alive timeout; the SDK's 429 retry and the source's 5xx retry reuse the
  connection) is sent again on a fresh connection, as ``net.stalepool`` does for the httpx
  clients: with ``max_retries=0`` requests gave up, "Valyu unreachable", on a server that was
  up. A search changes nothing on the server, so it is safe to ask twice; each one sent counts.
- Certificates and proxies follow the rules every other backend's httpx client follows, not
  requests' own: the authorities of ``SSL_CERT_FILE``/``SSL_CERT_DIR`` (``envsettings``), and
  the proxy ``proxies.env_proxy`` picks, whose ``NO_PROXY`` reading is the one the others are
  checked and named by (requests' also bypasses a CIDR range, or any host ending in an entry;
  ``valyu_proxies``).

``ValyuTransport.failure`` turns what happened into one fixed line: the server's own error text is
never quoted for an HTTP error (it may echo the key, percent-encoded or otherwise).
"""

from __future__ import annotations

import contextlib
import json
import math
import socket
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin, urlsplit

from claimaudit.judges.deadline import Deadline as WorkerDeadline
from claimaudit.judges.deadline import DeadlineExceeded, within
from claimaudit.net.envsettings import tls_context
from claimaudit.net.proxies import env_proxy
from claimaudit.net.redaction import redact_url

# proxy_problem: exported from here as before it moved (``server.environment`` reads it).
from claimaudit.sources.valyu_proxies import proxy_problem as proxy_problem
from claimaudit.sources.valyu_proxies import request_proxies

# 4 MB: five excerpts of 5,000 characters with their metadata are well under 100 kB.
MAX_REPLY_BYTES = 4_000_000
_READ_CHUNK = 64 * 1024
_MAX_RATE_LIMIT_WAIT = 60  # the SDK never waits longer after a 429
_STATUS_WORDS = {401: "the API key was refused; check VALYU_API_KEY", 429: "rate limited"}
_STATUS_WORDS[403] = _STATUS_WORDS[401]
# How often a search is sent again for a stale kept connection (as ``net.stalepool``'s).
_MOST_STALE_TRIES = 3


class Deadline:
    """``seconds`` from now on the monotonic clock."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._ends = time.monotonic() + seconds

    def remaining(self) -> float:
        return self._ends - time.monotonic()


class ValyuTransport:
    """A session for the SDK plus what its exchanges went through: ``sent`` counts every HTTP
    attempt (the SDK's 429 retries too), ``last`` is the last reply (its body read, or None),
    ``problem`` a fixed reason when the transport itself gave up (deadline, size, cut off)."""

    def __init__(
        self,
        deadline: Deadline,
        *,
        max_bytes: int = MAX_REPLY_BYTES,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        import requests

        # Made before the watchdog: an unusable CA setting (InvalidSettingsError) leaves none.
        tls = tls_context() if tls is None else tls
        self.deadline = deadline
        self.max_bytes = max_bytes
        self.sent = 0
        self.last: requests.Response | None = None
        self.last_error: str | None = None
        self.problem: str | None = None
        self._sockets: list[socket.socket] = []
        # Set by the connection when the attempt in progress was sent on a kept connection
        # and no byte of a reply came back before it closed (``_session``'s connections).
        self.stale = False
        self.reply_began = False  # a byte of the reply in progress came
        self._lock = threading.Lock()
        self._watchdog = threading.Timer(max(deadline.remaining(), 0), self._expire)
        self._watchdog.daemon = True
        self._watchdog.start()
        self.session = _session(self, tls)

    def close(self) -> None:
        self._watchdog.cancel()
        self.session.close()

    def opened(self, sock: socket.socket) -> None:
        """Watch a new connection's socket; past the deadline, it is shut down at once."""
        with self._lock:
            self._sockets.append(sock)
        if self.deadline.remaining() <= 0:
            self._expire()

    def connect(self, open_socket: Callable[[], socket.socket]) -> socket.socket:
        """``open_socket()``'s socket, watched; past the deadline a timeout, the lookup or
        connect left to finish in its thread (a socket it opens then is closed at once)."""
        from urllib3.exceptions import ConnectTimeoutError

        try:
            left = WorkerDeadline(max(self.deadline.remaining(), 0))
            sock = within(left, open_socket, _close, name="valyu-connect")
        except DeadlineExceeded:
            pass
        else:
            self.opened(sock)
            return sock
        raise ConnectTimeoutError(self.timed_out())

    def _expire(self) -> None:
        with self._lock:
            sockets = list(self._sockets)
        for sock in sockets:
            # Already closed: nothing is waiting on it.
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def timed_out(self) -> str:
        return f"timed out after {self.deadline.seconds:g}s"

    def failure(self, sdk_error: str | None, base_url: str) -> str:
        """One short line saying what went wrong, from the last exchange where there was one."""
        if self.problem is not None:
            return self.problem
        if self.last is None:
            why = self.last_error or "no reply"
            proxy = env_proxy(base_url) if why == "ProxyError" else None
            if proxy is not None:
                # requests says ProxyError for a proxy down and one refusing alike: name it.
                where = f"Valyu unreachable at {redact_url(base_url)}"
                return f"{where}: {proxy.named} is unreachable or refused to connect to it"
            return f"Valyu unreachable at {redact_url(base_url)} ({why})"
        status = self.last.status_code
        if 300 <= status < 400:
            return f"redirected (HTTP {status}{_location(self.last)}); redirects are not followed"
        if status != 200:
            words = _STATUS_WORDS.get(status) or (
                "server error" if status >= 500 else "request refused"
            )
            return f"HTTP {status} ({words})"
        try:
            body = json.loads(self.last.content)
        except ValueError:
            return "malformed reply (not JSON)"
        except RecursionError:  # valid JSON, nested past what Python's parser reads
            return "malformed reply (JSON nested too deeply)"
        if not isinstance(body, dict):
            return "malformed reply (not a JSON object)"
        # A 200 the SDK could not read (missing fields), or one that reports an error itself.
        return sdk_error or "unreadable reply"

    # Called by the adapter for each exchange.
    def exchange(self, send: Any, request: Any, kwargs: dict[str, Any]) -> Any:
        import requests

        self.last, self.last_error = None, None
        for tries_left in range(_MOST_STALE_TRIES, -1, -1):
            remaining = self.deadline.remaining()
            if remaining <= 0:  # nothing is sent, so nothing is counted
                self.problem = self.timed_out()
                raise requests.Timeout(self.problem)
            self.sent += 1
            self.stale = False
            try:
                # Connect and every read bounded by what is left; the body is read below.
                response = send(request, **{**kwargs, "stream": True, "timeout": remaining})
            except requests.RequestException as error:
                late = self.deadline.remaining() <= 0 or isinstance(error, requests.Timeout)
                if tries_left and self.stale and not late:
                    continue  # the failed connection was closed: the next one is new
                if late:
                    self.problem = self.timed_out()
                self.last_error = type(error).__name__
                raise
            break
        try:
            response._content = self._body(response)
        finally:
            response.close()
        response._content_consumed = True
        self.last = response
        asked = _asked_wait(response) if response.status_code == 429 else None
        if asked is not None and min(asked, _MAX_RATE_LIMIT_WAIT) >= self.deadline.remaining():
            # The SDK would sleep before retrying, past the deadline: stop here instead. The
            # message says what Valyu asked for, not the SDK's cap on it.
            self.problem = (
                f"HTTP 429 (rate limited; Valyu asks to wait {asked:g}s, past the timeout)"
            )
            raise requests.ConnectionError(self.problem)
        return response

    def _body(self, response: Any) -> bytes:
        import requests

        declared = response.headers.get("Content-Length", "")
        if declared.isascii() and declared.isdigit() and int(declared) > self.max_bytes:
            self.problem = self._too_large()
            raise requests.ConnectionError(self.problem)
        chunks: list[bytes] = []
        size = 0
        try:
            while True:
                if self.deadline.remaining() <= 0:
                    self.problem = self.timed_out()
                    raise requests.Timeout(self.problem)
                chunk = response.raw.read1(_READ_CHUNK, decode_content=True)
                if not chunk:
                    break
                size += len(chunk)
                if size > self.max_bytes:
                    self.problem = self._too_large()
                    raise requests.ConnectionError(self.problem)
                chunks.append(chunk)
        except Exception as error:
            if self.problem is None:
                self.problem = (
                    self.timed_out()
                    if self.deadline.remaining() <= 0
                    else "the connection closed before the reply was complete"
                )
            raise requests.ConnectionError(self.problem) from error
        if self.deadline.remaining() <= 0:  # the watchdog ended the read: a cut-off body
            self.problem = self.timed_out()
            raise requests.Timeout(self.problem)
        return b"".join(chunks)

    def _too_large(self) -> str:
        return f"reply over {self.max_bytes:,} bytes refused"


def _close(sock: socket.socket) -> None:
    sock.close()


def _asked_wait(response: Any) -> float:
    """The seconds a 429 asks for, read as the SDK reads them: the body's ``retry_after``, else
    the Retry-After header, else 1 (the SDK's default). Not capped: the SDK waits at most
    ``_MAX_RATE_LIMIT_WAIT``, but the message says what was asked."""
    try:
        body = json.loads(response.content)
    # Nested too deep to read, it raised out of the exchange: the SDK gave up without a retry.
    except (ValueError, RecursionError):
        body = None
    wait = body.get("retry_after") if isinstance(body, dict) else None
    if not isinstance(wait, int | float) or isinstance(wait, bool) or not math.isfinite(wait):
        try:
            wait = float(response.headers.get("Retry-After", "1"))
        except ValueError:
            wait = 1
        if not math.isfinite(wait):
            wait = 1
    return float(max(0, int(wait)))


def server_wait(response: Any) -> float | None:
    """The seconds a reply's Retry-After header asks for (delta-seconds, as the SDK reads it
    for a 429); None without one, or with one that is no number of seconds (an HTTP date)."""
    if response is None:
        return None
    try:
        wait = float(response.headers.get("Retry-After", ""))
    except ValueError:
        return None
    return float(max(0, int(wait))) if math.isfinite(wait) else None


def _location(response: Any) -> str:
    """`` to HOST`` from the Location header (the host only: its path may carry a token)."""
    location = response.headers.get("Location")
    if not location:
        return ""
    try:
        host = urlsplit(urljoin(response.url or "", location)).hostname
    except ValueError:
        return ""
    return f" to {host}" if host else ""


def _session(transport: ValyuTransport, tls: ssl.SSLContext) -> Any:
    import http.client

    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
    from urllib3.poolmanager import ProxyManager

    class Reply(http.client.HTTPResponse):
        def begin(self) -> None:
            # Peeked, not read, so that begin() reads the reply whole: whether a byte came
            # before the connection failed (a reset raises here, and leaves it False).
            transport.reply_began = bool(self.fp.peek(1))
            super().begin()

    class Watched(HTTPConnection):
        """Each new socket is handed to the watchdog as soon as it exists; a request sent on a
        kept one (not new since the last request) that gets no byte of a reply is stale."""

        response_class = Reply
        fresh = False  # a socket was opened since the last request was sent
        kept = False  # the request in progress went out on a socket opened before it

        def _new_conn(self) -> socket.socket:
            self.fresh = True
            return transport.connect(super()._new_conn)

        def request(self, *args: Any, **kwargs: Any) -> None:
            # An HTTPS pool connects before the request (to check the certificate), plain
            # HTTP within it: either way a socket open and not fresh is a kept one.
            self.kept = self.sock is not None and not self.fresh
            transport.reply_began = False
            try:
                super().request(*args, **kwargs)
            finally:
                self.fresh = False  # the next request, on this socket, is on a kept one

        def getresponse(self, *args: Any, **kwargs: Any) -> Any:
            try:
                return super().getresponse(*args, **kwargs)
            # urllib3 goes on to read after a failed send (the server may have answered
            # already). RemoteDisconnected (a ConnectionResetError) is a close before the
            # status line's first byte; a reset or abort is the system's word for the same.
            except (ConnectionResetError, ConnectionAbortedError, BrokenPipeError):
                transport.stale = self.kept and not transport.reply_began
                raise

    class WatchedHTTP(Watched):
        pass

    class WatchedHTTPS(Watched, HTTPSConnection):
        pass

    class WatchedHTTPPool(HTTPConnectionPool):
        ConnectionCls = WatchedHTTP

    class WatchedHTTPSPool(HTTPSConnectionPool):
        ConnectionCls = WatchedHTTPS

    watched = {"http": WatchedHTTPPool, "https": WatchedHTTPSPool}

    class BoundedAdapter(HTTPAdapter):
        def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
            super().init_poolmanager(*args, **kwargs)
            self.poolmanager.pool_classes_by_scheme = watched

        def proxy_manager_for(self, proxy: Any, **kwargs: Any) -> Any:
            manager = super().proxy_manager_for(proxy, **kwargs)
            if type(manager) is ProxyManager:  # SOCKS managers keep their own pools
                manager.pool_classes_by_scheme = watched
            return manager

        def build_connection_pool_key_attributes(
            self, request: Any, verify: Any, cert: Any = None
        ) -> tuple[dict[str, Any], dict[str, Any]]:
            host, pool = super().build_connection_pool_key_attributes(request, verify, cert)
            if verify is True and host.get("scheme") == "https":
                pool["ssl_context"] = tls  # the httpx clients' authorities
            return host, pool

        def cert_verify(self, conn: Any, url: str, verify: Any, cert: Any) -> None:
            super().cert_verify(conn, url, verify, cert)
            if verify is True:
                # requests names certifi's bundle here, which urllib3 would add to the context.
                conn.ca_certs = conn.ca_cert_dir = None

        def send(
            self,
            request: Any,
            stream: bool = False,
            timeout: Any = None,
            verify: Any = True,
            cert: Any = None,
            proxies: Any = None,
        ) -> requests.Response:
            del stream, timeout  # the transport reads the body and sets the timeout itself
            # The session reads no environment (trust_env): the proxy is chosen here, per URL.
            del proxies
            chosen = request_proxies(request.url)
            sent: requests.Response = transport.exchange(
                super().send, request, {"verify": verify, "cert": cert, "proxies": chosen}
            )
            return sent

    class NoRedirectSession(requests.Session):
        def send(self, request: Any, **kwargs: Any) -> requests.Response:
            kwargs["allow_redirects"] = False
            return super().send(request, **kwargs)

    adapter = BoundedAdapter(max_retries=0)
    session = NoRedirectSession()
    # Neither requests' proxy choice nor its CA variables (REQUESTS_CA_BUNDLE): the adapter
    # applies the rules the httpx clients follow.
    session.trust_env = False
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session
