"""SIGTERM stops the server promptly even while an upload's PDF is being read: the read's child
process is killed, the upload ends with an error, and the server exits by the signal."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

import httpx

from tests.library.helpers import make_busy_page_pdf
from tests.server.conftest import RunningServer, ServerLauncher
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
        assert [answer.json()["error"]["code"] for answer in answers] == ["cancelled"]
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
