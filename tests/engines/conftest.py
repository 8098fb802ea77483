"""One real Ray cluster for the engine tests: ``ray start --head`` on a free loopback port, two
CPUs, no dashboard; this process joins it as a driver, and CLI runs join it by ``--address``."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

# `ray start` turns token authentication on, and a driver sends its token only in this mode,
# which Ray reads once, on import. The token is this run's own, in the environment the head,
# its workers and this driver share: on a machine without ~/.ray/auth_token the head would
# write one only after the driver had looked for it and failed.
os.environ["RAY_AUTH_MODE"] = "token"
os.environ.setdefault("RAY_AUTH_TOKEN", secrets.token_hex(32))

import ray

import claimaudit
from claimaudit.cli import _install_commands
from tests.conftest import REPO_ROOT
from tests.engines.support import scifact_subset

RAY = Path(sys.executable).with_name("ray")


def _session_pids(session: int) -> list[int]:
    """The processes of ``session`` (the head's, which its Ray processes and workers share)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session:
                pids.append(int(entry.name))
    return pids


def _stop(head: subprocess.Popen[bytes]) -> None:
    """Stop the head, then any process of its session still running: ours alone, by pid."""
    with contextlib.suppress(ProcessLookupError):  # the head may have exited by itself
        os.killpg(head.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        head.wait(timeout=20)
    for pid in _session_pids(head.pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    head.wait(timeout=10)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_port(port: int, head: subprocess.Popen[bytes], deadline: float) -> None:
    while True:
        with socket.socket() as probe:
            probe.settimeout(1)
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        if head.poll() is not None:
            raise RuntimeError(f"the Ray head exited ({head.returncode}) before it listened")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the Ray head did not listen on port {port}")
        time.sleep(0.5)


@pytest.fixture(scope="session")
def ray_address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    address = f"127.0.0.1:{port}"
    # The workers import this suite's judges by name (the repository is on their path), and
    # the claimaudit this driver imported: not the installed one, which may be another copy.
    paths = os.pathsep.join([str(Path(claimaudit.__file__).parents[1]), str(REPO_ROOT)])
    env = {**os.environ, "PYTHONPATH": paths, "RAY_USAGE_STATS_ENABLED": "0"}
    # Short: Ray's socket paths under it may hold at most 107 bytes, and pytest's own folder
    # (/tmp/pytest-of-USER/pytest-1275/popen-gw0/...) grows past that as its count rises.
    temp = Path(tempfile.mkdtemp(prefix="ray", dir="/tmp"))
    log_path = tmp_path_factory.mktemp("ray-log") / "head.log"
    log = log_path.open("wb")
    head = subprocess.Popen(
        [
            str(RAY),
            "start",
            "--head",
            "--block",
            "--node-ip-address=127.0.0.1",
            f"--port={port}",
            "--num-cpus=2",
            "--include-dashboard=false",
            "--disable-usage-stats",
            "--object-store-memory=200000000",
            f"--temp-dir={temp}",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: stopped below, and nothing else
    )
    try:
        # A loaded CI machine can take minutes to bring the head up; each `ray.init` before the
        # GCS listens burns its own long wait, so first wait for the port to take connections.
        deadline = time.monotonic() + 300
        try:
            _wait_for_port(port, head, deadline)
        except RuntimeError as error:
            # What `ray start` said is what tells why (a log file's stderr is otherwise lost).
            raise RuntimeError(f"{error}: {log_path.read_text(errors='replace')[-2000:]}") from None
        while True:
            try:
                ray.init(address=address, log_to_driver=False)
                break
            except Exception:
                if time.monotonic() > deadline or head.poll() is not None:
                    raise
                time.sleep(1)
        yield address
    finally:
        if ray.is_initialized():
            ray.shutdown()
        _stop(head)
        log.close()
        shutil.rmtree(temp, ignore_errors=True)


@pytest.fixture(scope="session")
def runner() -> CliRunner:
    _install_commands()
    return CliRunner()


@pytest.fixture(scope="session")
def scifact_batch(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Twenty SciFact claims as batch input, and a library of the abstracts they cite."""
    return scifact_subset(shared_data, tmp_path_factory.mktemp("scifact"), 20)
