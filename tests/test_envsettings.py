"""Keys and base URLs from the environment, checked before any work."""

from __future__ import annotations

import pytest

from claimaudit.envsettings import env_base_url, http_url, require_header_safe_key
from claimaudit.errors import InvalidSettingsError


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8080/v1", "https://api.example.org", "HTTPS://Example.org/x"]
)
def test_an_http_url_is_taken_as_it_is(url: str) -> None:
    assert http_url(url, "X_BASE_URL") == url


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("garbage", "garbage"),
        ("ftp://mirror.example.org/arxiv", "ftp://mirror.example.org/arxiv"),
        ("ftp://user:s3cret@proxy/v1", "ftp://***@proxy/v1"),
        ("user:s3cret@proxy:8080/v1", "***@proxy:8080/v1"),
        ("http//user:s3cret@proxy/v1", "http//***@proxy/v1"),
        ("https://", "https://"),
        ("http://host:99999/v1", "http://host:99999/v1"),
        ("http://exa mple.org", "http://exa mple.org"),
    ],
)
def test_anything_else_is_refused_naming_the_variable_never_a_credential(
    url: str, shown: str
) -> None:
    with pytest.raises(InvalidSettingsError) as refused:
        http_url(url, "X_BASE_URL")
    assert str(refused.value) == f"X_BASE_URL is not an http(s) URL: {shown}"


def test_an_unset_or_blank_variable_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("X_BASE_URL", raising=False)
    assert env_base_url("X_BASE_URL", "https://default.example.org") == (
        "https://default.example.org"
    )
    monkeypatch.setenv("X_BASE_URL", "  ")
    assert env_base_url("X_BASE_URL", "https://default.example.org") == (
        "https://default.example.org"
    )
    monkeypatch.setenv("X_BASE_URL", " http://127.0.0.1:9/v1 ")
    assert env_base_url("X_BASE_URL", "https://default.example.org") == "http://127.0.0.1:9/v1"


@pytest.mark.parametrize("key", ["sk with space", "sk-first\nsecond", "clé-0000"])
def test_a_key_that_cannot_be_a_header_is_refused_naming_only_the_variable(
    monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    monkeypatch.setenv("X_API_KEY", key)
    with pytest.raises(InvalidSettingsError) as refused:
        require_header_safe_key("X_API_KEY")
    assert str(refused.value) == "X_API_KEY is malformed: it must be printable ASCII without spaces"


def test_a_missing_or_good_key_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("X_API_KEY", raising=False)
    require_header_safe_key("X_API_KEY")
    monkeypatch.setenv("X_API_KEY", " sk-0000-good\n")  # the ends are stripped where it is read
    require_header_safe_key("X_API_KEY")
