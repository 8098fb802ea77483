"""Credentials in the forms an upstream echoes them: Basic credentials and encoded keys."""

from __future__ import annotations

import base64
import json
import logging
from pathlib import Path
from urllib.parse import quote

import pytest

from claimaudit.net.logredaction import RedactingFilter
from claimaudit.net.redaction import mask_secrets, redact_text, reply_text
from tests.hostile.helpers import cli

# A key with the characters that encodings change ("/", "+", "="), as base64-style keys hold.
ENCODED_KEY = "sk/SEKRIT+0123456789=="
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


@pytest.mark.parametrize(
    "form",
    [
        ENCODED_KEY,
        quote(ENCODED_KEY, safe=""),
        quote(ENCODED_KEY, safe="").replace("%2F", "%2f"),
        json.dumps(ENCODED_KEY)[1:-1].replace("/", "\\/"),
    ],
)
def test_secret_environment_values_are_masked_in_every_encoding(
    monkeypatch: pytest.MonkeyPatch, form: str
) -> None:
    # QA: --debug logged a hostile server's redirect "Location: ...?k=Bearer%20sk%2FSEKRIT..."
    # whole: only the key as written was masked, not the key percent-encoded.
    monkeypatch.setenv("OPENAI_API_KEY", ENCODED_KEY)
    text = f"Location: http://127.0.0.2:9/steal?k={form} body={form}"
    for shown in (redact_text(text), mask_secrets(text)):
        assert "SEKRIT" not in shown and shown.count("***") == 2


def test_a_debug_record_quoting_an_encoded_key_is_masked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", ENCODED_KEY)
    record = logging.LogRecord(
        "httpcore.http11", logging.DEBUG, __file__, 1, "headers=%r", None, None
    )
    record.args = ([(b"Location", f"http://h/?k=Bearer%20{quote(ENCODED_KEY, safe='')}")],)
    assert RedactingFilter().filter(record)
    assert "SEKRIT" not in record.getMessage()


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            "the proxy in HTTPS_PROXY (http://p:3128/?token=abcdef) is unreachable",
            "the proxy in HTTPS_PROXY (http://p:3128/?token=***) is unreachable",
        ),
        ("see http://h/v1?api_key=abcdef.", "see http://h/v1?api_key=***."),
        ("[http://u:pw@h/x?sig=abcdef];", "[http://***@h/x?sig=***];"),
        ("http://h/wiki/Foo_(bar)", "http://h/wiki/Foo_(bar)"),
    ],
)
def test_a_masked_value_keeps_the_sentences_closing_marks(text: str, shown: str) -> None:
    # QA: the mask took the ")" or "." after a URL's last value with it, leaving a message
    # with an unclosed parenthesis.
    assert redact_text(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            "no such report: https:/alice:pw-SEKRIT@host/d.md?token=tok-SEKRIT",
            "no such report: https:/***@host/d.md?token=***",
        ),
        ("HTTPS:/alice:pw-SEKRIT@host/r.bib: missing", "HTTPS:/***@host/r.bib: missing"),
        # A path that only looks like one keeps its words; a Windows path is not a URL.
        ("C:/Users/alice/notes.md", "C:/Users/alice/notes.md"),
        ("https:/host/d.md?q=1", "https:/host/d.md?q=1"),
    ],
)
def test_a_url_collapsed_into_a_path_is_redacted(text: str, shown: str) -> None:
    # QA: a URL given where a file was expected is shown as its path, "https:/user:pw@..." with
    # one slash, which the URL pattern did not take: password and token were printed.
    assert redact_text(text) == shown


@pytest.mark.parametrize(
    "args",
    [
        ("batch", "URL", "--out", "OUT"),
        ("review", "URL"),
        ("refs", "URL"),
        ("library", "import-jsonl", "URL", "--format", "scifact", "--library", "LIB"),
    ],
)
def test_a_url_given_as_a_file_keeps_its_credentials_off_the_terminal(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    url = "https://alice:pw-SEKRIT@host/input.jsonl?token=tok-SEKRIT"
    where = {"URL": url, "OUT": str(tmp_path / "out.jsonl"), "LIB": str(tmp_path / "l.db")}
    outcome = cli(*(where.get(arg, arg) for arg in args))
    assert outcome.exit_code == 2
    assert "SEKRIT" not in outcome.stdout + outcome.stderr
    assert "https:/***@host/input.jsonl?token=***" in outcome.stderr


FREE_KEY = "sk-abcdef0123456789XYZW"  # no variable holds it: only its shape or its name gives it


@pytest.mark.parametrize(
    "text",
    [
        f"cannot start: token={FREE_KEY}",
        "cannot start: token=abc123secret",
        "TOKEN = abc123secret was refused",
        "api_key: abc123secret",
        "ImportError: OPENAI_API_KEY=abc123secret is not valid",
        "config {'api_key': 'abc123secret', 'model': 'x'}",
        'config {"client_secret": "abc123secret"}',
        "Settings(password='abc123secret')",
        "db_password: hunter2xyz",
        "x-api-key: abc123secret",
        f"the key {FREE_KEY} was refused",
        "Secret=abc123secret",
    ],
)
def test_a_secret_written_as_free_text_is_masked(text: str) -> None:
    # QA: a plugin whose ImportError said "token=sk-abcdef0123456789" showed it as written in
    # `claimaudit plugins` and in the warning that the plugin failed to load.
    shown = redact_text(text)
    assert "abc123secret" not in shown and "hunter2xyz" not in shown and FREE_KEY not in shown
    assert "***" in shown
    assert redact_text(shown) == shown  # masking again changes nothing


@pytest.mark.parametrize(
    "text",
    [
        "the token budget ran out",
        "key findings of the paper",
        "max_tokens=512 is too many",
        "Key: findings were mixed",
        "Key: well-known results",
        "a password is required",
        "the secret of their method",
        "keys=3 tokens:4",
        "sk-short is not a key",
    ],
)
def test_prose_about_keys_and_tokens_stays(text: str) -> None:
    assert redact_text(text) == text and mask_secrets(text) == text


def test_a_key_of_a_known_shape_is_masked_in_a_title() -> None:
    assert mask_secrets(f"model {FREE_KEY}") == "model ***"
    assert reply_text(f"title {FREE_KEY}.") == "title ***."


def test_a_secret_written_as_free_text_keeps_the_sentences_closing_marks() -> None:
    assert redact_text("refused (token=abc123secret).") == "refused (token=***)."
    assert redact_text("refused: password: hunter2xyz.") == "refused: password: ***."
