"""URLs safe to show in messages: a base URL could embed a credential."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def public_url(url: str) -> str:
    """The URL without userinfo, query or fragment."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        if ":" in host:  # an IPv6 literal lost its brackets in .hostname
            host = f"[{host}]"
        if parts.port is not None:
            host = f"{host}:{parts.port}"
    except ValueError:
        return "(an invalid base URL)"
    return urlunsplit((parts.scheme, host, parts.path, "", "")) or "(an invalid base URL)"
