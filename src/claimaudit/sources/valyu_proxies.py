"""The environment's proxy as requests, under the Valyu SDK, uses it (``valyu_transport``):
chosen by ``net.proxies``' rules, as every other backend's, and one requests cannot use told in
one line before anything is sent."""

from __future__ import annotations

from urllib.parse import urlsplit

from claimaudit.net.proxies import env_proxy, padded_proxy


def proxy_problem(base_url: str) -> str | None:
    """Why requests cannot use the environment's proxy for ``base_url``, in one line naming its
    variable; None when it can (or none is set). requests only finds out when it sends, and
    then said "Valyu unreachable (InvalidURL)". Checked by making the proxy's pool manager, as
    requests' adapter does: nothing is sent."""
    proxy = env_proxy(base_url)
    if proxy is None:
        return None
    if proxy.padded:
        # Refused here, not left to urllib3: before 2.8 it took "\thttp://proxy:3128" for a
        # proxy on the host "\thttp" (and " proxy:3128" for one on " proxy"), which only
        # failed once a search was sent, as "Valyu unreachable".
        return padded_proxy(proxy)
    from requests.adapters import HTTPAdapter
    from requests.utils import prepend_scheme_if_needed
    from urllib3.util import parse_url

    adapter = HTTPAdapter()
    try:
        url = prepend_scheme_if_needed(proxy.value, "http")  # as the adapter reads it
        if not parse_url(url).host:
            raise ValueError(url)
        adapter.proxy_manager_for(url)
    # urllib3's ProxySchemeUnknown is an AssertionError; the others are ValueErrors.
    except (ValueError, AssertionError):
        if proxy.value.lower().startswith("socks"):
            return (
                f"{proxy.named} is a SOCKS proxy, which needs the PySocks package "
                "(pip install 'requests[socks]')"
            )
        return f"{proxy.named} is not a proxy URL that can be used (http or https)"
    finally:
        adapter.close()
    return None


def request_proxies(url: str) -> dict[str, str]:
    """The ``proxies`` argument requests sends a request to ``url`` with: the proxy
    ``env_proxy`` picks for it (as its scheme's), else none."""
    proxy = env_proxy(url)
    # The value as given: requests reads it as ``proxy_problem`` checked it.
    return {} if proxy is None else {urlsplit(url).scheme.lower(): proxy.value}
