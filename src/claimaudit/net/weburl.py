"""The one rule for which paper URLs may be kept and linked: http and https only. A source (a
plugin, say) could hand back ``javascript:`` or ``data:`` URLs, which a page would run."""

from __future__ import annotations

import re

_WEB_URL = re.compile(r"^https?://", re.IGNORECASE)


def is_web_url(url: object) -> bool:
    """True when ``url`` is a string with the http or https scheme."""
    return isinstance(url, str) and _WEB_URL.match(url) is not None
