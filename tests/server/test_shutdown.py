"""SIGTERM and Ctrl-C stop the server promptly: a check in flight stops after the paper being
judged (its client gets 503 shutting_down), an upload's PDF read is killed, a stalled client is
dropped, and the server exits by the signal (143, or 130 for Ctrl-C)."""

from __future__ import annotations

import signal
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest

from claimaudit.server.shutdown import GRACE_S
from tests.library.helpers import make_busy_page_pdf
from tests.server.conftest import DEEP_RULES_REF, GOOD_ENOUGH_REF, RunningServer, ServerLauncher
from tests.server.test_api import LINUX_PROC, wait_for_pdf_reader


@LINUX_PROC
def test_sigterm_stops_the_server_while_a_pdf_is_read(
    launcher: ServerLauncher, example_library: Path, tmp_path: Path
) -> None:
    server = launcher.start(example_library)
    try:
        busy = make_busy_page_pdf(tmp_path / "busy.pdf", 500).read_bytes()  # minutes to read
        answers: list[httpx.Response] = []
        sending = threading.Thread(target=_upload, args=(server, busy, answers), daemon=True)
        sending.start()
        [reader] = wait_for_pdf_reader(server)
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=30) == -signal.SIGTERM
        sending.join(timeout=30)
        assert [answer.json()["error"]["code"] for answer in answers] == ["shutting_down"]
        assert not Path(f"/proc/{reader}").exists()
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()


def _upload(server: RunningServer, data: bytes, answers: list[httpx.Response]) -> None:
    with server.client() as client:
        answers.append(
            client.post(
                "/v1/library", files={"file": ("busy.pdf", data)}, data={"ref": "local:busy"}
            )
        )


WAIT_S = 60.0


def _wait_for(path: Path) -> None:
    deadline = time.monotonic() + WAIT_S
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.02)


def _check(server: RunningServer, answers: list[httpx.Response]) -> None:
    with server.client() as client:
        body = {"claim": "A held claim.", "papers": [DEEP_RULES_REF, GOOD_ENOUGH_REF]}
        answers.append(client.post("/v1/checks", json={**body, "judge": "gated"}))


@pytest.mark.parametrize(
    ("sent", "status", "ignored"),
    [
        (signal.SIGTERM, -signal.SIGTERM, False),
        (signal.SIGINT, 130, False),
        # Started with `&` by a shell, SIGINT ignored: `kill -INT` still stops it, with 130.
        (signal.SIGINT, 130, True),
    ],
)
def test_a_signal_stops_a_check_after_the_paper_being_judged(
    launcher: ServerLauncher,
    example_library: Path,
    sent: signal.Signals,
    status: int,
    ignored: bool,
) -> None:
    server = launcher.start(example_library, ignore_sigint=ignored)
    hold = server.gate / "hold"
    hold.touch()
    answers: list[httpx.Response] = []
    checking = threading.Thread(target=_check, args=(server, answers), daemon=True)
    try:
        checking.start()
        _wait_for(server.gate / "entered-1")  # the first paper is being judged
        server.process.send_signal(sent)
        time.sleep(0.5)  # the signal is handled while the judge still holds the first paper
        hold.unlink()
        # Before, the check judged every paper and answered 200, and Ctrl-C exited 0.
        assert server.process.wait(timeout=WAIT_S) == status
        checking.join(timeout=WAIT_S)
        [answer] = answers
        assert answer.status_code == 503, answer.text
        error = answer.json()["error"]
        assert error["code"] == "shutting_down" and "1 of 2 papers" in error["message"]
        assert not (server.gate / "entered-2").exists()  # the second paper was never judged
    finally:
        hold.unlink(missing_ok=True)
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()


def test_a_stalled_client_does_not_keep_the_server_from_exiting(
    launcher: ServerLauncher, example_library: Path
) -> None:
    server = launcher.start(example_library)
    port = int(server.url.rsplit(":", 1)[1])
    try:
        with socket.create_connection(("127.0.0.1", port)) as stalled:
            # Headers and half the body, then nothing: uvicorn waited for it as long as it stayed.
            stalled.sendall(
                b"POST /v1/checks HTTP/1.1\r\nHost: localhost\r\n"
                b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"claim":'
            )
            time.sleep(0.5)
            server.process.send_signal(signal.SIGTERM)
            assert server.process.wait(timeout=GRACE_S + 20) == -signal.SIGTERM
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()


def _wait_for_line(server: RunningServer, line: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while line not in server.log_text():
        assert time.monotonic() < deadline, f"{line!r} never logged:\n{server.log_text()}"
        time.sleep(0.02)


def test_ctrl_c_twice_answers_the_check_in_flight_503_not_a_500_and_a_traceback(
    launcher: ServerLauncher, example_library: Path
) -> None:
    server = launcher.start(example_library)
    hold = server.gate / "hold"
    hold.touch()
    answers: list[httpx.Response] = []
    checking = threading.Thread(target=_check, args=(server, answers), daemon=True)
    try:
        checking.start()
        _wait_for(server.gate / "entered-1")  # the first paper is being judged, and held
        server.process.send_signal(signal.SIGINT)
        # The first Ctrl-C handled: uvicorn waits for the check, and says Ctrl-C forces it.
        _wait_for_line(server, "CTRL+C to force quit")
        server.process.send_signal(signal.SIGINT)
        checking.join(timeout=WAIT_S)
        [answer] = answers
        # Before, uvicorn's forced exit cancelled the request: a plain-text 500, and the log
        # got "Exception in ASGI application" with a traceback.
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"]["code"] == "shutting_down"
        hold.unlink()
        assert server.process.wait(timeout=WAIT_S) == 130
        # Nor a traceback of the application's shutdown, which the forced quit skipped.
        assert "Traceback" not in server.log_text()
        assert "Application shutdown complete." in server.log_text()
        assert not (server.gate / "entered-2").exists()  # the second paper was never judged
    finally:
        hold.unlink(missing_ok=True)
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()
