"""The one rule for which paper URLs are kept and linked."""

from __future__ import annotations

import pytest

from claimaudit.net.weburl import is_web_url


@pytest.mark.parametrize(
    ("url", "web"),
    [("http://a.org", True), ("https://a.org/x", True), (" javascript:x", False), (12, False)],
)
def test_only_http_and_https_are_web_urls(url: object, web: bool) -> None:
    assert is_web_url(url) is web
