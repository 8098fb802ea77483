"""The service's records never show its judge's address: a public user learns that the judge
failed and why, and the server's log keeps where it runs, for its operator."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from claimaudit.records import NotCheckedRecord
from claimaudit.server.service import Service
from tests.httpfake import closed_port
from tests.server.conftest import DEEP_RULES_REF, NARROW_CLAIM

_PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY")


@pytest.fixture
def service(example_library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Service:
    for name in _PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    copy = tmp_path / "library.sqlite3"
    copy.write_bytes(example_library.read_bytes())
    return Service(copy, timeout=5.0)


def _failure(service: Service) -> str:
    [record] = service.check(NARROW_CLAIM, [DEEP_RULES_REF], judge="openai", model="m").records
    assert isinstance(record, NotCheckedRecord)
    return record.error


def test_an_unreachable_judge_is_said_without_its_address(
    service: Service, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    port = closed_port()
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://ops:s3cret@127.0.0.1:{port}/v1")
    with caplog.at_level(logging.WARNING, logger="uvicorn.error"):
        error = _failure(service)
    assert error == "OpenAI-compatible server is unreachable at the server's judge address"
    # The operator's log has it, masked as every log line is.
    logged = [r.getMessage() for r in caplog.records if r.name == "uvicorn.error"]
    assert any(f"127.0.0.1:{port}/v1" in line and "s3cret" not in line for line in logged)


def test_the_proxy_the_judge_goes_through_is_not_named_either(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://judge.internal:8000/v1")
    monkeypatch.setenv("HTTP_PROXY", f"http://ops:s3cret@127.0.0.1:{closed_port()}")
    error = _failure(service)
    assert error == (
        "OpenAI-compatible server is unreachable at the server's judge address: the server's "
        "proxy (HTTP_PROXY) is unreachable"
    )
