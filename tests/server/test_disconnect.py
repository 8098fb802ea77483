"""Work for a client that went away stops, and the server's log says so in one line (uvicorn
writes no access line for a request it never answered)."""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path

import httpx

from tests.server.conftest import DEEP_RULES_REF, GOOD_ENOUGH_REF, RunningServer

WAIT_S = 60.0
LINE = "POST /v1/checks: client went away; cancelled after 1 of 2 papers"


def _wait_for(found: object, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not (found() if callable(found) else found):
        assert time.monotonic() < deadline, f"{what} never happened"
        time.sleep(0.05)


def _check_and_leave(server: RunningServer) -> None:
    body = {"claim": "A left claim.", "papers": [DEEP_RULES_REF, GOOD_ENOUGH_REF], "judge": "gated"}
    with server.client() as client, contextlib.suppress(httpx.ReadTimeout):
        client.post("/v1/checks", json=body, timeout=httpx.Timeout(WAIT_S, read=1.0))


def test_a_check_whose_client_left_is_logged(server: RunningServer) -> None:
    hold = server.gate / "hold"
    hold.touch()
    before = len(list(server.gate.glob("entered-*")))
    leaving = threading.Thread(target=_check_and_leave, args=(server,), daemon=True)
    try:
        leaving.start()
        first: Path = server.gate / f"entered-{before + 1}"
        _wait_for(first.exists, "the first paper's judgement")
        leaving.join(WAIT_S)  # the client gave up after a second
        time.sleep(0.5)  # the server notices the disconnect within a tenth of a second
    finally:
        hold.unlink()
    _wait_for(lambda: LINE in server.log_text(), "the log line")
    [line] = [line for line in server.log_text().splitlines() if LINE in line]
    assert "Bearer" not in line and len(list(server.gate.glob("entered-*"))) == before + 1
