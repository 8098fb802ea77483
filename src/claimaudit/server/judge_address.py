"""A judge's (or the search service's) failure as the server's public records say it:
without its address.

The judge is the server's own backend (``OPENAI_BASE_URL``, ``TYPESAFE_BASE_URL``, a proxy on
the way): "OpenAI-compatible server is unreachable at http://10.0.3.7:8000/v1" told every
user of a public service where its internal judge runs, even masked; "Valyu unreachable at
http://***@search.internal/v1" where its search service does. A record says "the server's
judge address" ("the server's search service") instead, and the server's log keeps the whole
message for its operator (through uvicorn's logger, its redacting filter on).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from claimaudit.judges.protocol import Judge
from claimaudit.net.proxies import env_proxies
from claimaudit.net.redaction import mask_setting, public_url, redact_url

_log = logging.getLogger("uvicorn.error")

JUDGE_ADDRESS = "the server's judge address"
PROXY = "the server's proxy"


def judge_failure_words(judge: Judge) -> Callable[[str], str]:
    """What a record of ``judge``'s failures says in place of the judge's address (and of the
    proxy it goes through); each message changed so is logged whole first."""
    base = getattr(judge, "base_url", None)
    return address_hidden(base, JUDGE_ADDRESS, f"judge {getattr(judge, 'name', '?')!r}")


def address_hidden(base: object, words: str, whose: str) -> Callable[[str], str]:
    """A message of the backend ``whose`` (``"judge 'openai'"``) as a public record says it:
    ``words`` in place of its base URL ``base``, and the server's proxies named by their
    variable alone; each message changed so is logged whole first, for the operator."""
    forms = _forms(base) if isinstance(base, str) and base.strip() else []
    # The proxies, named as the backends name them: "the proxy in HTTPS_PROXY (http://...)".
    proxies = [(proxy.named, f"{PROXY} ({proxy.env})") for proxy in env_proxies()]

    def hidden(message: str) -> str:
        said = message
        for proxy, plain in proxies:
            said = said.replace(proxy, plain)
        for form in forms:
            said = said.replace(form, words)
        if said != message:
            _log.warning("%s failed: %s", whose, message)
        return said

    return hidden


def _forms(base: str) -> list[str]:
    """The ways a judge's message may spell its base URL: masked (``redact_url``) as they
    quote it, or as the endpoint alone, with and without a closing slash; longest first, so
    that a part of one is never replaced inside another."""
    forms = set()
    for url in (base, base.strip(), mask_setting(base.strip())):
        for shown in (redact_url(url), public_url(url), url):
            forms.update({shown, shown.rstrip("/")})
    return sorted((f for f in forms if len(f) > len("http://")), key=len, reverse=True)
