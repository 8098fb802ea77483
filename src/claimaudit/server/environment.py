"""What ``serve`` and ``mcp`` read from the environment for every request, checked at start-up.

The default judge (``CLAIMAUDIT_JUDGE``), the openai judge's context window, the base URLs,
the API keys and the default model ids are read when a request is judged; a bad value made a
server that started and then refused each request (400 ``unknown_judge``, and ``GET /v1/judges``
marked no default). As on the command line, it is a usage error before the server starts: one
line naming the variable.
"""

from __future__ import annotations

import os

from typesafe_sdk.constants import API_KEY_ENV as JEV_KEY_ENV
from typesafe_sdk.constants import BASE_URL_ENV as JEV_BASE_URL_ENV
from typesafe_sdk.constants import DEFAULT_BASE_URL as JEV_BASE_URL
from typesafe_sdk.constants import DEFAULT_MODEL_ENV as JEV_MODEL_ENV

from claimaudit.api import JUDGE_ENV
from claimaudit.envsettings import (
    env_base_url,
    env_model,
    require_header_safe_key,
    require_tls_settings,
)
from claimaudit.errors import UnknownBackendError
from claimaudit.judges import openai
from claimaudit.plugins import get_registry
from claimaudit.refcheck import crossref
from claimaudit.sources import arxiv, valyu

_BASE_URLS = (
    (openai.BASE_URL_ENV, openai.DEFAULT_BASE_URL),
    (JEV_BASE_URL_ENV, JEV_BASE_URL),
    (valyu.BASE_URL_ENV, valyu.DEFAULT_BASE_URL),
    (arxiv.BASE_URL_ENV, arxiv.DEFAULT_BASE_URL),
    (crossref.BASE_URL_ENV, crossref.DEFAULT_BASE_URL),
)
_KEYS = (openai.KEY_ENV, JEV_KEY_ENV, valyu.API_KEY_ENV)
_MODELS = (openai.MODEL_ENV, JEV_MODEL_ENV)


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
        env_base_url(env, default)
    for env in _KEYS:
        require_header_safe_key(env)
    for env in _MODELS:
        env_model(env)
    crossref.contact_email()
    require_tls_settings()
