"""Credentials in the forms an upstream echoes them."""

from __future__ import annotations

import base64
from urllib.parse import quote

import pytest

from claimaudit.net.redaction import mask_secrets, redact_text, reply_text

BASIC = base64.b64encode(b"usr:PWSEKRIT99").decode()  # what httpx sends for http://usr:PW...@


@pytest.mark.parametrize(
    "text",
    [
        f"bad key Basic {BASIC}",
        f"Authorization: basic {BASIC}",
        # A Location header or a query that quotes the header percent-encoded.
        f"http://127.0.0.2:9/steal?k=Basic%20{quote(BASIC, safe='')}",
        f"k=Basic+{quote(BASIC, safe='')}",
    ],
)
def test_basic_credentials_are_masked(text: str) -> None:
    # QA: a base URL's user and password are sent as "Authorization: Basic <base64>"; a server
    # echoing that header put the base64 (the password, readable by anyone) in records and logs.
    for shown in (redact_text(text), mask_secrets(text), reply_text(text)):
        assert BASIC not in shown and quote(BASIC, safe="") not in shown
        assert "***" in shown


@pytest.mark.parametrize("text", ["Basic research", "basic arithmetic skills", "Basic QUJD"])
def test_basic_as_a_word_stays(text: str) -> None:
    # Only base64 that decodes to "user:password" is a credential; "QUJD" is "ABC".
    assert redact_text(text) == text and mask_secrets(text) == text
