"""The server's log never holds a credential: uvicorn's access and error lines are redacted,
in a real server's log and record by record through the configured handlers."""

from __future__ import annotations

import io
import logging
import logging.config
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from claimaudit.net.logredaction import RedactingFilter, redact_request_path, redact_root_handlers
from claimaudit.server.logs import log_config
from tests.server.conftest import TOKEN, RunningServer

JUDGE_KEY = "sk-test-judge-key-0123456789"


def _encoded(text: str) -> str:
    """Every byte percent-encoded, as a client may send any character."""
    return "".join(f"%{byte:02X}" for byte in text.encode())


def test_a_token_in_the_query_string_never_reaches_the_access_log(strict: RunningServer) -> None:
    encoded = _encoded(TOKEN)
    with strict.client() as anonymous:
        for query in (f"token={TOKEN}&limit=5", f"q={TOKEN}", f"q={encoded}"):
            assert anonymous.get(f"/v1/library?{query}").status_code == 401
        assert anonymous.get(f"/v1/library/{quote(TOKEN)}").status_code == 401
    # uvicorn logs a request line before it sends the response, so the lines are all there.
    log = strict.log_text()
    assert TOKEN not in log and encoded not in log
    assert '"GET /v1/library?token=***&limit=5 HTTP/1.1" 401' in log
    assert '"GET /v1/library?*** HTTP/1.1" 401' in log
    assert '"GET /v1/library/*** HTTP/1.1" 401' in log


def test_semicolon_separated_secrets_never_reach_the_access_log(strict: RunningServer) -> None:
    other = "anothersecret77"
    with strict.client(TOKEN) as client:
        for query in (f"a=1;token={other}", f"a=1;TOKEN={other}&b=2", f"a=1&Api_Key={other}"):
            assert client.get(f"/v1/judges?{query}").status_code == 200
    log = strict.log_text()
    assert other not in log
    assert '"GET /v1/judges?a=1;token=*** HTTP/1.1" 200' in log
    assert '"GET /v1/judges?a=1;TOKEN=***&b=2 HTTP/1.1" 200' in log
    assert '"GET /v1/judges?a=1&Api_Key=*** HTTP/1.1" 200' in log


def test_path_parameter_and_encoded_pair_secrets_never_reach_the_access_log(
    strict: RunningServer,
) -> None:
    other = "anothersecret77"
    with strict.client(TOKEN) as client:
        client.delete(f"/v1/library/x;token={other}")  # whatever it answers, it is logged
        assert client.get(f"/v1/judges?a=1;token%3D{other}").status_code == 200
    log = strict.log_text()
    assert other not in log
    assert '"DELETE /v1/library/x;token=*** HTTP/1.1"' in log
    assert '"GET /v1/judges?a=1;token%3D*** HTTP/1.1" 200' in log


@pytest.fixture
def configured(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """uvicorn's loggers configured by ``log_config``, both handlers writing to one buffer;
    the loggers as they were afterwards."""
    monkeypatch.setenv("OPENAI_API_KEY", JUDGE_KEY)
    names = ("uvicorn", "uvicorn.error", "uvicorn.access")
    loggers = [logging.getLogger(name) for name in names]
    saved = [(list(lg.handlers), list(lg.filters), lg.level, lg.propagate) for lg in loggers]
    config = log_config()
    for handler in config["handlers"].values():
        handler.pop("stream")
    logging.config.dictConfig(config)
    buffer = io.StringIO()
    for name in ("uvicorn", "uvicorn.access"):
        for handler in logging.getLogger(name).handlers:
            assert isinstance(handler, logging.StreamHandler)
            handler.setStream(buffer)
    yield buffer
    for logger, (handlers, filters, level, propagate) in zip(loggers, saved, strict=True):
        logger.handlers[:], logger.filters[:] = handlers, filters
        logger.setLevel(level)
        logger.propagate = propagate


def test_access_lines_keep_the_path_and_hide_secrets(configured: io.StringIO) -> None:
    # As uvicorn's HTTP protocols log a request.
    logging.getLogger("uvicorn.access").info(
        '%s - "%s %s HTTP/%s" %d',
        "127.0.0.1:5000",
        "GET",
        f"/v1/judges?api_key={JUDGE_KEY}&q=deep&model={JUDGE_KEY}",
        "1.1",
        200,
    )
    line = configured.getvalue()
    assert JUDGE_KEY not in line
    assert '127.0.0.1:5000 - "GET /v1/judges?api_key=***&q=deep&model=*** HTTP/1.1" 200' in line


def test_error_lines_and_tracebacks_hide_secrets(configured: io.StringIO) -> None:
    try:
        raise RuntimeError(f"backend https://judge.example/v1?key={JUDGE_KEY} refused")
    except RuntimeError:
        logging.getLogger("uvicorn.error").exception("Exception in %s", f"judge {JUDGE_KEY}")
    text = configured.getvalue()
    assert JUDGE_KEY not in text
    assert "Exception in judge ***" in text
    assert "RuntimeError: backend https://judge.example/v1?key=*** refused" in text


@pytest.mark.parametrize(
    ("target", "shown"),
    [
        ("/v1/judges", "/v1/judges"),
        ("/v1/library/search?q=deep+net&limit=5", "/v1/library/search?q=deep+net&limit=5"),
        ("/v1/judges?access_token=abcdef123456", "/v1/judges?access_token=***"),
        ("/v1/judges?a=1;access_token=abcdef123456", "/v1/judges?a=1;access_token=***"),
        ("/v1/library/x;token=abcdef123456", "/v1/library/x;token=***"),
        ("/v1/judges?a=1;token%3Dabcdef123456", "/v1/judges?a=1;token%3D***"),
        (f"/v1/judges?q={JUDGE_KEY}", "/v1/judges?q=***"),
        (f"/v1/library/{JUDGE_KEY}?q=x", "/v1/library/***?q=x"),
        (f"/v1/judges?q={_encoded(JUDGE_KEY)}&limit=5", "/v1/judges?***"),
        (f"/v1/library/%73{JUDGE_KEY[1:]}", "***"),
        # Percent-encoded twice is still the key, and "+" in a key is not a space.
        (f"/v1/judges?q={quote(_encoded(JUDGE_KEY))}", "/v1/judges?***"),
        (f"/v1/library/{quote(_encoded(JUDGE_KEY))}?limit=5", "***?***"),
    ],
)
def test_request_paths(monkeypatch: pytest.MonkeyPatch, target: str, shown: str) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", JUDGE_KEY)
    assert redact_request_path(target) == shown


def test_a_key_holding_plus_is_found_in_its_own_spelling(monkeypatch: pytest.MonkeyPatch) -> None:
    key = "abc+def/ghi+jkl=="
    monkeypatch.setenv("OPENAI_API_KEY", key)
    # Its percent-encoded spelling is masked where it stands (as every message masks it).
    assert redact_request_path(f"/v1/judges?q={quote(key, safe='')}") == "/v1/judges?q=***"


def test_other_libraries_records_are_redacted_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # As under ``claimaudit --debug serve``: a root handler, which httpx's request lines reach.
    monkeypatch.setenv("OPENAI_API_KEY", JUDGE_KEY)
    root = logging.getLogger()
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        redact_root_handlers()
        redact_root_handlers()  # twice, as a second server in one process would: one filter
        logging.getLogger("httpx").info(
            'HTTP Request: POST %s "HTTP/1.1 200 OK"', f"https://judge.example/v1?key={JUDGE_KEY}"
        )
        assert sum(isinstance(f, RedactingFilter) for f in handler.filters) == 1
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        if logging.lastResort is not None:
            for found in [f for f in logging.lastResort.filters if isinstance(f, RedactingFilter)]:
                logging.lastResort.removeFilter(found)
    assert buffer.getvalue() == (
        'HTTP Request: POST https://judge.example/v1?key=*** "HTTP/1.1 200 OK"\n'
    )


def test_coloured_lines_on_a_terminal_are_redacted_and_still_formatted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from uvicorn.logging import DefaultFormatter

    monkeypatch.setenv("OPENAI_API_KEY", JUDGE_KEY)
    record = logging.LogRecord(
        "uvicorn.error", logging.INFO, __file__, 1, "Serving %s (pid %d)", (JUDGE_KEY, 7), None
    )
    # As uvicorn logs its start-up lines: a variant with terminal colours, the same arguments.
    record.color_message = "Serving \x1b[1m%s\x1b[0m (pid %d)"
    assert RedactingFilter().filter(record)
    line = DefaultFormatter("%(levelprefix)s %(message)s", use_colors=True).format(record)
    assert JUDGE_KEY not in line and line.endswith("Serving \x1b[1m***\x1b[0m (pid 7)")
