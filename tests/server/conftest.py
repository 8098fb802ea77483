"""Server fixtures: a library of the example papers and real server processes on 127.0.0.1."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
from fastapi.testclient import TestClient

from claimaudit.api import make_judge
from claimaudit.checker.policy import ReviewPolicy
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.service import Service
from tests.browser import launch_chromium

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples" / "papers"
DEEP_RULES_REF = "arXiv:2105.14372"
GOOD_ENOUGH_REF = "arXiv:1609.00037"
NARROW_CLAIM = (
    "Simpler models such as logistic regression and random forests can help establish "
    "baseline performance expectations before applying deep learning."
)
TOKEN = "test-token-0123456789-abcdef-SECRET"
STARTUP_LIMIT_S = 60.0
# A check with the embedded judge can take seconds on a busy machine: the page tests wait as long.
PAGE_TIMEOUT_MS = 60_000
# A command line's command or flag in text a client reads ("`claimaudit library add`", "--fetch").
COMMAND_LINE_ADVICE = re.compile(r"claimaudit [a-z]|(?<![\w-])--[a-z]")


@pytest.fixture(scope="session")
def example_library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two example papers shipped in the repository."""
    path = tmp_path_factory.mktemp("server-lib") / "library.sqlite3"
    with Library.open(path) as library:
        add_path(library, EXAMPLES / "deep-rules_lee2022", ref=parse_ref(DEEP_RULES_REF))
        add_path(
            library,
            EXAMPLES / "good-enough-practices_wilson2017" / "index.md",
            ref=parse_ref(GOOD_ENOUGH_REF),
            title="Good enough practices in scientific computing",
        )
    return path


@pytest.fixture
def service(example_library: Path, tmp_path: Path) -> Service:
    """A service over a copy of ``example_library``, which it may change."""
    copy = tmp_path / "library.sqlite3"
    copy.write_bytes(example_library.read_bytes())
    return Service(copy)


@contextmanager
def one_paper_app(folder: Path) -> Iterator[TestClient]:
    """The app in this process over a new library in ``folder`` holding one small paper,
    ``local:t1`` with passage P001; a server error is answered (500) as a client sees it."""
    app = create_app(ServerConfig(library=folder / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        added = client.post(
            "/v1/library", files={"file": ("a.md", b"Some text.\n")}, data={"ref": "local:t1"}
        )
        assert added.status_code == 201, added.text
        yield client


def local_threshold() -> float:
    """The review threshold the local judge's records get when a request names none."""
    judge = make_judge("local")
    try:
        return ReviewPolicy().for_judge(judge).effective_threshold
    finally:
        judge.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class RunningServer:
    url: str
    process: subprocess.Popen[bytes]
    log: Path
    gate: Path

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60.0)

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@dataclass
class ServerLauncher:
    tmp: pytest.TempPathFactory

    def start(
        self,
        library: Path,
        *extra: str,
        env: dict[str, str] | None = None,
        port: int | None = None,
        ignore_sigint: bool = False,
    ) -> RunningServer:
        """A server on ``port`` (default: a free one; a stopped server's, to bring it back);
        ``ignore_sigint``: started as a shell starts a job with ``&``, SIGINT ignored."""
        port = port or free_port()
        workdir = self.tmp.mktemp("server")
        gate = workdir / "gate"
        gate.mkdir()
        log = workdir / "server.log"
        # Only what the test says: no token, judge or key from the environment of the run.
        environment = {
            name: value
            for name, value in os.environ.items()
            if not name.startswith(("CLAIMAUDIT_", "TYPESAFE_"))
        }
        environment.update({"CLAIMAUDIT_TEST_GATE": str(gate), **(env or {})})
        command = [
            sys.executable,
            "-m",
            "tests.server.launcher",
            "serve",
            "--port",
            str(port),
            "--library",
            str(library),
            *extra,
        ]
        with log.open("wb") as out:
            process = subprocess.Popen(
                command,
                cwd=REPO,
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                preexec_fn=_ignore_sigint if ignore_sigint else None,
            )
        server = RunningServer(f"http://127.0.0.1:{port}", process, log, gate)
        _wait_until_up(server)
        return server


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _wait_until_up(server: RunningServer) -> None:
    deadline = time.monotonic() + STARTUP_LIMIT_S
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(f"server exited with {server.process.returncode}:\n{server.log_text()}")
        try:
            if httpx.get(f"{server.url}/health", timeout=2.0).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    server.process.kill()
    pytest.fail(f"server did not answer /health in {STARTUP_LIMIT_S} s:\n{server.log_text()}")


def stop(server: RunningServer) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()


@pytest.fixture(scope="session")
def launcher(tmp_path_factory: pytest.TempPathFactory) -> ServerLauncher:
    return ServerLauncher(tmp_path_factory)


@pytest.fixture(scope="session")
def server(launcher: ServerLauncher, example_library: Path) -> Iterator[RunningServer]:
    """The server most tests share: default settings, no token, the example papers."""
    running = launcher.start(example_library)
    yield running
    stop(running)


@pytest.fixture
def api(server: RunningServer) -> Iterator[httpx.Client]:
    with server.client() as client:
        yield client


@pytest.fixture(scope="session")
def strict(launcher: ServerLauncher, example_library: Path) -> Iterator[RunningServer]:
    """A server that requires its token (set in its environment) and has small size limits."""
    running = launcher.start(
        example_library,
        "--max-json-kb",
        "4",
        "--max-upload-mb",
        "1",
        env={"CLAIMAUDIT_TOKEN": TOKEN},
    )
    yield running
    stop(running)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium, for the page tests (tests/server/test_web*.py)."""
    with launch_chromium() as launched:
        yield launched


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1100, "height": 1300})
    opened = context.new_page()
    opened.set_default_timeout(PAGE_TIMEOUT_MS)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    yield opened
    context.close()
    # HTTP errors the tests provoke on purpose show as failed loads; nothing else may fail.
    assert [e for e in errors if not e.startswith("Failed to load resource")] == []
