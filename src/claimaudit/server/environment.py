"""What ``serve`` and ``mcp`` read from the environment for every request, checked at start-up.

The default judge (``CLAIMAUDIT_JUDGE``), the openai judge's context window, the base URLs,
the API keys and the default model ids are read when a request is judged; a bad value made a
server that started and then refused each request (400 ``unknown_judge``, and ``GET /v1/judges``
marked no default). As on the command line, it is a usage error before the server starts: one
line naming the variable.

So are the proxy and CA settings (``HTTPS_PROXY``..., ``SSL_CERT_FILE``, ``SSL_CERT_DIR``) where
a backend the server is configured with would use the network: the default judge when it is
``openai`` or ``jev``, and Valyu when ``VALYU_API_KEY`` is set (the ``auto`` source searches it).
They were refused per request instead. A server with the local judge and its library sends no
request, and starts whatever they say (a request naming another judge is refused on its own).
"""

from __future__ import annotations

import os

from typesafe_sdk.constants import API_KEY_ENV as JEV_KEY_ENV
from typesafe_sdk.constants import BASE_URL_ENV as JEV_BASE_URL_ENV
from typesafe_sdk.constants import DEFAULT_BASE_URL as JEV_BASE_URL
from typesafe_sdk.constants import DEFAULT_MODEL_ENV as JEV_MODEL_ENV

from claimaudit.api import JUDGE_ENV, default_judge_name
from claimaudit.errors import InvalidSettingsError, UnknownBackendError
from claimaudit.judges import openai
from claimaudit.net.envsettings import (
    env_base_url,
    env_model,
    require_header_safe_key,
    require_tls_settings,
)
from claimaudit.net.proxies import usable_proxies
from claimaudit.plugins import get_registry
from claimaudit.refcheck import crossref
from claimaudit.sources import arxiv, valyu
from claimaudit.sources.valyu_transport import proxy_problem as valyu_proxy_problem

_BASE_URLS = (
    (openai.BASE_URL_ENV, openai.DEFAULT_BASE_URL),
    (JEV_BASE_URL_ENV, JEV_BASE_URL),
    (valyu.BASE_URL_ENV, valyu.DEFAULT_BASE_URL),
    (arxiv.BASE_URL_ENV, arxiv.DEFAULT_BASE_URL),
    (crossref.BASE_URL_ENV, crossref.DEFAULT_BASE_URL),
)
_KEYS = (openai.KEY_ENV, JEV_KEY_ENV, valyu.API_KEY_ENV)
_MODELS = (openai.MODEL_ENV, JEV_MODEL_ENV)
# The judges that send their requests over HTTP, by name ("jev": its module imports the SDK).
_NETWORK_JUDGES = {
    openai.NAME: (openai.BASE_URL_ENV, openai.DEFAULT_BASE_URL),
    "jev": (JEV_BASE_URL_ENV, JEV_BASE_URL),
}


def check_environment() -> None:
    """UsageError (UnknownBackendError, InvalidSettingsError) for the first variable a request
    could not be served with; nothing when all are usable or unset."""
    name = os.environ.get(JUDGE_ENV)
    judges = get_registry().judges
    if name and name not in judges:
        known = ", ".join(sorted(judges)) or "none"
        raise UnknownBackendError(f"{JUDGE_ENV} names an unknown judge {name!r} (known: {known})")
    openai.configured_context_tokens()
    for env, default in _BASE_URLS:
        # The openai judge keeps a base URL's query on each request; the other clients cannot.
        env_base_url(env, default, keeps_query=env == openai.BASE_URL_ENV)
    for env in _KEYS:
        require_header_safe_key(env)
    for env in _MODELS:
        env_model(env)
    crossref.contact_email()
    _check_network()


def _check_network() -> None:
    """The proxy and CA settings the configured network backends would use, checked as each
    checks them when it is made on the command line."""
    judge = _NETWORK_JUDGES.get(default_judge_name())
    if judge is not None:
        usable_proxies(env_base_url(*judge, keeps_query=True))  # as its httpx client reads them
    searches = bool(os.environ.get(valyu.API_KEY_ENV, "").strip())
    if searches:
        problem = valyu_proxy_problem(env_base_url(valyu.BASE_URL_ENV, valyu.DEFAULT_BASE_URL))
        if problem is not None:
            raise InvalidSettingsError(problem)
    if judge is not None or searches:
        require_tls_settings()
