"""A judge's options printed (a log line, a traceback, a plugin's message) keep its secrets."""

from __future__ import annotations

import pytest

from claimaudit.judges.jev import JevOptions
from claimaudit.judges.openai import OpenAIOptions
from claimaudit.judges.protocol import JudgeSettings

URL = "http://alice:PWSEKRIT@127.0.0.1:9/v1?api_key=QSEKRIT&x=1"
SHOWN = "'http://***@127.0.0.1:9/v1?api_key=***&x=1'"


@pytest.mark.parametrize(
    ("options", "shown"),
    [
        (OpenAIOptions(base_url=URL), f"OpenAIOptions(base_url={SHOWN}, retries=2)"),
        (
            JevOptions(base_url=URL, retries=1),
            f"JevOptions(base_url={SHOWN}, retries=1, compression=False)",
        ),
        (OpenAIOptions(), "OpenAIOptions(base_url=None, retries=2)"),
        # A password holding "/" unencoded: no parser finds its end, the whole userinfo goes.
        (
            OpenAIOptions(base_url="http://a:pw/SEKRIT@h/v1"),
            "OpenAIOptions(base_url='http://***@h/v1', retries=2)",
        ),
    ],
)
def test_repr_masks_the_base_urls_credentials(options: object, shown: str) -> None:
    # QA: the dataclass repr printed the base URL whole, password and token included, as did
    # JudgeSettings', which holds the options.
    assert repr(options) == shown
    settings = repr(JudgeSettings(options=options))
    assert "SEKRIT" not in settings and shown in settings
