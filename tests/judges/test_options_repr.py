"""A judge's options printed (a log line, a traceback, a plugin's message) keep its secrets."""

from __future__ import annotations

import pytest

from claimaudit.errors import InvalidSettingsError
from claimaudit.judges.jev import JevOptions
from claimaudit.judges.openai import OpenAIOptions
from claimaudit.judges.protocol import JudgeSettings

URL = "http://alice:PWSEKRIT@127.0.0.1:9/v1?api_key=QSEKRIT&x=1"
SHOWN = "'http://***@127.0.0.1:9/v1?api_key=***&x=1'"
JEV_URL = "http://alice:PWSEKRIT@127.0.0.1:9/v1"


@pytest.mark.parametrize(
    ("options", "shown"),
    [
        (OpenAIOptions(base_url=URL), f"OpenAIOptions(base_url={SHOWN}, retries=2)"),
        # Jev's SDK appends its paths to the base URL: one with a query is refused.
        (
            JevOptions(base_url=JEV_URL, retries=1),
            "JevOptions(base_url='http://***@127.0.0.1:9/v1', retries=1, compression=False)",
        ),
        (OpenAIOptions(), "OpenAIOptions(base_url=None, retries=2)"),
    ],
)
def test_repr_masks_the_base_urls_credentials(options: object, shown: str) -> None:
    # QA: the dataclass repr printed the base URL whole, password and token included, as did
    # JudgeSettings', which holds the options.
    assert repr(options) == shown
    settings = repr(JudgeSettings(options=options))
    assert "SEKRIT" not in settings and shown in settings


@pytest.mark.parametrize("make", [OpenAIOptions, JevOptions])
def test_a_password_no_parser_can_delimit_is_refused_without_showing_it(
    make: type[OpenAIOptions] | type[JevOptions],
) -> None:
    # A password holding "/" unencoded: no parser finds its end, the whole userinfo goes.
    with pytest.raises(InvalidSettingsError) as refused:
        make(base_url="http://a:pw/SEKRIT@h/v1")
    assert "SEKRIT" not in str(refused.value)
    assert "(http://***@h/v1): its user or password holds a /" in str(refused.value)
